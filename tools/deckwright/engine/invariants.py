"""Invariants the core asserts after every step, whatever the game."""

from __future__ import annotations

import math
from typing import Any

from deckwright.engine.game import CHANCE, Game


def step_violations(game: Game, table: Any, state: Any) -> list[str]:
    """The game's own invariants, plus: legal actions exist exactly when the game is not over,
    chance probabilities sum to 1, and final scores stay within the declared bounds."""
    problems = list(game.invariants(state))
    terminal = game.is_terminal(state)
    actions = game.legal_actions(state)
    if terminal and actions:
        problems.append(f"the game is over but {len(actions)} actions are legal")
    if not terminal and not actions:
        problems.append("the game is not over but no action is legal")
    if not terminal and game.current_player(state) == CHANCE:
        total = math.fsum(p for _, p in game.chance_outcomes(state))
        if abs(total - 1.0) > 1e-9:
            problems.append(f"chance probabilities sum to {total}")
    if terminal:
        low, high = game.score_bounds(table)
        for seat, score in enumerate(game.scores(state)):
            if not low <= score <= high:
                problems.append(f"seat {seat + 1} scores {score}, outside the bounds {low}..{high}")
    return problems
