"""What the engine benchmarks share (bench/engine, bench/silver_coin, bench/agemonia-engine): the
`--workers 1` against `--workers 2` comparison on identical results, and a profile's top lines."""

from __future__ import annotations

import cProfile
import io
import pstats
import time
from typing import Any

from deckwright.engine.parallel import play_many


def workers_timings(game: Any, table: Any, games: int) -> dict[int, float]:
    """Seconds to play `games` random games with 1 and with 2 workers (the results must be identical)."""
    timings: dict[int, tuple[float, Any]] = {}
    for workers in (1, 2):
        start = time.perf_counter()
        outcome = play_many(game, table, 0, games, ["random"], workers=workers, check=False)
        timings[workers] = (time.perf_counter() - start, outcome)
    assert timings[1][1] == timings[2][1], "results differ between 1 and 2 workers"
    return {workers: seconds for workers, (seconds, _) in timings.items()}


def profile_stats(game: Any, table: Any, games: int, out: io.StringIO | None = None) -> pstats.Stats:
    """The profile of `games` random games without invariant checks."""
    profile = cProfile.Profile()
    profile.enable()
    play_many(game, table, 0, games, ["random"], check=False)
    profile.disable()
    return pstats.Stats(profile, stream=out)


def profile_lines(game: Any, table: Any, games: int, lines: int) -> list[str]:
    """The top functions by own time of `games` random games without invariant checks, as pstats prints them."""
    out = io.StringIO()
    profile_stats(game, table, games, out).sort_stats("tottime").print_stats(12)
    return out.getvalue().splitlines()[4:4 + lines]
