"""Each reporter's exact output for a known report."""

from __future__ import annotations

import io
import json

from deckwright.diagnostic import Citation, Diagnostic, Related, Report, Severity
from deckwright.report import REPORTERS

REPORT = Report.of([
    Diagnostic("DW321", Severity.ERROR, "drops[] refers to 'x', which does not exist", "p/cards.yaml", 7, 10,
               "/0/drops/0", hint="did you mean 'y'?"),
    Diagnostic("DW320", Severity.ERROR, "id 'a' is already used", "p/a.yaml", 2, 7, "/1/id",
               related=(Related("p/b.yaml", 1, 7, "first 'a'"),), sources=(Citation("rulebook", 12),)),
    Diagnostic("DW105", Severity.WARNING, "yes, but", "p/a.yaml", 5, 3),
    Diagnostic("DW322", Severity.ERROR, "deck short", "p/pack.yaml", 9, 1, accepted=True, reason="known"),
], packs=1)


def render(fmt: str) -> str:
    stream = io.StringIO()
    REPORTERS[fmt](stream).emit(REPORT)
    return stream.getvalue()


def test_json_follows_the_public_contract() -> None:
    data = json.loads(render("json"))
    assert data["version"] == 1
    assert data["summary"] == {"errors": 2, "warnings": 1, "info": 0, "accepted": 1, "packs": 1}
    first = data["diagnostics"][0]
    assert set(first) >= {"code", "severity", "message", "file", "line", "column", "pointer", "related", "sources",
                          "hint", "accepted"}
    assert first["related"] == [{"file": "p/b.yaml", "line": 1, "column": 7, "message": "first 'a'"}]
    assert first["sources"] == [{"doc": "rulebook", "line": 12}]


def test_text_groups_by_file_and_ends_with_a_summary() -> None:
    lines = render("text").splitlines()
    assert lines[0] == "p/a.yaml"
    assert lines[1].split()[:3] == ["2:7", "error", "id"]
    assert lines[2].strip() == "see p/b.yaml:1:7: first 'a'"
    assert lines[-1] == "2 errors, 1 warning, 1 accepted, 1 pack"


def test_github_annotations_escape_and_mark_accepted_as_notice() -> None:
    out = render("github").splitlines()
    assert out[0] == "::error file=p/a.yaml,line=2,col=7,title=DW320::id 'a' is already used"
    assert out[-2].startswith("::notice file=p/pack.yaml,line=9,col=1,title=DW322::accepted: deck short")


def test_sarif_has_rules_results_and_suppressions() -> None:
    log = json.loads(render("sarif"))
    assert log["version"] == "2.1.0"
    run = log["runs"][0]
    assert {r["id"] for r in run["tool"]["driver"]["rules"]} == {"DW105", "DW320", "DW321", "DW322"}
    accepted = [r for r in run["results"] if r["ruleId"] == "DW322"][0]
    assert accepted["suppressions"][0]["justification"] == "known"
    assert run["results"][0]["locations"][0]["physicalLocation"]["region"] == {"startLine": 2, "startColumn": 7}


def test_exit_codes() -> None:
    assert REPORT.exit_code() == 1
    clean = Report.of([Diagnostic("DW105", Severity.WARNING, "w")])
    assert clean.exit_code() == 0
    assert clean.exit_code(strict=True) == 1
