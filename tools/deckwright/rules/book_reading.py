"""The book's phrases and names, read once from its lines for the term check (terms_book).

Every phrase of one to PHRASE words on a rule line is counted by stems ("Fog Creatures" and "fog creature"
are one phrase); where the book writes it is kept for single words and for the phrases the caller wants.
Names are runs of capitalised words inside a sentence (book_words gives the sentences, repaired of the
extraction's damage). Headings and title-case lines hold no names: every word of a title is capitalised.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from deckwright.rules.book_words import APOSTROPHES, RUN_ON, BookWords, Segment, read_words
from deckwright.rules.coverage import Book, is_heading
from deckwright.rules.spelling import stem

Stems = tuple[str, ...]
PHRASE = 4  # words in the longest phrase read as a term
_WORD = re.compile(r"[A-Za-z]+")
_NAME_WORD = re.compile(rf"[A-Za-z][A-Za-z{APOSTROPHES}]*|\d+")


@dataclass
class Uses:
    """Where the book writes one phrase: its spellings and lines."""

    spellings: dict[str, int] = field(default_factory=dict)
    lines: list[tuple[str, int, int]] = field(default_factory=list)  # (doc, line, column)
    _seen: set[tuple[str, int]] = field(default_factory=set, repr=False)

    def add(self, text: str, doc: str, line: int, column: int) -> None:
        self.spellings[text] = self.spellings.get(text, 0) + 1
        if (doc, line) not in self._seen:
            self._seen.add((doc, line))
            self.lines.append((doc, line, column))

    @property
    def count(self) -> int:
        return sum(self.spellings.values())

    @property
    def text(self) -> str:
        return max(self.spellings, key=lambda s: (self.spellings[s], s))


def stems(text: str) -> Stems:
    return tuple(stem(w.casefold()) for w in _NAME_WORD.findall(text))


@dataclass
class Reading:
    """What the books say: every phrase of one to four words by stems, and the capitalised names, on rule
    lines; and the stems of every phrase on any line (a glossary term used only in a caption is used)."""

    counts: dict[Stems, int] = field(default_factory=dict)  # every phrase
    phrases: dict[Stems, Uses] = field(default_factory=dict)  # single words and the wanted phrases
    names: dict[Stems, Uses] = field(default_factory=dict)
    anywhere: set[Stems] = field(default_factory=set)


def read_books(found: Iterable[Book], long_names: Iterable[Stems] = (),
               wanted: Callable[[Stems], bool] = lambda key: True) -> Reading:
    """One pass over each book's lines, repaired of the extraction's damage (book_words). Where the book
    writes a phrase of several words is kept only if `wanted`; `anywhere` also holds each of `long_names`
    (names of more than PHRASE words) that the book writes."""
    reading = Reading()
    longer: dict[Stems, list[Stems]] = {}
    for name in long_names:
        longer.setdefault(name[:PHRASE], []).append(name)
    for book in found:
        words = read_words(book.lines)
        for line in range(1, len(book.lines) + 1):
            rule = book.is_rule_line(line)
            heading = rule and (is_heading(book.lines, line) or _title_case(book.text(line)))
            for segment in words.segments(line):
                _read_segment(reading, book.doc, segment, (rule, not heading), words, longer, wanted)
    return reading


def _title_case(text: str) -> bool:
    words = _WORD.findall(text)
    long = [w for w in words if len(w) > 3]
    return bool(long) and sum(1 for w in long if w[0].isupper()) >= 0.8 * len(long) and len(words) > 2


def _read_segment(reading: Reading, doc: str, segment: Segment, read: tuple[bool, bool], openers: BookWords,
                  longer: Mapping[Stems, list[Stems]], wanted: Callable[[Stems], bool]) -> None:
    """The segment's phrases and names; `read` says whether it is on a rule line and may hold names."""
    rule, names = read
    counts, anywhere, phrases = reading.counts, reading.anywhere, reading.phrases
    keys = tuple(stem(w.text.casefold()) for w in segment)
    size = len(segment)
    counted = rule and size <= RUN_ON  # a run-on line's phrases cross sentences: only its words are counted
    for i in range(size):
        for n in range(1, min(PHRASE, size - i) + 1):
            key = keys[i:i + n]
            anywhere.add(key)
            if n == PHRASE and key in longer:
                anywhere.update(name for name in longer[key] if keys[i:i + len(name)] == name)
            if counted or (rule and n == 1):
                counts[key] = counts.get(key, 0) + 1
                if n == 1 or wanted(key):
                    uses = phrases.get(key)
                    if uses is None:
                        uses = phrases[key] = Uses()
                    uses.add(" ".join(w.text for w in segment[i:i + n]), doc, segment[i].line, segment[i].column)
    if rule and names and len(segment) <= RUN_ON:
        for run in _capitalised(segment, openers):
            key = tuple(stem(w.text.casefold()) for w in run)
            reading.names.setdefault(key, Uses()).add(" ".join(w.text for w in run), doc, run[0].line, run[0].column)


def _capitalised(segment: Segment, openers: BookWords) -> Iterator[Segment]:
    """Runs of capitalised words ("of" inside them allowed: "Capital of Morahan"); a run that opens a sentence
    counts only from its second word ("Each Fog Creature" -> "Fog Creature"; "Each player" -> nothing),
    and one of the book's openers is never part of a name ("Fire Once per turn" -> "Fire")."""
    def capital(i: int) -> bool:
        return i < len(segment) and _capital(segment[i].text) and not openers.is_opener(segment[i].text)

    def goes_on(j: int) -> bool:  # a word that opens a sentence starts another run ("SnakeHorns")
        return (capital(j) or connector(j)) and not segment[j].joined and not segment[j].opens

    def connector(i: int) -> bool:
        return i < len(segment) and segment[i].text == "of" and capital(i + 1)

    i = 0
    while i < len(segment):
        if not capital(i):
            i += 1
            continue
        j = i + 1
        while goes_on(j):
            j += 1
        run = segment[i + 1:j] if segment[i].opens else segment[i:j]
        if run and run[0].text == "of":
            run = run[1:]
        if run and not (len(run) == 1 and len(run[0].text) < 3):
            yield run
        i = j


def _capital(word: str) -> bool:
    return word[0].isupper() and not word.isupper() and word.isalpha()
