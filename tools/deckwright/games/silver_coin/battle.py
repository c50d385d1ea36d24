"""Battle rounds (lines 729-784): dice against a monster's strength until one side falls or the hunter flees.

A round rolls the white dice (rerollable) and the Color Dice (kept); strength above the monster's
deals it 1 damage, a tie does nothing, below costs 1 health. Rerolls are paid from a budget and used
when the first roll would lose the round. The chain is solved exactly with fractions (a round that
changes nothing is a self-loop, so ties only lengthen the battle); `simulate` plays the same battle
with an explicit `random.Random(seed)` for comparison.
"""

from __future__ import annotations

import math
import random
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any

WIN, LOST, FLED, ENDLESS = "win", "lost", "fled", "never_ends"


@dataclass(frozen=True)
class Battle:
    """One battle as numbers: the hunter must roll more than `target` (monster strength minus bonuses)."""

    target: int
    monster_health: int
    health: int
    white: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
    white_dice: int = 2
    color: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
    color_dice: int = 0
    rerolls: int = 0
    flee_at: int = 0


def sums(faces: Sequence[int], dice: int) -> Counter[int]:
    """Ways to roll each total with `dice` dice of the given faces (one die added at a time)."""
    ways: Counter[int] = Counter({0: 1})
    for _ in range(dice):
        step: Counter[int] = Counter()
        for total, n in ways.items():
            for face in faces:
                step[total + face] += n
        ways = step
    return ways


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


def round_outcomes(battle: Battle, can_reroll: bool) -> dict[tuple[int, bool], Fraction]:
    """(outcome, reroll used) -> probability; outcome +1 hit, 0 tie, -1 wound."""
    return _round_outcomes(battle.target, battle.white, battle.white_dice, battle.color, battle.color_dice, can_reroll)


@cache
def _round_outcomes(target: int, white_faces: tuple[int, ...], white_dice: int, color_faces: tuple[int, ...],
                    color_dice: int, can_reroll: bool) -> dict[tuple[int, bool], Fraction]:
    """`round_outcomes` by the numbers it depends on (the same dice are rolled against the same target
    in every state of a battle and in many battles of a run)."""
    white, color = sums(white_faces, white_dice), sums(color_faces, color_dice)
    total = sum(white.values()) ** 2 * sum(color.values())
    ways: Counter[tuple[int, bool]] = Counter()
    for c, cw in color.items():
        for w, ww in white.items():
            first = _sign(c + w - target)
            if first < 0 and can_reroll:
                for w2, ww2 in white.items():
                    ways[(_sign(c + w2 - target), True)] += cw * ww * ww2
            else:
                ways[(first, False)] += cw * ww * sum(white.values())
    return {key: Fraction(n, total) for key, n in sorted(ways.items())}


def win_chance(battle: Battle) -> Fraction:
    """The exact chance of winning alone: the `win` of `solve` (the same fraction) without the
    distribution of how battles end, which the policies asking for odds never read."""
    table = {can: round_outcomes(battle, can) for can in (False, True)}

    @cache
    def win(dealt: int, health: int, rerolls: int) -> Fraction:
        outcomes = table[rerolls > 0]
        stay = outcomes.get((0, False), Fraction(0))
        if stay == 1:
            return Fraction(0)
        total = Fraction(0)
        for (step, used), p in outcomes.items():
            if step == 0 and not used:
                continue
            nd, nh = dealt + (step > 0), health - (step < 0)
            if nd >= battle.monster_health:
                total += p
            elif nh > max(0, battle.flee_at):
                total += p * win(nd, nh, rerolls - used)
        return total / (1 - stay)

    return win(0, battle.health, battle.rerolls)


def win_share(battle: Battle) -> float:
    """The chance of winning alone rounded to 6 places, as `round(float(win_chance(battle)), 6)` gives it: the
    chain worked in floats (a few hundred operations, each off by at most half a unit in the last place,
    so the sum is off by far less than 1e-12), and exactly with fractions only when that float lies within
    1e-12 of a rounding boundary, where the error could decide the sixth place."""
    exact = {can: round_outcomes(battle, can) for can in (False, True)}
    # each round's outcomes but the one that changes nothing, and the chance of a round changing something
    # (taken exactly, then made a float: a difference of floats near 1 would lose the digits that matter)
    moves = {can: [(step, used, float(p)) for (step, used), p in table.items() if step or used]
             for can, table in exact.items()}
    leave = {can: float(1 - table.get((0, False), Fraction(0))) for can, table in exact.items()}

    @cache
    def win(dealt: int, health: int, rerolls: int) -> float:
        can = rerolls > 0
        if not leave[can]:
            return 0.0
        total = 0.0
        for step, used, p in moves[can]:
            nd, nh = dealt + (step > 0), health - (step < 0)
            if nd >= battle.monster_health:
                total += p
            elif nh > max(0, battle.flee_at):
                total += p * win(nd, nh, rerolls - used)
        return total / leave[can]

    found = win(0, battle.health, battle.rerolls)
    scaled = found * 1e6
    if abs(scaled - math.floor(scaled) - 0.5) < 1e-6 or not 0.0 <= found <= 1.0:
        return round(float(win_chance(battle)), 6)
    return round(found, 6)


