"""Conservation and limits are checked after every step, and a broken position is caught."""

from __future__ import annotations

import pytest

from deckwright.engine.described.game import DescribedGame
from deckwright.engine.parallel import play_many
from deckwright.engine.playout import play, random_policy
from tests.engine.described.conftest import NAMES, shipped

GAME = DescribedGame()


@pytest.mark.parametrize("name", NAMES)
def test_checked_playouts_keep_every_card_counter_and_supply(name):
    pack = shipped(name)
    for players in GAME.player_counts(pack):
        table = GAME.compile(pack, "base", players)
        results = play_many(GAME, table, 11, 5, ["random"], check=True)
        assert [r.violations for r in results] == [()] * 5
        assert all(r.winners for r in results)


def test_a_duplicated_card_a_lost_token_and_an_overfull_zone_are_caught(harbor):
    table = GAME.compile(harbor, "base", 3)
    state = GAME.new_state(table, 0)
    assert GAME.invariants(state) == []
    piece = state.zones[table.instance("starter-hands", 0)][0]
    state.zones[table.instance("discard", 1)].append(piece)
    state.pool[0] -= 1
    state.res[table.counter("coins", 2)] = 11
    problems = GAME.invariants(state)
    assert any(f"(piece {piece}) is in 2 zones" in p for p in problems)
    assert "fame: 0 held + 49 in supply != 50 printed" in problems
    assert "counter coins of P3 is 11, outside 0..10" in problems
    market = state.zones[table.instance("market", 0)]
    market.extend(state.zones[table.instance("starter-coins", 0)][:6 - len(market)])
    assert any("market holds 6 cards, more than its limit 5" in p for p in GAME.invariants(state))


def test_apply_leaves_the_given_state_unchanged_and_replays_exactly(lantern):
    table = GAME.compile(lantern, "base", 2)
    state = GAME.new_state(table, 3)
    action = GAME.legal_actions(state)[0]
    after = GAME.apply(state, action)
    assert state.steps == 0 and after.steps == 1
    first = play(GAME, table, 9, [random_policy], ("random",), record=True)
    second = play(GAME, table, 9, [random_policy], ("random",), record=True)
    assert first == second and first.log


def test_chance_nodes_list_exact_probabilities(lantern):
    table = GAME.compile(lantern, "base", 2)
    state = GAME.new_state(table, 0)
    GAME.apply_in_place(state, next(a for a in GAME.legal_actions(state) if GAME.action_to_string(state, a) == "dive"))
    assert GAME.chance_outcomes(state) == [(face, 1 / 6) for face in range(1, 7)]
    GAME.apply_in_place(state, 4)
    outcomes = dict(GAME.chance_outcomes(state))
    assert outcomes == {"cave-bat": 2 / 30, "coin-purse": 12 / 30, "pearl": 10 / 30, "ruby": 6 / 30}


def test_results_are_the_same_with_worker_processes(tide):
    table = GAME.compile(tide, "base", 3)
    assert play_many(GAME, table, 5, 8, ["random"], workers=2) == play_many(GAME, table, 5, 8, ["random"])
