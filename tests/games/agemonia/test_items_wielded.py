"""What a weapon changes of its attack (`items_wielded`: range, dice, stamina cost, a wand on a melee
attack, the die that saves an arrow, poison or rune), the runes' extra dice, High Celestor's Robes'
reroll on magic attacks and the Flame Arrow's area attack, with the values read from their cards, on
hand-built positions."""

from __future__ import annotations

import dataclasses
import random

from deckwright.games.agemonia import heroes, items_wielded, reactions
from deckwright.games.agemonia.policies import POLICIES
from deckwright.games.agemonia.state import OFF
from tests.games.agemonia.test_items_play import ENGINE, _at, _index, _skitterer, _table

VENIA, BOLT = "board-venia-1", "venia-void-bolt"  # a level-1 magic attack costing 1 stamina


def _wielded(pack, item: str):
    return _table(pack, "board-torrax", [{"item": item}]).items[0].effects.wielded


def test_the_cards_state_what_they_change_of_the_attack(agm_pack):
    assert _wielded(agm_pack, "staff-of-ata-cahay").range == 1
    wand = _wielded(agm_pack, "wyldkin-wand")
    assert wand.range == 1 and wand.dice == 1
    assert _wielded(agm_pack, "vyrgons-crook").stamina == -1
    sliver = _wielded(agm_pack, "elakiras-sliver")
    assert sliver.stamina == -1 and sliver.levels == frozenset({1, 2})
    assert _wielded(agm_pack, "aox-scimitar").stamina == 1
    for item in ("staff-of-phaedra", "rakkas-wand"):
        assert _table(agm_pack, "board-torrax", [{"item": item}]).items[0].effects.other_attacks == ("melee",)


def _far_enemy(table, state, reach: int) -> int:
    """An Enemy moved to an area in sight exactly `reach` away from the Hero (the slot)."""
    here = state.h_area[0]
    area = next(a for a in range(len(table.areas)) if table.range_dist[here][a] == reach and table.sight[here][a])
    slot = next(slot for slot, at in enumerate(state.e_area) if at != OFF)
    state.e_area[slot] = area
    return slot


def _short(table, reach: int):
    """The table with the bolt's range set to `reach` (the sample maps are small)."""
    hero = table.heroes[0]
    actions = tuple(dataclasses.replace(a, range=reach) if a.id == BOLT else a for a in hero.actions)
    return dataclasses.replace(table, heroes=(dataclasses.replace(hero, actions=actions), *table.heroes[1:]))


def test_a_staff_adds_range_to_magic_attacks(agm_pack):
    plain = _short(_table(agm_pack, VENIA, []), 0)
    staff = _short(_table(agm_pack, VENIA, [{"item": "staff-of-ata-cahay"}]), 0)
    for table, offered in ((plain, False), (staff, True)):
        state = _at(agm_pack, table, BOLT)
        slot = _far_enemy(table, state, 1)
        assert (("attack", slot, "magic") in ENGINE.legal_actions(state)) is offered
    state = _at(agm_pack, staff, BOLT)
    assert items_wielded.extra_range(state, 0, "magic") == 1 and items_wielded.extra_range(state, 0, "melee") == 0


def test_a_wand_adds_dice_to_magic_attacks(agm_pack):
    rolled = []
    for carried in ([], [{"item": "wyldkin-wand"}]):
        table = _table(agm_pack, VENIA, carried)
        state = _at(agm_pack, table, BOLT)
        slot = _skitterer(state)
        rolled.append(ENGINE.apply(state, ("attack", slot, "magic")))
    assert rolled[1].pending[0][2] == rolled[0].pending[0][2] + 1
    assert rolled[1].usage["item-effect:wielded-dice"] == 1 and rolled[1].usage["wyldkin-wand"] == 1


def test_a_crook_or_sliver_makes_a_magic_attack_cost_less_and_a_scimitar_more(agm_pack):
    base = _table(agm_pack, VENIA, []).heroes[0].actions
    cost = next(a.stamina for a in base if a.id == BOLT)
    assert cost == 1
    for item, paid in (("vyrgons-crook", 0), ("elakiras-sliver", 0), (None, 1)):
        table = _table(agm_pack, VENIA, [{"item": item}] if item else [])
        state = _at(agm_pack, table, BOLT)
        state.h_disk[0] = paid  # just what the attack costs
        slot = _skitterer(state)
        assert ("attack", slot, "magic") in ENGINE.legal_actions(state)
        after = ENGINE.apply(state, ("attack", slot, "magic"))
        assert after.h_disk[0] == 0
        state.h_disk[0] = paid - 1 if paid else 0
        if paid:
            assert ("attack", slot, "magic") not in ENGINE.legal_actions(state)
    sliver = _table(agm_pack, VENIA, [{"item": "elakiras-sliver"}])
    index = _index(sliver, "elakiras-sliver")
    wielded = sliver.items[index].effects.wielded
    other = dataclasses.replace(wielded, levels=frozenset({2}))  # not the bolt's level: no change
    items = tuple(dataclasses.replace(i, effects=dataclasses.replace(i.effects, wielded=other)) if n == index else i
                  for n, i in enumerate(sliver.items))
    state = _at(agm_pack, dataclasses.replace(sliver, items=items), BOLT)
    assert items_wielded.stamina(state, 0, state.table.heroes[0].actions[state.h_action[0]], "magic") == 1
    scimitar = _table(agm_pack, "board-torrax", [{"item": "aox-scimitar"}])
    state = _at(agm_pack, scimitar, "torrax-raging-smash")
    slot = _skitterer(state)
    state.h_disk[0] = 0
    assert ("attack", slot, "melee") not in ENGINE.legal_actions(state)
    state.h_disk[0] = 1
    after = ENGINE.apply(state, ("attack", slot, "melee"))
    assert after.h_disk[0] == 0 and after.usage["item-effect:wielded-stamina"] == 1


