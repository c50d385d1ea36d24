"""Markdown: one "What deckwright found in the ... rulebook" section per pack, each finding (errors
and warnings, accepted or not) named with the mechanism that found it. The README's sections are this
output of `deckwright check --format markdown --sources ../shared/seeds`, compared by a test."""

from __future__ import annotations

from collections.abc import Mapping

from deckwright.diagnostic import Diagnostic, Report, Severity
from deckwright.report.base import Reporter

# Code -> the mechanism behind its findings (DW401 claims that ask an engine probe are "probe").
MECHANISMS: Mapping[str, str] = {
    "DW400": "fact collision", "DW416": "fact collision",
    "DW322": "count", "DW323": "count", "DW406": "count",
    "DW401": "claim", "DW417": "claim",
}


def mechanism(diagnostic: Diagnostic) -> str:
    """How a finding was found: playout, probe, claim, fact collision, count, or check."""
    if diagnostic.code.startswith("DW5"):
        return "playout"
    if diagnostic.code == "DW401" and "probe(" in diagnostic.message:
        return "probe"
    return MECHANISMS.get(diagnostic.code, "check")


def _pack_of(diagnostic: Diagnostic, packs: Mapping[str, str]) -> str:
    return next((display for display in packs if diagnostic.file.startswith(display.rstrip("/") + "/")), "")


class MarkdownReporter(Reporter):
    def emit(self, report: Report) -> None:
        titles = report.extra.get("titles")
        packs: Mapping[str, str] = titles if isinstance(titles, dict) else {}
        for display, title in packs.items():
            mine = [d for d in report.diagnostics if _pack_of(d, packs) == display]
            self.stream.write(section(display, title, mine))


def section(display: str, title: str, diagnostics: list[Diagnostic]) -> str:
    """One pack's section: a heading, the count, then a bullet per error or warning (information, which
    moves with every assumption and fact, is left to the check report)."""
    shown = [d for d in diagnostics if d.severity is not Severity.INFO]
    accepted = sum(1 for d in shown if d.accepted)
    lines = [f"### What deckwright found in the {title} rulebook", "",
             f"`deckwright check {display} --sources ../shared/seeds` reports {len(shown)} finding"
             f"{'s' * (len(shown) != 1)} ({accepted} accepted by the pack with its reading), besides the "
             "information it lists (assumptions, end-condition rates, unread facts):", ""]
    for d in shown:
        status = "accepted" if d.accepted else d.severity.value
        subject = f" `{d.subject}`" if d.subject else ""
        lines.append(f"- **{mechanism(d)}** ({d.code}, {status}){subject}: {d.message}")
        if d.accepted and d.reason:
            lines.append(f"  Accepted: {d.reason}")
    return "\n".join(lines) + "\n\n"
