"""Attacks with a shape of their own (rulebook lines 3672-3684): an adjacent area attack hits every
Enemy in a group of areas next to one another, each in sight within the attack's range; a straight
line attack hits, in each of the areas along one of the map's straight lines from the attacker's area
(as many as its range, while in sight), up to `straight_line.enemies_per_area` Enemies. Neither
suffers obstructed aim. Two areas are adjacent across the white lines `map.white_line_kinds` names
(line 1601).

The player chooses which Enemies of each area a straight line attack takes ("up to one Enemy in each
of the areas", line 3675): one legal action per line and choice, taking as many Enemies of each area
as it may (taking fewer never helps the attacker).
An adjacent area attack is ("adjacent", bitmask of areas, type); a straight line attack is ("line",
2 * line + direction, type, bitmask of the Enemy slots it targets).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from deckwright.games.agemonia.state import OFF, State
from deckwright.games.agemonia.table import HeroAction, Table


def options(s: State, origin: int, action: HeroAction, kind: str, reach: int) -> list[tuple[Any, ...]]:
    """The shaped attacks `action` can make from `origin` with maximum range `reach`."""
    if action.line:
        return [("line", code, kind, mask) for code in range(2 * len(s.table.lines))
                for mask in _line_choices(s, origin, code, reach)]
    return [("adjacent", mask, kind) for mask in groups(s, origin, action.adjacent, reach)
            if any(mask >> area & 1 for area in s.e_area if area != OFF)]


def hits(s: State, origin: int, purpose: str, shape: int, reach: int) -> list[int]:
    """The Enemy slots the shaped attack hits (a straight line attack: the Enemies it targets)."""
    if purpose in ("hero-line", "hero-runes"):  # a bitmask of Enemy slots (`skills_targets`)
        return [slot for slot, area in enumerate(s.e_area) if area != OFF and shape >> slot & 1]
    return [slot for slot, area in enumerate(s.e_area) if area != OFF and shape >> area & 1]


def line_areas(s: State, origin: int, code: int, reach: int) -> tuple[int, ...]:
    """The areas of line `code // 2` beyond `origin` (forward, or backward for an odd code), up to
    `reach` of them, stopping at the first out of sight."""
    t = s.table
    key = ("line-areas", origin, code, reach)  # the map's alone: worked out once per table
    found: tuple[int, ...] | None = t.memo.get(key)
    if found is None:
        found = t.memo[key] = tuple(_line_areas(t, origin, code, reach))
    return found


def _line_areas(t: Table, origin: int, code: int, reach: int) -> list[int]:
    line = t.lines[code // 2]
    if origin not in line:
        return []
    at, step = line.index(origin), -1 if code & 1 else 1
    found = []
    for k in range(1, reach + 1):
        index = at + step * k
        if not 0 <= index < len(line) or not t.sight[origin][line[index]]:
            break
        found.append(line[index])
    return found


def _line_choices(s: State, origin: int, code: int, reach: int) -> list[int]:
    """Every choice of targets along line `code`: `straight_line.enemies_per_area` Enemies (or all there
    are) from each area with any, as a bitmask of Enemy slots; none when no area holds an Enemy."""
    per_area = int(s.table.rules["straight_line.enemies_per_area"])
    masks = [0]
    for area in line_areas(s, origin, code, reach):
        there = [e for e, at in enumerate(s.e_area) if at == area]
        if there:
            picks = [sum(1 << e for e in group) for group in combinations(there, min(per_area, len(there)))]
            masks = [mask | pick for mask in masks for pick in picks]
    return [mask for mask in masks if mask]


def groups(s: State, origin: int, size: int, reach: int) -> tuple[int, ...]:
    """Bitmasks of `size` areas (fewer if the map has fewer), each in sight within `reach` of `origin`,
    joined to one another by adjacency (the map's alone: worked out once per table, `Table.memo`)."""
    t = s.table
    key = ("groups", origin, size, reach)
    found: tuple[int, ...] | None = t.memo.get(key)
    if found is None:
        found = t.memo[key] = tuple(_groups(t, origin, size, reach))
    return found


def _groups(t: Table, origin: int, size: int, reach: int) -> list[int]:
    near = [a for a in range(len(t.areas)) if t.range_dist[origin][a] <= reach and t.sight[origin][a]]
    size = min(size, len(near))
    found = []
    for group in combinations(near, size):
        joined, todo = {group[0]}, [group[0]]
        while todo:
            at = todo.pop()
            for other in group:
                if other not in joined and t.white_dist[at][other] == 1:
                    joined.add(other)
                    todo.append(other)
        if len(joined) == size:
            found.append(sum(1 << a for a in group))
    return found
