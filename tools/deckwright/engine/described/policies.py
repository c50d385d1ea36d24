"""Policies every described game gets: greedy by the score the description names, and a one-ply
lookahead that averages that score over the chance nodes right after each action."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from deckwright.engine.described import machine
from deckwright.engine.described.expressions import PlayError, number
from deckwright.engine.described.state import State

LEAVES = 64  # chance outcomes the lookahead averages over, at most, per action


def _value(state: State, seat: int) -> float:
    table = state.table
    try:
        return float(number(table.greedy or table.score, state.bindings(seat)))
    except PlayError:
        return float("-inf")


def _best(state: State, rng: random.Random, value: Callable[[State, int], float]) -> Any:
    seat = state.seat
    actions = machine.legal(state)
    scored = []
    for action in actions:
        after = state.copy()
        machine.act(after, action)
        scored.append(value(after, seat))
    top = max(scored)
    return rng.choice([a for a, v in zip(actions, scored) if v == top])


def greedy(game: Any, state: State, rng: random.Random) -> Any:
    """The action whose immediate result scores best for the player (ties broken by `rng`)."""
    return _best(state, rng, _value)


def lookahead(game: Any, state: State, rng: random.Random) -> Any:
    """The action with the best expected score once the chance nodes it leads to have been resolved."""
    return _best(state, rng, lambda after, seat: _expected(after, seat, [LEAVES]))


def _expected(state: State, seat: int, budget: list[int]) -> float:
    if state.chance is None or state.over or budget[0] <= 0:
        return _value(state, seat)
    total = 0.0
    for outcome, probability in machine.chance_outcomes(state):
        budget[0] -= 1
        after = state.copy()
        machine.resolve(after, outcome)
        total += probability * _expected(after, seat, budget)
    return total


POLICIES: Mapping[str, Any] = {"greedy": greedy, "lookahead": lookahead}
