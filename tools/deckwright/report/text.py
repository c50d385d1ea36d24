"""Human-readable output: findings grouped by file, coloured on a terminal, one summary line."""

from __future__ import annotations

from itertools import groupby

import click

from deckwright.diagnostic import Diagnostic, Report, Severity
from deckwright.report.base import Reporter

_COLORS = {Severity.ERROR: "red", Severity.WARNING: "yellow", Severity.INFO: "cyan"}


def _shares(key: str, counts: dict[str, int]) -> str:
    """`facts: 166, read by engine 40%, ...` from a mapping of counts with a total."""
    total = counts["total"]
    return f"{total} {key}, " + ", ".join(f"{name} {n / total:.0%}" for name, n in counts.items() if name != "total")


class TextReporter(Reporter):
    def emit(self, report: Report) -> None:
        for file, group in groupby(report.diagnostics, key=lambda d: d.file):
            self._line(self._style(file or "(pack)", bold=True, underline=True))
            for diagnostic in group:
                self._diagnostic(diagnostic)
            self._line("")
        self._line(self.summary(report))

    def summary(self, report: Report) -> str:
        parts = [f"{report.errors} error{'s' * (report.errors != 1)}",
                 f"{report.warnings} warning{'s' * (report.warnings != 1)}"]
        infos = report.count(Severity.INFO)
        if infos:
            parts.append(f"{infos} info")
        if report.accepted:
            parts.append(f"{report.accepted} accepted")
        for key, value in report.extra.items():
            if isinstance(value, int) and not isinstance(value, bool):
                parts.append(f"{value} {key[:-1] if value == 1 and key.endswith('s') else key}")
        text = ", ".join(parts) + "".join(f"; {_shares(key, value)}" for key, value in report.extra.items()
                                          if isinstance(value, dict) and value.get("total"))
        if report.errors:
            return self._style(text, fg="red", bold=True)
        return self._style(text, fg="green" if not report.warnings else "yellow", bold=True)

    def _diagnostic(self, d: Diagnostic) -> None:
        position = f"{d.line}:{d.column}" if d.line else "-"
        label = "accepted" if d.accepted else d.severity.value
        color = "bright_black" if d.accepted else _COLORS[d.severity]
        self._line(f"  {position:>8}  {self._style(label, fg=color)}  {d.message}  {self._style(d.code, dim=True)}")
        if d.hint:
            self._line(f"            hint: {d.hint}")
        if d.accepted and d.reason:
            self._line(f"            accepted: {d.reason}")
        for related in d.related:
            self._line(f"            see {related.file}:{related.line}:{related.column}: {related.message}")
        if d.sources:
            cited = ", ".join(f"{s.doc}:{s.line}" for s in d.sources)
            self._line(f"            cites {cited}")

    def _style(self, text: str, **style: object) -> str:
        return click.style(text, **style) if self.color else text  # type: ignore[arg-type]

    def _line(self, text: str) -> None:
        self.stream.write(text + "\n")
