"""Probes every engine game answers, from seeded random playouts through the Game protocol alone:
`end_condition_rates` (the share of games ending by each end reason the scenario declares) and
`terminates`. A game's own probes of the same name take precedence."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from deckwright.engine.endings import end_reasons
from deckwright.engine.game import Game
from deckwright.engine.parallel import Batch, run_playouts, seeds
from deckwright.engine.playout import STEP_BOUND, PlayoutResult
from deckwright.errors import DeckwrightError
from deckwright.model.pack import Pack
from deckwright.plugin import GameSpec, load_game

DEFAULT_RUNS = 200


def _spec(pack: Pack) -> tuple[GameSpec, Game]:
    if not pack.engine:
        raise DeckwrightError(f"pack '{pack.id}' has no engine")
    spec = load_game(pack.engine)
    if spec.engine is None:
        raise DeckwrightError(f"game '{spec.name}' has no engine to play")
    return spec, spec.engine


def playouts(pack: Pack, scenario: str, players: int, runs: int, seed: int) -> list[PlayoutResult]:
    """`runs` random playouts of one scenario and player count, seeds `seed` to `seed + runs - 1`."""
    _, game = _spec(pack)
    table = game.compile(pack, scenario, players)
    return run_playouts(Batch(game, table, seeds(seed, runs), ("random",), check=False))


def rates(end_reasons: Sequence[str], results: Sequence[PlayoutResult]) -> dict[str, float]:
    """Share of the results ending by each declared end reason (0 for one never reached), then any
    other end seen (the step bound, a situation no clause covers), each rounded to 4 places."""
    total = max(1, len(results))
    ends = Counter(r.end for r in results)
    found = {reason: round(ends.pop(reason, 0) / total, 4) for reason in end_reasons}
    found.update({end: round(n / total, 4) for end, n in sorted(ends.items())})
    return found


def end_condition_rates(pack: Pack, scenario: str, players: int, runs: int = DEFAULT_RUNS,
                        seed: int = 0) -> dict[str, float]:
    """Share of `runs` random playouts that end by each end reason the scenario declares."""
    return rates(end_reasons(_spec(pack)[0].endings, pack, scenario), playouts(pack, scenario, players, runs, seed))


def terminates(pack: Pack, scenario: str, players: int, runs: int = DEFAULT_RUNS, seed: int = 0) -> dict[str, Any]:
    """How many of `runs` random playouts end within the step bound, and how."""
    results = playouts(pack, scenario, players, runs, seed)
    ends = Counter(r.end for r in results)
    return {"runs": runs, "terminates": not ends[STEP_BOUND], "ends": dict(sorted(ends.items())),
            "max_steps": max(r.steps for r in results)}


GENERIC_PROBES: Mapping[str, Callable[..., Any]] = {
    "end_condition_rates": end_condition_rates,
    "terminates": terminates,
}
