"""The shortcuts Silver Coin's check takes for speed give what the long way gives: chance drawn without
listing its outcomes, the hand bonus memoised per board, the map's tables shared between tables of a
pack, each distinct battle solved once."""

from __future__ import annotations

import random

import pytest

from deckwright.engine.playout import sample_chance
from deckwright.gamekit import CHANCE
from deckwright.games.silver_coin import battle, knowledge_board
from deckwright.games.silver_coin.engine import SilverCoin
from deckwright.games.silver_coin.state import OVER, Hunter
from deckwright.games.silver_coin.table import compile_table
from deckwright.games.silver_coin.worldmap import LAND, SEA, WorldMap, distances
from deckwright.model import Pack


@pytest.mark.parametrize(("scenario", "players", "seed"), [("standard", 3, 11), ("olm-infestation", 1, 12), ("ashgar-plague", 2, 13)])
def test_draw_chance_draws_what_sample_chance_draws(sc_pack: Pack, scenario: str, players: int, seed: int) -> None:
    game = SilverCoin()
    table = game.compile(sc_pack, scenario, players)
    state = game.new_state(table, seed)
    rng = random.Random(seed)
    nodes, weighted = 0, False
    for _ in range(3000):
        if state.phase == OVER:
            break
        if game.current_player(state) == CHANCE:
            listed = random.Random()
            listed.setstate(rng.getstate())
            outcomes = game.chance_outcomes(state)
            weighted = weighted or len({p for _, p in outcomes}) > 1
            expected = sample_chance(outcomes, listed)
            action = game.draw_chance(state, rng)
            assert action == expected
            assert rng.getstate() == listed.getstate()  # the same numbers drawn: later draws unchanged
            nodes += 1
        else:
            action = rng.choice(game.legal_actions(state))
        game.apply_in_place(state, action)
    assert nodes > 20
    assert weighted or scenario != "standard"  # the standard game's bag draws and dice are not all even


def test_hand_bonus_memoised_per_board_is_the_sum_of_the_full_rows(sc_pack: Pack) -> None:
    table = compile_table(sc_pack, "standard", 2)
    rules = table.rules
    state = SilverCoin().new_state(table, 1)
    state.hunters[0] = Hunter()
    spaces = knowledge_board.spaces(rules)
    for cells in (0, (1 << spaces) - 1, *range(0, 1 << spaces, 37)):
        state.hunters[0].cells = cells
        by_rows = sum(extra for row, extra in enumerate(rules.row_hand) if knowledge_board.row_full(rules, cells, row))
        assert knowledge_board.hand_bonus(state, 0) == by_rows


def test_tables_of_one_map_share_its_distances(sc_pack: Pack) -> None:
    two, four = compile_table(sc_pack, "standard", 2), compile_table(sc_pack, "standard", 4)
    assert two.land == four.land and two.hidden == four.hidden
    scenario = compile_table(sc_pack, "olm-infestation", 1)
    assert scenario.land != two.land  # a scenario's travel inside its kingdoms is a table of its own


def test_map_adjacency_is_kept_per_kind_of_route(sc_pack: Pack) -> None:
    world = WorldMap.of(sc_pack)
    start = sorted(world.places)[0]
    by_road = distances(world, start, LAND)
    by_sea = distances(world, start, SEA)
    fresh = WorldMap(world.places, world.routes)  # nothing built yet
    assert distances(fresh, start, SEA) == by_sea and distances(fresh, start, LAND) == by_road
    assert world.neighbours(LAND) is world.neighbours(list(LAND))
    assert world.neighbours(LAND) != world.neighbours(SEA)


def test_a_solved_battle_is_a_fresh_answer_each_time() -> None:
    fight = battle.Battle(target=7, monster_health=2, health=3, color_dice=1, rerolls=1)
    first = battle.solve(fight)
    first["win"] = -1.0
    again = battle.solve(fight)
    assert again["win"] != -1.0 and 0.0 < again["win"] < 1.0
    assert again == battle.solve(battle.Battle(target=7, monster_health=2, health=3, color_dice=1, rerolls=1))
