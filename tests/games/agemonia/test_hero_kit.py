"""A Hero's kit on hand-built positions: open Action slots, changing active items, Achievement gems,
Class Skills (Mighty Strike, Sniper, Retaliate) and Riposte, each changing what is played."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from deckwright.games.agemonia import GAME
from deckwright.games.agemonia.rulings import RulesError
from deckwright.games.agemonia.state import OFF, SELECT, State
from deckwright.games.agemonia.table import Table
from tests.games.agemonia.packs import boards_only

ENGINE = GAME.engine
RITUAL = "sample-broken-ritual"  # one Hero: Lunara, the level-3 Knight


def _unarmoured(table: Table, hero: int) -> Table:
    """The table without the items the Hero would wear (the stash deals armour to the sample seats), so that
    a test of its kit sees what it tests alone."""
    heroes = list(table.heroes)
    kept = tuple(i for i in heroes[hero].items if not (table.items[i].lock or table.items[i].shields))
    heroes[hero] = dataclasses.replace(heroes[hero], items=kept, active=tuple(i for i in heroes[hero].active if i in kept))
    return dataclasses.replace(table, heroes=tuple(heroes))


def _lunara(agm_pack: Any, overrides: dict[str, Any] | None = None, players: int = 1) -> tuple[State, int]:
    table = boards_only(agm_pack, RITUAL, players, overrides)
    lunara = next(h for h, hero in enumerate(table.heroes) if hero.hero == "lunara")
    return ENGINE.new_state(_unarmoured(table, lunara), 0), lunara


def _turn(state: State, hero: int, action_id: str, area: str) -> None:
    """The Hero's turn has begun in `area` with `action_id` selected (its action and maneuvers to spend)."""
    t = state.table
    state.h_area[hero] = t.areas.index(area)
    state.h_action[hero] = next(i for i, a in enumerate(t.heroes[hero].actions) if a.id == action_id)
    state.phase, state.pending = 2, []
    state.seat, state.acts, state.maneuvers, state.face, state.swaps, state.turn_skills = hero, 1, 2, 0, 0, 0


def _ids(state: State, hero: int, options: list[tuple[Any, ...]]) -> list[str]:
    return [state.table.heroes[hero].actions[o[1]].id for o in options]


def test_an_open_slot_takes_one_token_for_the_rest_of_the_scenario(agm_pack):
    state, lunara = _lunara(agm_pack)
    assert state.phase == SELECT and state.seat == lunara
    first = _ids(state, lunara, list(ENGINE.legal_actions(state)))
    assert {"lunara-debilitate", "lunara-blade-of-justice", "lunara-shield-bash"} <= set(first)
    debilitate = next(a for a in ENGINE.legal_actions(state) if _ids(state, lunara, [a]) == ["lunara-debilitate"])
    state = ENGINE.apply(state, debilitate)
    assert state.h_placed[lunara] == 1 and state.usage["open-slot-filled"] == 1
    state.h_action[lunara], state.seat, state.phase, state.pending = -1, lunara, SELECT, []  # the next round's selection
    later = _ids(state, lunara, list(ENGINE.legal_actions(state)))
    assert "lunara-debilitate" in later and "lunara-blade-of-justice" not in later
    assert len(later) == len(first) - 1


def test_open_tokens_need_an_open_slot_of_the_boards_level(agm_pack):
    with pytest.raises(RulesError, match="no open Action slot"):
        ENGINE.compile(agm_pack, RITUAL, 1, {"action_slots.open_levels": [4, 5]})


def test_changing_active_items_lets_the_selected_attack_reach_and_the_second_change_costs_a_maneuver(agm_pack):
    state, lunara = _lunara(agm_pack)
    t = state.table
    assert [[t.items[i].id for i in loadout] for loadout in t.heroes[lunara].loadouts] == [
        ["aox-scimitar"], ["longbow-of-grenak"]]
    _turn(state, lunara, "lunara-stalwart-smite", "gate")  # the Skitterers stand in the courtyard next door
    legal = list(ENGINE.legal_actions(state))
    assert not [a for a in legal if a[0] == "attack"] and ("swap", 1) in legal
    state = ENGINE.apply(state, ("swap", 1))
    assert state.maneuvers == 2 and {a[2] for a in ENGINE.legal_actions(state) if a[0] == "attack"} == {"ranged"}
    state = ENGINE.apply(state, ("swap", 0))  # the turn's second change
    assert state.maneuvers == 1 and state.h_active[lunara] == t.heroes[lunara].loadouts[0]
    state.maneuvers = 0
    assert not [a for a in ENGINE.legal_actions(state) if a[0] == "swap"]


