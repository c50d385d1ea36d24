"""Changing active items during a Hero's turn (rulebook lines 2492-2502): the Hero switches to another
of its loadouts (`kit.loadouts`: the hands, the one-of-a-type limit and the encumbrance of what goes
to the backpack); the first `active_items.free_changes_per_turn` changes of a turn are free, each
further one costs a maneuver. Items must be active before the roll that uses them, so a change is a
choice of the turn, never part of a roll.
"""

from __future__ import annotations

from typing import Any

from deckwright.games.agemonia.state import State


def legal(s: State, hero: int) -> list[tuple[Any, ...]]:
    """("swap", loadout index) for every loadout other than the active one the Hero can pay for."""
    figure = s.table.heroes[hero]
    if figure.ally or len(figure.loadouts) < 2:
        return []
    if s.swaps >= int(s.table.rules["active_items.free_changes_per_turn"]) and s.maneuvers <= 0:
        return []
    current = set(s.h_active[hero])
    return [("swap", i) for i, loadout in enumerate(figure.loadouts)
            if set(loadout) != current and set(loadout) <= set(s.h_items[hero])]


def swap(s: State, hero: int, index: int) -> None:
    if s.swaps >= int(s.table.rules["active_items.free_changes_per_turn"]):
        s.maneuvers -= 1
        s.use("active-items-changed-for-a-maneuver")
    s.swaps += 1
    s.h_active[hero] = s.table.heroes[hero].loadouts[index]
    s.use("active-items-changed")
