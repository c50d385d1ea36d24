"""Dropping, picking up and giving items during a Hero's turn (rulebook lines 2503-2530), on hand-built
positions of the Broken Ritual with Lunara (seat 0) and Zuva'Sai (seat 1); an item card's phrase on the
disarm check of a Trap token."""

from __future__ import annotations

from typing import Any

from deckwright.gamekit import fact
from deckwright.games.agemonia import GAME, figures
from deckwright.games.agemonia.invariants import check_state
from deckwright.games.agemonia.state import State
from tests.games.agemonia.packs import boards_only
from tests.games.agemonia.test_hero_kit import RITUAL, _turn
from tests.games.agemonia.test_items_play import _at, _table

ENGINE = GAME.engine


def _pair(agm_pack: Any, overrides: dict[str, Any] | None = None, area: str = "gate") -> State:
    """Both Heroes in `area`, Lunara's turn begun with Stalwart Smite selected."""
    state = ENGINE.new_state(boards_only(agm_pack, RITUAL, 2, overrides), 0)
    _turn(state, 0, "lunara-stalwart-smite", area)
    state.h_area[1] = state.h_area[0]
    return state


def _item(state: State, item_id: str) -> int:
    return next(i for i, item in enumerate(state.table.items) if item.id == item_id)


def _kinds(state: State, kind: str) -> list[tuple[Any, ...]]:
    return [a for a in ENGINE.legal_actions(state) if a[0] == kind]


def test_a_drop_makes_room_and_the_item_lies_in_the_area_until_a_later_turn(agm_pack):
    state = _pair(agm_pack)
    healing, stamina = _item(state, "potion-of-healing"), _item(state, "potion-of-stamina")
    assert not _kinds(state, "drop")  # nothing lies here to make room for
    state.dropped = [(state.h_area[0], stamina, 1, state.round - 1)]
    assert not _kinds(state, "pick")  # Lunara's backpack is full (encumbrance 2: bow and potion)
    assert {a[1] for a in _kinds(state, "drop")} == {healing, _item(state, "longbow-of-grenak")}  # not the scimitar in hand
    state = ENGINE.apply(state, ("drop", healing))
    assert healing not in state.h_items[0] and (state.h_area[0], healing, 0, state.round) in state.dropped
    assert _kinds(state, "pick") == [("pick", stamina, -1)]  # not her own potion back in the same turn
    state = ENGINE.apply(state, ("pick", stamina, -1))
    assert stamina in state.h_items[0] and state.usage["item-picked-up"] == 1
    state = ENGINE.apply(state, ("use", stamina))  # the backpack has room again
    state.round += 1
    assert ("pick", healing, -1) in ENGINE.legal_actions(state)


def test_an_item_in_hand_is_given_from_the_backpack_after_a_change_of_active_items(agm_pack):
    state = _pair(agm_pack)
    scimitar = _item(state, "aox-scimitar")
    state.h_items[1] = (_item(state, "wand-of-bekora"),)  # room in Zuva'Sai's backpack
    assert scimitar in state.h_active[0] and ("give", scimitar, 1) not in ENGINE.legal_actions(state)
    state = ENGINE.apply(state, ("swap", 1))  # the longbow to hand, the scimitar to the backpack
    state = ENGINE.apply(state, ("give", scimitar, 1))
    assert scimitar in state.h_items[1] and scimitar not in state.h_items[0] and not check_state(state)
    assert not [a for a in ENGINE.legal_actions(state) if a[0] == "attack" and a[2] == "melee"]


def test_picking_up_needs_room_in_the_backpack(agm_pack):
    state = _pair(agm_pack)
    potion = _item(state, "potion-of-healing")
    state.dropped = [(state.h_area[0], potion, 1, state.round - 1)]
    assert not _kinds(state, "pick")  # Lunara's backpack is full (encumbrance 2: bow and potion)
    state = ENGINE.apply(state, ("drop", _item(state, "longbow-of-grenak")))
    assert ("pick", potion, -1) in ENGINE.legal_actions(state)


