"""Non-Hero Allies in scenario play: a Henchman joins the party where the scenario brings it, acts at its
card's initiative with fixed damage, selects nothing, spends no stamina, and leaves play when its health
runs out; the scenario is lost only when every Hero is exhausted."""

from __future__ import annotations

from deckwright.engine.playout import play, random_policy
from deckwright.games.agemonia import GAME, figures, heroes, rounds
from deckwright.games.agemonia.rulings import RulesError
from deckwright.games.agemonia.state import SELECT, TURNS

ENGINE = GAME.engine


def _to_henchman_turn(table, seed=0):
    state = ENGINE.new_state(table, seed)
    for _ in range(500):
        if state.phase == TURNS and state.seat >= table.players:
            return state
        ENGINE.apply_in_place(state, ENGINE.legal_actions(state)[0])
    raise AssertionError("the Henchman never took a turn")


def test_the_henchman_joins_small_parties_only(agm_pack):
    one = ENGINE.compile(agm_pack, "sample-flooded-cellar", 1)
    three = ENGINE.compile(agm_pack, "sample-flooded-cellar", 3)
    assert [h.hero for h in one.heroes if h.ally] == ["ally-sol-skyfford"]
    assert not [h for h in three.heroes if h.ally]


def test_the_henchman_selects_nothing_and_acts_at_its_card_initiative(agm_pack):
    table = ENGINE.compile(agm_pack, "sample-flooded-cellar", 1)
    state = ENGINE.new_state(table, 0)
    assert state.phase == SELECT and state.seat == 0  # only the Hero selects
    state = _to_henchman_turn(table)
    henchman = state.seat
    assert heroes.initiative(state, henchman) == "blue"
    assert ENGINE.current_player(state) == 0  # the first player runs it
    legal = ENGINE.legal_actions(state)
    assert not [a for a in legal if a[0] in ("rethink-move", "rethink-restore", "inspire", "use")]
    assert [a for a in legal if a[0] == "move"] == [("move", 0)]  # one move maneuver, no stamina move


def test_a_henchman_attack_deals_its_fixed_damage_without_a_roll(agm_pack):
    table = ENGINE.compile(agm_pack, "sample-flooded-cellar", 1)
    state = _to_henchman_turn(table)
    attacks = [a for a in ENGINE.legal_actions(state) if a[0] == "attack"]
    if not attacks:  # walk to the Enemies first
        state.h_area[state.seat] = next(a for a in state.e_area if a >= 0)
        attacks = [a for a in ENGINE.legal_actions(state) if a[0] == "attack"]
    attack = next(a for a in attacks if table.heroes[state.seat].actions[a[3]].id == "mighty-strike")
    before = state.e_health[attack[1]]
    ENGINE.apply_in_place(state, attack)
    shield = table.enemy_types[state.e_type[attack[1]]].shield
    assert not any(p[0] == "roll" for p in state.pending)
    assert state.e_health[attack[1]] == before - (2 - shield) or state.e_area[attack[1]] < 0


def test_a_henchman_is_exhausted_at_the_health_the_rules_state(agm_pack):
    table = ENGINE.compile(agm_pack, "sample-flooded-cellar", 1)
    henchman = table.players
    state = ENGINE.new_state(table, 0)
    figures.damage_hero(state, henchman, table.heroes[henchman].stamina - 1)
    assert not state.h_exhausted[henchman] and not state.h_wounded[henchman]
    figures.damage_hero(state, henchman, 1)
    assert state.h_exhausted[henchman]
    later = ENGINE.compile(agm_pack, "sample-flooded-cellar", 1, {"health.exhausted_at": 1})
    state = ENGINE.new_state(later, 0)
    figures.damage_hero(state, henchman, later.heroes[henchman].stamina - 1)
    assert state.h_exhausted[henchman]


def test_an_exhausted_henchman_does_not_end_the_scenario_but_exhausted_heroes_do(agm_pack):
    table = ENGINE.compile(agm_pack, "sample-flooded-cellar", 1)
    state = ENGINE.new_state(table, 0)
    figures.exhaust(state, table.players)
    assert rounds.outcome(state) == ""
    figures.exhaust(state, 0)
    assert rounds.outcome(state) == table.all_exhausted


def test_more_henchmen_than_may_be_hired_are_refused(agm_pack):
    try:
        ENGINE.compile(agm_pack, "sample-flooded-cellar", 1, {"henchman.max_hired": 0})
    except RulesError as refused:
        assert "henchman.max_hired" in str(refused)
    else:
        raise AssertionError("a Henchman over henchman.max_hired was accepted")


def test_henchmen_act_in_playouts(agm_pack):
    table = ENGINE.compile(agm_pack, "sample-prison-break", 2)
    used = [play(ENGINE, table, seed, [random_policy]).usage for seed in range(20)]
    assert any(u.get("mighty-strike") or u.get("sword-slash") for u in used)
