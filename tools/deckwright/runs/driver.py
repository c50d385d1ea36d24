"""The per-pack loop every command job runs: find the packs, load each once, run the job, settle the findings.

A job maps one loaded pack to its findings and an artefact (a proof written, sheet files, formatted
files...). The driver adds what loading found and applies `runs.acknowledge.settle`, so every command
reports a pack that does not load (or loads with errors) in the same words at the same places.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Generic, TypeVar

from deckwright import cores
from deckwright.diagnostic import Diagnostic
from deckwright.model import Loaded, LoadOptions, Pack, load_pack
from deckwright.runs.acknowledge import settle
from deckwright.runs.targets import PackTarget

if TYPE_CHECKING:
    from concurrent.futures import Executor

T = TypeVar("T")


@dataclass(frozen=True)
class Done(Generic[T]):
    """What a job made of one pack: the stages' findings (loading's are added by the driver) and its artefact."""

    diagnostics: Sequence[Diagnostic] = ()
    artefact: T | None = None
    unchecked: frozenset[str] = frozenset()  # codes the job could not compute (their acknowledgements are not stale)


# A job gets the pack (it loaded) and what loading returned (its diagnostics, the schema store).
Job = Callable[[Pack, Loaded], Done[T]]


@dataclass(frozen=True)
class PackRun(Generic[T]):
    """One pack's run: the pack (None when it does not load), its settled findings, the job's artefact."""

    target: PackTarget
    pack: Pack | None
    diagnostics: tuple[Diagnostic, ...]
    artefact: T | None = None


def run_pack(target: PackTarget, loaded: Loaded, job: Job[T], *, stale: bool = False) -> PackRun[T]:
    """Run the job on a pack already loaded (`watch` reuses its load); a pack that does not load runs nothing."""
    done: Done[T] = job(loaded.pack, loaded) if loaded.pack is not None else Done()
    found = settle(loaded.pack, [*loaded.diagnostics, *done.diagnostics], stale=stale, unchecked=done.unchecked)
    return PackRun(target, loaded.pack, tuple(found), done.artefact)


def run_packs(targets: Sequence[PackTarget], options: LoadOptions, job: Job[T], *,
              stale: bool = False) -> list[PackRun[T]]:
    """Load each pack once and run the job on it, in order."""
    return [run_pack(target, load_pack(target.folder, target.display, options), job, stale=stale)
            for target in targets]


def run_packs_apart(targets: Sequence[PackTarget], options: LoadOptions, job: Job[T], processes: int, *,
                    stale: bool = False, prepare: Callable[[], None] | None = None) -> list[PackRun[T]]:
    """As `run_packs`, with each pack loaded and run in a worker process (`processes` at once), the largest
    first so a big pack does not start last; the runs come back in order, without their Pack (the job's
    artefact carries what the caller needs of it). The job must be picklable (a module-level function or
    a frozen dataclass), and so must its artefact. One pack, or one process, runs here.

    `prepare` runs here before the workers start (imports every pack's job needs: forked workers inherit
    them instead of each importing them again). The workers count the packs not yet done (deckwright.cores),
    so a pack's own worker processes use only the cores the other pack processes leave free."""
    if processes <= 1 or len(targets) <= 1:
        return run_packs(targets, options, job, stale=stale)
    if prepare is not None:
        prepare()
    order = sorted(range(len(targets)), key=lambda i: -_size(targets[i].folder))
    with process_pool(min(processes, len(targets)), len(targets)) as pool:
        futures = {i: pool.submit(_run_apart, targets[i], options, job, stale) for i in order}
        return [futures[i].result() for i in range(len(targets))]


def process_pool(workers: int, packs: int) -> Executor:
    """A pool of `workers` processes for `packs` packs, whose workers count down the packs not yet done in
    one counter (deckwright.cores). Its modules are imported only here: multiprocessing takes tens of ms to
    import, which a one-pack run (a re-lint) never needs."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context()
    return ProcessPoolExecutor(workers, mp_context=context, initializer=cores.share,
                               initargs=(context.Value("i", packs), workers))


def _run_apart(target: PackTarget, options: LoadOptions, job: Job[T], stale: bool) -> PackRun[T]:
    with cores.working():
        run = run_pack(target, load_pack(target.folder, target.display, options), job, stale=stale)
    return replace(run, pack=None)


def _size(folder: Path) -> int:
    """Bytes of the pack's YAML: how much work it is, roughly, before it is read."""
    return sum(p.stat().st_size for p in folder.rglob("*.yaml") if p.is_file())


def findings(runs: Iterable[PackRun[T]]) -> list[Diagnostic]:
    """Every settled finding of every pack, in order."""
    return [d for run in runs for d in run.diagnostics]
