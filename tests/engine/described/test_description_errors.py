"""Mistakes in an engine description are diagnostics at their line and column, never a crash."""

from __future__ import annotations

from deckwright.model import load_pack
from deckwright.runs.driver import run_pack
from deckwright.runs.lint import lint_job
from deckwright.runs.targets import PackTarget


def _lint(folder):
    return list(run_pack(PackTarget(folder, folder.name), load_pack(folder, folder.name), lint_job).diagnostics)


def _at(found, code):
    return [(d.line, d.column, d.message) for d in found if d.code == code]


def test_an_unknown_zone_is_reported_where_it_is_named_with_a_suggestion(variant):
    folder = variant("harbor-market", {"engine.yaml": [("- move: {from: hand, to: discard, cards: all}",
                                                        "- move: {from: hand, to: discrad, cards: all}")]})
    found = _lint(folder)
    (problem,) = [d for d in found if d.code == "DW531"]
    assert (problem.file, problem.line) == ("harbor-market/engine.yaml", 27)
    assert "there is no zone 'discrad'" in problem.message and "discard" in (problem.hint or "")


def test_a_fact_no_clause_states_is_reported_at_the_fact(variant):
    folder = variant("lantern-dive", {"engine.yaml": [("{fact: lantern.oil}}", "{fact: lantern.oyl}}")]})
    found = _lint(folder)
    missing = _at(found, "DW532")
    assert missing and all("lantern.oyl" in m for _, _, m in missing)
    assert missing[0][0] == 8


def test_an_effect_the_engine_does_not_have_is_a_schema_error_at_its_line(variant):
    folder = variant("tide-pools", {"engine.yaml": [("effects: [draw: {from: deck, to: hand}]",
                                                      "effects: [teleport: {from: deck, to: hand}]")]})
    found = _lint(folder)
    errors = [d for d in found if d.severity.value == "error"]
    assert errors and all(d.file.endswith("engine.yaml") for d in errors)
    assert {(d.line, d.code) for d in errors} == {(23, "DW204")}


def test_an_expression_that_does_not_parse_points_into_it(variant):
    folder = variant("tide-pools", {"engine.yaml": [("if: len(me.hand) < hand.limit\n", "if: len(me.hand) <\n")]})
    (line, _, message), = _at(_lint(folder), "DW531")
    assert line == 18 and "does not parse" in message


def test_a_card_effect_naming_an_unknown_counter_is_reported_on_the_card(variant):
    folder = variant("lantern-dive", {"cards/treasure.yaml": [("effect: [gain: {resource: haul, amount: 2}]",
                                                                "effect: [gain: {resource: hual, amount: 2}]")]})
    (problem,) = [d for d in _lint(folder) if d.code == "DW531"]
    assert problem.file.endswith("cards/treasure.yaml") and problem.line == 3 and "hual" in problem.message


def test_described_engine_without_a_file_and_a_file_no_engine_plays(variant):
    folder = variant("tide-pools", {"pack.yaml": [("  - {include: engine.yaml, kind: engine}\n", "")]})
    found = _lint(folder)
    assert [d.line for d in found if d.code == "DW533"] == [9]  # `engine: described`
    folder = variant("lantern-dive", {"pack.yaml": [("engine: described\n", "engine: silver-coin\n")]})
    assert [d.file for d in _lint(folder) if d.code == "DW309"] == ["lantern-dive/engine.yaml"]


def test_a_pack_with_an_engine_file_and_no_engine_named_is_played_by_the_yaml_engine(variant):
    folder = variant("lantern-dive", {"pack.yaml": [("engine: described\n", "")]})
    loaded = load_pack(folder, folder.name)
    assert loaded.pack is not None and loaded.pack.engine == "described"
    assert not [d for d in _lint(folder) if d.severity.value != "info"]


def test_a_zone_limit_that_is_not_known_before_play_is_refused(variant):
    folder = variant("tide-pools", {"engine.yaml": [("limit: {fact: pool.size}", "limit: {expr: len(me.hand)}")]})
    (line, _, message), = _at(_lint(folder), "DW531")
    assert line == 5 and "known before play" in message


def test_shuffling_a_face_up_zone_is_refused_rather_than_ignored(variant):
    folder = variant("tide-pools", {"engine.yaml": [("  end:\n    - refill: {zone: pool, from: deck}",
                                                      "  end:\n    - shuffle: {zone: pool}\n    - refill: {zone: pool, from: deck}")]})
    (line, _, message), = _at(_lint(folder), "DW531")
    assert line == 14 and "not a face-down deck" in message
