"""Reading files into Documents: decode, parse (YAML in parallel for large sets, and cached; JSON directly)."""

from __future__ import annotations

import gc
import hashlib
import marshal
import os
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import astuple, dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from deckwright.cores import spare
from deckwright.loading import codes
from deckwright.loading.cache import ParseCache
from deckwright.loading.chunks import Piece, join, split
from deckwright.loading.document import Document
from deckwright.loading.json import load_json
from deckwright.loading.problem import Parsed, Problem, Trap, offsets
from deckwright.loading.records import Records, records_of, reparse

if TYPE_CHECKING:
    from concurrent.futures import Future

# Seconds of inline parsing above which worker processes pay for their start and for sending results back.
POOL_WORTH_SECONDS = 0.3


@dataclass(frozen=True)
class FileRef:
    """A file to read: where it is, how to show it, where it sits in its pack."""

    path: Path
    display: str
    relpath: str


def kind_of(path: Path) -> str:
    return "json" if path.suffix.lower() == ".json" else "yaml"


def parse_text(text: str, kind: str) -> Parsed:
    """Parse text as the given kind (yaml or json)."""
    if kind == "json":
        return load_json(text)
    from deckwright.loading.yaml import load_yaml

    return load_yaml(text)


def _decode(raw: bytes) -> str | Problem:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        return Problem(codes.UNREADABLE.code, f"not UTF-8 text (byte {exc.start})", line, 1,
                       hint="save the file as UTF-8")
    return text[1:] if text.startswith("\ufeff") else text


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused while parsing, and what was built frozen after it.

    Parsing builds millions of acyclic objects (node trees, then data); each collection the
    allocations trigger walks every object still alive, which made the collector more than half of a
    cold lint (issue 21). Frozen objects are skipped by later collections; they are still freed
    by reference counting when no longer used.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.freeze()
            gc.enable()


def _parse_job(job: tuple[str, str]) -> Parsed:
    with collector_paused():
        return parse_text(*job)


def read_documents(refs: Sequence[FileRef], cache: ParseCache, workers: int | None = None) -> list[Document]:
    """Read and parse every file; unreadable ones become Documents carrying their problem."""
    with collector_paused():
        return _read_documents(refs, cache, workers)


def _read_documents(refs: Sequence[FileRef], cache: ParseCache, workers: int | None) -> list[Document]:
    texts: list[str] = []
    digests: list[str] = []
    results: list[Parsed | None] = []
    for ref in refs:
        try:
            raw = ref.path.read_bytes()
        except OSError as exc:
            texts.append("")
            digests.append("")
            results.append(Parsed(None, (Problem(codes.UNREADABLE.code, exc.strerror or str(exc), 0, 0),)))
            continue
        digest = hashlib.sha256(raw).hexdigest()
        decoded = _decode(raw)
        if isinstance(decoded, Problem):
            texts.append("")
            digests.append(digest)
            results.append(Parsed(None, (decoded,)))
            continue
        texts.append(decoded)
        digests.append(digest)
        # JSON parses in C faster than a cache entry is read back (and much faster than one is written):
        # only YAML is cached or handed to worker processes.
        kind = kind_of(ref.path)
        results.append(load_json(decoded) if kind == "json" else cache.get(ref.path, digest, kind))
    for i, result in enumerate(results):
        if result is None and cache.enabled:  # an edited file: its unchanged records keep their parse
            records = records_of(texts[i])
            again = _reparse(refs[i].path, texts[i], records, cache)
            if again is not None:
                results[i] = again
                cache.put(refs[i].path, digests[i], "yaml", again, records)
    todo = [i for i, r in enumerate(results) if r is None]
    jobs = [(texts[i], kind_of(refs[i].path)) for i in todo]
    for i, parsed in zip(todo, _run(jobs, workers)):
        results[i] = parsed
        if cache.enabled:
            cache.put(refs[i].path, digests[i], kind_of(refs[i].path), parsed, records_of(texts[i]))
    return [
        Document.unheld(ref.path, ref.display, ref.relpath, parsed or Parsed(None), kind_of(ref.path), digest)
        if text else Document(ref.path, ref.display, ref.relpath, text, parsed or Parsed(None), kind_of(ref.path), digest)
        for ref, text, digest, parsed in zip(refs, texts, digests, results)
    ]


def _reparse(path: Path, text: str, records: Records, cache: ParseCache) -> Parsed | None:
    """The parse of an edited YAML file from its previous parse (`records`), None when that cannot be done."""
    previous = cache.previous(path, "yaml") if records else None
    if previous is None or not previous[1]:
        return None
    from deckwright.loading.yaml import load_yaml

    return reparse(text, records, *previous, parse=load_yaml)