def test_no_free_change_when_the_fact_allows_none(agm_pack):
    state, lunara = _lunara(agm_pack, {"active_items.free_changes_per_turn": 0})
    _turn(state, lunara, "lunara-stalwart-smite", "gate")
    assert ENGINE.apply(state, ("swap", 1)).maneuvers == 1


def test_encumbrance_bounds_the_loadouts_and_an_item_token_weighs_what_the_rule_says(agm_pack):
    # an unmarked card weighing 2 puts the scimitar in the backpack over Lunara's encumbrance of 2
    state, lunara = _lunara(agm_pack, {"encumbrance.unmarked_card_weight": 2})
    assert [[state.table.items[i].id for i in lo] for lo in state.table.heroes[lunara].loadouts] == [["aox-scimitar"]]
    # Torrax carries a Blightcap token: weighing 1 it overloads his encumbrance of 1
    boards_only(agm_pack, "sample-flooded-cellar", 1)
    with pytest.raises(RulesError, match="encumbrance"):
        boards_only(agm_pack, "sample-flooded-cellar", 1, {"encumbrance.item_token_weight": 1})


def _attack_damage(state: State, hero: int, target: int, kind: str, successes: int) -> int:
    """The damage the Hero's attack on `target` deals when the roll shows `successes`."""
    before = state.e_health[target]
    state = ENGINE.apply(state, ("attack", target, kind))
    state = ENGINE.apply(state, ("roll", successes, 0))
    while state.pending and state.pending[0][0] == "react":  # an item offered after the roll is not used
        state = ENGINE.apply(state, ("react", -1))
    return before - (state.e_health[target] if state.e_area[target] != OFF else 0)


def _melee_on_skitterer(agm_pack: Any, before: list[tuple[Any, ...]], overrides: dict[str, Any] | None = None
                        ) -> tuple[State, int]:
    """Lunara with Stalwart Smite beside one Skitterer in the west altar; `before` is played first."""
    state, lunara = _lunara(agm_pack, overrides)
    _turn(state, lunara, "lunara-stalwart-smite", "west-altar")
    skitterer = next(e for e, a in enumerate(state.e_area) if a == state.table.areas.index("courtyard"))
    state.e_area[skitterer], state.e_health[skitterer] = state.table.areas.index("west-altar"), 9
    for action in before:
        state = ENGINE.apply(state, action)
    return state, skitterer


def test_an_achievement_gem_adds_a_success_to_the_next_attack_once(agm_pack):
    plain, skitterer = _melee_on_skitterer(agm_pack, [])
    gem, _ = _melee_on_skitterer(agm_pack, [("gem", "attack")])
    assert gem.h_ach[gem.seat] == 1 and ("gem", "attack") not in ENGINE.legal_actions(gem)  # one per attack
    damage = [_attack_damage(s, s.seat, skitterer, "melee", 1) for s in (plain, gem)]
    assert damage[1] == damage[0] + 1
    bigger, _ = _melee_on_skitterer(agm_pack, [("gem", "attack")], {"achievement_gem.bonus": 2})
    assert _attack_damage(bigger, bigger.seat, skitterer, "melee", 1) == damage[0] + 2
    twice, _ = _melee_on_skitterer(agm_pack, [("gem", "attack"), ("gem", "attack")], {"achievement_gem.per_roll": 2})
    assert twice.h_ach[twice.seat] == 0 and _attack_damage(twice, twice.seat, skitterer, "melee", 1) == damage[0] + 2


def test_an_achievement_gem_lengthens_a_move_and_a_recover(agm_pack):
    state, lunara = _lunara(agm_pack)
    _turn(state, lunara, "lunara-stalwart-smite", "gate")
    state = ENGINE.apply(state, ("move", 0))
    points = state.move_points
    state = ENGINE.apply(state, ("gem", "move"))
    assert state.move_points == points + 1 and ("gem", "move") not in ENGINE.legal_actions(state)
    state = ENGINE.apply(state, ("stop",))
    state.h_disk[lunara], state.h_wounds[lunara] = 1, 5
    healed = ENGINE.apply(state, ("recover", "heal")).h_wounds[lunara]
    state = ENGINE.apply(state, ("gem", "recover"))
    assert ENGINE.apply(state, ("recover", "heal")).h_wounds[lunara] == healed - 1


