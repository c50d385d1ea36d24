"""SARIF 2.1.0, for code-scanning dashboards."""

from __future__ import annotations

import json
from typing import Any

from deckwright import __version__
from deckwright.codebook import lookup
from deckwright.diagnostic import Diagnostic, Report, Severity
from deckwright.report.base import Reporter

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_LEVELS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}


def _location(file: str, line: int, column: int) -> dict[str, Any]:
    physical: dict[str, Any] = {"artifactLocation": {"uri": file or "."}}
    if line:
        physical["region"] = {"startLine": line, "startColumn": max(column, 1)}
    return {"physicalLocation": physical}


def _result(d: Diagnostic, rule_index: int) -> dict[str, Any]:
    text = d.message + (f" (hint: {d.hint})" if d.hint else "")
    result: dict[str, Any] = {
        "ruleId": d.code,
        "ruleIndex": rule_index,
        "level": _LEVELS[d.severity],
        "message": {"text": text},
        "locations": [_location(d.file, d.line, d.column)],
    }
    if d.related:
        result["relatedLocations"] = [
            {**_location(r.file, r.line, r.column), "id": i, "message": {"text": r.message}}
            for i, r in enumerate(d.related)
        ]
    if d.pointer:
        result["properties"] = {"pointer": d.pointer}
    if d.sources:
        result.setdefault("properties", {})["sources"] = [{"doc": s.doc, "line": s.line} for s in d.sources]
    if d.accepted:
        result["suppressions"] = [{"kind": "external", "justification": d.reason or ""}]
    return result


class SarifReporter(Reporter):
    def emit(self, report: Report) -> None:
        codes = sorted({d.code for d in report.diagnostics})
        rules = []
        for code in codes:
            known = lookup(code)
            rule: dict[str, Any] = {"id": code}
            if known is not None:
                rule.update(name=known.name, shortDescription={"text": known.summary},
                            fullDescription={"text": known.explanation}, help={"text": known.fix},
                            defaultConfiguration={"level": _LEVELS[known.severity]})
            rules.append(rule)
        index = {code: i for i, code in enumerate(codes)}
        log = {
            "$schema": SARIF_SCHEMA,
            "version": "2.1.0",
            "runs": [{
                "tool": {"driver": {"name": "deckwright", "version": __version__,
                                    "informationUri": "https://deckwright.dev", "rules": rules}},
                "results": [_result(d, index[d.code]) for d in report.diagnostics],
            }],
        }
        json.dump(log, self.stream, indent=2, ensure_ascii=False)
        self.stream.write("\n")
