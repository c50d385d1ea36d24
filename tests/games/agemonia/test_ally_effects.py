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
    raw = {**card.get("play"), "effects": [{"effect": "reroll"}]}
    with pytest.raises(RulesError, match="does not play"):
        _ally_figure(card, raw, lambda key, optional=False: -1, "summoned")  # type: ignore[arg-type]


def test_the_heuristic_boosts_the_allys_damage_before_it_attacks(agm_pack):
    import random

    from deckwright.games.agemonia.policies import POLICIES

    state = _sol(agm_pack, AllyEffect("damage-boost", amount=2))
    assert POLICIES["heuristic"](ENGINE, state, random.Random(0)) == ("effect", 0)
    state = ENGINE.apply(state, ("effect", 0))
    assert POLICIES["heuristic"](ENGINE, state, random.Random(0))[0] == "attack"
