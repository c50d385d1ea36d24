"""The Class Skills played on the dice and targets of a roll (Barkskin, Blurred Form, Warp Fate, Dark
Pact, Exploding Runes) and Spirit Link, each on a hand-built position: the skill changes what is played,
by the amount its fact states."""

from __future__ import annotations

import dataclasses
from typing import Any

from deckwright.games.agemonia import GAME, kit, skills, table as tables
from deckwright.games.agemonia.dice import Die, die_of, reroll_pays, rerolled
from deckwright.games.agemonia.rulings import RulesError
from deckwright.games.agemonia.state import OFF, State
from deckwright.games.agemonia.table import Table
from tests.games.agemonia.test_class_skills import RITUAL, _enemy_hit, _skitterer, _with
from tests.games.agemonia.test_hero_kit import _turn

import pytest

ENGINE = GAME.engine


def _faced(agm_pack: Any, table: Table) -> Table:
    """The table with the face dice its Heroes' skills (set after compiling) roll."""
    return dataclasses.replace(table, **tables.face_dice(agm_pack, table.heroes, table.rules))


def _barkskin_hit(agm_pack: Any, overrides: dict[str, Any] | None = None) -> tuple[State, int]:
    """A Skitterer's melee attack on Lunara holding Barkskin, her reactive roll pending."""
    state, slot = _enemy_hit(agm_pack, "matajam-shaman-barkskin", overrides=overrides)
    state.table = _faced(agm_pack, state.table)
    state.pending = []
    from deckwright.games.agemonia import enemies

    enemies.attack(state, slot)
    return state, slot


def test_barkskin_rolls_the_effect_face_apart_and_turns_it_into_shields(agm_pack):
    plain, _ = _enemy_hit(agm_pack)
    assert plain.pending[0][1] == "r"
    state, _ = _barkskin_hit(agm_pack)
    assert state.pending[0][1] == "F"
    assert ENGINE.chance_outcomes(state) == [(("roll", k, f), p) for k, f, p in state.table.face_odds[state.pending[0][2]]]
    amount = state.pending[0][6]
    shields = int(state.table.rules["class_skill.barkskin.shields"])
    # the face's successes are for an Ally with no such effect (ally_effect.face_counts_with_effect): a
    # Hero with Barkskin gets its shields from the face, and no successes
    assert state.table.face_successes == 0
    used = ENGINE.apply(state, ("roll", 0, 1))
    assert used.h_wounds[0] == max(0, amount - shields) and used.usage["matajam-shaman-barkskin"] == 1
    # were the face to count its successes for the Hero too, they stop more than the pack's shield: kept
    counted, _ = _barkskin_hit(agm_pack, {"ally_effect.face_counts_with_effect": True})
    kept = ENGINE.apply(counted, ("roll", 0, 1))
    assert counted.table.face_successes == 2 and kept.h_wounds[0] == max(0, amount - 2)
    assert "matajam-shaman-barkskin" not in kept.usage
    # with more shields a face than its successes stop, the face gives shields either way
    thick, _ = _barkskin_hit(agm_pack, {"class_skill.barkskin.shields": 3, "ally_effect.face_counts_with_effect": True})
    used = ENGINE.apply(thick, ("roll", 0, 1))
    assert used.h_wounds[0] == max(0, amount - 3) and used.usage["matajam-shaman-barkskin"] == 1


def test_barkskin_needs_no_armor_worn(agm_pack):
    state, slot = _enemy_hit(agm_pack, "matajam-shaman-barkskin")
    table = _faced(agm_pack, state.table)
    armor = dataclasses.replace(table.items[0], category="armor", hands=0)
    state.table = dataclasses.replace(table, items=(armor, *table.items[1:]))
    state.h_items[0] = (0,)
    state.pending = []
    from deckwright.games.agemonia import enemies

    enemies.attack(state, slot)
    assert state.pending[0][1] == "r"


