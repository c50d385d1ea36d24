"""The Class Skills played beyond those of test_class_skills: each on a hand-built position, where the
skill changes what is played by the amount its `class_skill.<rule>.*` fact states."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from deckwright.engine.playout import play, random_policy
from deckwright.games.agemonia import GAME, enemies, figures, kit, skills, skills_dice, skills_initiative, skills_weapons
from deckwright.games.agemonia.policies import POLICIES
from deckwright.games.agemonia.state import OFF, SELECT, TURNS, State
from deckwright.games.agemonia.items_values import ABILITIES, Shield
from deckwright.games.agemonia.table import Item, Table, compile_table, face_dice
from tests.games.agemonia.test_class_skills import _lunara, _skitterer, _with
from tests.games.agemonia.packs import boards_only
from tests.games.agemonia.test_hero_kit import RITUAL, _attack_damage, _turn

ENGINE = GAME.engine


def _selecting(agm_pack: Any, *ids: str, overrides: dict[str, Any] | None = None) -> State:
    """The Broken Ritual's first selection, Lunara (seat 0, one Hero) holding these skills."""
    table = _with(agm_pack, boards_only(agm_pack, RITUAL, 1, overrides), 0, *ids)
    state = ENGINE.new_state(table, 0)
    assert state.phase == SELECT and state.seat == 0
    return state


def _select(state: State, action_id: str) -> State:
    index = next(i for i, a in enumerate(state.table.heroes[0].actions) if a.id == action_id)
    return ENGINE.apply(state, ("select", index))


def test_tactics_takes_another_ally_initiative_for_its_stamina(agm_pack):
    for cost in (None, 2):
        state = _select(_selecting(agm_pack, "lunara-knight-tactics",
                                   overrides={"class_skill.tactics.stamina": cost} if cost else None),
                        "lunara-stalwart-smite")  # a blue action
        legal = ENGINE.legal_actions(state)
        assert state.phase == SELECT and state.seat == 0 and ENGINE.current_player(state) == 0
        assert set(legal) == {("change-initiative", ""), ("change-initiative", "green"), ("change-initiative", "red")}
        disk = state.h_disk[0]
        state = ENGINE.apply(state, ("change-initiative", "red"))
        assert state.h_disk[0] == disk - int(state.table.rules["class_skill.tactics.stamina"])
        assert state.h_init[0] == "red" and state.usage["lunara-knight-tactics"] == 1
        # the card is revealed next; Lunara acts at the red turn, not the blue one
        card = next(c for c, f in enumerate(state.table.faces) if f.turns[0] == "red" and f.turns[-1] == "blue")
        state = ENGINE.apply(state, ("initiative", card))
        assert state.phase == TURNS and state.seat == 0 and state.queue[0] == 0


def test_without_tactics_or_its_stamina_the_selection_goes_straight_on(agm_pack):
    plain = _select(_selecting(agm_pack), "lunara-stalwart-smite")
    assert plain.seat < 0 and plain.choosing == OFF  # the Initiative card is chance's
    kept = _select(_selecting(agm_pack, "lunara-knight-tactics"), "lunara-stalwart-smite")
    kept = ENGINE.apply(kept, ("change-initiative", ""))
    assert kept.seat < 0 and kept.h_init[0] == "" and "lunara-knight-tactics" not in kept.usage
    broke = _selecting(agm_pack, "lunara-knight-tactics", overrides={"class_skill.tactics.stamina": 99})
    assert _select(broke, "lunara-stalwart-smite").seat < 0


def test_the_initiative_token_is_gone_at_the_next_selection(agm_pack):
    state = _select(_selecting(agm_pack, "lunara-knight-tactics"), "lunara-stalwart-smite")
    state = ENGINE.apply(state, ("change-initiative", "green"))
    state.phase, state.seat, state.h_action[0] = SELECT, 0, -1  # the next round
    state = _select(state, "lunara-stalwart-smite")
    assert state.h_init[0] == ""


