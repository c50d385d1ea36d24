"""The road a hunter walks on the map, and what lies on the places it passes.

Ashgar Plague puts Poison tokens and Flow cubes on the map; a hunter picks them up when it passes a
marked place or stops there (lines 1786 and 1903). A land move names only where it ends, so the walk is
the hunter's choice among the routes its movement points pay for: it passes as few marked places as it
can, then walks as few points, then takes the route through the lowest-numbered places (the same
choice every time, so a game replays from its log).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from deckwright.games.silver_coin.table import Table
from deckwright.games.silver_coin.worldmap import LAND

Label = tuple[int, int, tuple[int, ...]]  # (marked places passed, points walked, places passed in order)


def walk(table: Table, start: int, end: int, budget: int, kinds: frozenset[str],
         marked: Mapping[int, int]) -> tuple[int, ...]:
    """The places passed between `start` and `end` (neither included) on the route the hunter takes
    within `budget` points over routes of `kinds`; () when the move is direct or no route fits. Worked
    out once per table for each walk and set of marked places."""
    if start == end or start < 0:
        return ()
    cache: dict[tuple[int, int, int, frozenset[str], frozenset[int]], tuple[int, ...]] = \
        table.__dict__.setdefault("_walks", {})
    key = (start, end, budget, kinds, frozenset(p for p, n in marked.items() if n))
    found = cache.get(key)
    if found is None:
        found = cache[key] = _walk(table, start, end, budget, kinds, marked)
    return found


def _walk(table: Table, start: int, end: int, budget: int, kinds: Collection[str],
          marked: Mapping[int, int]) -> tuple[int, ...]:
    best: dict[tuple[int, int], Label] = {(start, 0): (0, 0, ())}
    found: Label | None = None
    for spent in range(budget + 1):
        for (place, cost), label in sorted(best.items()):
            if cost != spent:
                continue
            for there, step, kind in table.links[place]:
                total = cost + step
                if total > budget or kind not in kinds or there in label[2] or there == start:
                    continue
                if there == end:
                    arrived = (label[0], total, label[2])
                    found = arrived if found is None or arrived < found else found
                    continue
                passed = (label[0] + (1 if marked.get(there) else 0), total, label[2] + (there,))
                key = (there, total)
                if key not in best or passed < best[key]:
                    best[key] = passed
    return found[2] if found is not None else ()


def route_kinds(hidden: Collection[str]) -> frozenset[str]:
    """The routes a land move may take: roads, and the hidden paths the hunter may use."""
    return frozenset(LAND) | frozenset(hidden)
