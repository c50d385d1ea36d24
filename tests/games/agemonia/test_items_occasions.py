"""Items whose use waits for an occasion, in play: the greedy and heuristic policies hand a Hero in their
area an item that rids it of what it suffers (wounded status, an Injury, conditions: `items.relieves`) and
pick one up when it does that for them (`kit_policy`)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from deckwright.games.agemonia import items
from deckwright.games.agemonia.policies import POLICIES
from deckwright.games.agemonia.state import State
from tests.games.agemonia.test_hero_kit import RITUAL, _turn
from tests.games.agemonia.test_items_on_map import ENGINE, _item


def _sucker_pair(agm_pack: Any) -> tuple[State, int]:
    """The Broken Ritual's listed party of two (the stash deals Lunara a Serupod Sucker): Lunara's turn with
    Zuva'Sai in her area, Lunara carrying only the Sucker."""
    table = dataclasses.replace(ENGINE.compile(agm_pack, RITUAL, 2), parties=())
    state = ENGINE.new_state(table, 0)
    _turn(state, 0, "lunara-stalwart-smite", "gate")
    state.h_area[1] = state.h_area[0]
    sucker = _item(state, "serupod-sucker")
    state.h_items[0], state.h_active[0], state.h_items[1] = (sucker,), (), ()
    return state, sucker


def _wound(state: State, hero: int) -> None:
    state.h_wounded[hero] = True
    state.h_disk[hero], state.h_spent[hero] = state.table.heroes[hero].wounded_stamina, 0
    state.h_wounds[hero] = 0


def test_the_policies_hand_a_wounded_hero_the_item_that_removes_wounded_status(agm_pack):
    state, sucker = _sucker_pair(agm_pack)
    give = ("give", sucker, 1)
    assert give in ENGINE.legal_actions(state)
    for name in ("greedy", "heuristic"):  # nobody wounded: it stays
        assert POLICIES[name](ENGINE, state, random.Random(0)) != give
    _wound(state, 1)
    assert items.relieves(state, 1, state.table.items[sucker]) and not items.relieves(state, 0, state.table.items[sucker])
    for name in ("greedy", "heuristic"):
        assert POLICIES[name](ENGINE, state, random.Random(0)) == give
    _wound(state, 0)  # the holder wounded too: it uses the item itself rather than give it away
    for name in ("greedy", "heuristic"):
        assert POLICIES[name](ENGINE, state, random.Random(0)) == ("item", sucker)


def test_the_policies_pick_up_an_item_that_removes_their_wounded_status(agm_pack):
    state, sucker = _sucker_pair(agm_pack)
    state.h_items[0] = ()
    state.dropped = [(state.h_area[0], sucker, 1, state.round - 1)]
    pick = ("pick", sucker, -1)
    assert pick in ENGINE.legal_actions(state)
    assert POLICIES["heuristic"](ENGINE, state, random.Random(0)) != pick
    _wound(state, 0)
    assert POLICIES["heuristic"](ENGINE, state, random.Random(0)) == pick