def solve(battle: Battle) -> dict[str, Any]:
    """Exact chances of winning, losing, fleeing and never ending, expected rounds and wounds."""
    return dict(_solved(battle))


@lru_cache(maxsize=1024)  # a probe's monsters share a few battles: each is solved once per process
def _solved(battle: Battle) -> dict[str, Any]:
    table = {can: round_outcomes(battle, can) for can in (False, True)}

    @cache
    def value(dealt: int, health: int, rerolls: int) -> tuple[dict[tuple[str, int], Fraction], Fraction]:
        outcomes = table[rerolls > 0]
        stay = outcomes.get((0, False), Fraction(0))
        if stay == 1:
            return {(ENDLESS, health): Fraction(1)}, Fraction(0)
        ends: defaultdict[tuple[str, int], Fraction] = defaultdict(Fraction)
        rounds = Fraction(1)
        for (step, used), p in outcomes.items():
            if step == 0 and not used:
                continue
            nd, nh, nr = dealt + (step > 0), health - (step < 0), rerolls - used
            if nd >= battle.monster_health:
                ends[(WIN, nh)] += p
            elif nh <= 0:
                ends[(LOST, 0)] += p
            elif nh <= battle.flee_at:
                ends[(FLED, nh)] += p
            else:
                sub, sub_rounds = value(nd, nh, nr)
                for key, q in sub.items():
                    ends[key] += p * q
                rounds += p * sub_rounds
        share = 1 / (1 - stay)
        return {k: v * share for k, v in ends.items()}, rounds * share

    ends, rounds = value(0, battle.health, battle.rerolls)
    result = _summary(battle, ends)
    result["expected_rounds"] = None if result[ENDLESS] else round(float(rounds), 6)
    result["exact"] = True
    return result


def _summary(battle: Battle, ends: dict[tuple[str, int], Fraction]) -> dict[str, Any]:
    chance = {kind: sum((p for (k, _), p in ends.items() if k == kind), Fraction(0)) for kind in (WIN, LOST, FLED, ENDLESS)}
    wounds = sum(((battle.health - h) * p for (k, h), p in ends.items() if k != ENDLESS), Fraction(0))
    return {**{k: round(float(v), 6) for k, v in chance.items()},
            "win_fraction": str(chance[WIN]), "expected_wounds": round(float(wounds), 6)}


def simulate(battle: Battle, samples: int, seed: int, max_rounds: int = 1000) -> dict[str, Any]:
    """Monte Carlo estimate with `random.Random(seed)`; `error` is the 95% half-width of the win chance."""
    rng = random.Random(seed)
    counts: Counter[str] = Counter()
    rounds_total = 0
    for _ in range(samples):
        outcome, rounds = _play(battle, rng, max_rounds)
        counts[outcome] += 1
        rounds_total += rounds
    share = {k: counts[k] / samples for k in (WIN, LOST, FLED, ENDLESS)}
    error = 1.96 * math.sqrt(share[WIN] * (1 - share[WIN]) / samples)
    return {**{k: round(v, 6) for k, v in share.items()}, "samples": samples, "seed": seed,
            "error": round(error, 6), "mean_rounds": round(rounds_total / samples, 6), "exact": False}


def _play(battle: Battle, rng: random.Random, max_rounds: int) -> tuple[str, int]:
    dealt, health, rerolls = 0, battle.health, battle.rerolls
    for played in range(1, max_rounds + 1):
        color = sum(rng.choice(battle.color) for _ in range(battle.color_dice))
        step = _sign(color + sum(rng.choice(battle.white) for _ in range(battle.white_dice)) - battle.target)
        if step < 0 and rerolls > 0:
            rerolls -= 1
            step = _sign(color + sum(rng.choice(battle.white) for _ in range(battle.white_dice)) - battle.target)
        dealt, health = dealt + (step > 0), health - (step < 0)
        if dealt >= battle.monster_health:
            return WIN, played
        if health <= 0:
            return LOST, played
        if health <= battle.flee_at:
            return FLED, played
    return ENDLESS, max_rounds