def test_blurred_form_rerolls_the_face_only_when_a_reroll_is_worth_more(agm_pack):
    die = die_of(agm_pack, "reaction", in_scenario=True)
    faces = [str(f) for f in state_faces(agm_pack)]
    face = faces.index("reaction_special")
    # counted as its successes, the face is worth as many as the best face: rolling it again never pays
    assert not reroll_pays(die, face)
    state, _ = _enemy_hit(agm_pack, "zuvasai-telepath-blurred-form",
                          overrides={"ally_effect.face_counts_with_effect": True})
    assert _faced(agm_pack, state.table).reroll_odds == () and state.pending[0][1] == "r"
    # the pack's reading: the face's successes are for an Ally with no such effect, so to a Hero with
    # Blurred Form it is worth nothing unless rolled again, and the table holds the rerolled die's odds
    held = die_of(agm_pack, "reaction", in_scenario=True, marked=frozenset({"reaction_special"}))
    assert reroll_pays(held, face)
    state, slot = _enemy_hit(agm_pack, "zuvasai-telepath-blurred-form")
    odds = _faced(agm_pack, state.table).reroll_odds
    assert odds == tables._pack_odds(agm_pack, rerolled(held, frozenset({face})),
                                     int(state.table.rules["components.reaction_dice.count"]) + 2)
    state.table = dataclasses.replace(state.table, reroll_odds=odds)
    state.pending = []
    from deckwright.games.agemonia import enemies

    enemies.attack(state, slot)
    assert state.pending[0][1] == "B" and state.usage["zuvasai-telepath-blurred-form"] == 1
    assert ENGINE.chance_outcomes(state) == [(("roll", k, f), p) for k, f, p in odds[state.pending[0][2]]]
    # a face worth nothing as the die's best: the rerolled odds beat the plain ones on average
    cheap = Die(tuple((0, again) if i == face else (k, again) for i, (k, again) in enumerate(die.faces)), die.stamina)
    assert reroll_pays(cheap, face)


def state_faces(agm_pack: Any) -> list[Any]:
    from deckwright.gamekit import fact

    return list(fact(agm_pack, "reaction_die.faces"))


def _zuvasai(agm_pack: Any, *ids: str, overrides: dict[str, Any] | None = None, health: int = 9) -> tuple[State, int]:
    """Zuvasai (seat 1 of the Broken Ritual) holding these skills, Runic Trajection selected, in the gate
    with Lunara, a Skitterer alone in the courtyard next to it (no obstructed aim, no Hindered), carrying only
    its board's items (none the stash deals: Ophira would stop the roll to offer its faces again)."""
    table = _with(agm_pack, ENGINE.compile(agm_pack, RITUAL, 2, overrides), 1, *ids)
    state = ENGINE.new_state(table, 0)
    own = {str(r["item"]) for r in agm_pack.by_id[table.heroes[1].board].get("items") or []}
    state.h_items[1] = tuple(i for i in state.h_items[1] if table.items[i].id in own)
    state.h_active[1] = tuple(i for i in state.h_items[1] if table.items[i].hands)  # its own in hand
    _turn(state, 1, "zuvasai-runic-trajection", "gate")
    state.h_area[0] = table.areas.index("gate")
    slot = _skitterer(state, "courtyard", health)
    for other, area in enumerate(state.e_area):
        if other != slot and area == table.areas.index("courtyard"):
            state.e_area[other] = table.areas.index("tower")
    return state, slot


def _most(state: State) -> tuple[str, int, int]:
    """The roll outcome with the most successes (the highest count stands for that many or more)."""
    return max((a for a in ENGINE.legal_actions(state) if a[2] == 0), key=lambda a: a[1])


def test_warp_fate_suffers_its_damage_to_roll_a_short_magic_attack_again(agm_pack):
    state, slot = _zuvasai(agm_pack, "venia-witch-warp-fate", health=6)
    state = ENGINE.apply(state, ("attack", slot, "magic"))
    roll = state.pending[0]
    again = ENGINE.apply(state, ("roll", 0, 0))  # short of the Skitterer's 9 health: rolled again
    damage = int(state.table.rules["class_skill.warp_fate.damage"])
    assert again.pending[0] == roll and again.h_wounds[1] == state.h_wounds[1] + damage
    assert again.usage["venia-witch-warp-fate"] == 1 and again.e_health[slot] == 6
    # the book lets the same attack be rolled again and again (class_skill.warp_fate.rerolls_may_exceed)
    third = ENGINE.apply(again, ("roll", 0, 0))
    assert third.pending[0] == roll and third.usage["venia-witch-warp-fate"] == 2
    # enough to defeat it: the roll stands
    done = ENGINE.apply(again, _most(again))
    assert done.e_area[slot] == OFF and done.usage["venia-witch-warp-fate"] == 1
    # once a turn when rerolls may not exceed one
    once, slot = _zuvasai(agm_pack, "venia-witch-warp-fate", overrides={"class_skill.warp_fate.rerolls_may_exceed": 0})
    once = ENGINE.apply(ENGINE.apply(once, ("attack", slot, "magic")), ("roll", 0, 0))
    settled = ENGINE.apply(once, ("roll", 0, 0))
    assert not settled.pending or settled.pending[0] != roll
    assert settled.usage["venia-witch-warp-fate"] == 1


