"""Traps as the book has them: a Trap card is an area attack on each Ally and each Enemy in the trap's area,
a flying Ally too (`trap.area_attack`, lines 5388, 1893-1894)."""

from __future__ import annotations

import dataclasses

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
