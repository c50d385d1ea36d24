"""GitHub Actions workflow commands: each finding becomes an annotation on its file and line."""

from __future__ import annotations

from deckwright.diagnostic import Diagnostic, Report, Severity
from deckwright.report.base import Reporter

_LEVELS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


class GithubReporter(Reporter):
    def emit(self, report: Report) -> None:
        for d in report.diagnostics:
            self.stream.write(self.command(d) + "\n")
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
