"""The shipped Adventure Land pack: the book's contradictions and gaps come out of the checker,
acknowledged with reasons, and nothing else fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckwright.diagnostic import Severity
from deckwright.runs.check import run_check
from deckwright.runs.targets import PackTarget

PACK = Path(__file__).parents[2] / "content" / "adventure-land"


def test_adventure_land_is_clean_apart_from_acknowledged_findings() -> None:
    report = run_check([PackTarget(PACK, "content/adventure-land")])
    assert report.errors == 0 and report.warnings == 0  # no stale, refused or miscounted acknowledgement
    assert sorted((d.code, d.subject) for d in report.diagnostics if d.accepted) == [
        ("DW400", "fight.gold_spent.returns_to"), ("DW401", "nobody-can-move-is-rare")]


def test_the_books_rare_end_is_measured_by_playouts_against_a_stated_threshold() -> None:
    report = run_check([PackTarget(PACK, "content/adventure-land")])
    (rare,) = [d for d in report.diagnostics if d.subject == "nobody-can-move-is-rare"]
    assert rare.code == "DW401" and rare.accepted
    assert "probe('end_condition_rates'" in rare.message and "end.nobody_can_move.max_share (0.1)" in rare.message
    assert {str(c.line) for c in rare.sources} >= {"169"}
    (gold,) = [d for d in report.diagnostics if d.code == "DW400"]
    assert "fight.gold_spent.returns_to" in gold.message
    assert {str(c.line) for c in gold.sources} == {"143", "145", "153"}


SEEDS = Path(__file__).parents[3] / "shared" / "seeds"


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebooks (../shared/seeds) are not beside the checkout")
def test_the_book_is_encoded_completely() -> None:
    """Every rule line cited, every number a fact, every term settled, examples recomputed, few facts unread;
    the pack's `coverage` settings make any gap an error."""
    report = run_check([PackTarget(PACK, "content/adventure-land")], sources_dir=SEEDS)
    open_book = [d for d in report.diagnostics if d.code in {"DW420", "DW421", "DW422", "DW423", "DW424", "DW425",
                                                               "DW426", "DW427", "DW428"} and not d.accepted]
    assert open_book == []
    (share,) = [d for d in report.diagnostics if d.code == "DW429"]
    assert "(100.0%)" in share.message and share.severity is Severity.INFO
    facts = report.extra["facts"]
    assert isinstance(facts, dict) and facts["read by nothing"] <= 0.1 * facts["total"]