def test_the_policies_take_an_initiative_before_the_enemies_when_attacking(agm_pack):
    state = _select(_selecting(agm_pack, "lunara-knight-tactics"), "lunara-stalwart-smite")
    own = "blue"
    best = max(skills_initiative.ally_initiatives(state), key=lambda i: skills_initiative.before_enemies(state, i))
    assert skills_initiative.before_enemies(state, best) > skills_initiative.before_enemies(state, own)
    for policy in POLICIES.values():
        assert policy(ENGINE, state, random.Random(0)) == ("change-initiative", best)


def _uses_in_playouts(table: Table, key: str, seeds: int = 4) -> list[int]:
    """Seeded playouts of the table under the random, heuristic and greedy policies, each ending by a
    rule with no invariant broken: how often each used `key` (a usage key)."""
    used = []
    for seed in range(seeds):
        for policy in (random_policy, POLICIES["heuristic"], POLICIES["greedy"]):
            result = play(ENGINE, table, seed, [policy], check=True)
            assert result.end.split(":")[0] in ("success", "fail-forward", "fail") and not result.violations
            used.append(result.usage.get(key, 0))
    return used


def test_seeded_playouts_with_tactics_change_initiatives_and_end_by_rule(agm_pack):
    table = _with(agm_pack, boards_only(agm_pack, RITUAL, 1), 0, "lunara-knight-tactics")
    assert any(_uses_in_playouts(table, "lunara-knight-tactics", seeds=6))


def _armoured(agm_pack: Any, *ids: str, lock: int = 2, shields: int = 1, category: str = "armor") -> Table:
    """The Broken Ritual for Lunara holding these skills and wearing one more item that locks stamina."""
    table = _with(agm_pack, boards_only(agm_pack, RITUAL, 1), 0, *ids)
    plate = Item("golemsteel-plate", category=category, lock=lock, shields=(Shield(shields),))
    heroes = list(table.heroes)
    heroes[0] = dataclasses.replace(heroes[0], items=heroes[0].items + (len(table.items),))
    return dataclasses.replace(table, items=table.items + (plate,), heroes=tuple(heroes))


def test_worn_armour_locks_stamina_and_adds_shields_unless_the_skill_frees_it(agm_pack):
    plain = ENGINE.new_state(_with(agm_pack, ENGINE.compile(agm_pack, RITUAL, 1), 0), 0)
    locked = ENGINE.new_state(_armoured(agm_pack), 0)
    plate = len(locked.table.items) - 1
    assert locked.h_disk[0] == plain.h_disk[0] - 2 and locked.h_worn[0] == ((plate, 2),)
    assert skills.shields(locked, 0, 0, "melee", 0) == skills.shields(plain, 0, 0, "melee", 0) + 1
    assert not ENGINE.invariants(locked)
    free = ENGINE.new_state(_armoured(agm_pack, "lunara-knight-armor-and-shield-proficiency"), 0)
    assert free.h_disk[0] == plain.h_disk[0] and free.h_worn[0] == ((plate, 0),)
    assert skills.shields(free, 0, 0, "melee", 0) == skills.shields(plain, 0, 0, "melee", 0) + 1
    assert free.usage["lunara-knight-armor-and-shield-proficiency"] == 1
    other = ENGINE.new_state(_armoured(agm_pack, "lunara-knight-armor-and-shield-proficiency", category="robe"), 0)
    assert other.h_disk[0] == plain.h_disk[0] - 2  # a robe is neither armour nor shield
    heavy = ENGINE.new_state(_armoured(agm_pack, lock=99), 0)
    assert heavy.h_worn[0] == () and heavy.h_disk[0] == plain.h_disk[0]  # too heavy to lock: not in use


def test_a_worn_items_shields_count_only_on_the_checks_its_card_limits_them_to(agm_pack):
    plain = ENGINE.new_state(_with(agm_pack, ENGINE.compile(agm_pack, RITUAL, 1), 0), 0)
    table = _armoured(agm_pack)
    plate = len(table.items) - 1
    limited = (Shield(2, ABILITIES.index("might")), Shield(1, attack="magic", enemy="aox"))
    items = table.items[:plate] + (dataclasses.replace(table.items[plate], shields=limited),)
    for traits in (frozenset(), frozenset({"aox"})):  # the attacking Enemy without, then with, the trait
        kinds = list(table.enemy_types)
        kinds[plain.e_type[0]] = dataclasses.replace(kinds[plain.e_type[0]], traits=traits)
        state = ENGINE.new_state(dataclasses.replace(table, items=items, enemy_types=tuple(kinds)), 0)

        def more(ability: str, attack: str) -> int:
            index = ABILITIES.index(ability)
            return skills.shields(state, 0, index, attack, 0) - skills.shields(plain, 0, index, attack, 0)

        aox = int("aox" in traits)
        assert more("might", "melee") == 2 and more("agility", "melee") == 0
        assert more("will", "magic") == aox and more("might", "magic") == 2 + aox
        assert state.usage.get("item-effect:limited-shields")


