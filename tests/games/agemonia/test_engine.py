"""The scenario engine on the shipped samples: every game ends by the book's outcomes, invariants hold,
games replay exactly, and the precedence rule (card, scenario, rule book) decides what is played."""

from __future__ import annotations

from collections import Counter

import pytest

from deckwright.engine.playout import play, random_policy, replay
from deckwright.games.agemonia import GAME
from deckwright.games.agemonia.rulings import RulesError
from deckwright.games.agemonia.policies import POLICIES
from deckwright.games.agemonia.state import OFF, TURNS

ENGINE = GAME.engine


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("scenario", ["sample-flooded-cellar", "sample-broken-ritual", "sample-prison-break"])
def test_every_game_ends_by_an_end_condition_its_scenario_declares_with_invariants_holding(agm_pack, scenario, players):
    table = ENGINE.compile(agm_pack, scenario, players)
    declared = {e.reason for e in GAME.endings(agm_pack, scenario)}
    for policy in (random_policy, POLICIES["heuristic"]):
        results = [play(ENGINE, table, seed, [policy], check=True) for seed in range(12)]
        assert {r.end for r in results} <= declared, Counter(r.end for r in results)
        assert all(not r.violations for r in results), [r.violations for r in results if r.violations][:1]
        assert all(r.steps < ENGINE.max_steps(table) for r in results)


def test_the_heuristic_policy_wins_where_random_play_mostly_loses(agm_pack):
    table = ENGINE.compile(agm_pack, "sample-flooded-cellar", 1)
    wins = {name: sum(play(ENGINE, table, seed, [policy]).end == "success:defeat-all" for seed in range(30))
            for name, policy in (("random", random_policy), ("heuristic", POLICIES["heuristic"]))}
    assert wins["heuristic"] > wins["random"]


def test_same_seed_same_game_and_the_log_replays_it(agm_pack):
    table = ENGINE.compile(agm_pack, "sample-broken-ritual", 3)
    first = play(ENGINE, table, 11, [random_policy], record=True)
    again = play(ENGINE, table, 11, [random_policy], record=True)
    assert first == again
    state, problems = replay(ENGINE, table, 11, first.log)
    assert problems == [] and ENGINE.end_reason(state) == first.end


def test_apply_leaves_the_given_state_unchanged(agm_pack):
    state = ENGINE.initial_state(agm_pack, "sample-prison-break", 2, 0)
    before = state.snapshot()
    ENGINE.apply(state, ENGINE.legal_actions(state)[0])
    assert state.snapshot() == before


def test_spawned_enemies_skip_the_round_they_appear(agm_pack):
    table = ENGINE.compile(agm_pack, "sample-flooded-cellar", 1)  # two Skitterers spawn in round 3
    state = ENGINE.new_state(table, 0)
    while not (state.round == 3 and state.phase == TURNS):
        state = ENGINE.apply(state, ENGINE.legal_actions(state)[-1] if state.seat >= 0 else
                             ENGINE.chance_outcomes(state)[0][0])
    spawned = [e for e in range(len(state.e_area)) if state.e_spawned[e] == 3 and state.e_area[e] != OFF]
    assert spawned and not {~e for e in spawned} & set(state.queue)


def test_a_card_beats_the_scenario_which_beats_the_rule_book(agm_pack):
    ritual = ENGINE.compile(agm_pack, "sample-broken-ritual", 2).rules
    cellar = ENGINE.compile(agm_pack, "sample-flooded-cellar", 2).rules
    assert cellar["obstructed_aim.penalty"] == 1 and ritual["obstructed_aim.penalty"] == 2
    assert ritual.get("obstructed_aim.penalty", {"obstructed_aim.penalty": 0}) == 0
    reversed_order = ENGINE.compile(agm_pack, "sample-broken-ritual", 2,
                                    {"precedence.order": ["rule_book", "scenario", "card"],
                                     "precedence.card_over_scenario": False,
                                     "precedence.scenario_over_rule_book": False}).rules
    assert reversed_order["obstructed_aim.penalty"] == 1
    assert reversed_order.get("hindered.check_penalty", {"hindered.check_penalty": 0}) == 1
    with pytest.raises(RulesError, match="contradicts precedence.order"):
        ENGINE.compile(agm_pack, "sample-broken-ritual", 2, {"precedence.order": ["rule_book", "scenario", "card"]})


def test_a_rule_the_engine_plays_otherwise_is_refused(agm_pack):
    with pytest.raises(RulesError, match="setup.fate_deck_shuffled"):
        ENGINE.compile(agm_pack, "sample-broken-ritual", 2, {"setup.fate_deck_shuffled": False})


def _hindered_attack(agm_pack, action_id):
    """Lunara alone with the Zlohian (shield 1) attacks it with `action_id`; the roll gives 2 successes."""
    table = ENGINE.compile(agm_pack, "sample-flooded-cellar", 4)
    state = ENGINE.new_state(table, 0)
    lunara = next(h for h, hero in enumerate(table.heroes) if hero.hero == "lunara")
    cellar = table.areas.index("well")
    state.h_area[lunara] = cellar
    # a weapon rune the stash deals her (its Pierce on her weapon) is not what this test counts
    state.h_items[lunara] = tuple(i for i in state.h_items[lunara]
                                  if table.items[i].attack or not table.items[i].effects.pierce)
    state.h_action[lunara] = next(i for i, a in enumerate(table.heroes[lunara].actions) if a.id == action_id)
    state.seat, state.acts, state.face = lunara, 1, 0
    # her board's Aox Scimitar in hand, whatever weapon the sample stash deals her (`items_stash`)
    state.h_active[lunara] = tuple(i for i in state.h_items[lunara] if table.items[i].id == "aox-scimitar")
    target = next(e for e, a in enumerate(state.e_area) if a == cellar)
    ENGINE.apply_in_place(state, ("attack", target, "melee"))
    health = state.e_health[target]
    ENGINE.apply_in_place(state, ("roll", 2, 0))
    assert state.e_area[target] != OFF
    return health - state.e_health[target]


def test_gallant_strike_ignores_hindered_as_its_card_says(agm_pack):
    # stalwart smite: 2 successes - 1 hindered + 1 action + 1 scimitar - 1 shield = 2; gallant strike's
    # card sets hindered.check_penalty to 0: 2 + 2 action + 1 scimitar - 1 shield = 4
    assert _hindered_attack(agm_pack, "lunara-stalwart-smite") == 2
    assert _hindered_attack(agm_pack, "lunara-gallant-strike") == 4


def test_condition_limits_and_tokens(agm_pack):
    table = ENGINE.compile(agm_pack, "sample-flooded-cellar", 1)
    state = ENGINE.new_state(table, 0)
    from deckwright.games.agemonia import figures

    ids = [c.id for c in table.conditions]
    state.h_items[0] = tuple(i for i in state.h_items[0] if not table.items[i].effects.immune)  # the stash deals some
    for name in ("bleeding", "slowed", "held"):
        figures.gain(state, figures.HERO, 0, ids.index(name), "trap")
    held = [table.conditions[c >> 1].id for c in state.h_conds[0]]
    assert held == ["slowed", "held"]  # the third dropped the lowest-numbered (bleeding)
    assert ENGINE.invariants(state) == []
    figures.event(state, figures.HERO, 0, "spend-maneuver")
    assert [table.conditions[c >> 1].id for c in state.h_conds[0]] == ["slowed"]
    assert state.cards_used[ids.index("held")] == 0 and ENGINE.invariants(state) == []
