"""GitHub Actions workflow commands: each finding becomes an annotation on its file and line."""

from __future__ import annotations

from itertools import groupby

from deckwright.diagnostic import Diagnostic, Report, Severity
from deckwright.report.base import Reporter
from deckwright.report.volume import Alike, collapse

_LEVELS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


class GithubReporter(Reporter):
    def emit(self, report: Report) -> None:
        for _, group in groupby(report.diagnostics, key=lambda d: d.file):
            for item in collapse(group):
                if isinstance(item, Alike):
                    self.stream.write(f"::notice title={item.code}::{item.count} more like this: "
                                      f"{_escape_data(item.message)}\n")
                else:
                    self.stream.write(self.command(item) + "\n")
        errors, warnings = report.errors, report.warnings
        self.stream.write(f"deckwright: {errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}, "
                          f"{report.accepted} accepted\n")

    @staticmethod
    def command(d: Diagnostic) -> str:
        level = "notice" if d.accepted else _LEVELS[d.severity]
        props = []
        if d.file:
            props.append(f"file={_escape_property(d.file)}")
        if d.line:
            props.append(f"line={d.line}")
            props.append(f"col={d.column}")
        props.append(f"title={_escape_property(d.code)}")
        message = d.message + (f" (hint: {d.hint})" if d.hint else "")
        if d.accepted:
            message = f"accepted: {message} (reason: {d.reason})"
        return f"::{level} {','.join(props)}::{_escape_data(message)}"
