"""Passive Hero actions that summon nothing (`lasting`), Mirror and Revenge (`reflect`) and support actions
on an Enemy (`hexes`), on hand-built positions of The Flooded Cellar with one of the pack's level-5 boards
in seat 0 (rulebook lines 3191-3196, 3227-3238, 3366-3392, 3647-3656 and the actions' own lines)."""

from __future__ import annotations

from typing import Any

from deckwright.games.agemonia import GAME, enemies, figures, heroes, lasting, reflect
from deckwright.games.agemonia.figures import ENEMY, HERO
from deckwright.games.agemonia.locking import locked
from deckwright.games.agemonia.state import OFF, TURNS, State
from deckwright.games.agemonia.table import compile_table

ENGINE = GAME.engine
CELLAR = "sample-flooded-cellar"


def _turn(agm_pack: Any, board: str, action: str, players: int = 1) -> State:
    """The board's Hero in seat 0, its turn begun with `action` selected, in the hall."""
    table = compile_table(agm_pack, CELLAR, players, party=[agm_pack.by_id[board]])
    s = ENGINE.new_state(table, 0)
    s.phase, s.seat, s.pending, s.queue, s.qpos, s.face = TURNS, 0, [], [0], 0, 0
    s.acts, s.maneuvers, s.move_points = 1, 1, 0
    s.h_action[0] = [a.id for a in table.heroes[0].actions].index(action)
    s.h_area[0] = _area(s, "hall")
    return s


def _area(s: State, name: str) -> int:
    return s.table.areas.index(name)


def _condition(s: State, name: str) -> int:
    return next(i for i, c in enumerate(s.table.conditions) if c.id == name)


def _holds(s: State, side: int, figure: int, name: str) -> bool:
    held = s.h_conds[figure] if side == HERO else s.e_conds[figure]
    return any(code >> 1 == _condition(s, name) for code in held)


def _enemy(s: State) -> int:
    return next(slot for slot, at in enumerate(s.e_area) if at != OFF)


def test_stun_trap_marks_the_heros_area_and_stuns_the_first_enemy_that_moves_in(agm_pack):
    s = _turn(agm_pack, "board-matajam-ranger-5", "matajam-stun-trap")
    assert [a for a in ENGINE.legal_actions(s) if a[0] == "passive"] == [("passive", _area(s, "hall"))]
    disk = s.h_disk[0]
    s = ENGINE.apply(s, ("passive", _area(s, "hall")))
    assert locked(s, 0) == 1 and s.h_disk[0] == disk - 1
    slot = _enemy(s)
    s.e_area[slot] = _area(s, "hall")
    lasting.entered(s, slot)
    assert _holds(s, ENEMY, slot, "stunned")
    assert s.passives == [] and s.h_spent[0] == 1  # the action ends, its chip back as spent
    other = next(e for e, at in enumerate(s.e_area) if at != OFF and e != slot)
    s.e_area[other] = _area(s, "hall")
    lasting.entered(s, other)
    assert not _holds(s, ENEMY, other, "stunned")  # the trap sprang once


def test_an_enemy_moving_through_the_marked_area_springs_the_trap_on_its_way(agm_pack):
    s = _turn(agm_pack, "board-drenosh-pyroblade-5", "drenosh-fire-trap")
    s = ENGINE.apply(s, ("passive", _area(s, "hall")))
    slot = _enemy(s)
    s.e_area[slot], s.h_area[0] = _area(s, "cellar"), _area(s, "stairs")
    health = s.e_health[slot]
    act = s.table.enemy_types[s.e_type[slot]].actions["open"]
    enemies._move(s, slot, act, 2)
    assert s.usage.get("passive-trap-sprung:drenosh-fire-trap") == 1
    assert s.e_health[slot] == health - 2 or s.e_area[slot] == OFF  # Fire Trap's 2 damage on the board


