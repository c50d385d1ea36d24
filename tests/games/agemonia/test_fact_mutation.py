"""Every fact the engine reads drives the game: mutating it changes seeded playouts.

A number moves by one (a printed component limit, or the cards before tokens, drops to 0 so the limit
is reached), a switch
flips, a choice takes another allowed value, a list changes; the playouts of fixed seeds (ends,
steps, what was used (dice pools rolled among it), invariant violations) must differ from the pack's.
"""

from __future__ import annotations

import dataclasses

from pathlib import Path
from typing import Any

import pytest

from deckwright.engine.playout import play, random_policy
from deckwright.games.agemonia import GAME
from deckwright.games.agemonia.policies import POLICIES
from deckwright.games.agemonia.rulings import ENGINE_FACTS, TARGET_RULES, RulesError

ENGINE = GAME.engine
SAMPLES = (("sample-flooded-cellar", 1), ("sample-broken-ritual", 1), ("sample-prison-break", 3), ("sample-sky-bridge", 2))
SEED_SETS = (range(4), range(4, 24), range(24, 64))  # the later only for a fact the earlier leave unchanged
OTHER = {"focus.initiative": "red", "extra_maneuver.initiative": "green", "trap.disarm_ability": "will",
         "precedence.order": ["rule_book", "scenario", "card"], "injury.forbidden_item_words": [],
         "inspiration_gem.max": 1, "round.phases": ["select_hero_action"],
         "enemy.eye_action_names": ["staring", "normal", "narrow"], "stamina.loss_shortfall_becomes": "nothing",
         "stamina.loss_checked_on": "stash", "riposte.default_range": -1, "class_skill.retaliate.face": "success",
         "map.white_line_kinds": {"single": 1}, "ally_effect.face": "success",
         "ally_effect.single_targets": {"weakened_enemies": 3, "conditions_removed": 2, "allies_cleansed": 1},
         # a ranking the engine cannot play is refused; a reordering only matters when a condition's pieces
         # run out, which the 28 tokens never do here (test_condition_priority plays it)
         "conditions.priority": ["hero", "enemy"],
         "trap.disarmers": [],  # no figure may try to disarm a trap: every one steps in and springs it
         # no arrow or poison may join an attack, no gem token sits in a gem slot
         "weapon.attachments": {"runes_per_rune_icon": 1, "arrows_per_attack": 0, "poisons_per_attack": 0,
                                "tokens_per_gem_slot": 0, "tokens_discarded_when_full": 1}}


_SKILL_OFF_THE_SAMPLES = "a Class Skill no sample Hero board ticks (their levels allow no more)"
SITUATIONAL = {
    **{f"class_skill.{name}": _SKILL_OFF_THE_SAMPLES for name in (
        "lightning_reflexes.maneuvers", "skirmisher.movement", "benevolent_aura.range", "benevolent_aura.heal",
        "vigor.restore", "melee_weapon_mastery.successes", "targeting.range", "targeting.successes",
        "abolish.range", "clear_mind.amount", "hex.range", "fiery_heart.heal", "fire_shield.riposte",
        "fiery_soul.restore", "chosen_one.achievement_gems", "crystal_crust.shields", "forced_march.stamina",
        "forced_march.movement", "protective_ward.range", "protective_ward.shields", "touch_of_aox.heal",
        "blood_bond.wounded_chips", "blood_bond.successes", "levitate.stamina", "levitate.movement",
        "telepathic_tendril.range", "psychic_aura.range", "psychic_aura.restore", "sprint.stamina",
        "sprint.movement", "evasion.evade", "energy_infusion.flips_per_turn", "sharp_claws.dice", "precision.dice",
        "infusion.restore", "tactics.stamina", "dual_wielder.weapons",
        "swing_weapon.range", "swing_weapon.weapon_range", "shadow_stalker.bonus",
        "combustion.reach", "redemption.range", "redemption.successes", "barkskin.shields", "spirit_link.range",
        "spirit_link.restore", "warp_fate.damage", "warp_fate.rerolls_may_exceed", "dark_pact.damage",
        "dark_pact.successes", "exploding_runes")},
    "items.exhausted_heroes_items_pickable": "a Hero exhausted with items in an area another Hero reaches in its "
                                             "turn, rare in the seeded playouts",
    "items.pick_up_while_hindered": "a Hindered Hero where an item lies that it wants and has room for: the seeded "
                                    "playouts met it by chance of the stash's deal and the policies, and lost it "
                                    "when the Puzzle Boxes, Gric, the Tome and the Chest joined the deal",
    "locked_stamina.wounded_after_spent": "damage past a Hero's disk and spent chips while it has stamina locked "
                                          "on a passive action, rare in the few seeded playouts",
    "ally_effect.face_counts_with_effect": "only a Hero with Barkskin (unarmoured) or Blurred Form reads it, and "
                                           "no sample scenario's listed party has one",
    "injury.forbidden_item_words": "an Injury forbidding consumables on a Hero who then wants one of its items, "
                                   "rare in the seeded playouts",
    "trap.disarm_phrases": "a Hero carrying an item that shows the phrase (the Geomantic Remaker) trying to "
                           "disarm a Trap token: the seeded playouts of the samples' listed parties never do",
    "special_initiative.bonus_maneuver": "a Hero going first by an item (only a level-5 board of the rotation "
                                         "carries one, the Tear of Eti) on a round whose bonus maneuver is its "
                                         "initiative: the listed parties played here carry none",
    "evade.damage_per_point": "only the Vespir's Evade plays it; the Sky Bridge summons it, and its one provoking "
                              "Enemy (the Zlohian) stands there only with 3 or more Heroes, not the 2 played here",
}
"""Facts the seeded playouts of the samples do not reach, with the reason: each is instead checked on a
hand-built position by a test of this folder that names it (and, for a Class Skill's number,
`test_every_skill_number_is_read_from_its_fact`)."""
SET_POSITION_TESTS = ("test_class_skills.py", "test_class_skills_more.py", "test_class_skills_dice.py", "test_items_on_map.py",
                      "test_ally_effects.py", "test_passive_summons.py", "test_rule_gaps.py")


