"""Human-readable output: findings grouped by file (identical ones collapsed after the first few), coloured on
a terminal, one summary line; or, with statistics, the count per code."""

from __future__ import annotations

from itertools import groupby

import click

from deckwright.diagnostic import Diagnostic, Report, Severity
from deckwright.report.base import Reporter
from deckwright.report.volume import Alike, collapse, statistics

_COLORS = {Severity.ERROR: "red", Severity.WARNING: "yellow", Severity.INFO: "cyan"}

# Values echoed from a pack (file names, messages quoting content) are shown with their control
# characters escaped: ESC, CR, newlines and the other C0/C1 codes, DEL and the bidirectional
# overrides could otherwise move the cursor, erase lines or print a forged summary on a terminal.
_BIDI = (0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A))
_NEUTRAL = {c: f"\\x{c:02x}" for c in (*range(0x00, 0x09), *range(0x0A, 0x20), 0x7F, *range(0x80, 0xA0))}
_NEUTRAL.update({c: f"\\u{c:04x}" for c in _BIDI})


def neutral(text: str) -> str:
    """The text with every control character written as a visible escape (tab kept)."""
    return text.translate(_NEUTRAL)


def neutral_lines(text: str) -> str:
    """`neutral` line by line: newlines kept, every other control character escaped."""
    return "\n".join(neutral(line) for line in text.split("\n"))


def echo(text: str, err: bool = False, nl: bool = True) -> None:
    """click.echo of text that quotes a pack (values, ids, file contents), its control characters escaped."""
    click.echo(neutral_lines(text), err=err, nl=nl)


def _shares(key: str, counts: dict[str, int]) -> str:
    """`facts: 166, read by engine 40%, ...` from a mapping of counts with a total."""
    total = counts["total"]
    return f"{total} {key}, " + ", ".join(f"{name} {n / total:.0%}" for name, n in counts.items() if name != "total")


class TextReporter(Reporter):
    def emit(self, report: Report) -> None:
        if self.statistics:
            for count, code, name in statistics(report.diagnostics):
                self._line(f"{count:>6}  {code}  {name}")
        else:
            for file, group in groupby(report.diagnostics, key=lambda d: d.file):
                self._line(self._style(neutral(file) or "(pack)", bold=True, underline=True))
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
        text = ", ".join(parts) + "".join(f"; {_shares(key, value)}" for key, value in report.extra.items()
                                          if isinstance(value, dict) and value.get("total"))
        if report.errors:
            return self._style(text, fg="red", bold=True)
        return self._style(text, fg="green" if not report.warnings else "yellow", bold=True)

    def _diagnostic(self, d: Diagnostic) -> None:
        position = f"{d.line}:{d.column}" if d.line else "-"
        label = "accepted" if d.accepted else d.severity.value
        color = "bright_black" if d.accepted else _COLORS[d.severity]
        self._line(f"  {position:>8}  {self._style(label, fg=color)}  {neutral(d.message)}  "
                   f"{self._style(neutral(d.code), dim=True)}")
        if d.hint:
            self._line(f"            hint: {neutral(d.hint)}")
        if d.accepted and d.reason:
            self._line(f"            accepted: {neutral(d.reason)}")
        for related in d.related:
            self._line(f"            see {neutral(related.file)}:{related.line}:{related.column}: "
                       f"{neutral(related.message)}")
        if d.sources:
            cited = ", ".join(f"{s.doc}:{s.line}" for s in d.sources)
            self._line(f"            cites {neutral(cited)}")

    def _style(self, text: str, **style: object) -> str:
        return click.style(text, **style) if self.color else text  # type: ignore[arg-type]

    def _line(self, text: str) -> None:
        self.stream.write(text + "\n")


def _completeness(locale: str, counts: dict[str, int]) -> str:
    done, total = counts["translated"], counts["records"]
    percent = 100 * done // total if total else 100
    return f"{locale} {percent}% ({done}/{total})"
