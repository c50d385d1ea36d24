"""Numbers on cited book lines that no fact of a citing clause holds.

A number on a line that clauses cite must be the value of a fact of one of those clauses: the fact's
value itself, a member of a list, a key or value of a table, or a number in the fact's name
(`setup.initial_cards.2` encodes "2 players"). A negative value holds the number without its sign: the
book writes "-3" (the minus is not read) or "3 less" where the fact is -3. Lines marked not rules are not read;
a `not_rules` entry with `numbers: [...]` marks only those numbers of its lines (a page count on a component
page, a printer's timestamp, digits the PDF extraction garbled), and an entry marking a number its lines do
not state is reported, so a mark cannot outlive the text it was written for.

What counts as a number, and what does not (false alarms, each a rule here, never a list of words):
- digits (`3`, `1.5`, `10%`), and number words from "one" to "twenty" and the tens, "twice"/"once"/
  "thrice", "double"/"triple"; "one" used as a pronoun ("no one", "one another", "one of them", an article
  and at most two words before it with a pause or a verb after it: "a new one is drawn", "the more fun one.") is not,
  nor "once" opening a sentence ("Once the battle ends, ..." is a conjunction), or followed by a participle or a
  subject ("the dice, once acquired", "they refill once the bidding is over");
- not a list marker: a number followed by "." or ")" at the start of a line ("1. Turn over...") or
  just after an opening quote (a reference to such a numbered heading);
- not a page or section reference: after "page", "pages", "p.", "pp.", "section", "chapter", "§", or a
  dotted section number such as `3.2.1`;
- not a year (1900-2099), and not a line that holds nothing but a number (a page number);
- not a number glued to letters (`A1`, `d6`, `2nd`): a coordinate, a die code or an ordinal.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from deckwright.diagnostic import Citation, Diagnostic
from deckwright.model import Pack
from deckwright.rules import codes
from deckwright.rules.coverage import Book, NotRules, books, severity_of
from deckwright.rules.facts import Clause

_UNITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
          "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen")
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
WORDS: dict[str, int] = {
    **{word: n for n, word in enumerate(_UNITS) if n},
    **{word: 10 * (n + 2) for n, word in enumerate(_TENS)},
    "hundred": 100, "once": 1, "twice": 2, "thrice": 3, "double": 2, "triple": 3,
}
_TOKEN = re.compile(r"(?<![\w.])(?P<num>\d+(?:[.,]\d+)?)(?P<pct>%?)(?![\w])|\b(?P<word>[A-Za-z]+)\b")
_REFERENCE = re.compile(r"(?:\bpages?|\bpp?\.|\bsections?|\bchapters?|§)\s*$", re.IGNORECASE)
_PRONOUN_BEFORE = re.compile(r"\b(?:no|any|every|each|some|that|this|the)\s*$", re.IGNORECASE)
_SENTENCE_START = re.compile(r"(?:^|[.!?:;]\s+|^\s*(?:[•*-]|\d+[.)])\s*)$")
_PRONOUN_AFTER = re.compile(r"^\s*(?:another|of\s+(?:them|us|you|these|those))\b", re.IGNORECASE)
_CONJUNCTION_AFTER = re.compile(r"^\s+(?:\w+(?:ed|wn)\b|(?:the|they|you|he|she|it|all|both|this|that|these|those|players?)\b)",
                                re.IGNORECASE)
_ARTICLE_BEFORE = re.compile(r"\b(?:the|a|an)\s+(?:[a-z]+\s+){0,2}$", re.IGNORECASE)
_PAUSE_OR_VERB_AFTER = re.compile(r"^(?:\s*[.,;:!?)]|\s*$|\s+(?:is|was|with|that|which|you|they|he|she|in|and|or)\b)", re.IGNORECASE)


@dataclass(frozen=True)
class BookNumber:
    """A number as the book writes it on one line."""

    line: int
    column: int  # 1-based
    text: str
    value: Decimal


def numbers_on(text: str, line: int = 0) -> list[BookNumber]:
    """The numbers a book line states, with the exclusions of this module's docstring."""
    stripped = text.strip()
    if re.fullmatch(r"[\d\s.,–-]+", stripped):  # a page number, or a line of nothing but numbers
        return []
    found: list[BookNumber] = []
    for match in _TOKEN.finditer(text):
        before, after = text[:match.start()], text[match.end():]
        if match.group("num"):
            raw = match.group("num")
            if _is_list_marker(before, after) or _REFERENCE.search(before) or _is_section(raw, after):
                continue
            value = _decimal(raw)
            if value is None or (len(raw) == 4 and 1900 <= value <= 2099):
                continue
            found.append(BookNumber(line, match.start() + 1, raw + match.group("pct"), value))
        else:
            word = match.group("word").casefold()
            if word not in WORDS or (word == "one" and _pronoun(before, after)):
                continue
            if word == "once" and (_SENTENCE_START.search(before) or _CONJUNCTION_AFTER.match(after)):
                continue  # "Once the battle is over, ...": a conjunction, not a count
            found.append(BookNumber(line, match.start() + 1, match.group("word"), Decimal(WORDS[word])))
    return found