def test_an_item_in_use_that_says_so_keeps_its_hero_from_being_hindered(agm_pack):
    table = _armoured(agm_pack)
    plate = len(table.items) - 1
    items = table.items[:plate] + (dataclasses.replace(table.items[plate], never_hindered=True),)
    for unhindering in (False, True):
        state = ENGINE.new_state(dataclasses.replace(table, items=items) if unhindering else table, 0)
        state.e_area[0] = state.h_area[0]  # an Enemy beside the lone Hero: Hindered, unless the plate is in use
        assert figures.hindered(state, 0) is not unhindering
        if unhindering:
            assert state.usage["item-effect:never-hindered"] == 1
            state.h_worn[0] = ()  # its use ended: Hindered again
            assert figures.hindered(state, 0)


def test_an_item_in_use_hurts_an_attacker_in_reach_whose_attack_did_no_damage(agm_pack):
    table = _armoured(agm_pack)
    plate = len(table.items) - 1
    for reach, successes, hurt in ((0, 9, 1), (0, 0, 0), (-1, 9, 0)):  # no damage taken, in reach: 1 damage
        items = table.items[:plate] + (dataclasses.replace(table.items[plate], unhurt_damage=(reach, 1), shields=()),)
        state = ENGINE.new_state(dataclasses.replace(table, items=items), 0)
        _turn(state, 0, "lunara-stalwart-smite", "courtyard")
        slot = _skitterer(state, "courtyard")
        kind = state.table.enemy_types[state.e_type[slot]]
        state.face = next(i for i, f in enumerate(state.table.faces) if kind.actions[f.eye].kind == "melee")
        state.pending, state.seat = [], -1
        enemies.attack(state, slot)
        assert state.pending[0][6] > 0  # damage the shields leave, for the roll to take off or not
        ENGINE.apply_in_place(state, ("roll", successes, 0))
        assert state.e_health[slot] == 9 - hurt and bool(state.usage.get("item-effect:unhurt-damage")) == bool(hurt)


def test_an_item_in_uses_face_shields_are_taken_only_when_they_beat_the_faces_successes(agm_pack):
    table = _armoured(agm_pack)
    plate = len(table.items) - 1
    robe = dataclasses.replace(table.items[plate], shields=(), face_shields=(Shield(1, ABILITIES.index("agility")),))
    items = table.items[:plate] + (robe,)
    table = dataclasses.replace(table, items=items, **face_dice(agm_pack, table.heroes, table.rules, items))
    assert table.face_worth >= 1  # the pack's effect face counts as much as the robe's shield or more: never used
    for worth, die in ((table.face_worth, ""), (0, skills_dice.APART)):
        state = ENGINE.new_state(dataclasses.replace(table, face_worth=worth), 0)
        _turn(state, 0, "lunara-stalwart-smite", "courtyard")
        slot = _skitterer(state, "courtyard")
        kind = state.table.enemy_types[state.e_type[slot]]
        state.face = next(i for i, f in enumerate(state.table.faces)
                          if kind.actions[f.eye].kind == "melee" and kind.actions[f.eye].ability == 1)
        assert skills_dice.reaction_die(state, 0, 1, "melee", slot) == die
        assert skills_dice.reaction_die(state, 0, 2, "melee", slot) == ""  # a Will check: the robe gives nothing
        if die:
            assert skills_dice.face_shields(state, 0, slot, 3, 0, 2) == (1, 0)  # two faces, a shield each
            assert state.usage["item-effect:face-shields"] == 1