def test_mighty_strike_spends_a_maneuver_for_a_die_on_each_melee_attack_this_turn(agm_pack):
    plain, skitterer = _melee_on_skitterer(agm_pack, [])
    skill, _ = _melee_on_skitterer(agm_pack, [("skill", 0)])
    assert skill.maneuvers == plain.maneuvers - 1 and ("skill", 0) not in ENGINE.legal_actions(skill)
    dice = [ENGINE.apply(s, ("attack", skitterer, "melee")).pending[0][2] for s in (plain, skill)]
    assert dice[1] == dice[0] + 1
    two, _ = _melee_on_skitterer(agm_pack, [("skill", 0)], {"class_skill.maneuver_extra_dice": 2})
    assert ENGINE.apply(two, ("attack", skitterer, "melee")).pending[0][2] == dice[0] + 2


def _enemy_melee(agm_pack: Any, overrides: dict[str, Any] | None = None) -> tuple[State, int, int]:
    """A Skitterer's melee attack on Lunara in the courtyard, its reactive roll pending."""
    from deckwright.games.agemonia import enemies

    state, lunara = _lunara(agm_pack, overrides)
    state.h_area[lunara] = state.table.areas.index("courtyard")
    skitterer = next(e for e, a in enumerate(state.e_area) if a == state.table.areas.index("courtyard"))
    kind = state.table.enemy_types[state.e_type[skitterer]]
    state.face = next(i for i, f in enumerate(state.table.faces) if kind.actions[f.eye].kind == "melee"
                      and kind.actions[f.eye].damage > 0)
    state.pending, state.seat = [], -1
    enemies.attack(state, skitterer)
    return state, lunara, skitterer


def test_retaliate_turns_a_spare_special_face_into_riposte_through_the_shield(agm_pack):
    # with the pack's reading the effect face counts no successes for Lunara, who has Retaliate (an effect it
    # activates): were it to count them (`ally_effect.face_counts_with_effect`), she keeps those she needs
    state, lunara, skitterer = _enemy_melee(agm_pack, {"ally_effect.face_counts_with_effect": True})
    roll = state.pending[0]
    assert roll[1] == "R"  # the Riposte face is counted apart
    amount = roll[6]
    health = state.e_health[skitterer]
    assert state.table.riposte_face_successes == 2
    # enough plain successes to stop the damage: the special face becomes Riposte 1
    spared = state.copy()
    ENGINE.apply_in_place(spared, ("roll", amount, 1))
    assert spared.e_health[skitterer] == health - 1 and spared.usage.get("riposte") == 1
    assert spared.h_wounds[lunara] == 0
    # no plain success: the face's successes are needed against the damage, no Riposte
    needed = state.copy()
    ENGINE.apply_in_place(needed, ("roll", 0, 1))
    assert needed.e_health[skitterer] == health and "riposte" not in needed.usage
    assert needed.h_wounds[lunara] == max(0, amount - state.table.riposte_face_successes)


def test_retaliate_gets_no_successes_from_the_effect_face_and_always_ripostes_with_it(agm_pack):
    """Lines 1009-1012: the face that activates an effect counts as successes only for an Ally without one;
    Retaliate is such an effect, so against a melee attack the face is Riposte and never successes."""
    state, lunara, skitterer = _enemy_melee(agm_pack)
    assert state.pending[0][1] == "R" and state.table.riposte_face_successes == 0
    amount, health = state.pending[0][6], state.e_health[skitterer]
    ENGINE.apply_in_place(state, ("roll", 0, 1))  # no plain success: the face still turns into Riposte
    assert state.e_health[skitterer] == health - 1 and state.usage.get("riposte") == 1
    assert state.h_wounds[lunara] == amount
    # a Retaliate face other than the effect face keeps its successes for the Hero
    other, _, _ = _enemy_melee(agm_pack, {"class_skill.retaliate.face": "two_successes"})
    assert other.table.riposte_face_successes == 2


