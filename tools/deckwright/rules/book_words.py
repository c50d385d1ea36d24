"""A book's lines as runs of words, with the damage a text extraction does repaired before terms are read.

A run (a *segment*) is a stretch of words between punctuation; each word knows its line, column and
whether it opens a sentence. Repairs, each decided by the book's own vocabulary, never by a list of words:
- words run together (`PowerSpend`, `ArrowDiscard`): split where a lower-case letter meets a capital;
  the second part opens a sentence (the text lost the break between a title and its text);
- words split by letter spacing (`D iscard`, `Exhau sted`): two neighbours are joined when the book
  writes the joined word more often than one of the two parts on its own;
- a text layer repeated on the same line (`Story Book Story Book`, a table's `Gems Gems`): the second
  copy is left out, so no phrase is read across the seam ("Book Story");
- hyphens and ampersands: `non-Elite` and `Hook & Rope` are one run, and a word hyphenated at the end
  of a line runs on into the next; an acute accent between letters is an apostrophe (`Vyrgon´s`);
- list markers: `a)` and `1)` leave the next word opening its sentence;
- words joined by underscores (`Agemonia_City-Event-cards_2024.indd`, a printer's slug) are no words.

The book's *openers* are words it capitalises where a sentence opens far more often than anywhere else
("Once", "Spend", "You"): a capitalised opener inside a run of capitalised words is the start of a
sentence the extraction ran on, not part of a name. A run of more than RUN_ON words has lost its
punctuation (a paragraph flattened onto one line), so its capitals are not read as names.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

RUN_ON = 40  # words between two punctuation marks; prose rarely has 30
APOSTROPHES = "'’´"  # an extraction may set an apostrophe as an acute accent ("Vyrgon´s")
_TOKEN = re.compile(rf"[A-Za-z][A-Za-z{APOSTROPHES}]*|\d+|[^\sA-Za-z\d]")
_GLUED = re.compile(r"(?<=[a-z])(?=[A-Z])")
_IDENTIFIER = re.compile(r"\S*_\S*")  # words joined by underscores: a file name or a print slug, not prose
_BREAK = set(".,;:!?()[]{}\"“”•/=+")
_JOINERS = {"-", "&"}  # "non-Elite", "Hook & Rope": one run
_SENTENCE_END = set(".!?:•(\"“")


class Word(NamedTuple):  # a NamedTuple: a book makes a hundred thousand, a frozen dataclass costs 3 times more each
    text: str
    line: int
    column: int
    opens: bool  # opens a sentence
    joined: bool = False  # follows an ampersand: one phrase, but a name of its own ("Skeptic & Casimir")


Segment = list[Word]


class Token(NamedTuple):
    text: str
    column: int
    end: int
    glued: bool = False  # split from the word before it, which it was run into


@dataclass
class BookWords:
    """Each line's segments (index 0 is line 1) and the book's openers."""

    lines: list[list[Segment]]
    openers: frozenset[str]

    def segments(self, line: int) -> list[Segment]:
        return self.lines[line - 1] if 0 < line <= len(self.lines) else []

    def is_opener(self, word: str) -> bool:
        return word.casefold() in self.openers


def read_words(lines: Sequence[str]) -> BookWords:
    tokens = [_tokens(text) for text in lines]
    vocabulary = Counter(t.text.casefold() for line in tokens for t in line if t.text[0].isalpha())
    segmented = [_segments(number, _collapse(_join_split(line, vocabulary)))
                 for number, line in enumerate(tokens, start=1)]
    _hyphenated_line_ends(segmented, tokens)
    return BookWords(segmented, _openers(segmented))


def _tokens(text: str) -> list[Token]:
    found: list[Token] = []
    for match in _TOKEN.finditer(_IDENTIFIER.sub(lambda m: "|" * len(m.group()), text)):
        word, start = match.group(), match.start() + 1
        parts = _GLUED.split(word) if word[0].isalpha() else [word]
        for i, part in enumerate(parts):
            found.append(Token(part, start, start + len(part), glued=i > 0))
            start += len(part)
    return found


def _join_split(tokens: list[Token], vocabulary: Counter[str]) -> list[Token]:
    """Neighbours separated only by spaces joined where the book writes the joined word more often than
    either part alone ("Ab ility": "ability" is a word of the book, "ility" is not)."""
    joined: list[Token] = []
    for token in tokens:
        before = joined[-1] if joined else None
        if before is not None and before.text[0].isalpha() and token.text[0].isalpha() and not token.glued \
                and token.column > before.end:
            whole = (before.text + token.text).casefold()
            if vocabulary[whole] > min(vocabulary[before.text.casefold()], vocabulary[token.text.casefold()]):
                joined[-1] = Token(before.text + token.text, before.column, token.end, before.glued)
                continue
        joined.append(token)
    return joined


def _collapse(tokens: list[Token]) -> list[Token]:
    """The line without the second copy of a stretch of tokens written twice in a row ("Gems Gems")."""
    texts = [t.text for t in tokens]
    i = 0
    while i < len(texts):
        for size in range(1, (len(texts) - i) // 2 + 1):
            if texts[i + size] == texts[i] and texts[i:i + size] == texts[i + size:i + 2 * size]:
                del texts[i + size:i + 2 * size]
                del tokens[i + size:i + 2 * size]
                break
        else:
            i += 1
    return tokens


def _segments(line: int, tokens: list[Token]) -> list[Segment]:
    segments: list[Segment] = []
    segment: Segment = []
    start, joined = True, False
    for i, token in enumerate(tokens):
        text = token.text
        if text in _JOINERS and segment and i + 1 < len(tokens) and tokens[i + 1].text[0].isalpha() and \
                (text == "&" or segment[-1].column + len(segment[-1].text) == token.column == tokens[i + 1].column - 1):
            joined = text == "&"
            continue
        if text in _BREAK or not text[0].isalnum():
            marker = text == ")" and len(segment) == 1 and segment[0].opens and len(segment[0].text) <= 2
            segments.append(segment)
            segment = []
            start = start or text in _SENTENCE_END or marker
            continue
        segment.append(Word(text, line, token.column, start or token.glued, joined))
        start = joined = False
    segments.append(segment)
    return [s for s in segments if s]


def _hyphenated_line_ends(segmented: list[list[Segment]], tokens: list[list[Token]]) -> None:
    """A line ending in "word-" runs on into the next line's first run ("Non-" / "Hero Ally")."""
    for number in range(len(segmented) - 1):
        line, after = tokens[number], segmented[number + 1]
        if len(line) > 1 and line[-1].text == "-" and line[-2].text[0].isalpha() and line[-2].end == line[-1].column \
                and segmented[number] and after and after[0][0].text[0].isalpha():
            first = after.pop(0)
            segmented[number][-1] = segmented[number][-1] + [Word(w.text, w.line, w.column, False) for w in first]


def _openers(segmented: list[list[Segment]]) -> frozenset[str]:
    """Ordinary words (mostly written in lower case) that the book capitalises where a sentence opens more
    than three times as often as anywhere else: "If", "Spend", but neither "Battle" nor "Ashgar"."""
    opening: Counter[str] = Counter()
    inside: Counter[str] = Counter()
    lower: Counter[str] = Counter()
    for segments in segmented:
        for segment in segments:
            for word in segment:
                folded = word.text.casefold()
                (lower if not word.text[0].isupper() else opening if word.opens else inside)[folded] += 1
    return frozenset(w for w, n in opening.items()
                     if n >= 2 and lower[w] >= 2 and min(n, lower[w]) > 3 * inside[w])