def test_damage_past_disk_and_spent_chips_takes_locked_ones_and_ends_the_use(agm_pack):
    for hurt, wounds, spent in ((3, 3, 0), (2, 2, 1)):
        state = ENGINE.new_state(_armoured(agm_pack), 0)
        state.h_wounds[0], state.h_disk[0] = state.h_disk[0] - 1, 1  # one chip left on the disk, none spent
        before = state.h_wounds[0]
        figures.damage_hero(state, 0, hurt)
        assert state.h_wounds[0] - before == wounds and state.h_worn[0] == () and not state.h_wounded[0]
        assert state.h_spent[0] == spent and state.usage["locked-stamina-lost"] == 1 and not ENGINE.invariants(state)
    free = ENGINE.new_state(_armoured(agm_pack, "lunara-knight-armor-and-shield-proficiency"), 0)
    figures.damage_hero(free, 0, free.h_disk[0] + 1)  # wounded: the disk turns, the unlocked item stays
    assert free.h_wounded[0] and free.h_worn[0] and not ENGINE.invariants(free)


def test_a_recover_restores_no_locked_chip(agm_pack):
    state = ENGINE.new_state(_armoured(agm_pack), 0)
    _turn(state, 0, "lunara-stalwart-smite", "gate")
    state.h_disk[0], state.h_spent[0] = state.h_disk[0] - 1, 1
    state = ENGINE.apply(state, ("recover", "restore"))
    assert state.h_spent[0] == 0 and state.h_worn[0][0][1] == 2 and not ENGINE.invariants(state)


def test_seeded_playouts_with_worn_armour_end_by_rule(agm_pack):
    for ids in ((), ("lunara-knight-armor-and-shield-proficiency",)):
        assert set(_uses_in_playouts(_armoured(agm_pack, *ids), ids[0] if ids else "stamina-locked")) == {1}


BLADES = [{"item": "aox-scimitar", "hands": 1, "attack": "melee", "damage": 1},
          {"item": "quothian-dirk", "hands": 1, "attack": "melee", "damage": 2}]


def _two_blades(agm_pack: Any, *ids: str, overrides: dict[str, Any] | None = None) -> tuple[State, int]:
    """Lunara carrying two one-handed melee weapons, both in hand, holding these skills, her Stalwart
    Smite turn begun beside a Skitterer; the Skitterer's slot."""
    board = agm_pack.by_id["board-lunara"]
    board = dataclasses.replace(board, data={**board.data, "items": BLADES})
    table = _with(agm_pack, compile_table(agm_pack, RITUAL, 1, overrides, party=[board]), 0, *ids)
    state = ENGINE.new_state(table, 0)
    _turn(state, 0, "lunara-stalwart-smite", "courtyard")
    state.h_active[0] = (0, 1)
    return state, _skitterer(state, "courtyard")


def test_dual_wielder_adds_the_second_weapons_modifier_to_a_melee_attack(agm_pack):
    state, slot = _two_blades(agm_pack)
    plain = _attack_damage(state, 0, slot, "melee", 1)
    state, slot = _two_blades(agm_pack, "drenosh-marauder-dual-wielder")
    dual = _attack_damage(state, 0, slot, "melee", 1)
    assert dual == plain + BLADES[1]["damage"]
    one, slot = _two_blades(agm_pack, "drenosh-marauder-dual-wielder", overrides={"class_skill.dual_wielder.weapons": 1})
    assert _attack_damage(one, 0, slot, "melee", 1) == plain


def test_dual_wielder_lets_two_weapons_of_a_type_be_active(agm_pack):
    board = dataclasses.replace(agm_pack.by_id["board-lunara"], data={**agm_pack.by_id["board-lunara"].data,
                                                                       "items": BLADES})
    rules = boards_only(agm_pack, RITUAL, 1).rules
    dual = (kit.skill_of(agm_pack, "venia-assassin-dual-wielder", rules),)
    index = {"aox-scimitar": 0, "quothian-dirk": 1}
    assert kit.loadouts(agm_pack, board, 2, index, rules) == ((0,), (1,))
    assert kit.loadouts(agm_pack, board, 2, index, rules, dual) == ((0, 1),)


