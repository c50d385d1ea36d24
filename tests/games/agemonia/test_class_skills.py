"""The Class Skills the engine plays beyond Mighty Strike, Sniper and Retaliate, each on a hand-built
position: the skill changes what is played, by the amount its `class_skill.<rule>.*` fact states (a
changed fact changes the result)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from deckwright.games.agemonia import GAME, enemies, kit, skills, skills_armor
from deckwright.games.agemonia.rulings import RulesError
from deckwright.games.agemonia.state import OFF, State
from deckwright.games.agemonia.table import Table
from tests.games.agemonia.packs import boards_only
from tests.games.agemonia.test_hero_kit import RITUAL, _attack_damage, _turn, _unarmoured

ENGINE = GAME.engine


def _with(agm_pack: Any, table: Table, hero: int, *ids: str, **changes: Any) -> Table:
    """The table with the Hero's Class Skills replaced by these cards' plays (`changes` to each Skill), and
    without the items it would wear (the stash deals armour to the sample seats), so that only the skills
    change its rolls."""
    found = tuple(dataclasses.replace(kit.skill_of(agm_pack, i, table.rules), **changes) for i in ids)
    table = _unarmoured(table, hero)
    heroes = list(table.heroes)
    heroes[hero] = dataclasses.replace(heroes[hero], skills=found)
    return dataclasses.replace(table, heroes=tuple(heroes), parties=())  # the other parties lack the change


def _lunara(agm_pack: Any, *ids: str, overrides: dict[str, Any] | None = None, players: int = 1,
            area: str = "gate", selected: str = "lunara-stalwart-smite", **changes: Any) -> State:
    """Lunara (seat 0 of the Broken Ritual) holding these skills, her turn begun in `area`."""
    table = _with(agm_pack, boards_only(agm_pack, RITUAL, players, overrides), 0, *ids, **changes)
    state = ENGINE.new_state(table, 0)
    _turn(state, 0, selected, area)
    return state


def _skitterer(state: State, area: str, health: int = 9) -> int:
    """A Skitterer moved into `area` with this much health."""
    kinds = state.table.enemy_types
    slot = next(e for e, a in enumerate(state.e_area) if a != OFF and kinds[state.e_type[e]].id == "enemy-skitterer")
    state.e_area[slot], state.e_health[slot] = state.table.areas.index(area), health
    return slot


def test_a_skill_names_facts_for_its_numbers(agm_pack):
    rules = ENGINE.compile(agm_pack, RITUAL, 1).rules
    sprint = kit.skill_of(agm_pack, "venia-assassin-sprint", rules)
    assert sprint.amounts == (rules["class_skill.sprint.stamina"], rules["class_skill.sprint.movement"])
    gems = kit.skill_of(agm_pack, "jonai-aox-hunter-chosen-one", rules)
    assert gems.amounts == (rules["class_skill.chosen_one.achievement_gems"],)
    with pytest.raises(RulesError, match="states no play"):
        kit.skill_of(agm_pack, "matajam-shaman", rules)  # the Class card, no skill


def test_every_skill_number_is_read_from_its_fact(agm_pack):
    base = ENGINE.compile(agm_pack, RITUAL, 1).rules
    played = [card for card in agm_pack.of_type("class-skill") if (card.get("play") or {}).get("rule")]
    assert len(played) >= 30
    for card in played:
        play = card.get("play")
        skill = kit.skill_of(agm_pack, card.id, base)
        for i, part in enumerate(kit.SKILL_PARTS[play["kind"]]):
            if play["kind"] == "adjacent-targets" and part == "rolls":
                continue  # one roll is what the engine plays (test_class_skills_dice)
            name = f"class_skill.{play['rule']}.{part.format(gain=play.get('gain', ''))}"
            if name in base.settled:
                change = {name: int(base[name]) + 1}
            else:  # a part of the skill's table fact
                name, table = f"class_skill.{play['rule']}", base[f"class_skill.{play['rule']}"]
                change = {name: {**table, part: int(table[part]) + 1}}
            moved = ENGINE.compile(agm_pack, RITUAL, 1, change).rules
            assert kit.skill_of(agm_pack, card.id, moved).amounts[i] == skill.amounts[i] + 1, (card.id, name)


def test_targeting_adds_range_and_successes_to_the_turns_ranged_attacks(agm_pack):
    table = ENGINE.compile(agm_pack, "sample-prison-break", 1)
    damage = []
    for overrides in ({}, {"class_skill.targeting.successes": 2}):
        played = _with(agm_pack, ENGINE.compile(agm_pack, "sample-prison-break", 1, overrides), 0,
                       "matajam-ranger-targeting")
        for use in (False, True):
            state = ENGINE.new_state(played, 0)
            _turn(state, 0, "matajam-aimed-shot", "corridor")
            guard = next(e for e, a in enumerate(state.e_area) if a == played.areas.index("yard"))
            state.e_health[guard] = 9
            if use:
                assert skills.extra_range(state, 0, "ranged") == 0
                state = ENGINE.apply(state, ("skill", 0))
                assert skills.extra_range(state, 0, "ranged") == int(table.rules["class_skill.targeting.range"])
                assert ("skill", 0) not in ENGINE.legal_actions(state) and state.maneuvers == 1
            damage.append(_attack_damage(state, 0, guard, "ranged", 1))
    assert damage[1] - damage[0] == int(table.rules["class_skill.targeting.successes"]) and damage[3] - damage[2] == 2


def test_sprint_pays_stamina_for_movement_points(agm_pack):
    for movement in (None, 5):
        state = _lunara(agm_pack, "venia-assassin-sprint",
                        overrides={"class_skill.sprint.movement": movement} if movement else None)
        rules = state.table.rules
        disk = state.h_disk[0]
        state = ENGINE.apply(state, ("skill", 0))
        assert state.h_disk[0] == disk - int(rules["class_skill.sprint.stamina"]) and state.maneuvers == 1
        assert state.move_points == int(rules["class_skill.sprint.movement"])
    broke = _lunara(agm_pack, "venia-assassin-sprint")
    broke.h_disk[0] = 2
    assert ("skill", 0) not in ENGINE.legal_actions(broke)


def test_hex_weakens_an_enemy_in_range(agm_pack):
    state = _lunara(agm_pack, "matajam-shaman-hex")
    near = [a for a in ENGINE.legal_actions(state) if a[0] == "skill"]
    t, reach = state.table, int(state.table.rules["class_skill.hex.range"])
    assert near and all(t.range_dist[state.h_area[0]][state.e_area[a[2]]] <= reach for a in near)
    state = ENGINE.apply(state, near[0])
    weakened = next(i for i, c in enumerate(state.table.conditions) if c.id == "weakened")
    assert [code >> 1 for code in state.e_conds[near[0][2]]] == [weakened]
    short = _lunara(agm_pack, "matajam-shaman-hex", overrides={"class_skill.hex.range": 0})
    assert not [a for a in ENGINE.legal_actions(short) if a[0] == "skill"]


def test_abolish_clears_every_condition_of_an_ally_in_range(agm_pack):
    state = _lunara(agm_pack, "matajam-shaman-abolish")
    assert not [a for a in ENGINE.legal_actions(state) if a[0] == "skill"]  # nobody holds a condition
    state.h_conds[0] = (0, 2)
    state = ENGINE.apply(state, ("skill", 0, 0))
    assert state.h_conds[0] == () and state.maneuvers == 1


def test_touch_of_aox_heals_its_amount(agm_pack):
    for heal in (None, 3):
        state = _lunara(agm_pack, "venia-witch-touch-of-aox",
                        overrides={"class_skill.touch_of_aox.heal": heal} if heal else None)
        state.h_disk[0], state.h_wounds[0] = 1, 5
        state = ENGINE.apply(state, ("skill", 0))
        assert state.h_wounds[0] == 5 - int(state.table.rules["class_skill.touch_of_aox.heal"])


def test_lightning_reflexes_trades_the_action_for_maneuvers(agm_pack):
    for more in (None, 2):
        state = _lunara(agm_pack, "jonai-aox-hunter-lightning-reflexes",
                        overrides={"class_skill.lightning_reflexes.maneuvers": more} if more else None)
        state = ENGINE.apply(state, ("skill", 0))
        assert state.acts == 0 and state.maneuvers == 2 + int(state.table.rules["class_skill.lightning_reflexes.maneuvers"])


def test_skirmisher_moves_before_or_after_the_melee_attack_action(agm_pack):
    state = _lunara(agm_pack, "lunara-knight-skirmisher")  # the Skitterers stand next door
    assert not [a for a in ENGINE.legal_actions(state) if a[0] == "attack"]
    state = ENGINE.apply(state, ("skill", 0))
    assert state.move_points == int(state.table.rules["class_skill.skirmisher.movement"])
    state = ENGINE.apply(state, ("step", state.table.areas.index("courtyard")))
    assert [a for a in ENGINE.legal_actions(state) if a[0] == "attack"] and ("skill", 0) not in ENGINE.legal_actions(state)
    after = _lunara(agm_pack, "lunara-knight-skirmisher", area="courtyard")
    slot = next(a[1] for a in ENGINE.legal_actions(after) if a[0] == "attack")
    after = ENGINE.apply(ENGINE.apply(after, ("attack", slot, "melee")), ("roll", 0, 0))
    assert ("skill", 0) in ENGINE.legal_actions(after)  # the move after the attack
    rethought = _lunara(agm_pack, "lunara-knight-skirmisher", area="courtyard")
    rethought.h_spent[0] = 1
    rethought = ENGINE.apply(rethought, ("rethink-restore",))
    assert ("skill", 0) not in ENGINE.legal_actions(rethought)  # no attack action was made


def test_energy_infusion_flips_spent_chips_so_many_times_a_turn(agm_pack):
    state = _lunara(agm_pack, "jonai-blademaster-energy-infusion")
    state.h_spent[0], state.h_wounds[0] = 2, 1
    assert {("skill", 0, 0), ("skill", 0, 1)} <= set(ENGINE.legal_actions(state))
    flipped = ENGINE.apply(state, ("skill", 0, 0))
    assert (flipped.h_spent[0], flipped.h_wounds[0]) == (1, 2)
    assert not [a for a in ENGINE.legal_actions(flipped) if a[0] == "skill"]
    twice = _lunara(agm_pack, "jonai-blademaster-energy-infusion",
                    overrides={"class_skill.energy_infusion.flips_per_turn": 2})
    twice.h_spent[0], twice.h_wounds[0] = 2, 2
    twice = ENGINE.apply(ENGINE.apply(twice, ("skill", 0, 1)), ("skill", 0, 1))
    assert (twice.h_spent[0], twice.h_wounds[0]) == (4, 0)


def test_melee_weapon_mastery_adds_successes_on_an_enemy_yet_to_act(agm_pack):
    damage = {}
    for overrides, order in (({}, "before"), ({}, "after"), ({"class_skill.melee_weapon_mastery.successes": 2}, "before")):
        state = _lunara(agm_pack, "matajam-ranger-melee-weapon-mastery", overrides=overrides, area="courtyard")
        slot = _skitterer(state, "courtyard")
        state.queue, state.qpos = ([0, ~slot], 0) if order == "before" else ([~slot, 0], 1)
        damage[order, bool(overrides)] = _attack_damage(state, 0, slot, "melee", 1)
    assert damage["before", False] - damage["after", False] == 1 == damage["before", True] - damage["before", False]


def test_blood_bond_needs_its_wound_side_chips(agm_pack):
    state = _lunara(agm_pack, "venia-witch-blood-bond")
    need = int(state.table.rules["class_skill.blood_bond.wounded_chips"])
    state.h_wounds[0] = need - 1
    assert skills.extra_successes(state, 0, "magic", -1) == 0
    state.h_wounds[0] = need
    assert skills.extra_successes(state, 0, "magic", -1) == int(state.table.rules["class_skill.blood_bond.successes"])
    assert skills.extra_successes(state, 0, "melee", -1) == 0


@pytest.mark.parametrize("skill, check", [
    ("drenosh-marauder-fiery-heart", lambda s: s.h_wounds[0] == 1),
    # the 1 spent restored, after what Lunara's Aox Scimitar makes the attack cost (`items_wielded`)
    ("drenosh-pyroblade-fiery-soul", lambda s: s.h_spent[0] == 1 + s.usage.get("item-effect:wielded-stamina", 0)),
    ("jonai-aox-hunter-chosen-one", lambda s: s.h_ach[0] == 3),
])
def test_defeating_an_enemy_gives_what_the_skill_states(agm_pack, skill, check):
    state = _lunara(agm_pack, skill, area="courtyard")
    slot = _skitterer(state, "courtyard", health=1)
    state.h_wounds[0], state.h_spent[0], state.h_disk[0] = 2, 2, 3
    state.h_ach[0] = 2
    state = ENGINE.apply(ENGINE.apply(state, ("attack", slot, "melee")), ("roll", 3, 0))
    assert state.e_area[slot] == OFF and check(state) and state.usage[skill] == 1


def test_an_on_defeat_amount_is_its_fact(agm_pack):
    state = _lunara(agm_pack, "drenosh-marauder-fiery-heart", overrides={"class_skill.fiery_heart.heal": 2},
                    area="courtyard")
    slot = _skitterer(state, "courtyard", health=1)
    state.h_wounds[0] = 2
    state = ENGINE.apply(ENGINE.apply(state, ("attack", slot, "melee")), ("roll", 3, 0))
    assert state.h_wounds[0] == 0


def _enemy_hit(agm_pack: Any, *ids: str, overrides: dict[str, Any] | None = None, **changes: Any) -> tuple[State, int]:
    """A Skitterer's melee attack (an agility check) on Lunara holding these skills in the courtyard, her
    reactive roll pending."""
    state = _lunara(agm_pack, *ids, overrides=overrides, area="courtyard", **changes)
    slot = _skitterer(state, "courtyard")
    kind = state.table.enemy_types[state.e_type[slot]]
    state.face = next(i for i, f in enumerate(state.table.faces)
                      if kind.actions[f.eye].kind == "melee" and kind.actions[f.eye].ability == 1)  # agility
    state.pending, state.seat = [], -1
    enemies.attack(state, slot)
    return state, slot


def test_crystal_crust_shields_reactive_agility_checks_and_willpower_adds_will_dice(agm_pack):
    plain, _ = _enemy_hit(agm_pack)
    crust, _ = _enemy_hit(agm_pack, "torrax-guardian-crystal-crust")
    thick, _ = _enemy_hit(agm_pack, "torrax-guardian-crystal-crust", overrides={"class_skill.crystal_crust.shields": 2})
    amount = plain.pending[0][6]
    assert crust.pending[0][6] == max(0, amount - 1) and thick.pending[0][6] == max(0, amount - 2)
    will, _ = _enemy_hit(agm_pack, "torrax-geomancer-willpower")  # an agility check: no die more
    assert will.pending[0][2] == plain.pending[0][2]
    agile, _ = _enemy_hit(agm_pack, "torrax-geomancer-willpower", ability=1)  # the same play on agility
    assert agile.pending[0][2] == plain.pending[0][2] + int(plain.table.rules["class_skill.willpower.dice"])


def test_protective_ward_shields_other_allies_in_range_against_melee(agm_pack):
    table = boards_only(agm_pack, RITUAL, 2)
    state = ENGINE.new_state(_with(agm_pack, table, 1, "torrax-guardian-protective-ward"), 0)
    state.h_area[0] = state.h_area[1] = table.areas.index("courtyard")
    worn = [skills_armor.shields(state, h, 1, "melee", 0) for h in (0, 1)]  # what the items each Hero wears add anyway
    assert skills.shields(state, 0, 1, "melee", 0) == worn[0] + int(table.rules["class_skill.protective_ward.shields"])
    assert skills.shields(state, 1, 1, "melee", 0) == worn[1] and skills.shields(state, 0, 1, "ranged", 0) == worn[0]
    state.h_area[1] = table.areas.index("crypt")
    assert table.range_dist[state.h_area[0]][state.h_area[1]] > int(table.rules["class_skill.protective_ward.range"])
    assert skills.shields(state, 0, 1, "melee", 0) == worn[0]


def test_vigor_restores_and_fire_shield_ripostes_when_a_melee_attack_damages(agm_pack):
    vigor, _ = _enemy_hit(agm_pack, "lunara-paladin-vigor")
    vigor.h_disk[0], vigor.h_spent[0] = 9, 2
    ENGINE.apply_in_place(vigor, ("roll", 0, 0))
    assert vigor.h_spent[0] == 2 - int(vigor.table.rules["class_skill.vigor.restore"])
    for amount in (None, 2):
        shield, slot = _enemy_hit(agm_pack, "drenosh-pyroblade-fire-shield",
                                  overrides={"class_skill.fire_shield.riposte": amount} if amount else None)
        ENGINE.apply_in_place(shield, ("roll", 0, 0))
        assert shield.e_health[slot] == 9 - int(shield.table.rules["class_skill.fire_shield.riposte"])
    blocked, slot = _enemy_hit(agm_pack, "drenosh-pyroblade-fire-shield")
    ENGINE.apply_in_place(blocked, ("roll", 9, 0))  # no damage got through: no Riposte
    assert blocked.e_health[slot] == 9


def test_evasion_takes_its_evade_off_the_first_provoke_of_a_turn(agm_pack):
    state = _lunara(agm_pack, "venia-assassin-evasion")
    evade = int(state.table.rules["class_skill.evasion.evade"])
    assert skills.evade_provoke(state, 0, 3) == 3 - evade
    assert skills.evade_provoke(state, 0, 3) == 3  # once a turn


def test_an_aura_adds_to_other_allies_recovers_in_range(agm_pack):
    for skill, option, fact in (("lunara-paladin-benevolent-aura", "heal", "class_skill.benevolent_aura.heal"),
                                ("zuvasai-telepath-psychic-aura", "restore", "class_skill.psychic_aura.restore")):
        table = boards_only(agm_pack, RITUAL, 2)
        state = ENGINE.new_state(_with(agm_pack, table, 0, skill), 0)
        _turn(state, 1, "zuvasai-runic-trajection", "gate")
        state.h_area[0] = state.h_area[1]
        state.h_disk[1], state.h_wounds[1], state.h_spent[1] = 1, 5, 5
        after = ENGINE.apply(state, ("recover", option))
        gained = (state.h_wounds[1] - after.h_wounds[1]) if option == "heal" else (state.h_spent[1] - after.h_spent[1])
        assert gained == int(table.rules["recover.amount"]) + int(table.rules[fact])


def test_melee_focus_keeps_a_hindered_recover_whole(agm_pack):
    healed = []
    for ids in ((), ("torrax-guardian-melee-focus",)):
        state = _lunara(agm_pack, *ids, area="courtyard")  # three Skitterers there: Hindered
        state.h_disk[0], state.h_wounds[0] = 1, 5
        healed.append(5 - ENGINE.apply(state, ("recover", "heal")).h_wounds[0])
    rules = state.table.rules
    assert healed == [int(rules["recover.amount"]) - int(rules["hindered.recover_penalty"]), int(rules["recover.amount"])]


def test_eviscerate_makes_the_enemies_its_action_damages_bleed(agm_pack):
    # the play of Eviscerate (Charge) tied to Lunara's Stalwart Smite, the melee action she holds
    state = _lunara(agm_pack, "drenosh-marauder-eviscerate", area="courtyard", action="lunara-stalwart-smite")
    slot = _skitterer(state, "courtyard")
    state = ENGINE.apply(ENGINE.apply(state, ("attack", slot, "melee")), ("roll", 2, 0))
    bleeding = next(i for i, c in enumerate(state.table.conditions) if c.id == "bleeding")
    assert bleeding in [code >> 1 for code in state.e_conds[slot]]


def test_raised_abilities_and_longer_reach(agm_pack):
    table = ENGINE.compile(agm_pack, "sample-sky-bridge", 1)  # Torrax the Geomancer: Molten Joints
    board = agm_pack.by_id["board-torrax-geomancer"]
    assert table.heroes[0].abilities[1] == int(board.get("abilities")["agility"]) + int(
        table.rules["class_skill.molten_joints.amount"])
    more = ENGINE.compile(agm_pack, "sample-sky-bridge", 1, {"class_skill.molten_joints.amount": 2})
    assert more.heroes[0].abilities[1] == table.heroes[0].abilities[1] + 1
    state = _lunara(agm_pack, "zuvasai-telepath-telepathic-tendril")
    assert skills.extra_range(state, 0, "magic") == int(state.table.rules["class_skill.telepathic_tendril.range"])
    assert skills.extra_range(state, 0, "ranged") == 0


def test_sharp_claws_adds_dice_to_its_actions_attacks(agm_pack):
    # the play of Sharp Claws (Raging Nalam) tied to Lunara's Stalwart Smite, the melee action she holds
    dice = []
    for ids in ((), ("matajam-ranger-sharp-claws",)):
        state = _lunara(agm_pack, *ids, area="courtyard", action="lunara-stalwart-smite")
        slot = _skitterer(state, "courtyard")
        dice.append(ENGINE.apply(state, ("attack", slot, "melee")).pending[0][2])
    assert dice[1] == dice[0] + int(state.table.rules["class_skill.sharp_claws.dice"])
    other = _lunara(agm_pack, "jonai-blademaster-precision", area="courtyard")  # Blades of Wrath: not hers
    assert ENGINE.apply(other, ("attack", _skitterer(other, "courtyard"), "melee")).pending[0][2] == dice[0]


def test_infusion_restores_only_after_a_magic_attack_this_turn(agm_pack):
    state = _lunara(agm_pack, "zuvasai-hydromancer-infusion")
    state.h_disk[0], state.h_spent[0] = 1, 4
    assert ("skill", 0) not in ENGINE.legal_actions(state)
    skills.attack_made(state, "magic")
    state = ENGINE.apply(state, ("skill", 0))
    assert state.h_spent[0] == 4 - int(state.table.rules["class_skill.infusion.restore"])


def test_bless_gives_the_flash_heal_target_blessed(agm_pack):
    table = ENGINE.compile(agm_pack, RITUAL, 2)
    state = ENGINE.new_state(_with(agm_pack, table, 0, "lunara-paladin-bless"), 0)
    _turn(state, 0, "lunara-flash-heal", "gate")
    state.h_area[1] = state.h_area[0]
    state = ENGINE.apply(state, ("support", 1))
    blessed = next(i for i, c in enumerate(table.conditions) if c.id == "blessed")
    assert [code >> 1 for code in state.h_conds[1]] == [blessed] and state.usage["lunara-paladin-bless"] == 1
