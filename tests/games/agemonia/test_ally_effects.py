"""Non-Hero Ally card effects other than Fly, on hand-built positions of the Flooded Cellar: Torrax (seat
0) and the Henchman Sol Skyfford (figure 1), two Skitterers in the cellar. Each effect is given to Sol
with the values a card would show; the book's counts come from `ally_effect.single_targets`."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from deckwright.games.agemonia import GAME, ally_effects, figures, heroes
from deckwright.games.agemonia.rulings import RulesError
from deckwright.games.agemonia.state import OFF, State
from deckwright.games.agemonia.table import AllyEffect, _ally_figure

ENGINE = GAME.engine
CELLAR = "sample-flooded-cellar"


def _condition(state: State, name: str) -> int:
    return next(i for i, c in enumerate(state.table.conditions) if c.id == name)


def _sol(agm_pack: Any, *effects: AllyEffect, overrides: dict[str, Any] | None = None, area: str = "cellar") -> State:
    """Sol holding these effects, his turn begun in `area` beside Torrax."""
    table = ENGINE.compile(agm_pack, CELLAR, 1, overrides)
    assert table.heroes[1].hero == "ally-sol-skyfford"
    sol = dataclasses.replace(table.heroes[1], effects=effects)
    state = ENGINE.new_state(dataclasses.replace(table, heroes=(table.heroes[0], sol)), 0)
    state.h_area[0] = state.h_area[1] = table.areas.index(area)
    state.phase, state.pending, state.face = 2, [], 0
    heroes.begin_turn(state, 1)
    return state


def _weaken(state: State) -> AllyEffect:
    return AllyEffect("weaken", condition=_condition(state, "weakened"))


def test_weaken_spends_a_maneuver_on_enemies_in_the_area_up_to_the_books_count(agm_pack):
    probe = _sol(agm_pack)
    for most in (1, 2):
        counts = {"weakened_enemies": most, "conditions_removed": 1, "allies_cleansed": 1}
        state = _sol(agm_pack, _weaken(probe), overrides={"ally_effect.single_targets": counts})
        options = [a for a in ENGINE.legal_actions(state) if a[0] == "effect"]
        assert len(options) == 2  # the two Skitterers in the cellar
        maneuvers = state.maneuvers
        state = ENGINE.apply(state, options[0])
        weak = [slot for slot in range(len(state.e_area)) if state.e_conds[slot]]
        assert len(weak) == most and state.maneuvers == maneuvers - 1
        assert not [a for a in ENGINE.legal_actions(state) if a[0] == "effect"]  # once a turn


def _hit(state: State) -> int:
    """Damage Sol's first attack on a Skitterer deals."""
    attack = next(a for a in ENGINE.legal_actions(state) if a[0] == "attack")
    before = state.e_health[attack[1]]
    state = ENGINE.apply(state, attack)
    return before - (state.e_health[attack[1]] if state.e_area[attack[1]] != OFF else 0)


def test_a_damage_boost_and_rage_add_to_the_allys_attack(agm_pack):
    plain = _sol(agm_pack)
    plain.e_health = [9] * len(plain.e_health)
    base = _hit(plain)
    boosted = _sol(agm_pack, AllyEffect("damage-boost", amount=2))
    boosted.e_health = [9] * len(boosted.e_health)
    boosted = ENGINE.apply(boosted, ("effect", 0))
    assert _hit(boosted) == base + 2
    angry = _sol(agm_pack, AllyEffect("rage", amount=1, below=3))
    angry.e_health = [9] * len(angry.e_health)
    assert _hit(angry) == base  # at full health
    angry.h_disk[1] = 2
    assert _hit(angry) == base + 1


def test_an_ally_that_cannot_be_defeated_takes_no_tracked_damage(agm_pack):
    table = ENGINE.compile(agm_pack, CELLAR, 1)
    sol = dataclasses.replace(table.heroes[1], undefeatable=True)
    state = ENGINE.new_state(dataclasses.replace(table, heroes=(table.heroes[0], sol)), 0)
    figures.damage_hero(state, 1, 99)
    assert state.h_disk[1] == table.heroes[1].stamina and not state.h_exhausted[1]


def test_sol_ignores_hindered_as_his_scenario_card_says(agm_pack):
    state = _sol(agm_pack)
    assert state.table.heroes[1].never_hindered
    assert figures.hindered(state, 0) and not figures.hindered(state, 1)  # two Allies, two Skitterers


def test_evade_takes_points_off_the_first_provoke_of_the_turn(agm_pack):
    for per in (1, 2):
        state = _sol(agm_pack, AllyEffect("evade", amount=1), overrides={"evade.damage_per_point": per})
        assert ally_effects.evade_provoke(state, 1, 3) == 3 - per
        assert ally_effects.evade_provoke(state, 1, 3) == 3


