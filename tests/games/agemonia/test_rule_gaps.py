"""Where the book treats a Hero apart: a Hero taking its turn by a special initiative (an item letting it go
first) forfeits the round's bonus maneuver (`special_initiative.bonus_maneuver`, lines 3276-3281), and only
a Hero may try to disarm a trap (`trap.disarmers`, lines 2974-2982): a Non-Hero Ally without Fly springs it."""

from __future__ import annotations

import dataclasses

from deckwright.games.agemonia import heroes
from deckwright.games.agemonia.rulings import Rulings
from deckwright.games.agemonia.state import TURNS, State
from deckwright.games.agemonia.table import Table
from tests.games.agemonia.test_items_play import ENGINE, _index, _table
from tests.games.agemonia.test_items_reach import _turns_begin


def _with_rule(table: Table, name: str, value: object) -> Table:
    rules = table.rules
    changed = Rulings(rules.book, rules.scenario, rules.order, {**rules, name: value})
    return dataclasses.replace(table, rules=changed)


def _bonus_round(state: State) -> State:
    """The same position on an Initiative card whose bonus maneuver symbol is the Hero's initiative."""
    state = state.copy()
    state.face = next(i for i, f in enumerate(state.table.faces) if f.bonus == heroes.initiative(state, 0))
    return state


def test_a_hero_going_first_by_an_item_gets_no_bonus_maneuver(agm_pack):
    table = _table(agm_pack, "board-lunara", [{"item": "tear-of-eti"}])
    tear = _index(table, "tear-of-eti")
    rules = table.rules
    assert rules["special_initiative.bonus_maneuver"] is False
    state = _bonus_round(_turns_begin(table))
    assert state.pending[0] == ("react", "first", 0, 0)
    first = ENGINE.apply(state, ("react", tear))
    assert first.queue[0] == 0 and first.seat == 0 and first.special == 1
    assert first.maneuvers == rules["hero_turn.maneuvers"] and "bonus-maneuver" not in first.usage
    # the same Hero, not going first, takes the bonus maneuver on its turn
    waited = ENGINE.apply(state, ("react", -1))
    heroes.begin_turn(waited, 0)
    assert waited.special == 0
    assert waited.maneuvers == rules["hero_turn.maneuvers"] + rules["bonus_maneuver.extra_maneuvers"]
    # a pack whose rule let a special initiative keep the bonus gives it
    kept = _bonus_round(_turns_begin(_with_rule(table, "special_initiative.bonus_maneuver", True)))
    kept = ENGINE.apply(kept, ("react", tear))
    assert kept.seat == 0 and kept.maneuvers == rules["hero_turn.maneuvers"] + rules["bonus_maneuver.extra_maneuvers"]


def test_the_special_initiative_ends_with_the_round(agm_pack):
    table = _table(agm_pack, "board-lunara", [{"item": "tear-of-eti"}])
    state = ENGINE.apply(_turns_begin(table), ("react", _index(table, "tear-of-eti")))
    while state.round == 1 and not ENGINE.is_terminal(state):
        state = ENGINE.apply(state, ENGINE.legal_actions(state)[0])
    assert state.round == 2 and state.special == 0


def _into_trap(pack, fly: bool, table: Table | None = None) -> tuple[State, int]:
    """The Sky Bridge's Non-Hero Ally that flies (or not), stepping from the bridge's west end into its trapped
    middle."""
    table = table or ENGINE.compile(pack, "sample-sky-bridge", 1)
    ally = next(i for i, h in enumerate(table.heroes) if h.ally and h.fly == fly)
    state = ENGINE.new_state(dataclasses.replace(table, parties=()), 0)
    west, mid = table.areas.index("bridge-west"), table.areas.index("bridge-mid")
    assert mid in state.traps
    state.h_area[ally], state.h_exhausted[ally] = west, False
    state.phase, state.pending, state.seat, state.acts, state.maneuvers, state.move_points = TURNS, [], ally, 1, 1, 2
    return ENGINE.apply(state, ("step", mid)), ally


def test_a_non_hero_ally_without_fly_springs_a_trap_and_may_not_disarm_it(agm_pack):
    assert ENGINE.compile(agm_pack, "sample-sky-bridge", 1).rules["trap.disarmers"] == ["hero"]
    state, ally = _into_trap(agm_pack, fly=False)
    assert not state.table.heroes[ally].fly and state.trap_choice
    assert ENGINE.legal_actions(state) == [("spring",)]
    sprung = ENGINE.apply(state, ("spring",))
    assert sprung.pending[0][0] == "trap" and sprung.pending[0][2] == ally
    flying, _ = _into_trap(agm_pack, fly=True)
    assert ENGINE.legal_actions(flying) == [("spring",), ("fly-over",)]
    # the Hero stepping into the trap may try to disarm it
    hero = ENGINE.new_state(dataclasses.replace(state.table, parties=()), 0)
    hero.h_area[0] = state.table.areas.index("bridge-west")
    hero.phase, hero.pending, hero.seat, hero.acts, hero.maneuvers, hero.move_points = TURNS, [], 0, 1, 1, 2
    hero = ENGINE.apply(hero, ("step", state.table.areas.index("bridge-mid")))
    expected = [("disarm",), ("spring",)] + ([("fly-over",)] if state.table.heroes[0].fly else [])
    assert ENGINE.legal_actions(hero) == expected
    # a pack naming Non-Hero Allies among the disarmers lets them try
    table = _with_rule(ENGINE.compile(agm_pack, "sample-sky-bridge", 1), "trap.disarmers", ["hero", "non_hero_ally"])
    allowed, _ = _into_trap(agm_pack, fly=False, table=table)
    assert ENGINE.legal_actions(allowed) == [("disarm",), ("spring",)]