def test_seeded_playouts_with_dual_wielder_end_by_rule(agm_pack):
    board = agm_pack.by_id["board-lunara"]
    board = dataclasses.replace(board, data={**board.data, "items": BLADES})
    table = _with(agm_pack, compile_table(agm_pack, RITUAL, 1, party=[board]), 0, "jonai-blademaster-dual-wielder")
    heroes = list(table.heroes)  # the set-up of a board ticking the skill: both blades in hand
    heroes[0] = dataclasses.replace(heroes[0], active=(0, 1), loadouts=((0, 1),))
    table = dataclasses.replace(table, heroes=tuple(heroes))
    assert any(_uses_in_playouts(table, "jonai-blademaster-dual-wielder"))


def test_swing_weapon_lets_melee_attacks_reach_the_next_area(agm_pack):
    plain = _lunara(agm_pack)  # in the gate, the Skitterers in the courtyard next door
    assert not [a for a in ENGINE.legal_actions(plain) if a[0] == "attack"]
    swing = _lunara(agm_pack, "torrax-guardian-swing-weapon")
    reach = [a for a in ENGINE.legal_actions(swing) if a[0] == "attack"]
    t = swing.table
    assert reach and all(t.range_dist[swing.h_area[0]][swing.e_area[a[1]]] == 1 and a[2] == "melee" for a in reach)
    health = swing.e_health[reach[0][1]]
    swing = ENGINE.apply(ENGINE.apply(swing, reach[0]), ("roll", 1, 0))
    assert swing.e_health[reach[0][1]] < health or swing.e_area[reach[0][1]] == OFF
    assert swing.usage["torrax-guardian-swing-weapon"] == 1
    short = _lunara(agm_pack, "torrax-guardian-swing-weapon", overrides={"class_skill.swing_weapon.range": 0})
    assert not [a for a in ENGINE.legal_actions(short) if a[0] == "attack"]


def test_swing_weapon_lengthens_a_reaching_melee_weapon(agm_pack):
    state = _lunara(agm_pack, "torrax-guardian-swing-weapon")
    spear = dataclasses.replace(state.table.items[0], max_range=2)
    assert skills_weapons.melee_reach(state, 0, None) == int(state.table.rules["class_skill.swing_weapon.range"])
    assert skills_weapons.melee_reach(state, 0, spear) == 2 + int(state.table.rules["class_skill.swing_weapon.weapon_range"])


def test_seeded_playouts_with_swing_weapon_end_by_rule(agm_pack):
    table = _with(agm_pack, boards_only(agm_pack, RITUAL, 1), 0, "torrax-guardian-swing-weapon")
    assert any(_uses_in_playouts(table, "torrax-guardian-swing-weapon"))


def test_shadow_stalker_adds_successes_to_attacks_with_a_dagger(agm_pack):
    def damage(in_hand: tuple[int, ...], *ids: str, **overrides: Any) -> int:
        state, slot = _two_blades(agm_pack, *ids, overrides=overrides or None)
        state.h_active[0] = in_hand
        return _attack_damage(state, 0, slot, "melee", 1)

    dirk, scimitar = (1,), (0,)  # the Quothian Dirk is one of the pack's daggers
    assert agm_pack.by_id["quothian-dirk"].get("weapon_class") == "dagger"
    bonus = int(boards_only(agm_pack, RITUAL, 1).rules["class_skill.shadow_stalker.bonus"])
    assert damage(dirk, "venia-assassin-shadow-stalker") == damage(dirk) + bonus
    assert damage(scimitar, "venia-assassin-shadow-stalker") == damage(scimitar)
    more = damage(dirk, "venia-assassin-shadow-stalker", **{"class_skill.shadow_stalker.bonus": bonus + 1})
    assert more == damage(dirk) + bonus + 1


def test_seeded_playouts_with_shadow_stalker_end_by_rule(agm_pack):
    board = agm_pack.by_id["board-lunara"]
    board = dataclasses.replace(board, data={**board.data, "items": BLADES[1:]})  # the dirk alone
    table = _with(agm_pack, compile_table(agm_pack, RITUAL, 1, party=[board]), 0, "venia-assassin-shadow-stalker")
    assert any(_uses_in_playouts(table, "venia-assassin-shadow-stalker"))