def _digest(pack: Any, overrides: dict[str, Any], check: bool, seeds: range) -> list[Any]:
    found: list[Any] = []
    for scenario, players in SAMPLES:
        try:
            # the scenario's listed party alone: the seeds below pick it in every game (`parties`)
            table = dataclasses.replace(ENGINE.compile(pack, scenario, players, overrides), parties=())
        except RulesError as refused:  # the engine refuses a value it does not play: a change too
            return ["refused", str(refused)]
        for policy in (random_policy, POLICIES["heuristic"]):
            for seed in seeds:
                r = play(ENGINE, table, seed, [policy], check=check)
                found.append((r.end, r.steps, sorted(r.usage.items()), r.violations))
    return found


def _mutations(name: str, value: Any) -> list[Any]:
    if name in OTHER:
        return [OTHER[name]]
    if name in TARGET_RULES:
        return sorted(TARGET_RULES[name] - {value})
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [0] if name.startswith("components.") or name.endswith("_before_tokens") else [value + 1, value - 1]
    if isinstance(value, list):
        return [[v + 1 for v in value]]
    raise AssertionError(f"no mutation for {name} = {value!r}")


@pytest.fixture(scope="module")
def baseline(agm_pack):
    found: dict[tuple[bool, int], list[Any]] = {}

    def of(check: bool, index: int) -> list[Any]:
        if (check, index) not in found:
            found[check, index] = _digest(agm_pack, {}, check, SEED_SETS[index])
        return found[check, index]

    return of


@pytest.mark.parametrize("name", ENGINE_FACTS)
def test_mutating_an_engine_fact_changes_the_playouts(agm_pack, baseline, name):
    if name in SITUATIONAL:
        tests = "".join((Path(__file__).parent / file).read_text() for file in SET_POSITION_TESTS)
        skill = name.startswith("class_skill.") and f'"{name}"' not in tests
        assert f'"{name}"' in tests or skill and "test_every_skill_number_is_read_from_its_fact" in tests, \
            f"{name} is situational ({SITUATIONAL[name]}) but no set-position test names it"
        return
    value = ENGINE.compile(agm_pack, SAMPLES[0][0], 1).rules.book[name]
    check = name.startswith("components.")  # limits are what the invariants check
    changed = []
    for index, seeds in enumerate(SEED_SETS):
        changed = [m for m in _mutations(name, value)
                   if _digest(agm_pack, {name: m}, check, seeds) != baseline(check, index)]
        if changed:
            break
    assert changed, f"{name} = {value!r}: no mutation changes any playout"
