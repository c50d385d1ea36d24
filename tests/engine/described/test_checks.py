"""What playouts of a described game reveal with no claim written: each finding from a broken variant."""

from __future__ import annotations

from deckwright.engine.check import check_engine
from deckwright.model import load_pack


def _check(folder, runs=6):
    pack = load_pack(folder, folder.name).pack
    assert pack is not None
    return check_engine(pack, runs=runs)


def _codes(found):
    return {d.code for d in found}


def test_an_end_condition_waiting_on_a_zone_that_is_always_refilled_is_reported_with_what_was_seen(variant):
    # Banked creatures are shuffled back into the tide deck every turn: it never runs out.
    folder = variant("tide-pools", {
        "engine.yaml": [("  end:\n    - refill: {zone: pool, from: deck}",
                         "  end:\n    - shuffle: {zone: collection, into: deck}\n    - refill: {zone: pool, from: deck}"),
                        ("{id: tide-out, when: {zone_empty: deck}, timing: end-of-round}",
                         "{id: tide-out, when: {zone_empty: deck}, timing: end-of-round}\n  - {id: long-day, when: {rounds: 40}}")]})
    found = _check(folder)
    (unreached,) = [d for d in found if d.code == "DW502" and "'tide-out'" in d.message]
    assert unreached.message == "base: no playout of random at 2, 3, 4 players ended by 'tide-out'"
    assert unreached.subject == "base/tide-out"
    assert "zone 'deck' never emptied (it held at least" in (unreached.hint or "")
    assert "long-day" in (unreached.hint or "") and unreached.file.endswith("engine.yaml")
    assert "--replay game.log" in (unreached.hint or "")


def test_a_win_target_beyond_the_tokens_printed_is_reported(variant):
    folder = variant("lantern-dive", {"rules/04-end.yaml": [("end.chip_goal: 30", "end.chip_goal: 210")],
                                      "engine.yaml": [("{fact: end.jackpot}}}}", "{fact: end.jackpot}}}, timing: end-of-round}\n  - {id: dusk, when: {rounds: 12}}")]})
    found = _check(folder)
    (beyond,) = [d for d in found if d.code == "DW536"]
    assert "chips 210" in beyond.message and "200 tokens" in beyond.message
    assert not [d for d in found if d.code == "DW502" and d.subject == f"base/{beyond.subject}"]  # no end the game can come to


def test_a_setup_the_components_cannot_supply_at_the_largest_table_is_reported(variant):
    folder = variant("harbor-market", {"rules/02-setup.yaml": [("setup.copper_coins: 7", "setup.copper_coins: 8")]})
    found = _check(folder, runs=2)
    setups = [d.message for d in found if d.code == "DW504"]
    assert setups == ["4 players: deal from 'starter-coins' to 'deck of P4' came up 4 short"]


def test_a_position_with_no_legal_action_is_a_deadlock_with_its_seed(variant):
    folder = variant("tide-pools", {"engine.yaml": [("    choose: {card: hand}\n    effects: [move: {from: hand, to: collection",
                                                      "    choose: {card: hand}\n    if: len(me.hand) < 0\n    effects: [move: {from: hand, to: collection")]})
    found = _check(folder)
    (deadlock,) = [d for d in found if d.code == "DW537" and d.message.startswith("2 players")]
    assert "seed" in deadlock.message and "--seed" in (deadlock.hint or "")


def test_an_expression_that_fails_in_play_is_reported_at_the_expression(variant):
    folder = variant("harbor-market", {"engine.yaml": [("amount: {expr: chosen.fame}", "amount: {expr: chosen.glory}")]})
    found = _check(folder, runs=2)
    errors = [d for d in found if d.code == "DW538"]
    assert errors and all(d.file.endswith("engine.yaml") and d.line == 38 for d in errors)
    assert "glory" in errors[0].message


def test_a_trigger_that_feeds_itself_stops_at_the_effect_bound(variant):
    folder = variant("lantern-dive", {"engine.yaml": [("    effects: [play: chosen]",
                                                        "    effects: [play: chosen, move: {cards: chosen, to: haul-cards}]")]})
    found = _check(folder, runs=2)
    assert "DW539" in _codes(found)


def test_the_shipped_examples_have_no_unexpected_finding(harbor, lantern, tide):
    for pack, expected in ((harbor, {"DW535"}), (lantern, {"DW502"}), (tide, {"DW502"})):
        assert _codes(check_engine(pack, runs=6)) - {"DW507"} == expected


def test_a_token_supply_that_runs_out_at_the_largest_table_is_reported(variant):
    folder = variant("lantern-dive", {"pack.yaml": [("name: Treasure chips, count: 200", "name: Treasure chips, count: 90")],
                                      "rules/01-components.yaml": [("value: 200", "value: 90")],
                                      "rules/04-end.yaml": [("end.chip_goal: 30", "end.chip_goal: 25")]})
    found = _check(folder)
    short = [d.message for d in found if d.code == "DW540"]
    assert short and short[-1].startswith("5 players: the 90 tokens of 'chips' ran out in")
    assert not any(m.startswith("2 players") for m in short)
