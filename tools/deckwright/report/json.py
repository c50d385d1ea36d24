"""Machine-readable output: exactly the object DESIGN.md fixes as the public JSON contract."""

from __future__ import annotations

import json
from typing import Any

from deckwright.diagnostic import Diagnostic, Report, Severity
from deckwright.report.base import Reporter

FORMAT_VERSION = 1


def diagnostic_to_dict(d: Diagnostic) -> dict[str, Any]:
    data: dict[str, Any] = {
        "code": d.code,
        "severity": d.severity.value,
        "message": d.message,
        "file": d.file,
        "line": d.line,
        "column": d.column,
        "pointer": d.pointer,
        "related": [{"file": r.file, "line": r.line, "column": r.column, "message": r.message} for r in d.related],
        "sources": [{"doc": s.doc, "line": s.line} for s in d.sources],
        "hint": d.hint,
        "accepted": d.accepted,
    }
    if d.reason is not None:
        data["reason"] = d.reason
    if d.subject:
        data["subject"] = d.subject
    return data


def report_to_dict(report: Report) -> dict[str, Any]:
    summary: dict[str, Any] = {
        "errors": report.errors,
        "warnings": report.warnings,
        "info": report.count(Severity.INFO),
        "accepted": report.accepted,
    }
    summary.update(report.extra)
    return {"version": FORMAT_VERSION, "diagnostics": [diagnostic_to_dict(d) for d in report.diagnostics],
            "summary": summary}


class JsonReporter(Reporter):
    def emit(self, report: Report) -> None:
        json.dump(report_to_dict(report), self.stream, indent=2, ensure_ascii=False)
        self.stream.write("\n")
