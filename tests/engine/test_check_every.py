"""Invariants checked every few steps report what checking every step reports: the first broken step."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from deckwright.engine.playout import CHECK_EVERY, play, random_policy


class Counter:
    """A one-player game that counts to `length`; its invariant breaks from step `broken` on (or at `only`)."""

    name = "counter"

    def __init__(self, length: int, broken: int | None = None, only: int | None = None):
        self.length, self.broken, self.only = length, broken, only
        self.checked: list[int] = []

    def new_state(self, table: Any, seed: int) -> list[int]:
        return [0]

    def current_player(self, state: list[int]) -> int:
        return 0

    def legal_actions(self, state: list[int]) -> Sequence[int]:
        return [] if self.is_terminal(state) else [1, 2]

    def chance_outcomes(self, state: list[int]) -> Sequence[tuple[int, float]]:
        return []

    def apply_in_place(self, state: list[int], action: int) -> None:
        state[0] += 1

    def is_terminal(self, state: list[int]) -> bool:
        return state[0] >= self.length

    def invariants(self, state: list[int]) -> list[str]:
        self.checked.append(state[0])
        if (self.broken is not None and state[0] >= self.broken) or state[0] == self.only:
            return [f"broken at {state[0]}"]
        return []

    def scores(self, state: list[int]) -> tuple[float, ...]:
        return (float(state[0]),)

    def winners(self, state: list[int]) -> tuple[int, ...]:
        return (0,)

    def end_reason(self, state: list[int]) -> str:
        return "counted"

    def action_to_string(self, state: list[int], action: int) -> str:
        return str(action)

    def usage(self, state: list[int]) -> Mapping[str, int]:
        return {}

    def details(self, state: list[int]) -> Mapping[str, int]:
        return {}

    def max_steps(self, table: Any) -> int:
        return 1000

    def score_bounds(self, table: Any) -> tuple[float, float]:
        return (0.0, 1000.0)


@pytest.mark.parametrize("broken", [1, 5, CHECK_EVERY, CHECK_EVERY + 3, 99])
def test_a_broken_invariant_is_reported_at_its_first_step(broken: int) -> None:
    checked_every = play(Counter(99, broken), None, 7, [random_policy], ("random",), record=True)
    paranoid = play(Counter(99, broken), None, 7, [random_policy], ("random",), record=True, paranoid=True)
    assert checked_every == paranoid
    assert checked_every.violations[0].step == broken
    assert checked_every.end == "invariant-violation"


def test_a_sound_game_is_checked_every_few_steps_and_at_the_end() -> None:
    game = Counter(2 * CHECK_EVERY + 5)
    result = play(game, None, 1, [random_policy])
    assert result.violations == ()
    assert game.checked == [CHECK_EVERY, 2 * CHECK_EVERY, 2 * CHECK_EVERY + 5]


def test_paranoid_catches_what_is_broken_and_mended_between_two_checks() -> None:
    assert play(Counter(40, only=3), None, 1, [random_policy]).violations == ()
    assert play(Counter(40, only=3), None, 1, [random_policy], paranoid=True).violations[0].step == 3