def test_warp_fate_never_turns_the_disk_and_plays_only_on_its_attack_type(agm_pack):
    state, slot = _zuvasai(agm_pack, "venia-witch-warp-fate")
    state.h_disk[1], state.h_spent[1] = 0, 0  # any damage would turn the disk
    state = ENGINE.apply(ENGINE.apply(state, ("attack", slot, "magic")), ("roll", 0, 0))
    assert "venia-witch-warp-fate" not in state.usage and state.h_wounds[1] == 0
    melee, slot = _zuvasai(agm_pack, "venia-witch-warp-fate")
    melee.table = _with(agm_pack, melee.table, 1, "venia-witch-warp-fate", attacks=("melee",))
    melee = ENGINE.apply(ENGINE.apply(melee, ("attack", slot, "magic")), ("roll", 0, 0))
    assert "venia-witch-warp-fate" not in melee.usage


def test_dark_pact_buys_successes_with_damage_for_the_faces_stamina_cannot_pay(agm_pack):
    for pact in (False, True):
        ids = ("venia-witch-dark-pact",) if pact else ()
        state, slot = _zuvasai(agm_pack, *ids)
        state = ENGINE.apply(state, ("attack", slot, "magic"))
        state.h_spent[1] += state.h_disk[1]  # no stamina left on the disk, spent chips to take damage
        state.h_disk[1] = 0
        wounds = state.h_wounds[1]
        after = ENGINE.apply(state, ("roll", 0, 1))  # one stamina face
        rules = state.table.rules
        gain = int(rules["class_skill.dark_pact.successes"]) if pact else 0
        wand = 1  # the Wand of Bekora's damage
        assert after.e_health[slot] == 9 - gain - wand
        assert after.h_wounds[1] == wounds + (int(rules["class_skill.dark_pact.damage"]) if pact else 0)
        assert ("venia-witch-dark-pact" in after.usage) == pact
    # stamina pays first
    paid, slot = _zuvasai(agm_pack, "venia-witch-dark-pact")
    paid = ENGINE.apply(ENGINE.apply(paid, ("attack", slot, "magic")), ("roll", 0, 1))
    assert "venia-witch-dark-pact" not in paid.usage and "stamina-for-successes" in paid.usage


def test_exploding_runes_hits_an_enemy_in_each_adjacent_area_with_one_roll(agm_pack):
    state, slot = _zuvasai(agm_pack, "zuvasai-hydromancer-exploding-runes")
    other = next(e for e, a in enumerate(state.e_area) if a != OFF and e != slot
                 and state.table.enemy_types[state.e_type[e]].id == "enemy-skitterer")
    state.e_area[other], state.e_health[other] = state.table.areas.index("west-altar"), 9
    state.h_area[0] = state.table.areas.index("west-altar")  # Lunara beside it: its target is obstructed
    options = [a for a in ENGINE.legal_actions(state) if a[0] == "runes"]
    pair = ("runes", 1 << slot | 1 << other, "magic")
    assert pair in options
    plain, _ = _zuvasai(agm_pack)
    assert not [a for a in ENGINE.legal_actions(plain) if a[0] == "runes"]
    rolled = ENGINE.apply(state, pair)
    assert rolled.pending[0][3] == "hero-runes"
    hit = ENGINE.apply(rolled, ("roll", 3, 0))
    # the same result on both (3 successes and the wand's 1), obstructed aim judged for each target
    penalty = int(state.table.rules["obstructed_aim.penalty"])
    assert 9 - hit.e_health[slot] == 3 + 1 and 9 - hit.e_health[other] == 3 + 1 - penalty
    assert hit.usage["zuvasai-hydromancer-exploding-runes"] == 1


def test_exploding_runes_plays_one_roll(agm_pack):
    rules = ENGINE.compile(agm_pack, RITUAL, 1, {"class_skill.exploding_runes": {"rolls": 2, "targets": 2}}).rules
    with pytest.raises(RulesError, match="one roll"):
        kit.skill_of(agm_pack, "zuvasai-hydromancer-exploding-runes", rules)


def test_spirit_link_restores_more_for_other_allies_near_the_nalam(agm_pack):
    table = _with(agm_pack, ENGINE.compile(agm_pack, RITUAL, 2), 1, "matajam-shaman-spirit-link")
    state = ENGINE.new_state(table, 0)
    state.h_area[0] = state.h_area[1] = table.areas.index("courtyard")
    link = int(table.rules["class_skill.spirit_link.restore"])
    assert skills.recover_bonus(state, 0, "restore") == link and state.usage["matajam-shaman-spirit-link"] == 1
    assert skills.recover_bonus(state, 0, "heal") == 0 and skills.recover_bonus(state, 1, "restore") == 0
    state.h_area[1] = table.areas.index("crypt")
    assert table.range_dist[state.h_area[0]][state.h_area[1]] > int(table.rules["class_skill.spirit_link.range"])
    assert skills.recover_bonus(state, 0, "restore") == 0
