"""Carrying out a move: the adventurer (with its companions) goes to the end field and deals with
what it finds there (lines 107-115)."""

from __future__ import annotations

from deckwright.games.adventure_land import fight, placement, turns
from deckwright.games.adventure_land.board import rays_of
from deckwright.games.adventure_land.state import State
from deckwright.games.adventure_land.table import FOG


def destination(s: State, adventurer: int, ray: int, distance: int) -> int:
    return rays_of(s, adventurer)[ray][distance - 1]


def move(s: State, adventurer: int, ray: int, distance: int) -> None:
    target = destination(s, adventurer, ray, distance)
    was = s.adv_at[adventurer]
    if was >= 0:
        s.occupant[was] = -1
    s.adv_at[adventurer] = target
    s.occupant[target] = adventurer
    s.visited |= 1 << target
    s.moves_left -= 1
    pieces = s.items[target]
    terrain = s.table.terrain[target]
    if pieces and terrain == FOG:
        fight.start(s, adventurer, target)
        return
    if pieces:
        s.items[target] = ()
        placement.collect(s, adventurer, pieces, terrain)
    turns.advance(s)


def end_moves(s: State) -> None:
    """The player moves no more this turn (line 99 allows fewer than two moves, or none)."""
    s.moves_left = 0
    turns.advance(s)