def _run(jobs: list[tuple[str, str]], workers: int | None) -> list[Parsed]:
    """Parse every job; a large YAML list in pieces of whole records (see `chunks`), joined back."""
    pieces = [split(text) if kind == "yaml" else None for text, kind in jobs]
    flat: list[tuple[Piece, str]] = []
    for (text, kind), parts in zip(jobs, pieces):
        flat += [(part, kind) for part in parts] if parts else [(Piece(text, 0, len(text), 0), kind)]
    done = _parse_all(flat, workers)
    results: list[Parsed] = []
    for job, parts in zip(jobs, pieces):
        count = len(parts) if parts else 1
        mine, done = done[:count], done[count:]
        results.append(mine[0] if not parts else join(parts, mine) or _parse_job(job))
    return results


def idle_cores() -> int:
    """The cores this process may use that other work does not keep busy (by the 1-minute load average), at
    least one: on a machine whose cores are all busy, worker processes only wait for them and add their start."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    try:
        busy = os.getloadavg()[0]
    except (OSError, AttributeError):  # no load average on this system: every core counts as idle
        busy = 0.0
    return max(1, min(cores, round(cores - busy)))


def _parse_all(jobs: list[tuple[Piece, str]], workers: int | None) -> list[Parsed]:
    """Parse every job, in up to `workers` processes (default: one per idle core; fewer while other packs of
    the run are in progress, deckwright.cores) when that pays.

    The smallest file is parsed inline first, as a sample: when the others would take longer than
    POOL_WORTH_SECONDS inline at its speed, they go to worker processes; otherwise they are parsed
    inline too, so a small pack never waits for processes to start and the default is never slower
    than `--workers 1` by more than a pool's start.
    """
    count = spare(workers if workers is not None else idle_cores())
    if count <= 1 or len(jobs) < 3:  # one file left after the sample: a pool could only wait for it
        return [_parse_piece(job) for job in jobs]
    # Largest first, so the pool is not left waiting on one big file at the end; the smallest is the sample.
    order = sorted(range(len(jobs)), key=lambda i: -jobs[i][0].size)
    results: list[Parsed] = [Parsed(None)] * len(jobs)
    sample = order.pop()
    start = time.perf_counter()
    results[sample] = _parse_piece(jobs[sample])
    per_char = (time.perf_counter() - start) / max(1, jobs[sample][0].size)
    if per_char * sum(jobs[i][0].size for i in order) < POOL_WORTH_SECONDS:
        for i in order:
            results[i] = _parse_piece(jobs[i])
        return results
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    workers_used = min(count, len(order))
    with ProcessPoolExecutor(max_workers=workers_used) as pool:
        # A few pieces ahead of the workers, not all: each one waiting holds its text cut out of its file.
        running: dict[Future[bytes | Parsed], int] = {}
        for i in order:
            if len(running) >= 2 * workers_used:
                finished, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in finished:
                    results[running.pop(future)] = _unpacked(future.result())
            piece, kind = jobs[i]
            running[pool.submit(_parse_packed, (piece.text, kind))] = i
        for future, i in running.items():
            results[i] = _unpacked(future.result())
    return results


def _parse_packed(job: tuple[str, str]) -> bytes | Parsed:
    """`_parse_job` in a worker process, its result sent back marshalled: marshal writes which strings are interned
    and interns them again as it reads (pickle does not), so the keys and short values of every piece are one
    object each in this process, as when parsed here (`yaml._shared`; 100,000 cards: 12 MB of references to
    ids held once), and it builds lists of their exact size (unpickled lists of two items take 120 bytes, not 72).
    Data nested too deeply for marshal comes back pickled."""
    parsed = _parse_job(job)
    try:
        return marshal.dumps((parsed.data, [astuple(p) for p in parsed.problems], [astuple(t) for t in parsed.traps],
                              [(path, values.tobytes()) for path, values in parsed.spans]))
    except ValueError:
        return parsed


def _unpacked(result: bytes | Parsed) -> Parsed:
    if not isinstance(result, bytes):
        return result
    data, problems, traps, spans = marshal.loads(result)
    return Parsed(data, tuple(Problem(*fields) for fields in problems), tuple(Trap(*fields) for fields in traps),
                  tuple((path, offsets(values)) for path, values in spans))


def _parse_piece(job: tuple[Piece, str]) -> Parsed:
    piece, kind = job
    return _parse_job((piece.text, kind))
