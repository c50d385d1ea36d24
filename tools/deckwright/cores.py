"""The cores a run's processes share. A run that checks several packs side by side, one worker process
each, counts the packs in progress; a pack's own worker processes (playouts, parsing) then use only the
cores the other packs leave free, so the packs' processes never outnumber the cores while the run has
packs to give each core, and a pack left alone at the end still gets every core.

Outside such a run (one pack, or a run in one process) nothing is counted and every core is a pack's.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

# The count of packs in progress, shared by the processes of one side-by-side run (a multiprocessing
# Value, inherited by each worker through its pool's initializer); None outside such a run.
_running: Any = None


def share(counter: Any) -> None:
    """In a pack worker process: count this process's packs in `counter` (a shared integer)."""
    global _running
    _running = counter


@contextmanager
def working() -> Iterator[None]:
    """A pack in progress in this process, counted while the block runs (nothing outside a shared run)."""
    counter = _running
    if counter is None:
        yield
        return
    with counter.get_lock():
        counter.value += 1
    try:
        yield
    finally:
        with counter.get_lock():
            counter.value -= 1


def spare(wanted: int) -> int:
    """How many of `wanted` processes this pack may use now: `wanted` less one for every other pack in
    progress, at least one (this process)."""
    counter = _running
    if counter is None:
        return wanted
    return max(1, wanted - max(0, counter.value - 1))
