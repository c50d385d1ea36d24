"""Which lines of a cited book the pack's clauses cite, which it marks as not rules, and which neither.

A book line is *covered* when a clause's `source` cites it (a line, or a range "N-M" holding it).
`not_rules: [{doc, lines, reason}]` in pack.yaml marks lines that state no rule (table of contents,
credits, flavour, headings); those are shown with their reason and left out of the share. An entry with
`numbers: [...]` marks only those numbers of its lines as stating no rule (a page count, a printer's
timestamp, digits the extraction garbled); its lines stay rule lines to cite (see `rules.numbers`). Blank lines
count for nothing. Lines are grouped by the book's own sections: a section starts at a heading, a
short line that stands alone between blank lines and reads like a title (see `is_heading`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deckwright.diagnostic import Citation, Diagnostic, Location, Related, Severity
from deckwright.model import Pack
from deckwright.model.files import display_path
from deckwright.rules import codes
from deckwright.rules.facts import Clause, clauses
from deckwright.rules.sources import line_span, read_sources, shipped

SETTING = "coverage"
SEVERITIES = {"error": Severity.ERROR, "warning": Severity.WARNING, "info": Severity.INFO}
HEADING_MAX = 60  # a heading is a short line


@dataclass(frozen=True)
class NotRules:
    """A range of a book the pack marks as stating no rule, and why."""

    doc: str
    first: int
    last: int
    reason: str
    where: Location
    numbers: tuple[int | float | str, ...] = ()  # only these numbers of the lines, as the entry gives them


@dataclass(frozen=True)
class Book:
    """One cited document with its text: who cites each line and which lines are marked not rules."""

    doc: str
    path: str  # the document's path, as diagnostics show it
    lines: tuple[str, ...]
    citing: Mapping[int, tuple[Clause, ...]]
    not_rules: Mapping[int, NotRules]
    not_numbers: tuple[NotRules, ...] = ()  # entries marking numbers of lines, not whole lines

    def at(self, line: int, column: int = 0) -> Location:
        return Location(self.path, line, column)

    def text(self, line: int) -> str:
        return self.lines[line - 1] if 0 < line <= len(self.lines) else ""

    def is_rule_line(self, line: int) -> bool:
        """A line that should be cited: not blank and not marked not rules."""
        return bool(self.text(line).strip()) and line not in self.not_rules


@dataclass(frozen=True)
class Section:
    """A section of a book (from its heading to the next) and how much of it the clauses cite."""

    title: str
    first: int
    last: int
    rule_lines: int
    covered: int
    uncovered: tuple[tuple[int, int], ...]  # runs of uncovered rule lines
    not_rules: tuple[tuple[int, int, str], ...]  # runs marked not rules, with the reason

    @property
    def share(self) -> float:
        return self.covered / self.rule_lines if self.rule_lines else 1.0


@dataclass(frozen=True)
class DocCoverage:
    """A book's coverage: every section, and the totals."""

    doc: str
    path: str
    sections: tuple[Section, ...]

    @property
    def rule_lines(self) -> int:
        return sum(s.rule_lines for s in self.sections)

    @property
    def covered(self) -> int:
        return sum(s.covered for s in self.sections)

    @property
    def not_rules_lines(self) -> int:
        return sum(last - first + 1 for s in self.sections for first, last, _ in s.not_rules)

    @property
    def share(self) -> float:
        return self.covered / self.rule_lines if self.rule_lines else 1.0

    def as_json(self) -> dict[str, Any]:
        return {"doc": self.doc, "file": self.path, "rule_lines": self.rule_lines, "covered": self.covered,
                "not_rules_lines": self.not_rules_lines, "share": round(self.share, 4),
                "sections": [{"title": s.title, "first": s.first, "last": s.last, "rule_lines": s.rule_lines,
                              "covered": s.covered, "share": round(s.share, 4),
                              "uncovered": [[a, b] for a, b in s.uncovered],
                              "not_rules": [{"first": a, "last": b, "reason": r} for a, b, r in s.not_rules]}
                             for s in self.sections]}


def setting(pack: Pack, name: str, default: Any = None) -> Any:
    """One entry of the manifest's `coverage:` settings."""
    data = pack.manifest.data
    chosen = data.get(SETTING) if isinstance(data, Mapping) else None
    return chosen.get(name, default) if isinstance(chosen, Mapping) else default


def severity_of(pack: Pack, name: str) -> Severity:
    """The severity the pack asks for one kind of book finding (`coverage: {NAME: warning}`); info by default."""
    return SEVERITIES.get(str(setting(pack, name)), Severity.INFO)


