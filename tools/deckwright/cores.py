"""The cores a run's processes share. A run that checks several packs side by side, one worker process
each, counts the packs not yet done (queued or in progress); a pack's own worker processes (playouts,
parsing) then use only the cores the other pack processes leave free, so the packs' processes never
outnumber the cores while the run has packs to give each core, and a pack left alone at the end still
gets every core. Counting the packs not yet done, not those in progress, matters between two packs: a
pack process that has just finished one pack and not yet begun the next is still busy with the run, and
a pack in progress elsewhere that looked then saw a free core and started workers beside it.

Outside such a run (one pack, or a run in one process) nothing is counted and every core is a pack's.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

# The count of the run's packs not yet done, shared by the processes of one side-by-side run (a
# multiprocessing Value, inherited by each worker through its pool's initializer), and how many pack
# processes the run has; None and 0 outside such a run.
_left: Any = None
_processes = 0


def share(counter: Any, processes: int = 0) -> None:
    """In a pack worker process: the run's count of packs not yet done, and its number of pack processes."""
    global _left, _processes
    _left, _processes = counter, processes


@contextmanager
def working() -> Iterator[None]:
    """A pack in progress in this process: counted done when the block ends (nothing outside a shared run)."""
    try:
        yield
    finally:
        counter = _left
        if counter is not None:
            with counter.get_lock():
                counter.value -= 1


def spare(wanted: int) -> int:
    """How many of `wanted` processes this pack may use now: `wanted` less one for every other pack process
    still busy with the run (as many as the packs not yet done, but this one, up to the pack processes), at
    least one (this process)."""
    counter = _left
    if counter is None:
        return wanted
    busy = counter.value if not _processes else min(counter.value, _processes)
    return max(1, wanted - max(0, busy - 1))