def test_remove_condition_clears_an_allys_conditions_up_to_the_books_count(agm_pack):
    for removed in (1, 2):
        counts = {"weakened_enemies": 1, "conditions_removed": removed, "allies_cleansed": 1}
        state = _sol(agm_pack, AllyEffect("remove-condition", range=1), overrides={"ally_effect.single_targets": counts})
        figures.gain(state, figures.HERO, 0, _condition(state, "weakened"), "test")
        figures.gain(state, figures.HERO, 0, _condition(state, "slowed"), "test")
        options = [a for a in ENGINE.legal_actions(state) if a[0] == "effect"]
        assert {a[2] for a in options} == {0} and len(options) == 2
        state = ENGINE.apply(state, options[0])
        assert len(state.h_conds[0]) == 2 - removed


def test_a_stun_blast_hits_every_enemy_in_range_once_a_scenario(agm_pack):
    probe = _sol(agm_pack)
    blast = AllyEffect("stun-blast", amount=1, range=0, condition=_condition(probe, "stunned"))
    state = _sol(agm_pack, blast)
    health = list(state.e_health)
    state = ENGINE.apply(state, ("effect", 0))
    hit = [slot for slot, area in enumerate(state.e_area) if state.e_health[slot] < health[slot] or area == OFF]
    assert len(hit) == 2 and state.maneuvers == probe.maneuvers and state.acts == probe.acts
    assert all(state.e_conds[slot] for slot in hit if state.e_area[slot] != OFF)
    state.turn_skills = 0  # a later turn
    assert not [a for a in ENGINE.legal_actions(state) if a[0] == "effect"]


def test_an_effect_the_engine_does_not_play_is_refused(agm_pack):
    card = agm_pack.by_id["ally-togrel"]
    raw = {**card.get("play"), "effects": [{"effect": "mirror"}]}
    with pytest.raises(RulesError, match="does not play"):
        _ally_figure(card, raw, lambda key, optional=False: -1, "summoned")  # type: ignore[arg-type]


def test_the_heuristic_boosts_the_allys_damage_before_it_attacks(agm_pack):
    import random

    from deckwright.games.agemonia.policies import POLICIES

    state = _sol(agm_pack, AllyEffect("damage-boost", amount=2))
    assert POLICIES["heuristic"](ENGINE, state, random.Random(0)) == ("effect", 0)
    state = ENGINE.apply(state, ("effect", 0))
    assert POLICIES["heuristic"](ENGINE, state, random.Random(0))[0] == "attack"


# Ally card effects on the Reaction die (lines 4378-4380, 4403-4413) and Empower's range (4386-4389), on the
# samples' own Allies: Sol Skyfford with face shields (Flooded Cellar) and Riposte (Prison Break), the
# Vespir with Reroll and an Empower action (Sky Bridge, summoned by Zuva'Sai's Obsidian Figurine).

def _odds_row(table: Any, ally: int, dice: int) -> dict[tuple[int, int], float]:
    return {(k, faces): p for k, faces, p in table.ally_odds[ally][dice]}


def _enemy_hit(agm_pack: Any, scenario: str, players: int, ally: str, amount: int) -> tuple[State, int, int]:
    """An Enemy attack of `amount` on the Ally in the Enemy's area, waiting for the Ally's reactive roll."""
    from deckwright.games.agemonia import enemies

    table = ENGINE.compile(agm_pack, scenario, players)
    s = ENGINE.new_state(table, 0)
    figure = next(h for h, f in enumerate(table.heroes) if f.hero == ally)
    slot = next(e for e, a in enumerate(s.e_area) if a != OFF)
    s.h_area[figure], s.h_exhausted[figure] = s.e_area[slot], False
    s.phase, s.pending, s.seat, s.usage = 2, [], -1, {}
    s.face = next(i for i, f in enumerate(table.faces) if table.enemy_types[s.e_type[slot]].actions[f.eye].kind == "melee")
    del enemies
    s.pending.insert(0, ("roll", "A", 1, "enemy-hit", slot, figure, amount, -1))
    return s, figure, slot


def test_the_allys_special_face_counts_for_its_effects_not_as_successes(agm_pack):
    table = ENGINE.compile(agm_pack, CELLAR, 1)
    sol = next(h for h, f in enumerate(table.heroes) if f.hero == "ally-sol-skyfford")
    assert _odds_row(table, sol, 1) == pytest.approx({(0, 0): 2 / 6, (1, 0): 2 / 6, (2, 0): 1 / 6, (0, 1): 1 / 6})
    plain = ENGINE.compile(agm_pack, CELLAR, 1, {"ally_effect.face": "success"})
    assert _odds_row(plain, sol, 1) != _odds_row(table, sol, 1)