def books(pack: Pack, folder: Path | None) -> list[Book]:
    """Every source document of the pack whose text is at hand (shipped or in `folder`)."""
    documents, _ = read_sources(pack, folder)  # reading problems are check_sources' to report
    found: list[Book] = []
    for source in pack.sources:
        text = documents.get(source.id)
        if text is None or text.lines is None:
            continue
        if folder is None or shipped(pack, source.file):  # the pack's own copy: shown as the user names the pack
            path = display_path(pack.display, source.file)
        else:
            path = str(folder / source.file)
        found.append(book_of(pack, source.id, path, text.lines))
    return found


def book_of(pack: Pack, doc: str, path: str, lines: tuple[str, ...]) -> Book:
    """The pack's view of one document whose lines are at hand: who cites each line, what is not rules."""
    entries = [e for e in not_rules(pack) if isinstance(e, NotRules) and e.doc == doc]
    marked: dict[int, NotRules] = {}
    for entry in entries:
        if not entry.numbers:
            for line in range(entry.first, entry.last + 1):
                marked.setdefault(line, entry)
    return Book(doc, path, lines, _citing(pack, doc, len(lines)), marked, tuple(e for e in entries if e.numbers))


def not_rules(pack: Pack) -> tuple[NotRules | Diagnostic, ...]:
    """The manifest's `not_rules` entries, or a diagnostic for each one that cannot be read: read once per pack
    (every check of the books asks, and locating each entry in the manifest costs about as much as the rest)."""
    return pack.derived("coverage.not_rules", lambda _: tuple(_not_rules(pack)))


def _not_rules(pack: Pack) -> Iterator[NotRules | Diagnostic]:
    data = pack.manifest.data
    listed = data.get("not_rules") if isinstance(data, Mapping) else None
    declared = {s.id: s.lines for s in pack.sources}
    for index, entry in enumerate(listed if isinstance(listed, list) else []):
        if not isinstance(entry, Mapping):
            continue  # the schema reports it
        where = pack.locate("not_rules", index)
        doc, reason, numbers = entry.get("doc"), entry.get("reason"), entry.get("numbers", ())
        span = line_span(entry.get("lines"))
        if not isinstance(doc, str) or doc not in declared:
            yield codes.NOT_RULES_INVALID.at(where, f"not_rules entry {index + 1} names no source of the manifest "
                                             f"({doc!r})", hint=f"sources: {', '.join(declared) or 'none'}")
        elif span is None or span[0] < 1 or span[0] > span[1]:
            yield codes.NOT_RULES_INVALID.at(where, f"not_rules entry {index + 1} has lines {entry.get('lines')!r}; "
                                             "give a line number or a range \"N-M\"")
        elif not isinstance(reason, str) or not reason.strip():
            yield codes.NOT_RULES_INVALID.at(where, f"not_rules entry {index + 1} gives no reason")
        elif "numbers" in entry and not (isinstance(numbers, list) and numbers and all(map(_is_number, numbers))):
            yield codes.NOT_RULES_INVALID.at(where, f"not_rules entry {index + 1} has numbers {numbers!r}; give a "
                                             "list of numbers as the book writes them (3, 1.5, \"two\")")
        else:
            yield NotRules(doc, span[0], span[1], reason.strip(), where, tuple(numbers))


def _is_number(value: Any) -> bool:
    return (isinstance(value, int | float) and not isinstance(value, bool)) or (isinstance(value, str) and bool(value.strip()))


def _citing(pack: Pack, doc: str, count: int) -> dict[int, tuple[Clause, ...]]:
    found: dict[int, list[Clause]] = {}
    for clause in clauses(pack):
        for citation in clause.sources:
            span = line_span(citation.line) if citation.doc == doc else None
            if span is None:
                continue
            for line in range(max(span[0], 1), min(span[1], count) + 1):
                listed = found.setdefault(line, [])
                if clause not in listed:
                    listed.append(clause)
    return {line: tuple(listed) for line, listed in found.items()}


def is_heading(lines: tuple[str, ...], line: int) -> bool:
    """A short line standing alone between blank lines, reading like a title: no closing full stop, no
    "Name: text" form, no bullet. (Only used to group lines; it never decides what must be cited.)"""
    text = lines[line - 1].strip()
    if not text or len(text) > HEADING_MAX or text[-1] in ".,;!?" or text[0] in "•-*(" or ": " in text:
        return False
    if not (text[0].isupper() or text[0].isdigit()) or (text.endswith(":") and len(text.split()) > 4):
        return False  # "There are two ways to move:" opens a list; it does not head a section
    before = line == 1 or not lines[line - 2].strip()
    after = line == len(lines) or not lines[line].strip()
    return before and after


