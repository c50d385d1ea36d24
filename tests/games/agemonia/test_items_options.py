"""A card's other options (`play.options`: the Aiun Tear, the Figurine of Lanimora, the Whisper of Aiun), a
pet's trained side (`play.trained`: Nazag, Ophira, Aiunin) and the sample stash that deals it, and the
Gunbanjar Bag's Herb token, on hand-built positions of the Flooded Cellar (Mazog's Bleeding: `test_items_kept`)."""

from __future__ import annotations

import random
from typing import Any

from deckwright.games.agemonia import GAME, enemies, items_policy, items_stash, items_values
from deckwright.games.agemonia.invariants import check_state
from deckwright.games.agemonia.policies import POLICIES
from deckwright.games.agemonia.rulings import read_rulings
from deckwright.games.agemonia.state import State
from tests.games.agemonia.test_items_kept import MAUL
from tests.games.agemonia.test_items_play import _at, _index, _skitterer, _table

ENGINE = GAME.engine


def _options(state: State, card: int) -> list[int]:
    return list(state.table.items[card].options)


def _two_heroes(agm_pack: Any, item: str) -> State:
    """Torrax carrying the item and Lunara beside him in the cellar, Torrax's turn begun."""
    table = _table(agm_pack, "board-torrax", [MAUL, {"item": item}], players=2)
    state = _at(agm_pack, table)
    state.h_area[1] = state.h_area[0]
    state.e_area = [-1 if area == state.h_area[0] else area for area in state.e_area]  # room for both
    return state


def test_the_aiun_tear_removes_wounded_status_from_a_hero_in_range_once_a_scenario(agm_pack):
    state = _two_heroes(agm_pack, "aiun-tear")
    tear = _index(state.table, "aiun-tear")
    unwound, revive = _options(state, tear)
    assert state.table.items[unwound].option_of == tear and not state.table.items[unwound].apart
    assert not [a for a in ENGINE.legal_actions(state) if a[:2] == ("item", unwound)]  # nobody is wounded
    state.h_wounded[1], state.h_disk[1], state.h_wounds[1] = True, 1, 4
    assert ("item", unwound, 1) in ENGINE.legal_actions(state)
    assert items_policy.value(state, 0, ("item", unwound, 1)) > 0  # the greedy and heuristic policies take it
    after = ENGINE.apply(state, ("item", unwound, 1))
    assert not after.h_wounded[1] and tear in after.h_items[0] and not check_state(after)
    # one of the card's options, once a scenario: none is left, not even the first
    after.h_wounds[1], after.maneuvers = 2, 2
    assert not [a for a in ENGINE.legal_actions(after) if a[0] == "item" and a[1] in (tear, unwound, revive)]


def test_the_aiun_tear_brings_back_an_exhausted_hero_in_range(agm_pack):
    state = _two_heroes(agm_pack, "aiun-tear")
    tear = _index(state.table, "aiun-tear")
    revive = _options(state, tear)[1]
    state.h_exhausted[1], state.h_disk[1] = True, 0
    assert ("item", revive, 1) in ENGINE.legal_actions(state)
    after = ENGINE.apply(state, ("item", revive, 1))
    assert not after.h_exhausted[1] and after.h_disk[1] == state.table.heroes[1].stamina
    assert after.usage["aiun-tear"] == 1 and after.usage["item-effect:revive"] == 1


def test_the_figurine_trades_a_nature_essence_for_a_gem_apart_from_its_blessing(agm_pack):
    table = _table(agm_pack, "board-torrax", [MAUL, {"item": "figurine-of-lanimora"}, {"item": "nature-essence"},
                                              {"item": "nature-essence"}])
    state = _at(agm_pack, table)
    figurine = _index(table, "figurine-of-lanimora")
    gem = _options(state, figurine)[0]
    assert table.items[gem].apart and table.items[gem].effects.kept.token == "nature-essence"
    gems, maneuvers = state.h_gems[0], state.maneuvers
    assert items_policy.value(state, 0, ("item", gem)) > 0
    state = ENGINE.apply(state, ("item", gem))
    assert state.h_gems[0] == gems + 1 and state.maneuvers == maneuvers  # no maneuver named
    assert sum(1 for i in state.h_items[0] if table.items[i].id == "nature-essence") == 1
    state = ENGINE.apply(state, ("item", gem))  # no limit but the tokens
    assert ("item", gem) not in ENGINE.legal_actions(state)
    assert ("item", figurine) in ENGINE.legal_actions(state)  # the blessing counts apart
    state.h_gems[0] = int(table.rules["inspiration_gem.max"])
    state.h_items[0] += (_index(table, "nature-essence"),)
    assert ("item", gem) not in ENGINE.legal_actions(state) and not check_state(state)  # no more than a Hero holds


