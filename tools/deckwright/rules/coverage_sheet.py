"""The coverage page of the reference sheets: for each cited book at hand, the share of its rule lines
the clauses cite, and per section the uncovered lines and the ranges marked not rules."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from deckwright.model import Pack
from deckwright.rules.coverage import book_of, coverage
from deckwright.rules.coverage_report import excerpt, span


class BookText(Protocol):
    @property
    def lines(self) -> tuple[str, ...]: ...


@dataclass(frozen=True)
class SectionRow:
    title: str
    lines: str
    covered: int
    rule_lines: int
    uncovered: tuple[str, ...]  # "N-M: start of the text"
    not_rules: tuple[str, ...]  # "reason: N-M, K" (each reason once, with every run it covers)


@dataclass(frozen=True)
class DocRow:
    doc: str
    covered: int
    rule_lines: int
    not_rules_lines: int
    share: str
    sections: tuple[SectionRow, ...]


@dataclass(frozen=True)
class CoverageSheet:
    docs: tuple[DocRow, ...]


def coverage_sheet(pack: Pack, books: dict[str, BookText]) -> CoverageSheet:
    """The sheet's value from the books the sheets read (by source id); a pack without them gets none."""
    rows = []
    for source in pack.sources:
        text = books.get(source.id)
        if text is None:
            continue
        book = book_of(pack, source.id, source.file, text.lines)
        report = coverage(book)
        sections = tuple(SectionRow(s.title, span(s.first, s.last), s.covered, s.rule_lines,
                                    tuple(f"{span(a, b)}: {excerpt(book, a)}" for a, b in s.uncovered),
                                    _by_reason(s.not_rules))
                         for s in report.sections)
        rows.append(DocRow(source.id, report.covered, report.rule_lines, report.not_rules_lines,
                           f"{report.share:.1%}", sections))
    return CoverageSheet(tuple(rows))


def _by_reason(runs: tuple[tuple[int, int, str], ...]) -> tuple[str, ...]:
    """Each reason once, with the runs it marks in book order: a book whose picture captions are marked
    one by one lists the reason once, not once per caption."""
    spans: dict[str, list[str]] = {}
    for first, last, why in runs:
        spans.setdefault(why, []).append(span(first, last))
    return tuple(f"{why}: {', '.join(found)}" for why, found in spans.items())
