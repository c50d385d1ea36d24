"""The engine's part of `deckwright check`: seeded playouts of every scenario and player count, and
what they show about the content (non-termination, fallback ends, broken invariants, infeasible
set-ups, unused content, content whose effect the engine does not play, situations no clause covers, and, through engine/outcomes.py, ends never
reached and scenarios never won or never lost under every policy)."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Executor
from contextlib import contextmanager
from typing import Any

from deckwright.diagnostic import Diagnostic
from deckwright.engine import codes
from deckwright.engine.effects import effect_findings
from deckwright.engine.endings import end_reasons
from deckwright.engine.game import Game, MissingFacts
from deckwright.engine.outcomes import PlayedTable, outcome_findings, players_phrase
from deckwright.engine.parallel import Batch, executor, playout_session, run_batches, run_playouts, seeds
from deckwright.engine.playout import STEP_BOUND, PlayoutResult
from deckwright.engine.probes import rates
from deckwright.engine.reproduce import replay_hint, scenario_location
from deckwright.errors import DeckwrightError
from deckwright.model.pack import Pack
from deckwright.plugin import GameSpec, load_game
from deckwright.rules.facts import stated_at
from deckwright.rules.readers import ENGINE, reading_as

CHUNK = 50
# Under a time budget the random playouts are as many as fit; the game's own policies, which only the
# outcome findings ask for, play the first seeds of them, this many at most (as `--runs 50` would).
POLICY_RUNS = 50
UNCOVERED = "uncovered:"


def check_engine(pack: Pack, *, budget_seconds: float = 10.0, workers: int | None = None,
                 scheduler: str | None = None, seed: int = 0, runs: int | None = None,
                 paranoid: bool = False) -> list[Diagnostic]:
    """Findings of seeded playouts; `runs` per scenario and player count (fixed, reproducible output)
    or, when None, as many as fit in `budget_seconds` for the whole pack. Without `workers`, one
    process per core once the measured work of every table's games pays for them (engine.parallel's playout session,
    shared with the pack's other stages when `check` opened one); results never depend on it.
    `paranoid` checks the invariants after every step instead of every CHECK_EVERY steps."""
    if not pack.engine:
        return []
    spec = load_game(pack.engine)
    game: Game | None = spec.engine
    if game is None:
        return []
    found = _setup_findings(pack, spec) + effect_findings(pack, spec.effects)
    tables, problems = _tables(pack, game)
    found += problems
    share = budget_seconds * (0.7 if spec.engine_checks else 1.0) / max(1, len(tables))
    used: Counter[str] = Counter()
    played: dict[str, list[PlayedTable]] = {}
    with _playing(workers, scheduler) as (pool, width):
        for (scenario, players), results in _play_tables(game, tables, seed, pool, share, runs, width, paranoid).items():
            used.update(k for r in results for k in r.usage)
            found += findings(pack, scenario, players, results, end_reasons(spec.endings, pack, scenario))
            played.setdefault(scenario, []).append(PlayedTable(players, tables[(scenario, players)], tuple(results)))
        found += outcome_findings(pack, game, spec.endings, played, pool,
                                  policy_runs=runs if runs is not None else POLICY_RUNS, policies=spec.outcome_policies)
        if tables:
            found += _unused(pack, used, sum(1 for _ in tables), spec.usage_types)
        for extra in spec.engine_checks:
            found += extra(pack, budget_seconds=budget_seconds - share * len(tables), pool=pool, seed=seed,
                           runs=runs)
    return found


@contextmanager
def _playing(workers: int | None, scheduler: str | None) -> Iterator[tuple[Executor | None, int]]:
    """A Dask cluster's executor for `scheduler`; else no executor and a playout session (the one in force,
    or a new one of `workers` processes), which plays each batch inline or on its workers as it pays.
    With the number of processes that play at once."""
    if scheduler:
        with executor(scheduler=scheduler) as pool:
            yield pool, workers or 1
    else:
        with playout_session(workers) as session:
            yield None, session.workers


def _setup_findings(pack: Pack, spec: GameSpec) -> list[Diagnostic]:
    feasible = spec.probes.get("setup_feasible")
    if feasible is None:
        return []
    found = []
    low, high = pack.players
    for players in range(low, high + 1):
        answer = feasible(pack, players=players)
        for problem in answer.get("problems", []):
            found.append(codes.SETUP.at(scenario_location(pack, f"setup-{players}-players"),
                                        f"{players} players: {problem}"))
    return found


def _tables(pack: Pack, game: Game) -> tuple[dict[tuple[str, int], Any], list[Diagnostic]]:
    tables: dict[tuple[str, int], Any] = {}
    problems: dict[str, Diagnostic] = {}
    plays = getattr(game, "plays", None)  # a game whose scenarios have their own player counts says which
    for players in game.player_counts(pack):
        for scenario in game.scenarios(pack):
            if plays is not None and not plays(pack, scenario, players):
                continue
            try:
                with reading_as(ENGINE):
                    tables[(scenario, players)] = game.compile(pack, scenario, players)
            except DeckwrightError as exc:
                problems.setdefault(str(exc), _setup_problem(pack, exc, f"{scenario}, {players} players: {exc}"))
    return tables, list(problems.values())


def _setup_problem(pack: Pack, exc: DeckwrightError, message: str) -> Diagnostic:
    """A table the engine cannot set up: at the clause that states the fact it named, when one does."""
    names = exc.missing if isinstance(exc, MissingFacts) else ()
    stated = next(filter(None, (stated_at(pack, name) for name in names)), None)
    if stated is not None:
        return codes.MISSING_FACT.at(stated, message, hint="state the fact with a value of the kind its rule needs "
                                                           "(a number where the engine counts)")
    code = codes.MISSING_FACT if isinstance(exc, MissingFacts) else codes.SETUP
    return code.at(pack.locate(), message, hint="rule clauses live in the pack's rules/ folder")


def _play_tables(game: Game, tables: dict[tuple[str, int], Any], seed: int, pool: Executor | None, seconds: float,
                 runs: int | None, workers: int, paranoid: bool) -> dict[tuple[str, int], list[PlayoutResult]]:
    """Every table's playouts. A fixed number of runs without an executor of the caller's is asked for at
    once, so the session's workers start when the games of every table pay for them, not one table's."""
    if runs is not None and pool is None:
        batches = [Batch(game, table, seeds(seed, runs), ("random",), paranoid=paranoid) for table in tables.values()]
        return dict(zip(tables, run_batches(batches)))
    return {key: _play(game, table, seed, pool, seconds, runs, workers, paranoid) for key, table in tables.items()}


def _play(game: Game, table: Any, seed: int, pool: Executor | None, seconds: float, runs: int | None,
          workers: int, paranoid: bool = False) -> list[PlayoutResult]:
    if runs is not None:
        return run_playouts(Batch(game, table, seeds(seed, runs), ("random",), paranoid=paranoid), pool=pool)
    results: list[PlayoutResult] = []
    start = time.monotonic()
    step = CHUNK * max(1, workers)
    while not results or time.monotonic() - start < seconds:
        results += run_playouts(Batch(game, table, seeds(seed + len(results), step), ("random",),
                                      paranoid=paranoid), pool=pool)
    return results


def _example(results: Sequence[PlayoutResult], end: str) -> PlayoutResult:
    return next(r for r in results if r.end == end)


def end_findings(pack: Pack, scenario: str, players: int, results: Sequence[PlayoutResult],
                 reasons: Sequence[str]) -> list[Diagnostic]:
    """DW507: how often each end the scenario declares ended the random playouts (an end none reached is
    DW502, judged over every policy and player count: engine/outcomes.py)."""
    if not reasons or not results:
        return []
    shown = ", ".join(f"{end} {share:.0%}" for end, share in rates(reasons, results).items())
    return [codes.END_CONDITIONS.at(scenario_location(pack, scenario), f"{scenario}, {players_phrase([players])}: "
                                    f"{len(results)} random playouts ended by {shown}", subject=f"{scenario}/{players}")]


def findings(pack: Pack, scenario: str, players: int, results: Sequence[PlayoutResult],
             reasons: Sequence[str] = ()) -> list[Diagnostic]:
    """What one scenario x player count's playouts show."""
    where = scenario_location(pack, scenario)
    found: list[Diagnostic] = []
    total = len(results)
    ends = Counter(r.end for r in results)
    what = f"{scenario}, {players} players"
    if ends[STEP_BOUND]:
        r = _example(results, STEP_BOUND)
        found.append(codes.NO_END.at(where, f"{what}: {ends[STEP_BOUND]} of {total} playouts did not end within "
                                     f"{r.steps} steps (seed {r.seed})", hint=replay_hint(pack, scenario, players, r)))
    found += end_findings(pack, scenario, players, results, reasons)
    seen: set[str] = set()
    for r in results:
        for v in r.violations:
            if v.message not in seen:
                seen.add(v.message)
                found.append(codes.INVARIANT.at(where, f"{what}: seed {r.seed}, step {v.step}: {v.message}",
                                                hint=replay_hint(pack, scenario, players, r)))
        if r.end.startswith(UNCOVERED) and r.end not in seen:
            seen.add(r.end)
            found.append(codes.UNCOVERED.at(where, f"{what}: seed {r.seed}, step {r.steps}: the game reached "
                                            f"'{r.end[len(UNCOVERED):]}' and no clause says what happens",
                                            hint=replay_hint(pack, scenario, players, r)))
    situations = Counter(k for r in results for k, v in r.details.items() if k.startswith("situation:") and v)
    if situations:
        parts = ", ".join(f"{k.removeprefix('situation:')} in {n / total:.0%}" for k, n in sorted(situations.items()))
        found.append(codes.SITUATIONS.at(where, f"{what}: of {total} playouts, situations settled by assumed "
                                         f"clauses arose: {parts}"))
    return found


def _unused(pack: Pack, used: Counter[str], combos: int, types: Sequence[str]) -> Iterable[Diagnostic]:
    """Content of the types the game tracks (its GameSpec's `usage_types`) that no playout used, and scoring
    lines that never scored."""
    for entity in pack.entities:
        if entity.type in types and entity.id not in used:
            yield codes.UNUSED.at(entity.locate(), f"no playout ({combos} scenario/player combinations) used "
                                  f"{entity.type} '{entity.id}'", subject=entity.id)
    for entity in pack.entities:
        for index, line in enumerate(entity.get("scoring") or []):
            key = f"{entity.id}#{line.get('id', index)}" if isinstance(line, dict) else ""
            if key and key not in used:
                yield codes.UNUSED.at(entity.locate("scoring", index), f"scoring line '{key}' scored in no playout",
                                      subject=key)
