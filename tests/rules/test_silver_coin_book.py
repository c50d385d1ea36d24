"""The shipped Silver Coin pack encodes its book completely: every rule line cited or marked not rules, every
number on a cited line a fact of a citing clause (or marked as stating no rule), every worked example recomputed
by a claim from the rule's facts, and at most a tenth of the facts read by nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckwright.model import Pack, load_pack
from deckwright.rules.consumption import check_unread, survey
from deckwright.diagnostic import Severity
from deckwright.rules.coverage import check_coverage, severity_of
from deckwright.rules.examples import check_examples
from deckwright.rules.facts import fact_index
from deckwright.rules.numbers import check_numbers

ROOT = Path(__file__).parents[2]
SEEDS = ROOT.parent / "shared" / "seeds"

pytestmark = pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebooks (../shared/seeds) are not beside the checkout")


@pytest.fixture(scope="module")
def pack() -> Pack:
    loaded = load_pack(ROOT / "content" / "silver-coin", "content/silver-coin").pack
    assert loaded is not None
    return loaded


def test_every_rule_line_is_cited_and_every_number_on_one_is_encoded(pack: Pack) -> None:
    coverage = list(check_coverage(pack, SEEDS))
    assert [d.code for d in coverage] == ["DW429"] and "(100.0%)" in coverage[0].message
    assert [d.message for d in check_numbers(pack, SEEDS)] == []


def test_every_worked_example_is_recomputed_and_few_facts_are_unread(pack: Pack) -> None:
    log = survey(pack)
    assert [d.message for d in check_examples(pack, log)] == []
    unread = [d.subject for d in check_unread(pack, log)]
    assert len(unread) <= 0.1 * len(fact_index(pack).statements), unread


def test_the_manifest_makes_any_gap_an_error(pack: Pack) -> None:
    """CI then fails on a new uncovered line, unencoded number or unrecomputed example, not only this test."""
    assert [severity_of(pack, kind) for kind in ("uncovered", "numbers", "examples")] == [Severity.ERROR] * 3
