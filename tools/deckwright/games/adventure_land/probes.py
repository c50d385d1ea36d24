"""Probes that rules claims can ask for (`probe("terminates", scenario=..., players=...)`), and the
engine check that compares the two readings of the stockpile refill (line 163) and end (line 167)."""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable, Mapping
from concurrent.futures import Executor
from typing import Any

from deckwright.diagnostic import Citation, Diagnostic
from deckwright.engine import codes
from deckwright.engine.parallel import Batch, run_playouts, seeds
from deckwright.engine.playout import STEP_BOUND, PlayoutResult
from deckwright.games.adventure_land.engine import AdventureLand
from deckwright.games.adventure_land.rules import RulesError
from deckwright.model.pack import Pack
from deckwright.rules import facts

GAME = AdventureLand()
REFILL_FACT = "stockpile.refill.stays_empty"


def _results(pack: Pack, scenario: str, players: int, runs: int, seed: int, policies: tuple[str, ...] = ("random",),
             overrides: Mapping[str, Any] | None = None, pool: Executor | None = None) -> list[PlayoutResult]:
    table = GAME.compile(pack, scenario, players, overrides)
    return run_playouts(Batch(GAME, table, seeds(seed, runs), policies, check=False), pool=pool)


def setup_feasible(pack: Pack, players: int) -> dict[str, Any]:
    """Whether the components supply the set-up for `players`, and what is short if not."""
    problems: list[str] = []
    low, high = pack.players
    if not low <= players <= high:
        problems.append(f"the pack is for {low}-{high} players")
    colors: Counter[Any] = Counter()
    for adventurer in pack.of_type("adventurer"):
        colors[adventurer.get("color")] += adventurer.copies
    if players > len(colors):
        problems.append(f"{players} players need {players} adventurer colours, the pack has {len(colors)}")
    try:
        table = GAME.compile(pack, GAME.scenarios(pack)[0], players)
    except (RulesError, IndexError) as exc:
        problems.append(str(exc) or "the pack has no adventure")
        return {"feasible": False, "problems": problems}
    fewest = min(colors.values(), default=0)
    if table.adventurers_per_player > fewest:
        problems.append(f"each player needs {table.adventurers_per_player} adventurers, a colour has {fewest}")
    if table.starting_adventurers > table.adventurers_per_player:
        problems.append(f"{table.starting_adventurers} starting adventurers but {table.adventurers_per_player} each")
    if table.companions_in_play < 0:
        problems.append(f"more companions set aside than the {table.companions_total} there are")
    if table.swords_in_play < 0:
        problems.append(f"more swords set aside than the {len(table.sword_values)} there are")
    if table.initial_cards > len(table.cards):
        problems.append(f"{table.initial_cards} set-up cards but the deck has {len(table.cards)}")
    if not table.entries or not all(table.entries):
        problems.append("a starting area has no way onto the board")
    return {"feasible": not problems, "problems": problems}


def terminates(pack: Pack, scenario: str, players: int, runs: int = 200, seed: int = 0) -> dict[str, Any]:
    """How many of `runs` random playouts end within the step bound, and how."""
    results = _results(pack, scenario, players, runs, seed)
    ends = Counter(r.end for r in results)
    return {"runs": runs, "terminates": not ends[STEP_BOUND], "ends": dict(sorted(ends.items())),
            "max_steps": max(r.steps for r in results)}


def win_reachable(pack: Pack, scenario: str, players: int, runs: int = 200, seed: int = 0) -> dict[str, Any]:
    """Which seats won at least once in random and greedy playouts."""
    won = [False] * players
    for policies in (("random",), ("greedy",)):
        for r in _results(pack, scenario, players, runs // 2, seed, policies):
            for seat in r.winners:
                won[seat] = True
    return {"runs": runs, "seats": won, "reachable": all(won)}


def end_condition_rates(pack: Pack, scenario: str, players: int, runs: int = 200, seed: int = 0,
                        overrides: Mapping[str, Any] | None = None) -> dict[str, float]:
    """Share of random playouts ending by each end condition."""
    ends = Counter(r.end for r in _results(pack, scenario, players, runs, seed, overrides=overrides))
    return {end: round(n / runs, 4) for end, n in sorted(ends.items())}


PROBES: Mapping[str, Callable[..., Any]] = {"setup_feasible": setup_feasible, "terminates": terminates, "win_reachable": win_reachable,
          "end_condition_rates": end_condition_rates}


def _describe(results: list[PlayoutResult]) -> str:
    runs = len(results)
    ends = Counter(r.end for r in results)
    rounds = statistics.fmean(r.details.get("rounds", 0) for r in results)
    refilled = sum(1 for r in results if r.details.get("companion-refills") or r.details.get("sword-refills"))
    endings = ", ".join(f"{e} {n / runs:.0%}" for e, n in sorted(ends.items()))
    return f"{endings}; {rounds:.1f} rounds on average; pieces taken from the box in {refilled / runs:.0%}"


def end_condition_study(pack: Pack, *, budget_seconds: float, pool: Executor | None, seed: int,
                        runs: int | None = None) -> list[Diagnostic]:
    """Playouts under the pack's reading of lines 163/167 and the other one, side by side."""
    stated = facts(pack).get(REFILL_FACT)
    if not stated:
        return []
    ours = stated[0].value
    where = stated[0].locate()
    scenario = GAME.scenarios(pack)[0]
    n = runs or max(20, min(200, int(budget_seconds * 15)))
    found = []
    for players in GAME.player_counts(pack):
        try:
            pack_reading = _results(pack, scenario, players, n, seed, pool=pool)
            other = _results(pack, scenario, players, n, seed, overrides={REFILL_FACT: not ours}, pool=pool)
        except RulesError:
            continue
        found.append(codes.END_CONDITIONS.at(
            where,
            f"{scenario}, {players} players, {n} playouts from seed {seed}: with {REFILL_FACT}: {ours} "
            f"(the pack's reading): {_describe(pack_reading)}. With {REFILL_FACT}: {not ours} (refilled pieces "
            f"count as stockpile, so the end of line 167 waits for the box too): {_describe(other)}",
            sources=(Citation("rulebook", 163), Citation("rulebook", 167))))
    return found
