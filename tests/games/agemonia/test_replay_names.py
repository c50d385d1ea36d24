"""Every recorded Agemonia game replays from its log: the names of the actions legal at a step are
unique (two copies of an item, two conditions an Ally effect could remove, an action's effect on
different items stay apart), so `simulate --replay` finds the very action the game took."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from deckwright.engine.game import CHANCE
from deckwright.engine.playout import play, random_policy, replay
from deckwright.games.agemonia import GAME
from deckwright.games.agemonia.policies import POLICIES
from deckwright.games.agemonia.table import scenario_entities

ENGINE = GAME.engine
POLICY = {"random": random_policy, "greedy": POLICIES["greedy"], "heuristic": POLICIES["heuristic"]}


def _tables(pack: Any) -> list[Any]:
    return [ENGINE.compile(pack, scenario, players) for scenario in (entity.id for entity in scenario_entities(pack)) for players in range(1, 5)]


def test_action_names_are_unique_at_every_step_of_seeded_games(agm_pack):
    for table in _tables(agm_pack):
        for seed in range(10):
            rng, state = random.Random(seed), ENGINE.new_state(table, seed)
            while not ENGINE.is_terminal(state):
                if ENGINE.current_player(state) == CHANCE:
                    outcomes = ENGINE.chance_outcomes(state)
                    state = ENGINE.apply(state, rng.choices([o for o, _ in outcomes], [w for _, w in outcomes])[0])
                    continue
                legal = ENGINE.legal_actions(state)
                named = Counter(ENGINE.action_to_string(state, action) for action in legal)
                assert [name for name, n in named.items() if n > 1] == [], (table.scenario, table.players, seed)
                state = ENGINE.apply(state, rng.choice(legal))


@pytest.mark.parametrize("policy", sorted(POLICY))
def test_every_policys_seeded_games_replay_from_their_logs(agm_pack, policy):
    for table in _tables(agm_pack):
        for seed in range(4, 7):
            played = play(ENGINE, table, seed, [POLICY[policy]], record=True)
            state, problems = replay(ENGINE, table, seed, played.log)
            assert problems == [] and ENGINE.end_reason(state) == played.end, (table.scenario, table.players, seed)