def coverage(book: Book) -> DocCoverage:
    """The book's sections with their covered, uncovered and not-rules lines."""
    starts = [n for n in range(1, len(book.lines) + 1) if is_heading(book.lines, n)]
    if not starts or starts[0] != 1:
        starts.insert(0, 1)
    bounds = list(zip(starts, [*starts[1:], len(book.lines) + 1]))
    return DocCoverage(book.doc, book.path, tuple(_section(book, first, end - 1) for first, end in bounds))


def _section(book: Book, first: int, last: int) -> Section:
    title = book.text(first).strip() if is_heading(book.lines, first) else "(opening)"
    rule = [n for n in range(first, last + 1) if book.is_rule_line(n)]
    uncovered = [n for n in rule if n not in book.citing]
    marked = [n for n in range(first, last + 1) if n in book.not_rules and book.text(n).strip()]
    reasons: list[tuple[int, int, str]] = []
    for a, b in runs(marked):
        for n in range(a, b + 1):  # split a run where the reason changes
            reason = book.not_rules[n].reason
            if reasons and reasons[-1][1] == n - 1 and reasons[-1][2] == reason:
                reasons[-1] = (reasons[-1][0], n, reason)
            else:
                reasons.append((n, n, reason))
    return Section(title[:HEADING_MAX], first, last, len(rule), len(rule) - len(uncovered),
                   tuple(_gaps(book, uncovered)), tuple(reasons))


def runs(lines: list[int]) -> list[tuple[int, int]]:
    """Consecutive line numbers joined into (first, last) runs."""
    found: list[tuple[int, int]] = []
    for n in sorted(lines):
        if found and found[-1][1] == n - 1:
            found[-1] = (found[-1][0], n)
        else:
            found.append((n, n))
    return found


def _gaps(book: Book, uncovered: list[int]) -> list[tuple[int, int]]:
    """Runs of uncovered lines, where blank lines between two uncovered lines do not break a run."""
    found: list[tuple[int, int]] = []
    for n in sorted(uncovered):
        if found and all(not book.text(m).strip() for m in range(found[-1][1] + 1, n)):
            found[-1] = (found[-1][0], n)
        else:
            found.append((n, n))
    return found


def check_coverage(pack: Pack, folder: Path | None) -> Iterator[Diagnostic]:
    """Unreadable `not_rules` entries; with the books at hand, each run of uncovered rule lines, ranges
    marked not rules that clauses cite, and each book's share of cited lines (below `coverage.min`: an error)."""
    for entry in not_rules(pack):
        if isinstance(entry, Diagnostic):
            yield entry
    severity = severity_of(pack, "uncovered")
    minimum = setting(pack, "min")
    for book in books(pack, folder):
        yield from _marked_but_cited(pack, book)
        report = coverage(book)
        for section in report.sections:
            for first, last in section.uncovered:
                span = str(first) if first == last else f"{first}-{last}"
                yield codes.UNCOVERED_LINES.at(
                    book.at(first, 1), f"{book.doc} line{'s' if first != last else ''} {span} (section "
                    f"'{section.title}') {'are' if first != last else 'is'} cited by no clause and not marked "
                    "not rules", severity=severity, sources=(Citation(book.doc, span),), subject=f"{book.doc}:{span}",
                    hint="encode it as a clause citing these lines, or add a not_rules entry with a reason")
        below = isinstance(minimum, (int, float)) and report.share < minimum
        yield codes.COVERAGE_SHARE.at(
            pack.locate("sources", [s.id for s in pack.sources].index(book.doc)),
            f"clauses cite {report.covered} of {report.rule_lines} rule lines of {book.doc} ({report.share:.1%}); "
            f"{report.not_rules_lines} lines marked not rules" + (f"; the pack asks for {minimum:.0%}" if below else ""),
            severity=Severity.ERROR if below else Severity.INFO, subject=book.doc)


def _marked_but_cited(pack: Pack, book: Book) -> Iterator[Diagnostic]:
    seen: set[int] = set()
    for line, entry in sorted(book.not_rules.items()):
        if line not in book.citing or id(entry) in seen:
            continue
        seen.add(id(entry))
        cited = sorted(n for n in range(entry.first, entry.last + 1) if n in book.citing)
        clause = book.citing[cited[0]][0]
        yield codes.NOT_RULES_CITED.at(entry.where, f"{book.doc} lines {entry.first}-{entry.last} are marked not "
                                       f"rules ({entry.reason}), yet clause '{clause.id}' cites line {cited[0]}",
                                       related=[_related(clause)], hint="narrow the range, or drop the citation")


def _related(clause: Clause) -> Related:
    where = clause.locate("source")
    return Related(where.file, where.line, where.column, f"clause '{clause.id}'")
