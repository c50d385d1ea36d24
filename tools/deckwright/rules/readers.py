"""Who reads which fact: a read log that `fact()` writes to while a reader is named.

A reader is a short label: `engine`, `probe:<name>`, `claim:<id>`, `content`, `precedence`. Code that reads
facts on someone's behalf names the reader with `reading_as(...)`; `recording()` collects every read
made inside it. Both live in context variables, so nothing is global and a run that records nothing
pays one lookup per read. Engines read their facts when they compile a game's table, in the calling
process, so reads are known without asking worker processes anything.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

ENGINE = "engine"
CONTENT = "content"
PRECEDENCE = "precedence"  # the ranking of texts, read when a clause names a level
UNNAMED = "unnamed"


def probe_reader(name: str) -> str:
    return f"probe:{name}"


def claim_reader(claim_id: str) -> str:
    return f"claim:{claim_id}"


def kind_of(reader: str) -> str:
    """The reader's kind: `probe:terminates` -> `probe`."""
    return reader.partition(":")[0]


@dataclass
class ReadLog:
    """Readers of each fact name, as recorded."""

    readers: dict[str, set[str]] = field(default_factory=dict)

    def add(self, name: str, reader: str) -> None:
        self.readers.setdefault(name, set()).add(reader)

    def add_all(self, names: Iterable[str], reader: str) -> None:
        for name in names:
            self.add(name, reader)

    def of(self, name: str) -> list[str]:
        """Readers of one fact, sorted (engine first, then probes, claims, the rest)."""
        return sorted(self.readers.get(name, ()), key=_reader_order)

    def snapshot(self) -> Mapping[str, tuple[str, ...]]:
        return {name: tuple(self.of(name)) for name in sorted(self.readers)}


_ORDER = {ENGINE: 0, "probe": 1, "claim": 2, CONTENT: 3, PRECEDENCE: 4}


def _reader_order(reader: str) -> tuple[int, str]:
    return _ORDER.get(kind_of(reader), 5), reader


_READER: ContextVar[str] = ContextVar("deckwright_fact_reader", default=UNNAMED)
_LOG: ContextVar[ReadLog | None] = ContextVar("deckwright_fact_log", default=None)


def note_read(name: str) -> None:
    """Record that the reader in force read fact `name` (nothing happens outside `recording()`)."""
    log = _LOG.get()
    if log is not None:
        log.add(name, _READER.get())


def note_reads(names: Iterable[str], reader: str) -> None:
    """Record reads made on a reader's behalf by code that does not go through `fact()` (claims)."""
    log = _LOG.get()
    if log is not None:
        log.add_all(names, reader)


def current_reader() -> str:
    return _READER.get()


@contextmanager
def reading_as(reader: str) -> Iterator[None]:
    """Attribute the facts read inside the block to `reader`."""
    token = _READER.set(reader)
    try:
        yield
    finally:
        _READER.reset(token)


@contextmanager
def recording(log: ReadLog | None = None) -> Iterator[ReadLog]:
    """Collect every fact read inside the block (into `log`, or a new one)."""
    log = log if log is not None else ReadLog()
    token = _LOG.set(log)
    try:
        yield log
    finally:
        _LOG.reset(token)