def test_a_staff_or_wand_is_the_weapon_of_a_melee_attack(agm_pack):
    for item in ("staff-of-phaedra", "rakkas-wand"):
        table = _table(agm_pack, "board-torrax", [{"item": item}])
        state = _at(agm_pack, table, "torrax-raging-smash")
        slot = _skitterer(state)
        assert heroes.weapon(state, 0, "melee") is table.items[0]
        assert ("attack", slot, "melee") in ENGINE.legal_actions(state)
    bare = _at(agm_pack, _table(agm_pack, "board-torrax", []), "torrax-raging-smash")
    assert not [a for a in ENGINE.legal_actions(bare) if a[0] == "attack"]  # no melee weapon, no melee attack
    table = _table(agm_pack, "board-torrax", [{"item": "staff-of-phaedra"}])
    state = _at(agm_pack, table, "torrax-raging-smash")
    slot = _skitterer(state)
    state.e_health[slot] = 1
    state.h_disk[0], state.h_spent[0] = state.h_disk[0] - 2, state.h_spent[0] + 2
    after = ENGINE.apply(ENGINE.apply(state, ("attack", slot, "melee")), ("roll", 1, 0))
    assert after.e_area[slot] == OFF and after.usage["staff-of-phaedra"] >= 1
    assert after.h_disk[0] == state.h_disk[0] + 1  # the staff's stamina for the Enemy its attack defeated


def test_a_bow_may_save_the_arrow_its_attack_discarded(agm_pack):
    table = _table(agm_pack, "board-matajam", [{"item": "nafabi-longbow"}, {"item": "keeneye-arrow"}])
    arrow = _index(table, "keeneye-arrow")
    state = _at(agm_pack, table, "matajam-aimed-shot", area="hall")
    state = ENGINE.apply(state, ("ready", arrow))
    assert arrow not in state.h_items[0]
    slot = next(a[1] for a in ENGINE.legal_actions(state) if a[0] == "attack")
    state.e_health[slot] = 20
    landed = ENGINE.apply(ENGINE.apply(state, ("attack", slot, "ranged")), ("roll", 0, 0))
    assert landed.pending[0] == ("roll", "a", 1, items_wielded.SAVED, 0, arrow)
    saved = ENGINE.apply(landed, ("roll", 0, 1))  # the special face keeps the arrow
    lost = ENGINE.apply(landed, ("roll", 1, 0))
    assert arrow in saved.h_items[0] and saved.usage["item-effect:saved"] == 1 and arrow not in lost.h_items[0]
    plain = _table(agm_pack, "board-matajam", [{"item": "longbow-of-grenak"}, {"item": "keeneye-arrow"}])
    state = _at(agm_pack, plain, "matajam-aimed-shot", area="hall")
    if ("ready", _index(plain, "keeneye-arrow")) in ENGINE.legal_actions(state):  # a bow with no die to save it
        state = ENGINE.apply(state, ("ready", _index(plain, "keeneye-arrow")))
        slot = next(a[1] for a in ENGINE.legal_actions(state) if a[0] == "attack")
        landed = ENGINE.apply(ENGINE.apply(state, ("attack", slot, "ranged")), ("roll", 0, 0))
        assert not any(e[3] == items_wielded.SAVED for e in landed.pending if e[0] == "roll")


def _rolled(pack, carried, action: str = "torrax-raging-smash", kind: str = "melee"):
    """Torrax carrying these items attacks a sturdy Skitterer and rolls one success and one special face:
    (table, state before the attack, slot, state after the roll)."""
    table = _table(pack, "board-torrax", carried)
    state = _at(pack, table, action)
    slot = _skitterer(state)
    state.e_health[slot] = 20
    return table, state, slot, ENGINE.apply(ENGINE.apply(state, ("attack", slot, kind)), ("roll", 1, 1))


