"""A greedy policy: take the best thing in reach now, fight only what it can expect to beat."""

from __future__ import annotations

import random
from typing import Any

from deckwright.games.adventure_land import fight
from deckwright.games.adventure_land.board import rays_of
from deckwright.games.adventure_land.state import MOVE, SWORDS, State
from deckwright.games.adventure_land.table import CITY, FOG, FOREST, MOUNTAIN, RIVER

VALUE = {CITY: 3.0, RIVER: 1.0, FOREST: 1.0, MOUNTAIN: 2.0}


def greedy(game: Any, state: State, rng: random.Random) -> Any:
    """The action with the best immediate value; ties broken by `rng`."""
    actions = game.legal_actions(state)
    if state.phase == MOVE:
        return _best(actions, _move_values(state, actions), rng)
    if state.phase == SWORDS:
        return _swords(state, actions)
    return _top_up(state, actions)


def _best(actions: list[Any], values: list[float], rng: random.Random) -> Any:
    top = max(values)
    return rng.choice([a for a, v in zip(actions, values) if v == top])


def _die_mean(state: State) -> float:
    """The average roll of a die of `die.sides` faces."""
    return (state.table.rules.die_sides + 1) / 2


def _expected(state: State, adventurer: int) -> float:
    t = state.table
    seat = state.owner(adventurer)
    best = sorted((t.sword_values[s] for s in state.swords[seat]), reverse=True)[:t.rules.max_swords]
    return (t.rules.adventurer_strength + t.rules.companion_strength * state.adv_comp[adventurer]
            + sum(v + _die_mean(state) * t.rules.dice_per_sword for v in best)
            + sum(t.herb_values[h] for h in state.herbs[seat]) + t.rules.gold_strength * state.gold[seat])


def _move_values(state: State, actions: list[Any]) -> list[float]:
    """The value of each action: 0 for ending the turn; for a move, what lies on the field it ends on (a fog
    creature is worth fighting only if the adventurer can expect to beat it), a little for leaving the
    starting area, one more for reaching a city when adventurers in cities score."""
    table = state.table
    terrains, items, fog_strengths = table.terrain, state.items, table.fog_strengths
    city_scores = any(r.counts == "adventurer-in-city" for r in table.scoring)
    rays: dict[int, tuple[tuple[int, ...], ...]] = {}
    expected: dict[int, float] = {}
    values = []
    for action in actions:
        if action[0] == "end":
            values.append(0.0)
            continue
        adventurer = action[1]
        runs = rays.get(adventurer)
        if runs is None:
            runs = rays[adventurer] = rays_of(state, adventurer)
        target = runs[action[2]][action[3] - 1]
        terrain = terrains[target]
        pieces = items[target]
        value = 0.1 if state.adv_at[adventurer] < 0 else 0.0
        if terrain == FOG and pieces:
            strength = expected.get(adventurer)
            if strength is None:
                strength = expected[adventurer] = _expected(state, adventurer)
            value += 4.0 if fight.wins(state, strength, fog_strengths[pieces[0]]) else -5.0
        else:
            value += VALUE.get(terrain, 0.0) * len(pieces)
        if terrain == CITY and city_scores:
            value += 1.0
        values.append(value)
    return values


def _swords(state: State, actions: list[Any]) -> Any:
    f = state.fight
    assert f is not None
    need = state.table.fog_strengths[f.creature] - fight.strength(state)
    dice = state.table.rules.dice_per_sword
    mean = _die_mean(state)
    enough = [a for a in actions if fight.wins(state, sum(v + mean * dice for v in a[1]), need)]
    if enough:
        return min(enough, key=lambda a: (len(a[1]), -sum(a[1])))
    return max(actions, key=lambda a: (len(a[1]), sum(a[1])))


def _top_up(state: State, actions: list[Any]) -> Any:
    f = state.fight
    assert f is not None
    need = state.table.fog_strengths[f.creature] - fight.strength(state)
    seat = fight.fighter(state)
    herbs = sorted(a[1] for a in actions if a[0] == "herb")
    covering = [v for v in herbs if fight.wins(state, v, need)]
    if ("gold",) in actions and fight.wins(state, state.gold[seat] * state.table.rules.gold_strength, need):
        return ("gold",)
    if covering:
        return ("herb", covering[0])
    if herbs and fight.wins(state, sum(herbs) + state.gold[seat] * state.table.rules.gold_strength, need):
        return ("herb", herbs[-1])
    rerolls = [a for a in actions if a[0] == "reroll"]
    return min(rerolls, key=lambda a: a[1]) if rerolls else ("yield",)
