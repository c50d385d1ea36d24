"""Conditions a weapon gives when its Hero attacks with it (`items_hits`: the Glacial Fang, the Verdant
Stinger, the Wand of Beasts, the Wand of Geomancy, the Moonsilver Cane, the Wyldkin Wand) and the Pierce of the
Wand of Beasts, with the values read from their cards, on hand-built positions."""

from __future__ import annotations

from deckwright.games.agemonia.state import OFF
from tests.games.agemonia.test_items_play import ENGINE, _at, _index, _skitterer, _table


def _cond(table, name: str) -> int:
    return next(i for i, c in enumerate(table.conditions) if c.id == name)


def _holds(codes, condition: int) -> bool:
    return any(code >> 1 == condition for code in codes)


def _melee(pack, item: str, successes: int, faces: int, health: int = 20):
    table = _table(pack, "board-torrax", [{"item": item}])
    state = _at(pack, table, "torrax-raging-smash")
    slot = _skitterer(state)
    state.e_health[slot] = health
    state = ENGINE.apply(ENGINE.apply(state, ("attack", slot, "melee")), ("roll", successes, faces))
    return table, state, slot


def test_the_cards_state_their_conditions(agm_pack):
    fang = agm_pack.by_id["glacial-fang"].get("play")["on_hit"]
    assert fang == {"condition": "stunned", "per_face": True, "non_elite": True}
    effects = _table(agm_pack, "board-torrax", [{"item": "wand-of-beasts"}]).items[0].effects
    assert effects.on_hit is not None and effects.on_hit.traits == frozenset({"beast"}) and effects.pierce == 1


def test_a_special_face_gives_the_damaged_enemy_the_weapons_condition(agm_pack):
    for item, name in (("glacial-fang", "stunned"), ("verdant-stinger", "bleeding")):
        table, state, slot = _melee(agm_pack, item, 3, 1)
        assert state.e_area[slot] != OFF and _holds(state.e_conds[slot], _cond(table, name))
        assert state.usage.get("item-effect:on-hit") == 1
        table, state, slot = _melee(agm_pack, item, 3, 0)  # no special face: no condition
        assert not _holds(state.e_conds[slot], _cond(table, name)) and "item-effect:on-hit" not in state.usage


def test_no_condition_without_damage_or_on_an_enemy_of_other_traits(agm_pack):
    from deckwright.games.agemonia import items_hits

    for item, name, damaged in (("glacial-fang", "stunned", False), ("wand-of-beasts", "held", True)):
        table = _table(agm_pack, "board-torrax", [{"item": item}])
        state = _at(agm_pack, table, "torrax-raging-smash")
        slot = _skitterer(state)
        assert "beast" not in table.enemy_types[state.e_type[slot]].traits
        items_hits.hit(state, 0, (table.items[_index(table, item)],), [slot] if damaged else [], 2)
        assert not _holds(state.e_conds[slot], _cond(table, name))


def test_a_stamina_cost_is_paid_for_each_condition_given(agm_pack):
    from deckwright.games.agemonia import items_hits

    for item, name, on_enemy in (("wand-of-geomancy", "slowed", True), ("moonsilver-cane", "invisible", False)):
        table = _table(agm_pack, "board-torrax", [{"item": item}])
        state = _at(agm_pack, table, "torrax-raging-smash")
        slot = _skitterer(state)
        gives = table.items[0].effects.on_hit if on_enemy else table.items[0].effects.after_attack
        assert gives is not None and gives.stamina > 0
        disk = state.h_disk[0]
        items_hits.hit(state, 0, (table.items[0],), [slot], 0)
        assert _holds(state.e_conds[slot] if on_enemy else state.h_conds[0], _cond(table, name))
        assert state.h_disk[0] == disk - gives.stamina
        items_hits.hit(state, 0, (table.items[0],), [slot], 0)  # held already: nothing paid again
        assert state.h_disk[0] == disk - gives.stamina
        fresh = _at(agm_pack, table, "torrax-raging-smash")
        fresh.h_disk[0] = gives.stamina - 1
        items_hits.hit(fresh, 0, (table.items[0],), [slot], 0)  # too little stamina: nothing given
        assert not _holds(fresh.e_conds[slot] if on_enemy else fresh.h_conds[0], _cond(table, name))


def test_the_wyldkin_wand_curses_its_hero_after_the_attack(agm_pack):
    from deckwright.games.agemonia import items_hits

    table = _table(agm_pack, "board-torrax", [{"item": "wyldkin-wand"}])
    state = _at(agm_pack, table, "torrax-raging-smash")
    items_hits.hit(state, 0, (table.items[0],), [], 0)
    assert _holds(state.h_conds[0], _cond(table, "cursed"))



def test_an_item_raises_the_stamina_a_special_face_buys_successes_with(agm_pack):
    from deckwright.games.agemonia import story

    rule = int(_table(agm_pack, "board-torrax", []).rules["action_die.special.max_stamina"])
    for item, attack in (("quothian-dirk", "melee"), ("wyldkin-band", "")):
        table = _table(agm_pack, "board-torrax", [{"item": item}])
        raised = table.items[_index(table, item)].effects.face_stamina[1]
        assert raised > rule
        state = _at(agm_pack, table, "torrax-raging-smash")
        state.h_disk[0] = 10
        assert story.buy_successes(state, 0, 1, 10, attack) == raised
        assert state.usage.get("item-effect:face-stamina") == 1 and state.usage.get(item)
    dirk = _table(agm_pack, "board-torrax", [{"item": "quothian-dirk"}])
    state = _at(agm_pack, dirk, "torrax-raging-smash")
    state.h_disk[0] = 10
    assert story.buy_successes(state, 0, 1, 10, "") == rule  # a check: the dirk raises only its melee attacks
    bare = _at(agm_pack, _table(agm_pack, "board-torrax", []), "torrax-raging-smash")
    bare.h_disk[0] = 10
    assert story.buy_successes(bare, 0, 1, 10, "melee") == rule and "item-effect:face-stamina" not in bare.usage
