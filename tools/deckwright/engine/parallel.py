"""Playouts in batches through a `concurrent.futures.Executor`: inline, local processes, or a Dask
cluster. Game i of a run plays seed `seed + i` wherever it runs, so results never depend on the
number of workers.

Inside a `playout_session` (one per pack that `check` checks), every stage that plays shares two
things: the results, kept by game, table, policies, invariant checking and seed, so a game the
check's playouts, a probe and an engine check all ask for is played once; and worker processes,
started the first time the measured work of what a stage asks for pays for them (a few of its games
are played inline and timed first) and kept for the rest of the pack; while other packs of the same run
keep the other cores busy (deckwright.cores), the games are played inline, a piece at a time, and the
games left go to workers as soon as a core is free (a pack left alone at the end of a run does not finish
on one core while the other idles). A stage that plays many small
batches (a table each, a policy each) asks for them together (`run_batches`), so the workers are
weighed against the work of them all, not one batch's. The workers get the session's tables once, as
they start, not with every piece of games (engine.parcels). A game is still decided by its seed alone.
"""

from __future__ import annotations

import hashlib
import math
import os
import pickle
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import Any

from deckwright import cores
from deckwright.engine import parcels
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


def run_parcel(parcel: parcels.Parcel) -> list[PlayoutResult]:
    """`run_batch` in a session's worker process, of a batch sent without its table (engine.parcels)."""
    return run_batch(parcels.unpack(parcel))


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
    """Play every seed of `batch`, split into smaller batches on `pool`; results in seed order. Inside a
    `playout_session` and without a `pool` of its own, the session's results and workers serve it."""
    session = _SESSION.get()
    if session is not None and pool is None and not batch.record:
        return session.run(batch, progress)
    return _run_parts(batch, pool, progress)


def run_batches(batches: Sequence[Batch]) -> list[list[PlayoutResult]]:
    """Every batch's results, in order. Inside a `playout_session` the batches are decided together (a
    stage asking for many small batches of games gets workers when their work in all pays); outside
    one, each is played here."""
    session = _SESSION.get()
    if session is not None:
        return session.run_all(batches)
    return [_run_parts(batch, None, None) for batch in batches]


FIRST_PIECE = 10  # seeds of the first piece `in_pieces` asks for; each next piece is twice the last


def in_pieces(batches: Sequence[Batch]) -> Iterator[list[PlayoutResult]]:
    """The games of the batches in order (batch by batch, seed by seed), a growing piece at a time, each
    asked for through `run_batches` (so games already played are found, and workers are weighed by the
    piece's work). A caller whose question is answered stops iterating: the later games are never
    played. A question answered only by every game costs at most a few more calls than asking at once."""
    size = FIRST_PIECE
    for batch in batches:
        start = 0
        while start < len(batch.seeds):
            (results,) = run_batches([replace(batch, seeds=batch.seeds[start:start + size])])
            yield results
            start += size
            size *= 2


def _run_parts(batch: Batch, pool: Executor | None, progress: Callable[[int], None] | None) -> list[PlayoutResult]:
    """The batch in parts of BATCH seeds, on `pool` or (None) here, in order."""
    parts = [replace(batch, seeds=batch.seeds[i:i + BATCH]) for i in range(0, len(batch.seeds), BATCH)]
    futures = [pool.submit(run_batch, part) for part in parts] if pool is not None else []
    results: list[PlayoutResult] = []
    for index, part in enumerate(parts):
        results += futures[index].result() if futures else run_batch(part)
        if progress:
            progress(len(part.seeds))
    return results


# Estimated inline playing time of a batch's remaining games above which worker processes pay for
# their start (a fork) and for carrying the game and table to them.
POOL_WORTH_SECONDS = 0.5
# The same once the workers run: only carrying the game and table to them is left to pay for.
SEND_WORTH_SECONDS = 0.1
SAMPLE = 2  # games played inline and timed before deciding
PIECE_SECONDS = 0.1  # estimated time of each further piece played inline before looking again (how long
# a pack left alone may go on here before its workers take the rest: a core idles meanwhile)
PARTS_PER_WORKER = 4  # pieces each worker gets of a batch, so a slow piece does not leave a core idle

