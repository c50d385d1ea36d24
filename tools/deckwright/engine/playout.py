"""Playing one game from its seed: the driver owns the only `random.Random`, checks the invariants
when asked, and records the readable action log when asked.

Invariants are checked every CHECK_EVERY steps and on the final state; a game whose check fails is
played again from its seed checking every step, so the violation reported is the first broken
step, as if every step had been checked. `paranoid` checks every step from the start (an invariant
broken and mended between two checks is then caught too).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from deckwright.engine.game import CHANCE, Game
from deckwright.engine.invariants import step_violations

Policy = Callable[[Game, Any, random.Random], Any]
STEP_BOUND = "step-bound"
CHECK_EVERY = 64  # steps between invariant checks (checks cost several times a step)
VIOLATION = "invariant-violation"


@dataclass(frozen=True)
class Violation:
    """An invariant that failed, at which step (actions applied so far)."""

    step: int
    message: str


@dataclass(frozen=True)
class PlayoutResult:
    """The outcome of one game: enough to reproduce it (seed) and to aggregate it."""

    seed: int
    policies: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    steps: int
    end: str
    violations: tuple[Violation, ...] = ()
    usage: Mapping[str, int] = field(default_factory=dict)
    details: Mapping[str, int] = field(default_factory=dict)
    log: tuple[str, ...] = ()


def random_policy(game: Game, state: Any, rng: random.Random) -> Any:
    """Uniformly random over the legal actions."""
    return rng.choice(game.legal_actions(state))


def sample_chance(outcomes: Sequence[tuple[Any, float]], rng: random.Random) -> Any:
    """An outcome drawn by its probability."""
    r = rng.random()
    for action, probability in outcomes:
        r -= probability
        if r < 0:
            return action
    return outcomes[-1][0]


# Up to this many choices, a number drawn at least EXACT_MARGIN (in units of one choice's share) from every
# boundary between two choices picks by its place alone what the subtractions pick: their rounding errors add
# up to at most about n * n * 2**-53 of a share, far under the margin.
EXACT_CHOICES = 4096
EXACT_MARGIN = 1e-6


def draw_uniform(choices: Sequence[Any], rng: random.Random) -> Any:
    """What `sample_chance` draws from `choices` each of probability 1 / len(choices) (the same number drawn
    and the same subtractions), without building the (outcome, probability) pairs; IndexError for none.
    The choice is found by its place (one multiplication), or by the subtractions next to a boundary."""
    r = rng.random()
    n = len(choices)
    if not n:
        raise IndexError("no outcome")
    scaled = r * n
    place = int(scaled)
    if n <= EXACT_CHOICES and EXACT_MARGIN < scaled - place < 1 - EXACT_MARGIN:
        return choices[place]
    share = 1 / n
    for choice in choices:
        r -= share
        if r < 0:
            return choice
    return choices[-1]


def draw_weighted(outcomes: Sequence[tuple[Any, ...]], rng: random.Random) -> Any:
    """`sample_chance` over rows whose last element is the probability: the row drawn."""
    r = rng.random()
    for row in outcomes:
        r -= row[-1]
        if r < 0:
            return row
    return outcomes[-1]


def actor(game: Game, state: Any) -> str:
    player = game.current_player(state)
    return "chance" if player == CHANCE else f"P{player + 1}"


def play(game: Game, table: Any, seed: int, policies: Sequence[Policy], names: Sequence[str] = (), *,
         max_steps: int | None = None, check: bool = True, record: bool = False,
         paranoid: bool = False) -> PlayoutResult:
    """Play one game of `table` from `seed`, seat i choosing with `policies[i % len]`."""
    every = 1 if paranoid else CHECK_EVERY
    rng = random.Random(seed)
    state = game.new_state(table, seed)
    bound = max_steps if max_steps is not None else game.max_steps(table)
    log: list[str] = []
    violations: list[Violation] = []
    steps = 0
    end = ""
    # the game's methods looked up once: the loop runs hundreds of thousands of times a check
    is_terminal, current_player, apply_in_place = game.is_terminal, game.current_player, game.apply_in_place
    chance_outcomes, seats = game.chance_outcomes, len(policies)
    # a game may draw chance's outcome itself (`draw_chance(state, rng)`), as `sample_chance` would over its
    # chance_outcomes, without building them at every chance node
    draw = getattr(game, "draw_chance", None)
    while not is_terminal(state):
        if steps >= bound:
            end = STEP_BOUND
            break
        player = current_player(state)
        try:
            if player == CHANCE:
                action = draw(state, rng) if draw is not None else sample_chance(chance_outcomes(state), rng)
            else:
                action = policies[player % seats](game, state, rng)
        except IndexError:  # a chance node with no outcome, or a player with no legal action: reported, not raised
            violations.append(Violation(steps, f"{actor(game, state)} has nothing to choose from"))
            end = VIOLATION
            break
        if record:
            log.append(f"{actor(game, state)}: {game.action_to_string(state, action)}")
        apply_in_place(state, action)
        steps += 1
        if check and steps % every == 0:
            violations += [Violation(steps, m) for m in step_violations(game, table, state)]
            if violations:
                end = VIOLATION
                break
    if check and not violations and steps % every:
        violations += [Violation(steps, m) for m in step_violations(game, table, state)]
        end = VIOLATION if violations else end
    if violations and not paranoid:
        return play(game, table, seed, policies, names, max_steps=max_steps, check=check, record=record,
                    paranoid=True)
    return PlayoutResult(
        seed=seed, policies=tuple(names), scores=tuple(game.scores(state)),
        winners=tuple(game.winners(state)) if not end else (), steps=steps, end=end or game.end_reason(state),
        violations=tuple(violations), usage=dict(game.usage(state)), details=dict(game.details(state)),
        log=tuple(log),
    )


def replay(game: Game, table: Any, seed: int, log: Sequence[str], *, check: bool = True) -> tuple[Any, list[str]]:
    """Rebuild a game from its readable action log (not the seed): the final state and any problems.

    Each line is matched against the names of the actions legal at that point, so a log written by
    another version of the rules fails at the first step that no longer exists.
    """
    state = game.new_state(table, seed)
    problems: list[str] = []
    for number, line in enumerate(log, 1):
        if game.is_terminal(state):
            problems.append(f"step {number}: the game is already over, '{line}' cannot be played")
            break
        who, _, wanted = line.partition(": ")
        named = {game.action_to_string(state, a): a for a in game.legal_actions(state)}
        if who != actor(game, state) or wanted not in named:
            problems.append(f"step {number}: '{line}' is not legal here ({actor(game, state)} to act)")
            break
        game.apply_in_place(state, named[wanted])
        if check:
            problems += [f"step {number}: {m}" for m in step_violations(game, table, state)]
    return state, problems
