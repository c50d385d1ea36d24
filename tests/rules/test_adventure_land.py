"""The shipped Adventure Land pack: the book's contradictions and gaps come out of the checker,
acknowledged with reasons, and nothing else fails."""

from __future__ import annotations

from pathlib import Path

from deckwright.lint import PackTarget
from deckwright.rules.check import run_check

PACK = Path(__file__).parents[2] / "content" / "adventure-land"


def test_adventure_land_is_clean_apart_from_acknowledged_findings() -> None:
    report = run_check([PackTarget(PACK, "content/adventure-land")])
    assert report.errors == 0
    assert sorted(d.code for d in report.diagnostics if d.accepted) == ["DW400"] + ["DW401"] * 4
    assert not [d for d in report.diagnostics if d.code == "DW330"]  # no stale acknowledgement


def test_refill_rule_against_end_condition_is_found_with_its_citations() -> None:
    report = run_check([PackTarget(PACK, "content/adventure-land")])
    (found,) = [d for d in report.diagnostics if "claim 'stockpile-end-can-fire'" in d.message]
    assert found.code == "DW401" and found.accepted
    assert found.file == "content/adventure-land/rules/09-end-of-game.yaml"
    cited = {str(c.line) for c in found.sources}
    assert {"167", "163", "153"} <= cited
    (gold,) = [d for d in report.diagnostics if d.code == "DW400"]
    assert "fight.gold_spent.returns_to" in gold.message
    assert {str(c.line) for c in gold.sources} == {"143", "145", "153"}