# What was asked of a game: no invariants, invariants every few steps, invariants every step.
PLAIN, CHECKED, PARANOID = "plain", "checked", "paranoid"


def _mode(batch: Batch) -> str:
    return PARANOID if batch.check and batch.paranoid else CHECKED if batch.check else PLAIN


@dataclass
class Session:
    """Playouts shared by the stages of one check: results by (game and table, policies, step bound,
    invariant checking, seed), and worker processes (`workers` of them, none for 1) once they pay."""

    workers: int
    results: dict[tuple[Any, ...], PlayoutResult] = field(default_factory=dict)
    pool: ProcessPoolExecutor | None = None
    played: int = 0  # games actually played (not found among the results)
    # the digest of each game and table object, taken the first time it is seen (the objects are held, so
    # their ids stay theirs): playing here fills a table's memos (paths worked out once, say), which
    # changes its pickle but not a game, and the same table asked for again must find its games
    digests: dict[int, tuple[Any, bytes | None]] = field(default_factory=dict)
    tables: dict[bytes, Any] = field(default_factory=dict)  # a table object of each digest (the first seen)
    # what a piece of games sent to the workers carries of its table, by digest: nothing for the tables
    # handed to them as they started, else the table's pickle (taken once)
    sent: dict[bytes, bytes | None] = field(default_factory=dict)

    def run(self, batch: Batch, progress: Callable[[int], None] | None) -> list[PlayoutResult]:
        return self.run_all([batch], progress)[0]

    def run_all(self, batches: Sequence[Batch],
                progress: Callable[[int], None] | None = None) -> list[list[PlayoutResult]]:
        """Every batch's results, in order, the games none of them has been given yet played together (a
        game two of them ask for is played once), so workers start when the work of them all pays."""
        bases = [None if batch.record else self._base(batch) for batch in batches]
        wanted: dict[tuple[Any, ...], tuple[Batch, dict[int, None]]] = {}
        for batch, base in zip(batches, bases):
            if base is None:
                continue
            mode = _mode(batch)
            known = {seed for seed in batch.seeds if self._known(base, mode, seed) is not None}
            if progress and known:
                progress(len(known))
            seeds_of = wanted.setdefault((*base, mode), (batch, {}))[1]
            seeds_of.update((seed, None) for seed in batch.seeds if seed not in seeds_of and seed not in known)
        keys = [key for key, (_, missing) in wanted.items() if missing]
        played = self._play_all([replace(wanted[key][0], seeds=tuple(wanted[key][1])) for key in keys], progress)
        for key, results in zip(keys, played):
            for result in results:
                self.results[(*key, result.seed)] = result
        return [_run_parts(batch, None, progress) if base is None  # a table that cannot be pickled is played here
                else [self._played(base, _mode(batch), seed) for seed in batch.seeds]
                for batch, base in zip(batches, bases)]

    def _base(self, batch: Batch) -> tuple[Any, ...] | None:
        """What decides the batch's games besides the seed (None for a table that cannot be pickled)."""
        game, table = self._digest(batch.game), self._digest(batch.table)
        if game is None or table is None:
            return None
        self.tables.setdefault(table, batch.table)
        return (game, table, batch.policies, batch.max_steps)

    def _digest(self, thing: Any) -> bytes | None:
        seen = self.digests.get(id(thing))
        if seen is None:
            seen = self.digests[id(thing)] = (thing, _digest(thing))
        return seen[1]

    def _played(self, base: tuple[Any, ...], mode: str, seed: int) -> PlayoutResult:
        known = self._known(base, mode, seed)
        if known is None:
            raise KeyError(f"seed {seed} was neither known nor played")
        return known

    def _known(self, base: tuple[Any, ...], mode: str, seed: int) -> PlayoutResult | None:
        """A result already played that this game would repeat: the same mode, or (without invariants)
        any checked game that broke none, or (checking every few steps) a broken game, which is replayed
        checking every step."""
        exact = self.results.get((*base, mode, seed))
        if exact is not None:
            return exact
        if mode == PLAIN:
            for other in (CHECKED, PARANOID):
                known = self.results.get((*base, other, seed))
                if known is not None and not known.violations:
                    return known
        if mode == CHECKED:
            known = self.results.get((*base, PARANOID, seed))
            if known is not None and known.violations:
                return known
        return None

    def _play_all(self, batches: Sequence[Batch],
                  progress: Callable[[int], None] | None) -> list[list[PlayoutResult]]:
        """Play every batch: here a piece at a time (the first SAMPLE games, then about PIECE_SECONDS of games
        each, timed), looking after each piece whether a core is free (the other packs of the run may have
        finished) and the estimated time of the games left pays for workers (for starting them, less once
        started); if so, the rest is played on the workers. Where a game is played never changes it."""
        played: list[list[PlayoutResult]] = [[] for _ in batches]
        queue = [(i, batch) for i, batch in enumerate(batches) if batch.seeds]
        self.played += sum(len(batch.seeds) for _, batch in queue)
        timed, spent = 0, 0.0
        while queue:
            if timed and cores.spare(self.workers) > 1:
                left = sum(len(batch.seeds) for _, batch in queue)
                worth = POOL_WORTH_SECONDS if self.pool is None else SEND_WORTH_SECONDS
                if spent / timed * left > worth:
                    for (i, _), results in zip(queue, self._on_workers([b for _, b in queue], left, progress)):
                        played[i] += results
                    break
            i, batch = queue[0]
            size = SAMPLE if not timed else max(1, int(PIECE_SECONDS * timed / max(spent, 1e-9)))
            start = time.perf_counter()
            played[i] += _run_parts(replace(batch, seeds=batch.seeds[:size]), None, progress)
            spent += time.perf_counter() - start
            timed += len(batch.seeds[:size])
            if len(batch.seeds) > size:
                queue[0] = (i, replace(batch, seeds=batch.seeds[size:]))
            else:
                queue.pop(0)
        return played

    def _on_workers(self, batches: Sequence[Batch], games: int,
                    progress: Callable[[int], None] | None) -> list[list[PlayoutResult]]:
        """The batches in pieces of about games / (workers x PARTS_PER_WORKER) seeds on the session's workers
        (started now if they are not yet), each batch's results in seed order."""
        if self.pool is None:
            # the workers get every table the session holds as they start (engine.parcels)
            self.pool = ProcessPoolExecutor(self.workers, initializer=parcels.receive, initargs=(dict(self.tables),))
            self.sent = dict.fromkeys(self.tables)
        size = max(1, math.ceil(games / (self.workers * PARTS_PER_WORKER)))
        parts = [[replace(batch, seeds=batch.seeds[i:i + size]) for i in range(0, len(batch.seeds), size)]
                 for batch in batches]
        futures: list[list[Future[list[PlayoutResult]]]] = [[self.pool.submit(run_parcel, self._parcel(part))
                                                             for part in pieces]
                                                            for pieces in parts]
        played: list[list[PlayoutResult]] = []
        for pieces, waiting in zip(parts, futures):
            results: list[PlayoutResult] = []
            for part, future in zip(pieces, waiting):
                results += future.result()
                if progress:
                    progress(len(part.seeds))
            played.append(results)
        return played

    def _parcel(self, batch: Batch) -> parcels.Parcel:
        digest = self._digest(batch.table)
        assert digest is not None  # a table that cannot be pickled is played here
        if digest not in self.sent:
            self.sent[digest] = pickle.dumps(batch.table, protocol=pickle.HIGHEST_PROTOCOL)
        return parcels.Parcel(replace(batch, table=None), digest, self.sent[digest])

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)
            self.pool = None


_SESSION: ContextVar[Session | None] = ContextVar("deckwright_playout_session", default=None)


def _digest(thing: Any) -> bytes | None:
    """A game or table by the digest of its pickle; None for one that cannot be pickled."""
    try:
        return hashlib.sha256(pickle.dumps(thing, protocol=pickle.HIGHEST_PROTOCOL)).digest()
    except (pickle.PicklingError, TypeError, AttributeError):
        return None


@contextmanager
def playout_session(workers: int | None = None) -> Iterator[Session]:
    """Share playouts and workers among everything played inside the block (`workers`: processes at most;
    None for one per core). Inside another session, that session is used."""
    current = _SESSION.get()
    if current is not None:
        yield current
        return
    session = Session(workers if workers is not None else os.cpu_count() or 1)
    token = _SESSION.set(session)
    try:
        yield session
    finally:
        _SESSION.reset(token)
        session.close()


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
