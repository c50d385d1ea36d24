"""Fact names that nearly collide: one fact written two ways can never contradict itself.

Two names collide when they are the same words once separators (`.`, `_`, `-`), plurals and word order
are set aside (`hand.size`, `hand_size`, `hands.size`, `size.hand`), or when they differ by one typo
(one letter added, dropped, changed or two swapped) in a word of five letters or more. Names that differ
in a number (`adventure.1.name`, `adventure.2.name`) or in a whole short word are different facts.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from deckwright.diagnostic import Diagnostic, Related
from deckwright.model import Pack
from deckwright.rules import codes
from deckwright.rules.facts import FactStatement, fact_index
from deckwright.rules.spelling import singular, typo

TYPO_MIN = 5  # a word shorter than this differing by one letter is another word (`hand`, `band`)


def words(name: str) -> list[str]:
    return [w for w in re.split(r"[._\-]+", name.casefold()) if w]


def key(name: str) -> tuple[str, ...]:
    """What is left of a name once separators, plurals and word order are set aside."""
    return tuple(sorted(singular(w) for w in words(name)))


def near(a: str, b: str) -> str | None:
    """How two distinct fact names nearly collide, or None when they are clearly different."""
    if key(a) == key(b):
        wa, wb = words(a), words(b)
        if wa == wb:
            return "differ only in separators"
        if sorted(wa) == sorted(wb):
            return "have the same words in another order"
        return "differ only in a plural" if [singular(w) for w in wa] == [singular(w) for w in wb] else \
            "differ in plurals and word order"
    wa, wb = [singular(w) for w in words(a)], [singular(w) for w in words(b)]
    if len(wa) != len(wb):
        return None
    differing = [(x, y) for x, y in zip(wa, wb) if x != y]
    if len(differing) == 1:
        x, y = differing[0]
        if min(len(x), len(y)) >= TYPO_MIN and not (re.search(r"\d", x) or re.search(r"\d", y)) and typo(x, y):
            return f"differ by a typo ('{x}' and '{y}')"
    return None


def collisions(names: Sequence[str]) -> Iterator[tuple[str, str, str]]:
    """(first, second, how) for each pair of names that nearly collide, each pair once, in name order."""
    ordered = sorted(set(names))
    by_key: dict[tuple[str, ...], list[str]] = {}
    by_shape: dict[tuple[int, tuple[str, ...]], list[str]] = {}
    for name in ordered:
        by_key.setdefault(key(name), []).append(name)
        parts = [singular(w) for w in words(name)]
        for i in range(len(parts)):  # names equal but for one word share a shape
            by_shape.setdefault((i, tuple(parts[:i] + ["*"] + parts[i + 1:])), []).append(name)
    seen: set[tuple[str, str]] = set()
    for group in [*by_key.values(), *by_shape.values()]:
        for i, a in enumerate(group):
            for b in group[i + 1:]:
                how = near(a, b) if (a, b) not in seen else None
                if how:
                    seen.add((a, b))
                    yield a, b, how


def check_fact_names(pack: Pack) -> Iterator[Diagnostic]:
    """DW427 at the first statement of the later name, the earlier one related."""
    stated = fact_index(pack).statements
    for a, b, how in collisions(list(stated)):
        first, second = _first(stated[a]), _first(stated[b])
        where = first.locate()
        yield codes.FACT_NAME_COLLISION.at(
            second.locate(), f"facts {b} (clause '{second.clause}') and {a} (clause '{first.clause}') {how}: "
            "one fact written two ways is never compared with itself", subject=f"{a}|{b}",
            related=[Related(where.file, where.line, where.column, f"clause '{first.clause}' states {a}")],
            sources=second.sources + first.sources, hint=f"use one name for both, or rename one clearly")


def _first(statements: Sequence[FactStatement]) -> FactStatement:
    return statements[0]
