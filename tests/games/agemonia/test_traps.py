"""Traps as the book has them: a Trap card is an area attack on each Ally and each Enemy in the trap's area,
a flying Ally too (`trap.area_attack`, lines 5388, 1893-1894), and a figure starting its turn in a trapped
area meets the trap as one moving in (`trap.springs_at_turn_start`, lines 2974-2982)."""

from __future__ import annotations

import dataclasses

from deckwright.games.agemonia import enemies, heroes
from deckwright.games.agemonia.figures import ENEMY
from deckwright.games.agemonia.state import TURNS, State
from deckwright.games.agemonia.table import Table
from tests.games.agemonia.test_items_play import ENGINE
from tests.games.agemonia.test_rule_gaps import _with_rule


def _sky_bridge(pack, table: Table | None = None) -> tuple[State, int, int, int]:
    """The Sky Bridge with its flying Non-Hero Ally in the trapped middle of the bridge, where a Skitterer is
    set up, and its walking Non-Hero Ally there too, about to spring the trap (it has just come in)."""
    table = table or ENGINE.compile(pack, "sample-sky-bridge", 1)
    flyer = next(i for i, h in enumerate(table.heroes) if h.ally and h.fly)
    walker = next(i for i, h in enumerate(table.heroes) if h.ally and not h.fly)
    state = ENGINE.new_state(dataclasses.replace(table, parties=()), 0)
    mid = table.areas.index("bridge-mid")
    assert mid in state.traps
    state.h_area[flyer], state.h_exhausted[flyer] = mid, False
    state.h_area[walker], state.h_exhausted[walker] = mid, False
    state.phase, state.pending, state.seat, state.acts, state.maneuvers = TURNS, [], walker, 1, 1
    state.trap_choice = True
    return state, flyer, walker, mid


def _damage_card(table: Table) -> int:
    return next(i for i, card in enumerate(table.trap_cards) if not card.active and not card.conditions)


def test_a_trap_card_hits_every_ally_and_enemy_in_the_area(agm_pack):
    state, flyer, walker, mid = _sky_bridge(agm_pack)
    assert state.table.rules["trap.area_attack"] is True
    foes = [slot for slot, at in enumerate(state.e_area) if at == mid]
    assert foes and all(i != 0 for i in (flyer, walker)) and state.h_area[0] != mid
    sprung = ENGINE.apply(state, ("spring",))
    assert sprung.pending[0][0] == "trap" and sprung.pending[0][2:] == (walker, mid)
    card = _damage_card(state.table)
    hit = ENGINE.apply(sprung, ("trap", card))
    damage = int(state.table.rules["trap.damage"])
    # the Enemy in the area suffers the card's full effect; each Ally there, the flying one that did not spring
    # it too, rolls its reactive check against the card (the first Ally's first); the Hero elsewhere does not
    for slot in foes:
        assert hit.e_health[slot] == sprung.e_health[slot] - damage or hit.e_area[slot] != mid
    checks = [entry for entry in hit.pending if entry[0] == "roll" and entry[3] == "trap-check"]
    assert [entry[4] for entry in checks] == sorted([flyer, walker]) and all(e[5] == card for e in checks)
    assert hit.usage["trap-hit-several"] == 1
    # a pack whose Trap cards hit only the figure that sprang it
    table = _with_rule(ENGINE.compile(agm_pack, "sample-sky-bridge", 1), "trap.area_attack", False)
    alone, _, _, _ = _sky_bridge(agm_pack, table)
    alone = ENGINE.apply(ENGINE.apply(alone, ("spring",)), ("trap", card))
    assert [e[4] for e in alone.pending if e[0] == "roll" and e[3] == "trap-check"] == [walker]
    assert all(alone.e_health[slot] == sprung.e_health[slot] for slot in foes)


def test_a_figure_starting_its_turn_on_a_trap_meets_it(agm_pack):
    """Lines 2974-2982: a Hero starting its turn in a trapped area may try to disarm it, a Non-Hero Ally or
    an Enemy without Fly springs it; an Enemy set up there springs it at the start of its first turn."""
    table = ENGINE.compile(agm_pack, "sample-sky-bridge", 1)
    assert table.rules["trap.springs_at_turn_start"] is True
    state = ENGINE.new_state(dataclasses.replace(table, parties=()), 0)
    mid = table.areas.index("bridge-mid")
    skitterer = next(slot for slot, at in enumerate(state.e_area) if at == mid)
    assert not table.enemy_types[state.e_type[skitterer]].fly
    # the Skitterer set up on the trap springs it as its turn starts; its turn goes on once the card is resolved
    state.phase, state.pending = TURNS, []
    enemies.begin_turn(state, skitterer)
    assert state.pending == [("trap", ENEMY, skitterer, mid), ("then", "enemy-start", skitterer)]
    assert mid not in state.traps and state.usage["trap-met-at-turn-start"] == 1
    card = _damage_card(table)
    health = state.e_health[skitterer]
    after = ENGINE.apply(state, ("trap", card))
    assert after.e_health[skitterer] == health - int(table.rules["trap.damage"]) or after.e_area[skitterer] != mid
    assert not any(entry[:2] == ("then", "enemy-start") for entry in after.pending)  # the turn went on
    # a Hero starting its turn there chooses to disarm or spring it; a walking Non-Hero Ally springs it
    walker = next(i for i, h in enumerate(table.heroes) if h.ally and not h.fly)
    for figure, options in ((0, [("disarm",), ("spring",)]), (walker, [("spring",)])):
        start = ENGINE.new_state(dataclasses.replace(table, parties=()), 0)
        start.h_area[figure], start.h_exhausted[figure], start.phase, start.pending = mid, False, TURNS, []
        heroes.begin_turn(start, figure)
        assert start.trap_choice and ENGINE.legal_actions(start)[:len(options)] == options
    # a pack whose traps wait for a figure moving in
    quiet = _with_rule(table, "trap.springs_at_turn_start", False)
    still = ENGINE.new_state(dataclasses.replace(quiet, parties=()), 0)
    still.phase, still.pending = TURNS, []
    enemies.begin_turn(still, skitterer)
    assert mid in still.traps and not any(entry[0] == "trap" for entry in still.pending)