def test_each_face_is_a_shield_against_the_enemy_attack(agm_pack):
    for faces in (0, 1):
        s, sol, _ = _enemy_hit(agm_pack, CELLAR, 1, "ally-sol-skyfford", 3)
        health = s.h_disk[sol]
        ENGINE.apply_in_place(s, ("roll", 0, faces))
        assert health - s.h_disk[sol] == 3 - faces  # the card's one shield a face
    assert s.usage["ally-effect:face-shield"] == 1


def test_each_face_ripostes_an_attacker_within_range_through_its_shield(agm_pack):
    s, sol, slot = _enemy_hit(agm_pack, "sample-prison-break", 1, "ally-sol-skyfford", 1)
    health = s.e_health[slot]
    ENGINE.apply_in_place(s, ("roll", 0, 2))
    assert s.e_area[slot] == OFF or s.e_health[slot] == health - 2
    s, sol, slot = _enemy_hit(agm_pack, "sample-prison-break", 1, "ally-sol-skyfford", 1)
    s.h_area[sol] = next(a for a in range(len(s.table.areas)) if s.table.range_dist[a][s.e_area[slot]] == 1)
    health = s.e_health[slot]
    ENGINE.apply_in_place(s, ("roll", 0, 2))
    assert s.e_health[slot] == health and "ally-effect:riposte" not in s.usage  # out of its range 0


def test_reroll_rolls_a_blank_face_once_more(agm_pack):
    table = ENGINE.compile(agm_pack, "sample-sky-bridge", 2)
    vespir = next(h for h, f in enumerate(table.heroes) if f.hero == "ally-vespir")
    row = _odds_row(table, vespir, 1)
    # two blank faces of six: a blank only when both rolls are blank; each other face gains a reroll's share
    assert row[(0, 0)] == pytest.approx((2 / 6) ** 2)
    # (its card uses no face: the special face counts as its successes)
    assert row[(1, 0)] == pytest.approx(2 / 6 * (1 + 2 / 6)) and row[(2, 0)] == pytest.approx(2 / 6 * (1 + 2 / 6))
    assert sum(row.values()) == pytest.approx(1)


def test_empower_range_reaches_further_for_a_maneuver_before_the_action(agm_pack):
    table = ENGINE.compile(agm_pack, "sample-sky-bridge", 2)
    vespir = next(h for h, f in enumerate(table.heroes) if f.hero == "ally-vespir")
    s = ENGINE.new_state(table, 0)
    landing, west = table.areas.index("landing"), table.areas.index("bridge-west")
    s.h_area[vespir], s.h_exhausted[vespir], s.h_owner[vespir] = landing, False, 1
    s.h_area[0], s.h_area[1] = landing, west
    s.phase, s.pending, s.face, s.queue, s.qpos = 2, [], 0, [vespir], 0
    heroes.begin_turn(s, vespir)
    supports = {a[1] for a in ENGINE.legal_actions(s) if a[0] == "support"}
    assert supports == {0, vespir}  # range 0: its own area
    boost = next(a for a in ENGINE.legal_actions(s) if a[0] == "effect"
                 and table.heroes[vespir].effects[a[1]].kind == "empower-range")
    s = ENGINE.apply(s, boost)
    supports = [a for a in ENGINE.legal_actions(s) if a[0] == "support"]
    assert {a[1] for a in supports} == {0, 1, vespir}
    s = ENGINE.apply(s, next(a for a in supports if a[1] == 1))
    blessed = next(i for i, c in enumerate(table.conditions) if c.id == "blessed")
    assert [c >> 1 for c in s.h_conds[1]] == [blessed] and s.acts == 0
    assert not [a for a in ENGINE.legal_actions(s) if a[0] == "effect"
                and table.heroes[vespir].effects[a[1]].kind == "empower-range"]


def test_an_ally_raising_an_empower_it_lacks_is_refused(agm_pack):
    card = agm_pack.by_id["ally-togrel"]
    raw = {**card.get("play"), "effects": [{"effect": "empower-range", "amount": 1}]}
    with pytest.raises(RulesError, match="Empower"):
        _ally_figure(card, raw, lambda key, optional=False: -1, "summoned")  # type: ignore[arg-type]


def test_seeded_playouts_reach_the_die_effects_and_empower(agm_pack):
    from deckwright.games.agemonia.playcheck import SAMPLE_RUNS, play_samples

    used = {key for p in play_samples(agm_pack, SAMPLE_RUNS, 0) for r in p.results for key in r.usage}
    assert {"ally-effect:face-shield", "ally-effect:riposte", "ally-effect:reroll", "ally-effect:empower-range",
            "ally-action:ally-vespir:empower"} <= used