def test_sneak_gives_invisible_while_locked_and_ends_when_it_is_lost(agm_pack):
    s = _turn(agm_pack, "board-drenosh-marauder-5", "drenosh-sneak")
    s = ENGINE.apply(s, ("passive", 0))
    assert _holds(s, HERO, 0, "invisible") and locked(s, 0) == 1
    figures.event(s, HERO, 0, "attack")  # Invisible ends when its Hero attacks
    lasting.settle(s)
    assert s.passives == [] and s.h_spent[0] == 1
    s = _turn(agm_pack, "board-drenosh-marauder-5", "drenosh-sneak")
    s = ENGINE.apply(s, ("passive", 0))
    unlock = [a for a in ENGINE.legal_actions(s) if a[0] == "unlock"]
    s = ENGINE.apply(s, unlock[0])
    assert not _holds(s, HERO, 0, "invisible")  # the action ended: the condition goes


def test_aura_of_courage_adds_a_success_to_allies_in_reach_and_not_to_magic(agm_pack):
    s = _turn(agm_pack, "board-lunara-knight-5", "lunara-aura-of-courage")
    s = ENGINE.apply(s, ("passive", 0))
    assert lasting.extra_successes(s, 0, "melee", 0) == 1
    assert lasting.extra_successes(s, 0, "magic", 0) == 0
    s.h_area[0] = _area(s, "well")  # the aura goes where its Hero goes
    assert lasting.extra_successes(s, 0, "ranged", 0) == 1


def test_an_aura_boosts_the_damage_a_hero_attack_lands(agm_pack):
    def landed(with_aura: bool) -> int:
        s = _turn(agm_pack, "board-lunara-knight-5", "lunara-aura-of-courage")
        if with_aura:
            s = ENGINE.apply(s, ("passive", 0))
        s.h_action[0] = [a.id for a in s.table.heroes[0].actions].index("lunara-stalwart-smite")
        slot = _enemy(s)
        s.e_area[slot] = s.h_area[0]
        health = s.e_health[slot]
        heroes.land_attack(s, ("roll", "a", 2, "hero-hit", 0, slot, "melee"), 0)
        return health - s.e_health[slot]
    assert landed(True) == landed(False) + 1


def test_sentinels_mark_adds_damage_only_against_the_marked_enemy_and_ends_at_its_defeat(agm_pack):
    s = _turn(agm_pack, "board-jonai-aox-hunter-5", "jonai-sentinels-mark")
    marks = [a for a in ENGINE.legal_actions(s) if a[0] == "passive"]
    assert marks and all(s.e_area[a[1]] != OFF for a in marks)
    slot = marks[0][1]
    s = ENGINE.apply(s, marks[0])
    other = next(e for e, at in enumerate(s.e_area) if at != OFF and e != slot)
    assert lasting.extra_successes(s, 0, "ranged", slot) == 1 and lasting.extra_successes(s, 0, "ranged", other) == 0
    figures.damage_enemy(s, slot, s.e_health[slot])
    lasting.settle(s)
    assert s.passives == []


def test_battle_stance_ripostes_a_melee_attack_from_the_heros_area(agm_pack):
    s = _turn(agm_pack, "board-torrax-guardian-5", "torrax-battle-stance")
    s = ENGINE.apply(s, ("passive", 0))
    slot = _enemy(s)
    s.e_area[slot] = s.h_area[0]
    s.e_health[slot] = health = 5
    enemies.land_enemy_attack(s, ("roll", "r", 1, "enemy-hit", slot, 0, 1, -1), 0)
    assert s.e_health[slot] == health - 1 and s.usage.get("passive-riposte") == 1


def test_spell_shield_ripostes_magic_only_for_the_marked_ally(agm_pack):
    s = _turn(agm_pack, "board-jonai-blademaster-5", "jonai-spell-shield")
    s = ENGINE.apply(s, ("passive", 0))
    slot = _enemy(s)
    s.e_health[slot] = 5
    lasting.attacked(s, 0, slot, "melee")
    assert s.e_health[slot] == 5
    lasting.attacked(s, 0, slot, "magic")
    assert s.e_health[slot] == 4


