"""The findings sheet: the errata list, from a report of the pack's contradictions and gaps."""

from __future__ import annotations

from dataclasses import dataclass

from deckwright.diagnostic import Diagnostic, Location, Report, Severity
from deckwright.sheets.links import Cite, Link, Linker


@dataclass(frozen=True)
class RelatedView:
    message: str
    link: Link


@dataclass(frozen=True)
class FindingView:
    code: str
    severity: str
    message: str
    link: Link | None
    related: tuple[RelatedView, ...]
    cites: tuple[Cite, ...]
    hint: str
    reason: str


@dataclass(frozen=True)
class FindingsSheet:
    """Open errors and warnings, the book's problems the pack accepted (with reasons), then notes:
    what the pack assumes and what playouts show. `origin` names the checker."""

    origin: str
    open: tuple[FindingView, ...]
    accepted: tuple[FindingView, ...]
    notes: tuple[FindingView, ...]
    errors: int
    warnings: int


def findings_sheet(report: Report, linker: Linker, origin: str = "deckwright check") -> FindingsSheet:
    """Every finding of the report, each with both sides (related places) and its citations."""
    rank = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}
    ordered = sorted(report.diagnostics, key=lambda d: (rank[d.severity], d.sort_key()))
    accepted = tuple(_view(d, linker) for d in ordered if d.accepted)
    notes = tuple(_view(d, linker) for d in ordered if not d.accepted and d.severity is Severity.INFO)
    still_open = tuple(_view(d, linker) for d in ordered if not d.accepted and d.severity is not Severity.INFO)
    return FindingsSheet(origin, still_open, accepted, notes, report.errors, report.warnings)


def _view(d: Diagnostic, linker: Linker) -> FindingView:
    link = linker.to(Location(d.file, d.line)) if d.file else None
    related = tuple(RelatedView(r.message, linker.to(Location(r.file, r.line))) for r in d.related)
    return FindingView(d.code, d.severity.value, d.message, link, related, linker.cites(d.sources),
                       d.hint or "", d.reason or "")