def test_riposte_reads_its_damage_and_range_from_the_facts(agm_pack):
    state, _, skitterer = _enemy_melee(agm_pack, {"class_skill.retaliate.riposte": 2})
    health = state.e_health[skitterer]
    ENGINE.apply_in_place(state, ("roll", state.pending[0][6], 1))
    assert state.e_health[skitterer] == health - 2 or state.e_area[skitterer] == OFF
    # a range the attacker is beyond (an Enemy in Lunara's own area is at range 0)
    state, _, skitterer = _enemy_melee(agm_pack, {"riposte.default_range": -1})
    ENGINE.apply_in_place(state, ("roll", state.pending[0][6], 1))
    assert state.e_health[skitterer] == health and "riposte" not in state.usage


def test_sniper_spares_the_rangers_ranged_attacks_the_obstructed_aim_penalty(agm_pack):
    table = boards_only(agm_pack, "sample-prison-break", 1)  # Matajam, the level-2 Ranger
    assert [s.id for s in table.heroes[0].skills] == ["matajam-ranger-sniper"]
    without = dataclasses.replace(table, heroes=(dataclasses.replace(table.heroes[0], skills=()),) + table.heroes[1:])
    damage = []
    for played in (table, without):
        state = ENGINE.new_state(played, 0)
        _turn(state, 0, "matajam-aimed-shot", "corridor")
        guard = [e for e, a in enumerate(state.e_area) if a == played.areas.index("yard")]
        state.e_area[guard[1]] = played.areas.index("yard")  # two figures there: the aim is obstructed
        state.e_health[guard[0]] = 9
        damage.append(_attack_damage(state, 0, guard[0], "ranged", 2))
    assert damage[0] == damage[1] + int(table.rules["obstructed_aim.penalty"])


def test_a_gem_set_aside_for_a_check_adds_a_success_to_the_next_reactive_check(agm_pack):
    state, lunara = _lunara(agm_pack)
    _turn(state, lunara, "lunara-stalwart-smite", "gate")
    state = ENGINE.apply(state, ("gem", "check"))
    assert state.h_primed[lunara] == (0, 0, 1) and state.h_ach[lunara] == 1
    primed = state.h_primed[lunara]
    plain, _, _ = _enemy_melee(agm_pack)
    gem, _, _ = _enemy_melee(agm_pack)
    gem.h_primed[lunara] = primed
    for s in (plain, gem):
        ENGINE.apply_in_place(s, ("roll", 0, 0))
    assert gem.h_wounds[lunara] == plain.h_wounds[lunara] - 1 and gem.h_primed[lunara] == (0, 0, 0)


def _board(agm_pack: Any, **changes: Any) -> Any:
    board = agm_pack.by_id["board-zuvasai"]
    return dataclasses.replace(board, data={**board.data, **changes})


def test_a_boards_class_skills_are_played_as_their_cards_say_within_its_level(agm_pack):
    from deckwright.games.agemonia import kit

    rules = ENGINE.compile(agm_pack, RITUAL, 1).rules
    skills = kit.class_skills(agm_pack, _board(agm_pack, level=3, **{
        "class": "zuvasai-hydromancer",
        "class_skills": ["zuvasai-hydromancer-arcane-focus", "zuvasai-hydromancer-spell-sniper"]}), rules)
    assert [(s.kind, s.attacks) for s in skills] == [("extra-dice", ("magic",)), ("ignore-obstructed-aim", ("magic",))]
    with pytest.raises(RulesError, match="a level-2 Hero has 1"):
        kit.class_skills(agm_pack, _board(agm_pack, level=2, **{
            "class": "zuvasai-hydromancer",
            "class_skills": ["zuvasai-hydromancer-arcane-focus", "zuvasai-hydromancer-spell-sniper"]}), rules)
    blurred = kit.class_skills(agm_pack, _board(agm_pack, level=2, **{
        "class": "zuvasai-telepath", "class_skills": ["zuvasai-telepath-blurred-form"]}), rules)
    assert [s.kind for s in blurred] == ["face-reroll"]
    with pytest.raises(RulesError, match="does not list"):
        kit.class_skills(agm_pack, _board(agm_pack, level=2, **{
            "class": "zuvasai-hydromancer", "class_skills": ["lunara-knight-retaliate"]}), rules)