def test_drain_hurts_the_marked_enemy_and_heals_the_hero_at_its_turn(agm_pack):
    s = _turn(agm_pack, "board-venia-witch-5", "venia-curse-of-aox")
    s.e_area[_enemy(s)] = s.h_area[0]
    s = ENGINE.apply(s, [a for a in ENGINE.legal_actions(s) if a[0] == "passive"][0])
    slot = s.passives[0][3]
    s.h_wounds[0], s.h_disk[0], s.e_health[slot] = 2, s.h_disk[0] - 2, 3
    lasting.turn_start(s, 0)
    assert s.e_health[slot] == 2 and s.h_wounds[0] == 1


def test_armor_of_faith_gives_mirror_against_the_next_melee_attack(agm_pack):
    s = _turn(agm_pack, "board-lunara-knight-5", "lunara-armor-of-faith")
    s = ENGINE.apply(s, ("support", 0))
    assert s.reflects == [(0, "mirror", "melee")]
    slot = _enemy(s)
    s.e_area[slot] = s.h_area[0]
    s.e_health[slot] = 9
    wounds, disk = s.h_wounds[0], s.h_disk[0]
    assert not reflect.mirror(s, 0, slot, "ranged", 2)  # a ranged attack finds no Mirror
    assert reflect.mirror(s, 0, slot, "melee", 2)
    assert s.e_health[slot] == 7 and s.h_wounds[0] == wounds and s.h_disk[0] == disk and s.reflects == []


def test_an_enemy_melee_attack_on_a_mirrored_hero_rolls_no_reactive_check(agm_pack):
    s = _turn(agm_pack, "board-lunara-knight-5", "lunara-armor-of-faith")
    s = ENGINE.apply(s, ("support", 0))
    melee = next(i for i, e in enumerate(s.e_type) if s.e_area[i] != OFF
                 and any(a.kind == "melee" and a.damage for a in s.table.enemy_types[e].actions.values()))
    eye = next(k for k, a in s.table.enemy_types[s.e_type[melee]].actions.items() if a.kind == "melee" and a.damage)
    s.face = next(i for i, f in enumerate(s.table.faces) if f.eye == eye)
    s.e_area[melee] = s.h_area[0]
    s.pending = []
    health = s.e_health[melee]
    enemies.attack(s, melee)
    assert not s.pending and s.usage.get("mirror") == 1 and s.e_health[melee] < health or s.e_area[melee] == OFF


def test_revenge_hurts_the_attacker_as_much_as_the_ally_took(agm_pack):
    s = _turn(agm_pack, "board-torrax-guardian-5", "torrax-raging-smash")
    slot = _enemy(s)
    s.e_health[slot] = 9
    reflect.grant(s, 0, "revenge", "")
    enemies.land_enemy_attack(s, ("roll", "r", 1, "enemy-hit", slot, 0, 3, -1), 1)  # one success: 2 through
    taken = 3 - 1 * int(s.table.rules["reactive.reduction_per_success"])
    assert s.e_health[slot] == 9 - taken and s.reflects == []
    enemies.land_enemy_attack(s, ("roll", "r", 1, "enemy-hit", slot, 0, 3, -1), 1)
    assert s.e_health[slot] == 9 - taken  # used up


def test_a_hex_puts_its_condition_on_an_enemy_in_sight_and_assassinate_defeats(agm_pack):
    s = _turn(agm_pack, "board-matajam-shaman-5", "matajam-jinx")
    options = [a for a in ENGINE.legal_actions(s) if a[0] == "hex"]
    assert options
    s = ENGINE.apply(s, options[0])
    assert _holds(s, ENEMY, options[0][1], "dominated") and s.acts == 0
    s = _turn(agm_pack, "board-venia-assassin-5", "venia-assassinate")
    assert not [a for a in ENGINE.legal_actions(s) if a[0] == "hex"]  # range 0: none in the hall
    slot = _enemy(s)
    s.e_area[slot] = s.h_area[0]
    s = ENGINE.apply(s, ("hex", slot))
    assert s.e_area[slot] == OFF
