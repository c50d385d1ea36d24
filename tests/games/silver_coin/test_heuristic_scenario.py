"""The heuristic policy in the Scenario Book's scenarios (heuristic_scenario.py): seeded positions of the
shipped pack where it makes the choice that serves the company, and seeded games it wins."""

from __future__ import annotations

import random

from deckwright.engine.parallel import play_many
from deckwright.games.silver_coin import combat
from deckwright.games.silver_coin.actions import location_options
from deckwright.games.silver_coin.court import tavern_cap
from deckwright.games.silver_coin.engine import SilverCoin
from deckwright.games.silver_coin.heuristic import heuristic
from deckwright.games.silver_coin.heuristic_scenario import CONTINUE_MIN, FIGHT_MIN
from deckwright.games.silver_coin.scenario_flow import END_WON
from deckwright.games.silver_coin.state import State
from deckwright.model import Pack
from tests.games.silver_coin.test_world import _action_phase

GAME = SilverCoin()


def _choice(state: State) -> tuple[object, ...]:
    return heuristic(GAME, state, random.Random(1))


def _olm_at_capital(pack: Pack) -> tuple[State, int]:
    """Olm Infestation's first Action Token at a capital, and a kingdom whose Tavern row holds two missions."""
    state = _action_phase(pack, "olm-infestation", 1)
    table = state.table
    assert state.hunters[state.seat].place in table.capitals
    kingdom = next(k for k in sorted(table.mode.playable) if tavern_cap(state, k) == 2)  # type: ignore[union-attr]
    return state, kingdom


def _regular(state: State, kingdom: int, skip: int = 0) -> int:
    mode = state.table.mode
    assert mode is not None
    found = [m for m, (k, _) in enumerate(state.table.missions) if k == kingdom and m not in mode.olm_missions]
    return found[skip]


def test_the_olm_hunter_takes_the_olm_mission_before_a_regular_one(sc_pack: Pack) -> None:
    state, kingdom = _olm_at_capital(sc_pack)
    mode = state.table.mode
    assert mode is not None
    other = next(k for k in sorted(mode.playable) if k != kingdom)
    olm = next(m for m in mode.olm_missions if state.table.missions[m][0] == other)
    state.tavern = [(_regular(state, kingdom), 1), (olm, 1)]  # its row has room: taking it frees nothing
    state.step, state.done = "location", set()
    assert _choice(state) == ("take", 1)


def test_the_olm_hunter_frees_a_full_tavern_row_and_drops_the_mission_it_took(sc_pack: Pack) -> None:
    state, kingdom = _olm_at_capital(sc_pack)
    state.tavern = [(_regular(state, kingdom), 1), (_regular(state, kingdom, 1), 1)]  # the next Olm Mission would go
    state.step, state.done = "location", set()
    assert _choice(state)[0] == "take"
    state = GAME.apply(state, _choice(state))
    while state.chance is not None or state.step == "reveal":
        state = GAME.apply(state, GAME.legal_actions(state)[-1])
    state = GAME.apply(state, ("done",))
    assert len(state.hunters[state.seat].missions) == 1
    assert _choice(state) == ("discard-mission", 0)  # free of Action Tokens, and its hold is free again


def test_a_scenario_hunter_flees_a_battle_it_is_more_likely_to_lose(sc_pack: Pack) -> None:
    state = _action_phase(sc_pack, "olm-infestation", 1)
    table = state.table
    hunter = state.hunters[state.seat]
    mode = table.mode
    assert mode is not None
    mission = mode.olm_missions[0]
    monster = next(i for i, m in enumerate(table.monsters) if m.id == "monster-l1-19")
    hunter.place, hunter.missions = table.missions[mission][1], [(mission, monster, True)]
    state.step, state.done = "location", set()
    state = GAME.apply(GAME.apply(state, ("fight", 0)), ("attack",))
    state.chance, state.step = None, "flee"  # after the first round, before the next
    hunter = state.hunters[state.seat]
    hunter.health, hunter.experience, hunter.magical = hunter.max_health, 0, 0
    chance = combat.odds(state, state.seat, monster)
    assert 0.35 <= chance < CONTINUE_MIN  # the standard game's hunter fights on at these odds
    assert _choice(state) == ("flee",)  # a battle lost would lose the scenario
    hunter.experience, hunter.magical = 3, 3
    assert combat.odds(state, state.seat, monster) >= CONTINUE_MIN and _choice(state) == ("continue",)


def test_an_ashgar_hunter_buys_color_dice_while_the_objectives_are_out_of_reach(sc_pack: Pack) -> None:
    state = _action_phase(sc_pack, "ashgar-plague", 2)
    table = state.table
    hunter = state.hunters[state.seat]
    for place in range(len(table.places)):  # a town away from the capitals where a Location Action offers nothing
        hunter.place = place
        if place not in table.capitals and not location_options(state, state.seat) and not state.map_poison.get(place):
            break
    assert any(a[:2] == ("global", "dice") for a in GAME.legal_actions(state))
    assert _choice(state)[:2] == ("global", "dice")


def test_an_ashgar_hunter_leaves_the_tavern_missions_where_they_are_fought(sc_pack: Pack) -> None:
    state = _action_phase(sc_pack, "ashgar-plague", 2)
    assert state.hunters[state.seat].place in state.table.capitals
    state.step, state.done = "location", set()
    assert any(a[0] == "take" for a in GAME.legal_actions(state))
    assert _choice(state)[0] != "take"  # taken at the capital it would only fill a hold


def test_an_ashgar_hunter_engages_an_objective_only_when_it_can_win_it(sc_pack: Pack) -> None:
    state = _action_phase(sc_pack, "ashgar-plague", 1)
    table = state.table
    hunter = state.hunters[state.seat]
    objective = state.objectives[0]
    objective[1], objective[3] = next(i for i, m in enumerate(table.monsters) if m.level == 2), 1
    hunter.place = table.missions[objective[0]][1]
    state.step, state.done = "location", set()
    assert ("objective", 0) in GAME.legal_actions(state)
    assert combat.odds(state, state.seat, objective[1], potions=2) < FIGHT_MIN
    assert _choice(state) != ("objective", 0)
    hunter.dice, hunter.knowledge, hunter.experience = ["red", "blue", "green"], list(range(6)), 3
    assert _choice(state) == ("objective", 0)


def test_the_heuristic_wins_both_scenarios_in_seeded_games(sc_pack: Pack) -> None:
    """Before heuristic_scenario no heuristic game of Ashgar at 3 players was won in 200 seeds from 7."""
    olm = play_many(GAME, GAME.compile(sc_pack, "olm-infestation", 1), 7, 12, ["heuristic"], check=False)
    assert any(r.end == END_WON for r in olm)
    for players in (1, 2, 3):
        ashgar = play_many(GAME, GAME.compile(sc_pack, "ashgar-plague", players), 7, 4, ["heuristic"], check=False)
        assert any(r.end == END_WON for r in ashgar)
