"""A greedy hunter: one step ahead through the engine's own transition, valued by what the end of the
game counts.

For each legal action the policy plays it on a copy of the position (`apply_in_place`, the same pure
transition the driver uses) and values the position it leads to for the acting seat. Draws and dice
that follow the action are resolved by expectation: every outcome weighed by its probability when there
are at most `EXACT` of them, else `SAMPLES` outcomes drawn by their probability with the driver's rng; a
chain of draws is followed `DEPTH` deep. Ties go to the driver's rng, so a game replays from its seed.

The value is the final scoring's own arithmetic (`flow.scores`: Coins, less the pack's damage and
Poison penalties), plus, for each Monster Mission held, its monster's Coins times the exact chance to
win that battle from here (`combat.odds`, the engine's battle solver; like the heuristic it reads a
hidden monster's card). Then the tie-breaks the pack lists (`win.tiebreak`: World Reputation, turn
order), compared in that order. In a scenario the company wins or loses together: a won game is worth
1, a lost one 0, a game going on (1 + progress) / (goal + 2), the progress being the Olms or objective
monsters slain plus each counting mission held times its odds; fewer wounds and Poison break ties.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from itertools import accumulate
from typing import Any

from deckwright.gamekit import CHANCE
from deckwright.games.silver_coin import combat, flow, scenario_flow
from deckwright.games.silver_coin.state import AUCTION, OVER, State

EXACT = 6
"""Chance nodes with at most this many outcomes are resolved exactly."""
SAMPLES = 2
"""Outcomes drawn from a larger chance node (a deck, a bag)."""
DEPTH = 2
"""Chance nodes followed in a row after one action."""

Action = tuple[Any, ...]
Value = tuple[float, ...]


def greedy(game: Any, state: State, rng: random.Random) -> Action:
    """The legal action whose expected next position is worth most to the acting seat."""
    actions = game.legal_actions(state)
    if len(actions) == 1:
        return actions[0]
    seat = state.seat
    values = []
    for action in actions:
        after = state.clone()
        game.apply_in_place(after, action)
        values.append(_expected(game, after, seat, rng, DEPTH))
    top = max(values)
    return rng.choice([a for a, v in zip(actions, values) if v == top])


def _expected(game: Any, state: State, seat: int, rng: random.Random, depth: int) -> Value:
    """The value once the chance nodes right after an action are resolved (by expectation)."""
    if depth <= 0 or game.current_player(state) != CHANCE:
        return value(state, seat)
    values = game.even_draw(state)
    if values is not None and len(values) > EXACT:  # a card pile: the draws `choices` makes over chance_outcomes
        outcomes: Sequence[tuple[Action, float]] = [
            (("draw", v), 1 / SAMPLES) for v in rng.choices(values, cum_weights=_even_weights(len(values)), k=SAMPLES)]
    else:
        outcomes = game.chance_outcomes(state)
        if len(outcomes) > EXACT:
            drawn = rng.choices([o for o, _ in outcomes], weights=[p for _, p in outcomes], k=SAMPLES)
            outcomes = [(o, 1 / SAMPLES) for o in drawn]
    total: list[float] = []
    last = len(outcomes) - 1
    for index, (outcome, probability) in enumerate(outcomes):
        after = state.clone() if index < last else state  # the copy the caller made serves the last outcome
        game.apply_in_place(after, outcome)
        found = _expected(game, after, seat, rng, depth - 1)
        total = [t + probability * v for t, v in zip(total, found)] if total else [probability * v for v in found]
    return tuple(total)


@cache
def _even_weights(count: int) -> tuple[float, ...]:
    """The cumulative weights `choices` makes of `count` outcomes of probability 1 / count each (the same
    sums, so the same draws)."""
    return tuple(accumulate([1 / count] * count))


def value(state: State, seat: int) -> Value:
    """What the position is worth to `seat`, most significant first."""
    if state.table.mode is not None:
        return _scenario_value(state)
    hunter = state.hunters[seat]
    points = flow.scores(state)[seat] + _missions_worth(state, seat) + _bids_worth(state, seat)
    parts = [float(points)]
    for rule in state.table.rules.tiebreak:
        if rule == "world_reputation":
            parts.append(float(hunter.world))
        elif rule == "turn_order":
            parts.append(-float(state.order.index(seat)))
    return tuple(parts)


def _missions_worth(state: State, seat: int) -> float:
    """The Coins each held Monster Mission's battle pays, times the chance to win it from here (nothing
    once the game is over; nothing before the first round, whose weather and time the odds read)."""
    if not 0 <= state.round < len(state.table.months) or state.phase == OVER:
        return 0.0
    monsters = state.table.monsters
    worth = 0.0
    for _, monster, _ in state.hunters[seat].missions:
        if monster >= 0:
            worth += monsters[monster].coins * _odds(state, seat, monster)
    return worth


def _bids_worth(state: State, seat: int) -> float:
    """The Coins of the auction rows the hunter's tokens hold: paid when the auction ends unless outbid
    (without them only the bid that ends an auction would see its row's coins)."""
    if state.phase != AUCTION:
        return 0.0
    rows = state.table.rules.auction_rows
    return float(sum(rows[row] for holder, row in state.bids if holder == seat))


def _odds(state: State, seat: int, monster: int) -> float:
    fight = state.fight
    dealt = fight.dealt if fight is not None and fight.monster == monster and state.seat == seat else 0
    return combat.odds(state, seat, monster, dealt)


def _scenario_value(state: State) -> Value:
    """The company's standing: won 1, lost 0, else its progress towards the scenario's goal."""
    mode = state.table.mode
    assert mode is not None
    hurt = -float(sum(h.max_health - h.health + h.poison for h in state.hunters))
    if state.phase == OVER:
        return (1.0 if state.end == scenario_flow.END_WON else 0.0, hurt)
    key, goal = ("olms", mode.win_olms) if mode.olm else ("objectives", mode.objective_monsters)
    progress = float(state.tally.get(key, 0))
    if not 0 <= state.round < len(state.table.months):
        return (progress + 1) / (goal + 2), hurt
    for seat, hunter in enumerate(state.hunters):
        for mission, monster, _ in hunter.missions:
            if monster >= 0 and _counts(state, mission):
                progress += _odds(state, seat, monster)
    return (min(progress, goal) + 1) / (goal + 2), hurt


def _counts(state: State, mission: int) -> bool:
    """Whether the mission's battle, won, moves the scenario towards its goal."""
    mode = state.table.mode
    assert mode is not None
    if mode.olm:
        return mission in mode.olm_missions
    return any(o[0] == mission and o[3] == scenario_flow.ENGAGED for o in state.objectives)
