"""Human-readable output: findings grouped by file (identical ones collapsed after the first few), coloured on
a terminal, one summary line; or, with statistics, the count per code."""

from __future__ import annotations

from itertools import groupby

import click

from deckwright.diagnostic import Diagnostic, Report, Severity
from deckwright.report.base import Reporter
from deckwright.report.volume import Alike, collapse, statistics

_COLORS = {Severity.ERROR: "red", Severity.WARNING: "yellow", Severity.INFO: "cyan"}


class TextReporter(Reporter):
    def emit(self, report: Report) -> None:
        if self.statistics:
            for count, code, name in statistics(report.diagnostics):
                self._line(f"{count:>6}  {code}  {name}")
        else:
            for file, group in groupby(report.diagnostics, key=lambda d: d.file):
                self._line(self._style(file or "(pack)", bold=True, underline=True))
                for item in collapse(group):
                    if isinstance(item, Alike):
                        self._line(f"  {'...':>8}  {item.count} more like this  {self._style(item.code, dim=True)}")
                    else:
                        self._diagnostic(item)
                self._line("")
        self._line(self.summary(report))
        locales = report.extra.get("translations")
        if isinstance(locales, dict) and locales:
            self._line("translations: " + ", ".join(_completeness(locale, counts) for locale, counts in locales.items()))

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
        text = ", ".join(parts)
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


def _completeness(locale: str, counts: dict[str, int]) -> str:
    done, total = counts["translated"], counts["records"]
    percent = 100 * done // total if total else 100
    return f"{locale} {percent}% ({done}/{total})"