def test_no_pick_up_while_hindered_unless_the_fact_allows_it(agm_pack):
    for allowed in (False, True):
        state = _pair(agm_pack, {"items.pick_up_while_hindered": allowed} if allowed else None, area="courtyard")
        assert state.e_area.count(state.h_area[0]) >= 2  # the Skitterers outnumber the two Heroes or match them
        state.h_items[0] = ()
        state.h_active[0] = ()
        potion = _item(state, "potion-of-healing")
        state.dropped = [(state.h_area[0], potion, 1, state.round - 1)]
        assert bool(_kinds(state, "pick")) == allowed


def test_an_exhausted_heros_items_are_picked_up_where_it_lies(agm_pack):
    for pickable in (True, False):
        state = _pair(agm_pack, None if pickable else {"items.exhausted_heroes_items_pickable": False})
        state.h_items[0] = ()
        state.h_active[0] = ()
        state.h_exhausted[1] = True
        stamina = _item(state, "potion-of-stamina")
        assert (("pick", stamina, 1) in ENGINE.legal_actions(state)) == pickable
        if pickable:
            state = ENGINE.apply(state, ("pick", stamina, 1))
            assert stamina in state.h_items[0] and stamina not in state.h_items[1]


def test_giving_an_item_to_a_hero_in_the_area_within_its_encumbrance(agm_pack):
    state = _pair(agm_pack)
    healing = _item(state, "potion-of-healing")
    assert not [a for a in _kinds(state, "give") if a[1] == healing]  # Zuva'Sai's backpack is full
    state.h_items[1] = tuple(i for i in state.h_items[1] if i != _item(state, "potion-of-stamina"))
    state = ENGINE.apply(state, ("give", healing, 1))
    assert healing in state.h_items[1] and healing not in state.h_items[0]
    hindered = _pair(agm_pack, area="courtyard")
    hindered.h_items[1] = ()
    assert not _kinds(hindered, "give")
    allowed = _pair(agm_pack, {"items.give_while_hindered": True}, area="courtyard")
    allowed.h_items[1] = ()
    assert _kinds(allowed, "give")


def test_the_heuristic_picks_up_an_item_it_can_use(agm_pack):
    import random

    from deckwright.games.agemonia.policies import POLICIES

    state = _pair(agm_pack)
    state.h_items[0] = (_item(state, "aox-scimitar"),)
    stamina = _item(state, "potion-of-stamina")
    state.dropped = [(state.h_area[0], stamina, 1, state.round - 1)]
    for name in ("heuristic", "greedy"):
        assert POLICIES[name](ENGINE, state, random.Random(0)) == ("pick", stamina, -1)


def test_an_injured_mouth_forbids_a_potion_by_the_words_of_its_rule(agm_pack):
    """`injury.forbidden_item_words`: a Hero with an Injury that forbids consumables may not use an item
    whose name holds one of the words; with no words, it may."""
    state = _pair(agm_pack)
    healing = _item(state, "potion-of-healing")
    mouth = next(i for i, card in enumerate(state.table.injuries) if card.affects == "consumables")
    state.h_items[0], state.h_wounds[0], state.h_injuries[0] = (healing,), 3, (mouth,)
    assert not [a for a in _kinds(state, "use") if a[1] == healing]
    free = _pair(agm_pack, {"injury.forbidden_item_words": []})
    free.h_items[0], free.h_wounds[0], free.h_injuries[0] = (healing,), 3, (mouth,)
    assert [a for a in _kinds(free, "use") if a[1] == healing]


def test_an_item_showing_the_disarm_traps_phrase_adds_the_disarm_checks_modifier(agm_pack):
    bonus = fact(agm_pack, "trap.disarm_phrases")["Disarm traps"]
    disarmed = []
    for carried in ([{"item": "maul-of-torrax"}], [{"item": "maul-of-torrax"}, {"item": "geomantic-remaker"}]):
        state = _at(agm_pack, _table(agm_pack, "board-torrax", carried))
        hindered = int(fact(agm_pack, "hindered.check_penalty")) if figures.hindered(state, 0) else 0
        short = int(fact(agm_pack, "trap.disarm_target")) + hindered - bonus  # passes only with the phrase
        state.traps.append(state.h_area[0])
        state.trap_choice = True
        state = ENGINE.apply(ENGINE.apply(state, ("disarm",)), ("roll", short, 0))
        disarmed.append(state.usage.get("trap-disarmed", 0))
        assert state.h_area[0] not in state.traps  # disarmed, or sprung and gone
    assert disarmed == [0, 1]

