"""How a playout session's games reach its worker processes: the tables go once, not with every piece.

A piece of games sent to a worker with its table pickled costs more than the games played here: the
table (a compiled scenario, a few hundred kB for Agemonia) is pickled and unpickled for every piece,
the memos it fills while its games are played (paths worked out once, say) are built again for every
piece, and an unpickled table plays about an eighth slower than the one it was copied from (measured on
Agemonia's). So the session hands its workers the tables it holds when it starts them (`receive`, their
pool's initializer: forked workers inherit the very objects, memos and all, without pickling), and a
piece carries only its table's digest; a table first seen after the workers started travels as a pickle
(taken once) with its pieces, and each worker unpickles it once and keeps it. A table's memos never change
a game, so the games are the same wherever they are played.
"""

from __future__ import annotations

import pickle
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

# In a worker process: the tables it can play, by digest (those its session held when it started the
# worker, then any a piece brought as a pickle), for the worker's life, one pack's session. Empty in
# any other process.
_TABLES: dict[bytes, Any] = {}


def receive(tables: Mapping[bytes, Any]) -> None:
    """In a new worker process (its pool's initializer): the tables its session holds, by digest."""
    _TABLES.update(tables)


@dataclass(frozen=True)
class Parcel:
    """A batch of games without its table: the table's digest, and its pickle when the worker lacks it."""

    batch: Any  # engine.parallel.Batch, its table None
    digest: bytes
    pickled: bytes | None = None


def unpack(parcel: Parcel) -> Any:
    """In a worker: the parcel's batch with its table (the one the worker holds, else unpickled and kept)."""
    if parcel.digest not in _TABLES:
        if parcel.pickled is None:
            raise KeyError("a table neither handed to this worker nor sent with its games")
        _TABLES[parcel.digest] = pickle.loads(parcel.pickled)
    return replace(parcel.batch, table=_TABLES[parcel.digest])
