"""Open Action slots in play (rulebook lines 1752-1772): at Select Hero Action a Hero with an empty open
slot may place one of its unplaced open-slot tokens there and select it; a placed token stays, and is
selectable, until the scenario ends.
"""

from __future__ import annotations

from typing import Any

from deckwright.games.agemonia.state import State


def selectable(s: State, hero: int) -> list[tuple[Any, ...]]:
    """The actions the Hero may select: its board's, the tokens it placed, and, with a slot still empty,
    every token it could place now."""
    t = s.table
    placed = s.h_placed[hero]
    key = ("selectable", hero, placed)  # worked out once per table and tokens placed
    found: tuple[tuple[Any, ...], ...] | None = t.memo.get(key)
    if found is None:
        figure = t.heroes[hero]
        room = bin(placed).count("1") < figure.open_slots
        found = t.memo[key] = tuple(("select", i) for i in range(len(figure.actions))
                                    if i < figure.open_from or room or placed >> (i - figure.open_from) & 1)
    return list(found)


def place(s: State, hero: int, index: int) -> None:
    """Selecting an open-slot token not yet placed puts it in an empty open slot for the scenario."""
    figure = s.table.heroes[hero]
    if index >= figure.open_from and not s.h_placed[hero] >> (index - figure.open_from) & 1:
        s.h_placed[hero] |= 1 << (index - figure.open_from)
        s.use("open-slot-filled")