def test_a_runeblade_may_save_a_rune_discarded_after_its_roll_and_a_wand_a_poison(agm_pack):
    table, _, _, rolled = _rolled(agm_pack, [{"item": "runeblade"}, {"item": "rune-of-the-beast"}])
    rune = _index(table, "rune-of-the-beast")
    assert ("react", rune) in ENGINE.legal_actions(rolled)
    used = ENGINE.apply(rolled, ("react", rune))
    assert ("roll", "a", 1, items_wielded.SAVED, 0, rune) in used.pending
    while used.pending and used.pending[0][3] != items_wielded.SAVED:
        used = ENGINE.apply(used, ENGINE.legal_actions(used)[0])
    assert rune in ENGINE.apply(used, ("roll", 0, 1)).h_items[0]
    wand = _table(agm_pack, "board-torrax", [{"item": "rakkas-wand"}, {"item": "snakeroot-sap"}])
    poison = _index(wand, "snakeroot-sap")
    state = _at(agm_pack, wand, "torrax-raging-smash")
    slot = _skitterer(state)
    state.e_health[slot] = 20
    state = ENGINE.apply(state, ("ready", poison))
    landed = ENGINE.apply(ENGINE.apply(state, ("attack", slot, "melee")), ("roll", 0, 0))
    assert landed.pending[0] == ("roll", "a", 1, items_wielded.SAVED, 0, poison)


def test_the_rune_of_the_spider_rolls_extra_dice_after_an_attack_roll(agm_pack):
    table, _, slot, rolled = _rolled(agm_pack, [{"item": "maul-of-torrax"}, {"item": "rune-of-the-spider"}])
    rune = _index(table, "rune-of-the-spider")
    assert ENGINE.legal_actions(rolled) == [reactions.PASS, ("react", rune)]
    assert POLICIES["greedy"](ENGINE, rolled, random.Random(0)) == ("react", rune)  # the roll falls short
    more = ENGINE.apply(rolled, ("react", rune))
    assert more.pending[0][:3] == ("roll", "a", 1) and more.pending[0][5:] == (1, 1) and rune not in more.h_items[0]
    landed = ENGINE.apply(more, ("roll", 2, 0))
    passed = ENGINE.apply(rolled, reactions.PASS)
    assert passed.e_health[slot] - landed.e_health[slot] == 2
    # a magic attack with no weapon: no rune on it
    assert not reactions.deciding(_rolled(agm_pack, [{"item": "rune-of-the-spider"}], "torrax-boulder", "magic")[3])


def test_the_rune_of_the_star_adds_dice_to_a_reactive_check(agm_pack):
    table = _table(agm_pack, "board-torrax", [{"item": "rune-of-the-star"}])
    rune = _index(table, "rune-of-the-star")
    state = _at(agm_pack, table, "torrax-raging-smash")
    slot = _skitterer(state)
    assert reactions.offer(state, 0, slot, "melee", 0, 3, -1)
    kept = ENGINE.apply(state, reactions.PASS)
    used = ENGINE.apply(state, ("react", rune))
    assert used.pending[0][3] == "enemy-hit" and used.pending[0][2] == kept.pending[0][2] + 1
    assert rune not in used.h_items[0] and used.usage["item-effect:reactive-dice"] == 1


def test_high_celestors_robes_reroll_the_special_faces_of_a_magic_attack_only(agm_pack):
    carried = [{"item": "maul-of-torrax"}, {"item": "high-celestors-robes"}]
    for action, kind, offered in (("torrax-boulder", "magic", True), ("torrax-raging-smash", "melee", False)):
        table, _, _, rolled = _rolled(agm_pack, carried, action, kind)
        robes = _index(table, "high-celestors-robes")
        assert (("react", robes) in (ENGINE.legal_actions(rolled) if reactions.deciding(rolled) else [])) is offered
        if offered:
            again = ENGINE.apply(rolled, ("react", robes))
            assert again.pending[0][3] == "rerolled" and robes in again.h_items[0]  # kept: no discard


def test_a_flame_arrow_makes_the_ranged_attack_an_area_attack(agm_pack):
    table = _table(agm_pack, "board-matajam", [{"item": "nafabi-longbow"}, {"item": "flame-arrow"}])
    arrow = _index(table, "flame-arrow")
    state = _at(agm_pack, table, "matajam-aimed-shot", area="hall")
    assert not [a for a in ENGINE.legal_actions(state) if a[0] == "area"]
    ready = ENGINE.apply(state, ("ready", arrow))
    areas = [a for a in ENGINE.legal_actions(ready) if a[0] == "area"]
    assert areas and not [a for a in ENGINE.legal_actions(ready) if a[0] == "attack"]
    centre = areas[0][1]
    hit = heroes.area_hits(ready, ready.h_area[0], centre, table.items[arrow].effects.ready.area)
    before = [ready.e_health[slot] for slot in hit]
    rolled = ENGINE.apply(ready, areas[0])
    assert rolled.pending[0][3] == "hero-area"
    landed = ENGINE.apply(rolled, ("roll", 3, 0))
    while landed.pending and landed.pending[0][3] == items_wielded.SAVED:
        landed = ENGINE.apply(landed, ("roll", 1, 0))
    assert landed.ready == () and landed.usage["item-effect:ready-area"] == 1
    assert all(landed.e_health[slot] < health or landed.e_area[slot] == OFF for slot, health in zip(hit, before))
