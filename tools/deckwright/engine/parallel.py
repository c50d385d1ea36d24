"""Playouts in batches through a `concurrent.futures.Executor`: inline, local processes, or a Dask
cluster. Game i of a run plays seed `seed + i` wherever it runs, so results never depend on the
number of workers."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

from deckwright.engine.game import Game
from deckwright.engine.playout import Policy, PlayoutResult, play, random_policy
from deckwright.errors import DeckwrightError

BATCH = 100


def resolve_policy(game: Game, name: str) -> Policy:
    """`random`, or one of the game's own policies; DeckwrightError for an unknown name."""
    if name == "random":
        return random_policy
    found = game.policies().get(name)
    if found is None:
        known = ", ".join(["random", *sorted(game.policies())])
        raise DeckwrightError(f"no policy '{name}' for {game.name} (known: {known})")
    return found


@dataclass(frozen=True)
class Batch:
    """Seeds to play on one table, picklable so it can travel to another process or machine."""

    game: Game
    table: Any
    seeds: tuple[int, ...]
    policies: tuple[str, ...]
    max_steps: int | None = None
    check: bool = True
    record: bool = False
    paranoid: bool = False


def run_batch(batch: Batch) -> list[PlayoutResult]:
    """Play every seed of the batch, in order."""
    policies = [resolve_policy(batch.game, name) for name in batch.policies]
    return [play(batch.game, batch.table, seed, policies, batch.policies, max_steps=batch.max_steps,
                 check=batch.check, record=batch.record, paranoid=batch.paranoid) for seed in batch.seeds]


SCHEDULER_TIMEOUT = 5  # seconds to connect to a Dask scheduler before giving up with an error


@contextmanager
def executor(workers: int | None = None, scheduler: str | None = None) -> Iterator[Executor | None]:
    """Processes for `workers` > 1, a Dask client's executor for `scheduler`, else None (inline)."""
    if scheduler:
        try:
            from distributed import Client
        except ImportError as exc:
            raise DeckwrightError("--scheduler needs Dask: pip install 'deckwright[dask]'") from exc
        try:
            client = Client(scheduler, timeout=SCHEDULER_TIMEOUT)
        except (OSError, TimeoutError, ValueError, TypeError) as exc:
            raise DeckwrightError(f"cannot reach the Dask scheduler at {scheduler} within {SCHEDULER_TIMEOUT} s: "
                                  f"{str(exc).splitlines()[0] if str(exc) else type(exc).__name__}") from None
        with client:
            yield client.get_executor()
    elif workers and workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            yield pool
    else:
        yield None


def run_playouts(batch: Batch, *, pool: Executor | None = None,
                 progress: Callable[[int], None] | None = None) -> list[PlayoutResult]:
    """Play every seed of `batch`, split into smaller batches on `pool`; results in seed order."""
    parts = [replace(batch, seeds=batch.seeds[i:i + BATCH]) for i in range(0, len(batch.seeds), BATCH)]
    futures = [pool.submit(run_batch, part) for part in parts] if pool is not None else []
    results: list[PlayoutResult] = []
    for index, part in enumerate(parts):
        results += futures[index].result() if futures else run_batch(part)
        if progress:
            progress(len(part.seeds))
    return results


def seeds(first: int, runs: int) -> tuple[int, ...]:
    """The seeds of a run: game i plays `first + i`, so `--seed S --runs 1` replays game S alone."""
    return tuple(range(first, first + runs))


def play_many(game: Game, table: Any, first_seed: int, runs: int, policies: Sequence[str], *,
              workers: int | None = None, scheduler: str | None = None, check: bool = True,
              progress: Callable[[int], None] | None = None, paranoid: bool = False) -> list[PlayoutResult]:
    """`runs` games from `first_seed` on, through the chosen executor."""
    batch = Batch(game, table, seeds(first_seed, runs), tuple(policies), check=check, paranoid=paranoid)
    with executor(workers, scheduler) as pool:
        return run_playouts(batch, pool=pool, progress=progress)
