"""Word forms for comparing names: singulars, crude stems and the distance between two spellings.

Used by the fact-name collision check and the book's term check; rules of English inflection, never a
list of a game's words.
"""

from __future__ import annotations

import re
from functools import lru_cache

_SUFFIXES = ("ings", "ing", "edly", "ed", "es", "s")
_POSSESSIVE = re.compile(r"'s?$")


def singular(word: str) -> str:
    """The singular of a (lower-case) English noun by its ending: dice->die is not handled, heroes->hero is."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and re.search(r"(?:ss|sh|ch|x|z|o)es$", word):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


@lru_cache(maxsize=1 << 16)  # a book repeats its words; bounded, as the book is untrusted input
def stem(word: str) -> str:
    """A crude stem of a lower-case word: plural and -ing/-ed endings removed (fights, fighting -> fight)."""
    word = singular(_POSSESSIVE.sub("", word.replace("’", "'").replace("´", "'")))  # possessives: adventurer's -> adventurer
    for suffix in _SUFFIXES:
        if len(word) - len(suffix) >= 4 and word.endswith(suffix):
            base = word[:-len(suffix)]
            if len(base) > 3 and base[-1] == base[-2] and base[-1] not in "ls":  # running -> run
                base = base[:-1]
            return base
    return word


def distance(a: str, b: str, limit: int = 3) -> int:
    """Edit distance with transpositions (optimal string alignment), capped at `limit` + 1."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], previous2[j - 2] + 1)
        if min(current) > limit:
            return limit + 1
        previous2, previous = previous, current
    return min(previous[len(b)], limit + 1)


def typo(a: str, b: str) -> bool:
    """Whether two different spellings are one typo apart (a letter added, dropped, changed, or two swapped)."""
    return a != b and distance(a, b, 1) == 1
