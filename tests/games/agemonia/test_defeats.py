"""An Enemy defeated by damage of a Hero's own doing is the Hero's defeat, whatever dealt it (`defeats`):
its carried items and Class Skills act on it as on a defeat by its attack; a gem acts only when the damage
came from an attack with the weapon it is slotted into (the Runic Diamond's card)."""

from __future__ import annotations

from deckwright.games.agemonia import defeats, enemies, figures, items, reflect
from deckwright.games.agemonia.state import OFF
from tests.games.agemonia.test_items_play import ENGINE, _at, _index, _skitterer, _table

MAUL = {"item": "maul-of-torrax"}
GOGGLES = {"item": "shadow-goggles"}


def _invisible(pack, state) -> bool:
    gained = pack.by_id["shadow-goggles"].get("play")["on_defeat"]["condition"]
    code = next(i for i, c in enumerate(state.table.conditions) if c.id == gained)
    return any(held >> 1 == code for held in state.h_conds[0])


def test_the_shadow_goggles_make_the_hero_invisible_when_its_revenge_defeats_the_attacker(agm_pack):
    for carried, gained in (([MAUL], False), ([MAUL, GOGGLES], True)):
        state = _at(agm_pack, _table(agm_pack, "board-torrax", carried), "torrax-raging-smash")
        slot = _skitterer(state)
        state.e_health[slot] = 1
        reflect.grant(state, 0, "revenge", "")
        enemies.land_enemy_attack(state, ("roll", "r", 1, "enemy-hit", slot, 0, 3, -1), 0)
        assert state.e_area[slot] == OFF and state.usage["revenge"] == 1
        assert _invisible(agm_pack, state) == gained


def test_the_shadow_goggles_make_the_hero_invisible_when_its_pet_defeats_an_enemy(agm_pack):
    table = _table(agm_pack, "board-matajam", [{"item": "nafabi-longbow"}, {"item": "nalam"}, GOGGLES])
    state = _at(agm_pack, table, "matajam-aimed-shot")
    slot = _skitterer(state)
    state.e_health[slot] = table.items[_index(table, "nalam")].effects.harass
    items.left_area(state, slot, state.h_area[0])
    assert state.e_area[slot] == OFF and _invisible(agm_pack, state)


def test_damage_of_nobodys_doing_defeats_for_nobody(agm_pack):
    state = _at(agm_pack, _table(agm_pack, "board-torrax", [MAUL, GOGGLES]), "torrax-raging-smash")
    slot = _skitterer(state)
    figures.damage_enemy(state, slot, state.e_health[slot])  # a condition's damage, a map's trap
    assert state.e_area[slot] == OFF and not _invisible(agm_pack, state)
    assert not defeats.hurt(state, 0, slot, 5)  # an Enemy off the map is not defeated again


def test_an_exhausted_hero_gains_nothing_from_a_defeat(agm_pack):
    state = _at(agm_pack, _table(agm_pack, "board-torrax", [MAUL, GOGGLES]), "torrax-raging-smash")
    slot = _skitterer(state)
    state.h_exhausted[0] = True
    assert defeats.hurt(state, 0, slot, state.e_health[slot]) and not _invisible(agm_pack, state)


def test_the_runic_diamond_acts_on_a_slaying_poison_of_its_weapons_attack_not_on_a_weaponless_defeat(agm_pack):
    mix = agm_pack.by_id["runic-diamond"].get("play")["socket"]["mix"]
    held = [{"item": "glacial-fang"}, {"item": "aox-scimitar"}]  # in hand: a gem slot, a poison slot
    table = _table(agm_pack, "board-torrax", [*held, {"item": "runic-diamond"}, {"item": "void-extract"}])
    state = _at(agm_pack, table, "torrax-raging-smash")
    state.h_active[0] = (0, 1)
    state.h_disk[0], state.h_wounds[0] = table.heroes[0].stamina - mix, mix
    slot = _skitterer(state)
    state.e_health[slot] = 50  # the attack alone leaves it standing: the poison defeats it
    state = ENGINE.apply(state, ("ready", _index(table, "void-extract")))
    state = ENGINE.apply(ENGINE.apply(state, ("attack", slot, "melee")), ("roll", 0, 0))
    assert state.e_area[slot] == OFF and state.usage["item-effect:slay"] == 1
    assert state.h_wounds[0] == 0 and state.usage["item-effect:defeat-mix"] == 1
    state = _at(agm_pack, table, "torrax-raging-smash")
    state.h_disk[0], state.h_wounds[0] = table.heroes[0].stamina - mix, mix
    assert defeats.hurt(state, 0, _skitterer(state), 50)  # a Riposte, a Revenge: no weapon used
    assert state.h_wounds[0] == mix and "item-effect:defeat-mix" not in state.usage
