"""Where adventurers can go: straight runs east or south, leaping pieces but never a fog creature or
the water sprite, never ending on another adventurer or the sprite (lines 97-123)."""

from __future__ import annotations

from deckwright.games.adventure_land.state import AREA_BASE, State, area_of
from deckwright.games.adventure_land.table import FOG


def rays_of(s: State, adventurer: int) -> tuple[tuple[int, ...], ...]:
    """The runs an adventurer may move along: one per direction on the board, one per entry in an area."""
    at = s.adv_at[adventurer]
    if at >= 0:
        return s.table.rays[at]
    if at <= AREA_BASE:
        return s.table.entries[area_of(at)]
    return ()


def ends(s: State, ray: tuple[int, ...]) -> list[int]:
    """Distances along `ray` at which a move may end."""
    found = []
    sprite, occupant, items, terrain = s.sprite, s.occupant, s.items, s.table.terrain
    for distance, field in enumerate(ray, 1):
        if field == sprite:
            break
        if occupant[field] >= 0:
            continue
        found.append(distance)
        if items[field] and terrain[field] == FOG:
            break
    return found


def legal_moves(s: State, seat: int) -> list[tuple[object, ...]]:
    """Every move of the seat's adventurers, then ending the turn (`ends` of every ray, inlined: the
    playouts ask this at every decision; the actions are the table's, built once)."""
    moves: list[tuple[object, ...]] = []
    table = s.table
    sprite, occupant, items, terrain, adv_at = s.sprite, s.occupant, s.items, table.terrain, s.adv_at
    for adventurer in s.adventurers(seat):
        at = adv_at[adventurer]
        rays = table.rays[at] if at >= 0 else table.entries[area_of(at)] if at <= AREA_BASE else ()
        actions = table.move_actions[adventurer]
        for k, ray in enumerate(rays):
            along = actions[k]
            for index, field in enumerate(ray):
                if field == sprite:
                    break
                if occupant[field] >= 0:
                    continue
                moves.append(along[index])
                if items[field] and terrain[field] == FOG:
                    break
    moves.append(("end",))
    return moves


def can_move(s: State, seat: int) -> bool:
    """Whether any adventurer of the seat has a move."""
    return any(ends(s, ray) for adventurer in s.adventurers(seat) for ray in rays_of(s, adventurer))