def _zuvasai(agm_pack: Any, *ids: str, **changes: Any) -> State:
    """The Broken Ritual for two: Zuva'Sai (seat 1) holding these skills, its Runic Trajection turn begun
    in the gate, the three Skitterers in the courtyard next door."""
    table = _with(agm_pack, boards_only(agm_pack, RITUAL, 2), 1, *ids, **changes)
    state = ENGINE.new_state(table, 0)
    _turn(state, 1, "zuvasai-runic-trajection", "gate")
    return state


def test_combustion_makes_its_action_an_area_attack(agm_pack):
    plain = _zuvasai(agm_pack)
    assert {a[0] for a in ENGINE.legal_actions(plain) if a[0] in ("attack", "area")} == {"attack"}
    state = _zuvasai(agm_pack, "drenosh-pyroblade-combustion", action="zuvasai-runic-trajection")
    courtyard = state.table.areas.index("courtyard")
    assert ("area", courtyard, "magic") in ENGINE.legal_actions(state)
    assert not [a for a in ENGINE.legal_actions(state) if a[0] == "attack"]
    there = [e for e, a in enumerate(state.e_area) if a == courtyard]
    before = [state.e_health[e] for e in there]
    state = ENGINE.apply(ENGINE.apply(state, ("area", courtyard, "magic")), ("roll", 2, 0))
    assert len(there) > 1 and all(state.e_area[e] == OFF or state.e_health[e] < h for e, h in zip(there, before))
    assert state.usage["area-attack"] == 1 == state.usage["drenosh-pyroblade-combustion"]
    wide = _zuvasai(agm_pack, "drenosh-pyroblade-combustion", action="zuvasai-runic-trajection")
    assert skills.area_reach(wide, 1, wide.table.heroes[1].actions[wide.h_action[1]]) == int(
        wide.table.rules["class_skill.combustion.reach"])


def test_seeded_playouts_with_combustion_end_by_rule(agm_pack):
    table = _with(agm_pack, boards_only(agm_pack, RITUAL, 2), 1, "drenosh-pyroblade-combustion",
                  action="zuvasai-runic-trajection")
    assert any(_uses_in_playouts(table, "drenosh-pyroblade-combustion"))


def test_redemption_adds_range_and_a_healed_success_to_flash_heal(agm_pack):
    def flash_heal(*ids: str, **overrides: Any) -> State:
        table = _with(agm_pack, boards_only(agm_pack, RITUAL, 2, overrides or None), 0, *ids)
        state = ENGINE.new_state(table, 0)
        _turn(state, 0, "lunara-flash-heal", "gate")
        here = state.h_area[0]
        state.h_area[1] = next(a for a in range(len(table.areas)) if table.range_dist[here][a] == 2)
        state.h_disk[1], state.h_wounds[1] = state.h_disk[1] - 5, 5
        return state

    assert ("support", 1) not in ENGINE.legal_actions(flash_heal())  # Flash Heal reaches 1 area
    state = flash_heal("lunara-paladin-redemption")
    rules = state.table.rules
    assert int(rules["class_skill.redemption.range"]) >= 1 and ("support", 1) in ENGINE.legal_actions(state)
    healed = 5 - ENGINE.apply(state, ("support", 1)).h_wounds[1]
    heal = state.table.heroes[0].actions[state.h_action[0]].heal
    assert healed == heal + int(rules["class_skill.redemption.successes"])
    more = flash_heal("lunara-paladin-redemption", **{"class_skill.redemption.successes": 2})
    assert 5 - ENGINE.apply(more, ("support", 1)).h_wounds[1] == heal + 2
    short = flash_heal("lunara-paladin-redemption", **{"class_skill.redemption.range": 0})
    assert ("support", 1) not in ENGINE.legal_actions(short)


def test_seeded_playouts_with_redemption_end_by_rule(agm_pack):
    table = _with(agm_pack, boards_only(agm_pack, RITUAL, 2), 0, "lunara-paladin-redemption")
    assert any(_uses_in_playouts(table, "lunara-paladin-redemption", seeds=6))
