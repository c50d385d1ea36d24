"""Probes claims (and `deckwright eval`) can ask a described game: can it be set up, does it end,
can it be won, and how often does each end condition end it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from deckwright.engine.described import machine
from deckwright.engine.described.compile import compile_table
from deckwright.engine.described.game import DescribedGame
from deckwright.engine.described.source import description_of
from deckwright.engine.playout import STEP_BOUND, PlayoutResult
from deckwright.model.pack import Pack
from deckwright.rules.evaluate import ClaimError

GAME = DescribedGame()
UNNATURAL = (STEP_BOUND, machine.DEADLOCK, machine.ERROR, machine.EFFECT_BOUND, "invariant-violation")


def setup_feasible(pack: Pack, players: int | None = None, scenario: str | None = None) -> dict[str, Any]:
    """Whether the components supply the set-up at each player count (or the one given)."""
    description, problem = description_of(pack)
    counts = [players] if players is not None else GAME.player_counts(pack)
    problems: list[str] = []
    if description is None:
        return {"feasible": False, "problems": [problem]}
    for count in counts:
        table, errors = compile_table(pack, description, count)
        if table is None:
            problems += [f"{count} players: {e}" for e in errors[:1]]
            continue
        state = machine.start(table, 0)
        while state.in_setup and state.chance is not None:
            machine.resolve(state, machine.chance_outcomes(state)[0][0])
        problems += state.problems if players is not None else [f"{count} players: {p}" for p in state.problems]
    return {"feasible": not problems, "problems": problems}


def playouts(pack: Pack, players: int, runs: int = 100, seed: int = 0) -> list[PlayoutResult]:
    """Seeded random playouts of the described game at one player count."""
    from deckwright.engine.parallel import Batch, run_playouts, seeds  # here: `lint` imports this module, and no pool

    if not isinstance(runs, int) or not 1 <= runs <= 10_000:
        raise ClaimError(f"runs must be a whole number from 1 to 10000, not {runs!r}")
    if players not in GAME.player_counts(pack):
        raise ClaimError(f"the pack is for {pack.players[0]} to {pack.players[1]} players, not {players!r}")
    table = GAME.compile(pack, "base", players)
    return run_playouts(Batch(GAME, table, seeds(seed, runs), ("random",)))


def terminates(pack: Pack, players: int, runs: int = 100, seed: int = 0, scenario: str | None = None) -> dict[str, Any]:
    results = playouts(pack, players, runs, seed)
    bound = [r.seed for r in results if r.end == STEP_BOUND]
    return {"terminates": not bound, "runs": len(results), "step_bound": len(bound), "seeds": bound[:5]}


def win_reachable(pack: Pack, players: int, runs: int = 100, seed: int = 0, scenario: str | None = None) -> dict[str, Any]:
    results = playouts(pack, players, runs, seed)
    by = Counter(r.end for r in results if r.end not in UNNATURAL and r.winners)
    return {"reachable": bool(by), "runs": len(results), "by": dict(sorted(by.items()))}


def end_condition_rates(pack: Pack, players: int, runs: int = 100, seed: int = 0,
                        scenario: str | None = None) -> dict[str, float]:
    """Share of playouts each end (declared conditions, 0 when never, and any other end seen) ended."""
    description, _ = description_of(pack)
    declared = [str(e.get("id")) for e in (description or {}).get("end") or [] if isinstance(e, Mapping)]
    results = playouts(pack, players, runs, seed)
    ends = Counter(r.end for r in results)
    return {end: ends[end] / len(results) for end in dict.fromkeys([*declared, *sorted(ends)])}


PROBES: Mapping[str, Callable[..., Any]] = {
    "setup_feasible": setup_feasible, "terminates": terminates, "win_reachable": win_reachable,
    "end_condition_rates": end_condition_rates,
}
