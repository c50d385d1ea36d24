"""Probes of a described game answer claims and `deckwright eval`; eval prints any expression's value."""

from __future__ import annotations

import json

from deckwright.engine.described.probes import end_condition_rates, setup_feasible, terminates, win_reachable
from tests.conftest import run
from tests.engine.described.conftest import EXAMPLES


def test_probes_answer_about_the_shipped_examples(harbor, tide):
    assert setup_feasible(harbor) == {"feasible": True, "problems": []}
    assert terminates(harbor, players=3, runs=10)["terminates"] is True
    reachable = win_reachable(tide, players=2, runs=10)
    assert reachable["reachable"] and set(reachable["by"]) == {"tide-out"}
    rates = end_condition_rates(tide, players=2, runs=10)
    assert rates == {"rainbow": 0.0, "tide-out": 1.0}


def test_eval_prints_a_fact_a_table_and_a_probe(workdir):
    pack = str(EXAMPLES / "lantern-dive")
    assert run("eval", pack, "lantern.oil * 3").output == "12\n"
    table = run("eval", pack, "tally([c.value for c in each(entities('treasure-card'))])")
    assert json.loads(table.output) == {"-2": 2, "1": 12, "2": 10, "3": 6}
    answer = run("eval", pack, "probe('end_condition_rates', players=2, runs=5)", "--format", "json").json()
    assert answer["value"] == {"jackpot": 0.0, "chip-goal": 1.0} and answer["version"] == 1


def test_eval_reports_a_bad_expression_without_a_traceback(workdir):
    pack = str(EXAMPLES / "lantern-dive")
    unknown = run("eval", pack, "lantern.oyl")
    assert unknown.exit_code == 1 and "no clause states the fact 'lantern.oyl'" in unknown.stderr
    assert "lantern.oil" in unknown.stderr
    broken = run("eval", pack, "1 +")
    assert broken.exit_code == 1 and "does not parse" in broken.stderr


def test_a_claim_can_ask_the_described_engine(variant):
    from deckwright.model import load_pack
    from deckwright.rules.claims import check_claims

    folder = variant("tide-pools", {"rules/05-end.yaml": [
        ("    source: [{doc: rulebook, line: 25}]\n",
         "    source: [{doc: rulebook, line: 25}]\n    claims:\n      - id: tide-ends-games\n"
         "        expr: \"probe('end_condition_rates', players=3, runs=5)['tide-out'] < 0.5\"\n")]})
    found = list(check_claims(load_pack(folder, "tide-pools").pack))
    assert [d.code for d in found] == ["DW401"]  # every playout ends by the tide, so the claim fails
    assert "tide-ends-games" in found[0].message and "1.0" in found[0].message
