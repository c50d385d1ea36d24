"""Teleport (rulebook lines 3401-3432): an Ally goes straight to an area in sight within the teleport's
range, counted across the white lines `map.white_line_kinds` names, never through a barrier. It enters
no area between, is not provoked by the Enemies it leaves, and ignores what slows or holds its
movement. It may arrive in a full area but may not end its turn there: it goes back to where it came
from (line 1885).

A Teleport token links every token of its colour: from an area with an active one an Ally moving may
teleport to any other, with no sight needed and no range limit, for `teleport_token.movement_cost`
movement points. Tokens placed in play (the Tome of Delion's, active side up: `place`) link with the map's
of their colour and with one another.
"""

from __future__ import annotations

from typing import Any

from deckwright.games.agemonia import figures, items_kept, story
from deckwright.games.agemonia.figures import HERO
from deckwright.games.agemonia.carried import carried
from deckwright.games.agemonia.gear import usable_now
from deckwright.games.agemonia.state import OFF, State


def pad_steps(s: State, hero: int) -> list[tuple[Any, ...]]:
    """("teleport", area) to each token linked to the one in the moving Ally's area."""
    if s.move_points < int(s.table.rules["teleport_token.movement_cost"]):
        return []
    here = s.h_area[hero]
    return [("teleport", area) for area in (linked(s, here) if s.placed else s.table.pads[here])]


def _tokens(s: State) -> list[tuple[int, str, bool]]:
    """Every Teleport token in play: the map's, then those placed, as (area, colour, active)."""
    return [*s.table.pad_tokens, *((area, colour, True) for area, colour in s.placed)]


def linked(s: State, area: int) -> list[int]:
    """The areas the active Teleport tokens in `area` lead to: every other area with a token of their colour."""
    tokens = _tokens(s)
    colours = {colour for at, colour, active in tokens if at == area and active}
    return sorted({at for at, colour, _ in tokens if at != area and colour in colours})


def areas_of(s: State, colour: str) -> list[int]:
    """The areas holding a Teleport token of `colour`."""
    return sorted({at for at, c, _ in _tokens(s) if c == colour})


def placeable(s: State, area: int, colour: str) -> bool:
    """Whether a token of `colour` placed in `area` would be its colour's first there."""
    return area not in areas_of(s, colour)


def place(s: State, area: int, colour: str) -> None:
    """A Teleport token of `colour` placed in `area`, active side up."""
    s.placed += ((area, colour),)
    s.use("teleport-token-placed")
    s.peak(f"teleport-tokens:{colour}", sum(1 for _, c, _ in _tokens(s) if c == colour))


def uses(s: State, hero: int) -> list[tuple[Any, ...]]:
    """("use", item, area) for each Teleport item the Hero may use now (one showing hands, the Wand of Bekora,
    in hand; a kept one within its limits and costs: `items_kept`) and each area it may teleport into."""
    t = s.table
    here = s.h_area[hero]
    found: list[tuple[Any, ...]] = []
    for index in carried(s, hero).teleports:
        reach = t.items[index].teleport
        if items_kept.available(s, hero, index) and usable_now(s, hero, index):
            found += [("use", index, area) for area in range(len(t.areas))
                      if area != here and t.white_dist[here][area] <= reach and t.sight[here][area]]
    return found


def by_token(s: State, hero: int, area: int) -> None:
    s.move_points -= int(s.table.rules["teleport_token.movement_cost"])
    s.use("teleport-token")
    arrive(s, hero, area)


def arrive(s: State, hero: int, area: int) -> None:
    """The Ally appears in `area`: traps (a flying one passes over them unless it chooses not to) and story
    points there, none on the way."""
    t = s.table
    here = s.h_area[hero]
    if figures.figures_in(s, area) >= t.capacity[area] and figures.figures_in(s, here) <= t.capacity[here]:
        s.came_from = here
    s.h_area[hero] = area
    s.use("teleported")
    s.use(f"{t.scenario}@{t.areas[area]}")
    if area in s.traps:
        story.enter_trap(s, HERO, hero)
    story.trigger_story(s, hero)


def settle(s: State, hero: int) -> None:
    """At the end of the turn: out of an area over its capacity, back to where the teleport started."""
    t = s.table
    area = s.h_area[hero]
    if s.came_from != OFF and area != OFF and figures.figures_in(s, area) > t.capacity[area]:
        s.h_area[hero] = s.came_from
        s.use("moved-back-from-full-area")
    s.came_from = OFF
