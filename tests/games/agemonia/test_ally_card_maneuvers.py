"""A Non-Hero Ally's move maneuver and recover maneuver are its card's (lines 1883, 1911, 1898): it moves the
movement points its card shows (`move`, the pack's where the icon is lost) and recovers only if its card shows
a recover maneuver (`recover`: most Non-Hero Allies have one, always a heal)."""

from __future__ import annotations

import dataclasses

from deckwright.games.agemonia.state import TURNS, State
from deckwright.games.agemonia.table import Table
from tests.games.agemonia.test_items_play import ENGINE


def _ally_turn(table: Table, ally: int) -> State:
    state = ENGINE.new_state(dataclasses.replace(table, parties=()), 0)
    state.h_area[ally], state.h_exhausted[ally] = table.areas.index("landing"), False
    state.phase, state.pending, state.seat, state.acts, state.maneuvers = TURNS, [], ally, 1, 1
    state.h_wounds[ally] = 1
    return state


def _with_card(table: Table, ally: int, **values: object) -> Table:
    figures = list(table.heroes)
    figures[ally] = dataclasses.replace(figures[ally], **values)
    return dataclasses.replace(table, heroes=tuple(figures))


def test_a_non_hero_ally_moves_and_recovers_as_its_card_shows(agm_pack):
    table = ENGINE.compile(agm_pack, "sample-sky-bridge", 1)
    ally = next(i for i, h in enumerate(table.heroes) if h.ally)
    card = agm_pack.by_id[table.heroes[ally].hero]
    assert table.heroes[ally].move == card.get("move") and table.heroes[ally].recovers is card.get("recover") is True
    state = _ally_turn(table, ally)
    assert ("recover", "heal") in ENGINE.legal_actions(state) and ("move", 1) not in ENGINE.legal_actions(state)
    assert ENGINE.apply(state, ("move", 0)).move_points == card.get("move")
    # an Ally card showing a longer move and no recover maneuver: the Hero's free move is not its own
    other = _with_card(table, ally, move=int(table.rules["hero.free_move_points"]) + 1, recovers=False)
    state = _ally_turn(other, ally)
    assert ("recover", "heal") not in ENGINE.legal_actions(state)
    assert ENGINE.apply(state, ("move", 0)).move_points == int(table.rules["hero.free_move_points"]) + 1
    # a Hero's move maneuvers stay the Hero rule's
    hero = _ally_turn(other, 0)
    assert ENGINE.apply(hero, ("move", 0)).move_points == int(table.rules["hero.free_move_points"])