def _pronoun(before: str, after: str) -> bool:
    """ "one" standing for a noun: "no one", "one another", "a new one is drawn", "the more fun one." """
    if _PRONOUN_BEFORE.search(before) or _PRONOUN_AFTER.search(after):
        return True
    return bool(_ARTICLE_BEFORE.search(before) and _PAUSE_OR_VERB_AFTER.match(after))


def _is_list_marker(before: str, after: str) -> bool:
    """A "1. " at the start of a line, or quoted after an opening quote (a reference to a numbered heading)."""
    opening = not before.strip(" •*-\t") or before.rstrip().endswith(('"', "“", "'"))
    return opening and bool(re.match(r"[.)](?:\s|$)", after))


def _is_section(raw: str, after: str) -> bool:
    return "." in raw and bool(re.match(r"\.\d", after))  # 3.2.1: a section number, not a value


def _decimal(raw: str) -> Decimal | None:
    try:
        return Decimal(raw.replace(",", "."))  # a decimal comma reads as a point
    except InvalidOperation:
        return None


def encoded_values(clause: Clause) -> set[Decimal]:
    """Every number a clause's facts hold: values, list members, table keys and values, numbers in names."""
    found: set[Decimal] = set()
    stated = clause.data.get("facts")
    for name, raw in (stated if isinstance(stated, dict) else {}).items():
        for part in re.findall(r"\d+", str(name)):
            found.add(Decimal(part))
        value = raw["value"] if isinstance(raw, dict) and "value" in raw else raw
        _collect(value, found)
    return found


def _collect(value: Any, found: set[Decimal]) -> None:
    if isinstance(value, bool):
        return
    if isinstance(value, (int, float)):
        found.add(abs(Decimal(str(value))))  # -3 holds the book's "-3" (read without its sign) and "3 less"
        if isinstance(value, float) and 0 < value < 1:
            found.add(Decimal(str(value)) * 100)  # a share stated as a percentage
    elif isinstance(value, str):
        number = _decimal(value) if re.fullmatch(r"\d+(?:[.,]\d+)?", value.strip()) else None
        if number is not None:
            found.add(number)
    elif isinstance(value, dict):
        for key, item in value.items():
            _collect(key, found)
            _collect(item, found)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _collect(item, found)


def marked_value(raw: int | float | str) -> Decimal | None:
    """The value of a number a `not_rules` entry marks: 3, 1.5, "10%", "two"."""
    if isinstance(raw, str):
        text = raw.strip().rstrip("%").casefold()
        return Decimal(WORDS[text]) if text in WORDS else _decimal(text)
    return abs(Decimal(str(raw)))


def _marked(book: Book) -> dict[int, set[Decimal]]:
    """Line -> the values marked not rules on it."""
    found: dict[int, set[Decimal]] = {}
    for entry in book.not_numbers:
        values = {v for v in map(marked_value, entry.numbers) if v is not None}
        for line in range(entry.first, entry.last + 1):
            found.setdefault(line, set()).update(values)
    return found


def unencoded(book: Book) -> Iterator[tuple[BookNumber, tuple[Clause, ...]]]:
    """Each number on a cited rule line that no citing clause's facts hold and no entry marks, with the
    clauses citing it."""
    marked = _marked(book)
    for line in sorted(book.citing):
        if not book.is_rule_line(line):
            continue
        citing = book.citing[line]
        held: set[Decimal] = set().union(*(encoded_values(c) for c in citing), marked.get(line, set()))
        for number in numbers_on(book.text(line), line):
            if number.value not in held:
                yield number, citing


def stale_marks(book: Book) -> Iterator[tuple[NotRules, int | float | str]]:
    """Each number a `not_rules` entry marks that none of its lines states."""
    for entry in book.not_numbers:
        stated = {n.value for line in range(entry.first, entry.last + 1) for n in numbers_on(book.text(line), line)}
        for raw in entry.numbers:
            if marked_value(raw) not in stated:
                yield entry, raw


def check_numbers(pack: Pack, folder: Path | None) -> Iterator[Diagnostic]:
    """DW423 at each unencoded number of a cited line (with the books at hand)."""
    severity = severity_of(pack, "numbers")
    for book in books(pack, folder):
        for entry, raw in stale_marks(book):
            span = str(entry.first) if entry.first == entry.last else f"{entry.first}-{entry.last}"
            yield codes.NOT_RULES_INVALID.at(
                entry.where, f"not_rules marks the number {raw!r} on {book.doc}:{span}, which "
                f"{'that line does' if entry.first == entry.last else 'those lines do'} not state",
                subject=f"{book.doc}:{span}:{raw}", sources=(Citation(book.doc, span),),
                hint="remove the number from the entry, or correct its lines")
        for number, citing in unencoded(book):
            names = ", ".join(f"'{c.id}'" for c in citing[:3]) + (", ..." if len(citing) > 3 else "")
            yield codes.NUMBER_UNENCODED.at(
                book.at(number.line, number.column),
                f"{book.doc}:{number.line} states the number {number.text}, which no fact of the clauses citing "
                f"the line ({names}) holds", severity=severity, sources=(Citation(book.doc, number.line),),
                subject=f"{book.doc}:{number.line}:{number.text}",
                hint="state it as a fact of a clause citing this line, or, if it states no rule, mark it: "
                f"not_rules: [{{doc: {book.doc}, lines: {number.line}, numbers: [{number.text if number.text[0].isdigit() else repr(number.text)}], reason: ...}}]")
