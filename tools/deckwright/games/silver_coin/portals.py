"""The Natural Chaos's Portal Tokens (lines 1401, 1403, 1405-1407, 580).

On a Flow round, at the start of its Action phase (before its first Action Token), the Natural Chaos may
pay Magical Flow to place a Portal Token on a place of the kinds the pack names (the book's Copper
Shield spots) within the fact's distance, counted over roads and hidden paths but not sea routes. The
tokens are piece limited: with every token on the map, the oldest one is moved. A Movement Action may
then jump to any portal for Magical Flow, the portal counting as the fact's movement points, and walk on
with the points left. A jump is a teleport: no Monarch's tax is paid for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from deckwright.games.silver_coin.scenario_rules import Get
from deckwright.games.silver_coin.seat_character import is_
from deckwright.games.silver_coin.worldmap import HIDDEN

if TYPE_CHECKING:
    from deckwright.games.silver_coin.state import State

Action = tuple[Any, ...]
NATURAL_CHAOS = "natural-chaos"


@dataclass(frozen=True)
class PortalRules:
    """The portal facts, read once per table."""

    distance: int
    tokens: int
    place_cost: int
    travel_cost: int
    points: int
    kinds: frozenset[str]


def compile_portals(get: Get) -> PortalRules:
    return PortalRules(
        distance=int(get("natural_chaos.portal.max_distance")), tokens=int(get("natural_chaos.portal.max_tokens")),
        place_cost=int(get("natural_chaos.portal.place_cost.magical_flow")),
        travel_cost=int(get("natural_chaos.portal.travel_cost.magical_flow")),
        points=int(get("natural_chaos.portal.movement_points")),
        kinds=frozenset(str(k).replace("_", "-") for k in get("natural_chaos.portal.place_kinds")))


def _is_chaos(state: State, seat: int) -> bool:
    return is_(state, seat, NATURAL_CHAOS)


def placements(state: State, seat: int) -> list[Action]:
    """Where the Natural Chaos may put a Portal Token now (a Flow ability, no Action Token)."""
    table = state.table
    portal = table.portals
    hunter = state.hunters[seat]
    if portal is None or state.round_type != "flow" or hunter.flow_used or hunter.used \
            or not _is_chaos(state, seat) or hunter.magical < portal.place_cost:
        return []
    costs = table.costs(hunter.place, frozenset(HIDDEN))
    return [("portal", place) for place, cost in enumerate(costs)
            if cost <= portal.distance and table.place_kind[place] in portal.kinds and place not in state.portals]


def place(state: State, seat: int, where: int) -> None:
    portal = state.table.portals
    assert portal is not None
    hunter = state.hunters[seat]
    hunter.magical -= portal.place_cost
    hunter.flow_used = True
    kept = state.portals[1:] if len(state.portals) >= portal.tokens else state.portals
    state.portals = (*kept, where)
    state.use(state.table.places[where])
    state.note("portals-placed")


def jumps(state: State, seat: int, points: int, possible: bool, direct: set[int]) -> list[Action]:
    """Movement Actions through a portal: to the portal, or on from it with the points left (only to
    places no plain move reaches)."""
    from deckwright.games.silver_coin.decisions import paths

    table = state.table
    portal = table.portals
    hunter = state.hunters[seat]
    if portal is None or not state.portals or hunter.magical < portal.travel_cost \
            or not _is_chaos(state, seat):
        return []
    found: dict[int, Action] = {}
    for via in state.portals:
        if via == hunter.place:
            continue
        if via not in direct:
            found.setdefault(via, ("portal-move", via, via))
        if not possible:
            continue
        for cost, there in table.nearest(via, paths(state, seat)):
            if cost > points - portal.points:
                break
            if there not in direct and there != hunter.place:
                found.setdefault(there, ("portal-move", via, there))
    return [found[p] for p in sorted(found)]


def jump(state: State, seat: int, via: int, there: int) -> None:
    """Through the portal (a teleport), then on by land as a Movement Action from there."""
    from deckwright.games.silver_coin import scenario_flow
    from deckwright.games.silver_coin.actions import _move, move_cost
    from deckwright.games.silver_coin.court import entered

    table = state.table
    portal = table.portals
    assert portal is not None
    hunter = state.hunters[seat]
    hunter.magical -= portal.travel_cost
    start, hunter.place = hunter.place, via
    state.use(table.places[via])
    entered(state, seat, start, True)
    scenario_flow.arrive(state, seat)
    state.note("portal-jumps")
    if there == via:
        hunter.physical -= move_cost(state, seat)
        return
    _move(state, seat, there, 0)  # the walk on is paid as any land move (weather, the Tiger, corruption)