def test_the_whisper_turns_a_spent_chip_over_either_way_once_a_turn(agm_pack):
    table = _table(agm_pack, "board-torrax", [MAUL, {"item": "whisper-of-aiun"}])
    state = _at(agm_pack, table)
    whisper = _index(table, "whisper-of-aiun")
    flip = _options(state, whisper)[0]
    assert not [a for a in ENGINE.legal_actions(state) if a[:2] in (("item", whisper), ("item", flip))]  # no chip
    state.h_disk[0], state.h_spent[0], state.h_wounds[0] = table.heroes[0].stamina - 3, 2, 1
    # a wound back to its stamina side, still spent (above the board), no maneuver: worth a little
    assert items_policy.value(state, 0, ("item", whisper)) > 0
    back = ENGINE.apply(state, ("item", whisper))
    assert (back.h_wounds[0], back.h_spent[0], back.h_disk[0], back.maneuvers) == (0, 3, state.h_disk[0], 2)
    assert not [a for a in ENGINE.legal_actions(back) if a[:2] in (("item", whisper), ("item", flip))]  # once a turn
    back.round += 1
    assert ("item", flip) in ENGINE.legal_actions(back)
    # a spent chip to its wound side: worth it only to a Hero whose skill counts wound chips
    assert items_policy.value(state, 0, ("item", flip)) < 0
    after = ENGINE.apply(state, ("item", flip))
    assert (after.h_spent[0], after.h_wounds[0], after.h_disk[0]) == (1, 2, state.h_disk[0])
    assert whisper in after.h_items[0] and not check_state(after)
    assert not [a for a in ENGINE.legal_actions(after) if a[:2] in (("item", whisper), ("item", flip))]


def test_the_gunbanjar_bag_gains_a_herb_token_once_a_scenario_and_still_carries(agm_pack):
    table = _table(agm_pack, "board-torrax", [MAUL, {"item": "gunbanjar-bag"}])
    state = _at(agm_pack, table)
    bag = _index(table, "gunbanjar-bag")
    shape = items_values.card_values(agm_pack, "gunbanjar-bag")["use"]["herb"]
    offered = [a[2] for a in ENGINE.legal_actions(state) if a[:2] == ("item", bag)]
    assert offered and all(table.items[i].shape == shape for i in offered)
    state = ENGINE.apply(state, ("item", bag, offered[0]))
    assert bag in state.h_items[0] and offered[0] in state.h_items[0] and state.maneuvers == 2
    assert not [a for a in ENGINE.legal_actions(state) if a[:2] == ("item", bag)]
    assert table.heroes[0].encumbrance >= table.items[bag].effects.carry > 0


def test_a_trained_pet_plays_its_trained_side(agm_pack):
    nazag = items_values.values(agm_pack, {"item": "nazag", "trained": True})
    assert items_values.per_scenario(nazag, agm_pack.by_id["nazag"]) == 2
    assert items_values.per_scenario(items_values.values(agm_pack, {"item": "nazag"}), agm_pack.by_id["nazag"]) == 1
    table = _table(agm_pack, "board-zuvasai", [{"item": "aiunin", "trained": True}])
    assert table.items[0].effects.recover == (1, 1)
    state = _at(agm_pack, table)
    state.h_disk[0], state.h_wounds[0], state.attacked = 1, table.heroes[0].stamina - 1, 4  # after a magic attack
    healed = ENGINE.apply(state, ("recover", "heal"))
    plain = _at(agm_pack, _table(agm_pack, "board-zuvasai", [{"item": "aiunin"}]))
    plain.h_disk[0], plain.h_wounds[0], plain.attacked = 1, table.heroes[0].stamina - 1, 4
    assert healed.h_disk[0] == ENGINE.apply(plain, ("recover", "heal")).h_disk[0] + 1


def test_a_trained_ophira_rerolls_the_effect_faces_of_a_reactive_check(agm_pack):
    rolled = {}
    for trained in (False, True):
        table = _table(agm_pack, "board-torrax", [MAUL, {"item": "ophira", "trained": trained}])
        state = _at(agm_pack, table)
        slot = _skitterer(state)
        kind = table.enemy_types[state.e_type[slot]]
        state.face = next(i for i, f in enumerate(table.faces) if kind.actions[f.eye].kind == "melee")
        state.pending, state.seat = [], -1
        enemies.attack(state, slot)
        rolled[trained] = (state.pending[0][1], bool(table.reroll_odds), state.usage.get("ophira", 0))
    assert rolled == {False: ("r", False, 0), True: ("B", True, 1)}


def test_the_stash_deals_the_copies_it_deals_again_of_a_pet_trained(agm_pack):
    dealt, trained = items_stash._dealing(agm_pack, read_rulings(agm_pack, {}))
    assert {pet for pets in trained.values() for pet in pets} == {"nazag", "ophira", "aiunin"}
    for pet in ("nazag", "ophira", "aiunin"):  # one untrained copy, the first dealt; the copies dealt again trained
        holding = [seat for seat, held in dealt.items() if pet in held]
        assert len([seat for seat in holding if pet not in trained.get(seat, ())]) == 1 and len(holding) > 1
    seat = next(seat for seat, pets in trained.items() if "nazag" in pets)
    table = ENGINE.compile(agm_pack, seat[0], seat[1])
    nazag = _index(table, "nazag")
    assert table.items[nazag].effects.kept.per_scenario == 2 and nazag in table.heroes[seat[2]].items


def test_every_policy_may_choose_an_option(agm_pack):
    state = _two_heroes(agm_pack, "aiun-tear")
    tear = _index(state.table, "aiun-tear")
    unwound = _options(state, tear)[0]
    state.h_wounded[1], state.h_disk[1], state.h_wounds[1] = True, 1, 4
    chosen = {name: POLICIES[name](ENGINE, state, random.Random(0)) for name in ("greedy", "heuristic")}
    assert all(action == ("item", unwound, 1) for action in chosen.values()), chosen
