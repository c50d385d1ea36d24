"""How the Scenario Book's games end under every policy (an engine check of the Silver Coin GameSpec).

Each scenario (Normal level) is played at each of its player counts by the random and the heuristic
policy from the same seeds. A scenario won in none or in all of those playouts is reported (DW927), and
so is a way it can end that no playout of any policy and player count reached (DW926); the standard
game's single end (the last round) is the generic engine check's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor

from deckwright.gamekit import (
    Batch, Code, Diagnostic, Pack, PlayoutResult, RulesError, Severity, recorded_replay_hint, run_playouts,
    scenario_location, seeds,
)
from deckwright.games.silver_coin.scenario_flow import (
    END_CORRUPTED, END_EVENTS, END_HEALTH, END_MISSIONS, END_OLM_DISCARDS, END_WON,
)
from deckwright.games.silver_coin.scenario_rules import OLM

RUNS = 20
POLICIES = ("random", "heuristic")

END_NEVER = Code(
    "DW926", "sc-end-never", Severity.WARNING, "A way a Silver Coin scenario can end never ended a playout.",
    "The Scenario Book gives each scenario its ways to be lost and won (lines 1590-1929). The engine plays "
    "the scenario at each of its player counts with the random and the heuristic policy; an end that none "
    "of those games reached is either rare or unreachable as the pack encodes the rules.",
    "Replay a game that ended otherwise and see why this end never comes; check the facts behind it.",
)
OUTCOME_FIXED = Code(
    "DW927", "sc-outcome-fixed", Severity.WARNING, "A Silver Coin scenario is won in none (or all) of the playouts.",
    "A co-operative scenario that no policy ever wins, or that every game wins, says more about the rules "
    "as encoded (or the policies) than about the players: the engine played it at that player count with "
    "the random and the heuristic policy from the same seeds.",
    "Replay the named game (`simulate --replay`) to see how it ended; check the scenario's facts.",
)
CODES = (END_NEVER, OUTCOME_FIXED)


def end_reasons(scenario: str) -> tuple[str, ...]:
    """How a scenario can end: Olm Infestation reshuffles its Event deck and knows no corruption."""
    if scenario.partition("/")[0] == OLM:
        return END_WON, END_HEALTH, END_MISSIONS, END_OLM_DISCARDS
    return END_WON, END_HEALTH, END_MISSIONS, END_EVENTS, END_CORRUPTED


def ending_findings(pack: Pack, *, budget_seconds: float, pool: Executor | None, seed: int,
                    runs: int | None = None) -> list[Diagnostic]:
    """DW926 and DW927 over `runs` playouts (default 20) per scenario, player count and policy."""
    from deckwright.games.silver_coin.engine import SilverCoin
    from deckwright.games.silver_coin.table import STANDARD

    game = SilverCoin()
    n = runs or RUNS
    found: list[Diagnostic] = []
    for scenario in game.scenarios(pack):
        if scenario == STANDARD:
            continue
        played: dict[int, list[PlayoutResult]] = {}
        for players in game.player_counts(pack):
            if not game.plays(pack, scenario, players):
                continue
            try:
                table = game.compile(pack, scenario, players)
            except RulesError:
                continue  # the generic engine check reports a scenario that cannot be set up
            played[players] = [r for policy in POLICIES for r in run_playouts(
                Batch(game, table, seeds(seed, n), (policy,), check=False), pool=pool)]
        found += _fixed(pack, scenario, played, n, seed)
        found += _never(pack, scenario, played, n, seed)
    return found


def _shares(results: Sequence[PlayoutResult]) -> str:
    ends = Counter(r.end for r in results)
    return ", ".join(f"{end} {count / len(results):.0%}" for end, count in sorted(ends.items()))


def _fixed(pack: Pack, scenario: str, played: dict[int, list[PlayoutResult]], n: int,
           seed: int) -> Iterator[Diagnostic]:
    where = scenario_location(pack, scenario)
    for players, results in sorted(played.items()):
        won = sum(1 for r in results if r.end == END_WON)
        if 0 < won < len(results):
            continue
        example = results[0]
        yield OUTCOME_FIXED.at(
            where, f"{scenario}, {players} player{'s' if players > 1 else ''}: {'none' if not won else 'all'} of "
            f"{len(results)} playouts ({n} each of {', '.join(POLICIES)}, seeds {seed}..{seed + n - 1}) won; they "
            f"ended by {_shares(results)}; seed {example.seed} ({example.policies[0]}) ended by {example.end} "
            f"after {example.steps} steps", subject=f"{scenario}/{players}",
            hint=recorded_replay_hint(pack, scenario, players, example.seed, example.policies[0]))


def _never(pack: Pack, scenario: str, played: dict[int, list[PlayoutResult]], n: int,
           seed: int) -> Iterator[Diagnostic]:
    where = scenario_location(pack, scenario)
    reached = {r.end for results in played.values() for r in results}
    counts = ", ".join(str(p) for p in sorted(played))
    total = sum(len(results) for results in played.values())
    for reason in end_reasons(scenario):
        if reason == END_WON or reason in reached:
            continue  # a scenario never won is DW927's
        yield END_NEVER.at(where, f"{scenario}: none of {total} playouts ({counts} player(s), {n} each of "
                           f"{', '.join(POLICIES)} from seed {seed}) ended by '{reason}'",
                           subject=f"{scenario}/{reason}")
