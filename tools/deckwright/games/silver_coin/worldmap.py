"""The world map of Atosia as a graph: locations, and the roads, sea routes and hidden paths joining them.

Land moves cost a route's `steps` in movement points (line 584); a sea route is one Movement Action
whatever its length (line 586), so sea distances are counted in actions, not points.
"""

from __future__ import annotations

import heapq
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from deckwright.gamekit import Pack, fact

LAND = ("road",)
HIDDEN = ("hidden-mountain", "hidden-desert", "hidden-marsh")
SEA = ("sea",)


@dataclass(frozen=True)
class Place:
    """A map location: its kingdom, kind and whether ships land there."""

    id: str
    kingdom: str | None
    kind: str
    port: bool = False


@dataclass(frozen=True)
class Route:
    """A connection between two places, walked either way."""

    a: str
    b: str
    kind: str
    steps: int


@dataclass(frozen=True)
class WorldMap:
    """Places by id and the routes between them."""

    places: Mapping[str, Place]
    routes: tuple[Route, ...]

    @classmethod
    def of(cls, pack: Pack) -> WorldMap:
        """The map the pack's location and route entities describe (dangling routes are left out)."""
        places = {e.id: Place(e.id, e.get("kingdom"), str(e.get("kind")), bool(e.get("port")))
                  for e in pack.of_type("location")}
        routes = tuple(Route(str(e.get("from")), str(e.get("to")), str(e.get("kind")), _steps(e.get("steps")))
                       for e in pack.of_type("route")
                       if e.get("from") in places and e.get("to") in places)
        return cls(places, routes)

    def neighbours(self, kinds: Collection[str]) -> dict[str, list[tuple[str, int]]]:
        """Adjacency over the routes of the given kinds: place -> [(neighbour, cost)] (built once per map
        and kinds, shared: read it, never change it)."""
        built: dict[frozenset[str], dict[str, list[tuple[str, int]]]] = self.__dict__.setdefault("_neighbours", {})
        key = frozenset(kinds)
        if key in built:
            return built[key]
        found: dict[str, list[tuple[str, int]]] = built.setdefault(key, {p: [] for p in self.places})
        for route in self.routes:
            if route.kind in kinds:
                cost = 1 if route.kind in SEA else route.steps
                found[route.a].append((route.b, cost))
                found[route.b].append((route.a, cost))
        return found


def _steps(value: Any) -> int:
    return value if isinstance(value, int) and value > 0 else 1


def distances(world: WorldMap, start: str, kinds: Collection[str],
              kingdoms: Collection[str | None] | None = None) -> dict[str, int]:
    """Cheapest cost from `start` to every place it reaches (Dijkstra), staying inside `kingdoms` if given."""
    allowed = None if kingdoms is None else set(kingdoms)
    graph = world.neighbours(kinds)
    best = {start: 0}
    queue = [(0, start)]
    while queue:
        cost, here = heapq.heappop(queue)
        if cost > best[here]:
            continue
        for there, step in graph.get(here, []):
            if allowed is not None and world.places[there].kingdom not in allowed:
                continue
            if cost + step < best.get(there, cost + step + 1):
                best[there] = cost + step
                heapq.heappush(queue, (cost + step, there))
    return best


def components(world: WorldMap, kinds: Collection[str]) -> list[list[str]]:
    """The connected groups of places over routes of the given kinds, largest first."""
    left = set(world.places)
    groups = []
    while left:
        start = min(left)
        group = sorted(distances(world, start, kinds))
        left -= set(group)
        groups.append(group)
    return sorted(groups, key=lambda g: (-len(g), g))


def movement_points(pack: Pack, horse: bool = False, speed_potion: bool = False, weather: int = 0) -> int:
    """Land travel range of one Movement Action: base + horse + speed potion + weather (line 561)."""
    points = int(fact(pack, "movement.base"))
    points += int(fact(pack, "movement.horse_bonus")) if horse else 0
    points += int(fact(pack, "potion.speed.movement_bonus")) if speed_potion else 0
    return max(0, points + weather)


def reachability(pack: Pack, paths: Iterable[str] = (), sea: bool = True, horse: bool = False,
                 speed_potion: bool = False, weather: int = 0) -> dict[str, Any]:
    """Every mission location from every capital: reachable or not, and the farthest one walked.

    `paths` adds hidden path kinds (mountain, desert, marsh); `sea` lets capitals with ports sail.
    """
    world = WorldMap.of(pack)
    land = LAND + tuple(f"hidden-{p}" for p in paths)
    kinds = land + (SEA if sea else ())
    reach = movement_points(pack, horse, speed_potion, weather)
    capitals = sorted(p.id for p in world.places.values() if p.kind == "capital")
    targets = sorted({str(m.get("location")) for m in pack.of_type("mission-card") if m.get("location") in world.places})
    unreachable: dict[str, list[str]] = {}
    farthest: dict[str, dict[str, Any]] = {}
    for capital in capitals:
        cost = distances(world, capital, kinds)
        missing = [t for t in targets if t not in cost]
        if missing:
            unreachable[capital] = missing
        on_foot = distances(world, capital, land)
        walked = [t for t in targets if t in on_foot]
        if walked:
            far = max(walked, key=lambda t: (on_foot[t], t))
            farthest[capital] = {"location": far, "points": on_foot[far],
                                 "actions": -(-on_foot[far] // reach) if reach else None}
    return {
        "capitals": capitals, "mission_locations": len(targets), "movement_points": reach,
        "all_reachable": not unreachable and bool(capitals), "unreachable": unreachable, "farthest": farthest,
        "ports": ports(pack, world), "components": len(components(world, kinds)),
    }


def ports(pack: Pack, world: WorldMap | None = None) -> dict[str, Any]:
    """The ports the map marks, the ports the rulebook lists, and which ports each can sail to."""
    world = world or WorldMap.of(pack)
    marked = sorted(p.id for p in world.places.values() if p.port)
    listed = fact(pack, "sea.ports", [])
    sailing = {}
    for port in marked:
        cost = distances(world, port, SEA)
        sailing[port] = {other: cost[other] for other in marked if other != port and other in cost}
    return {
        "marked": marked, "listed": sorted(str(p) for p in listed) if isinstance(listed, list) else [],
        "count": len(marked), "listed_not_on_map": sorted(set(map(str, listed or [])) - set(marked)),
        "connected": all(len(s) == len(marked) - 1 for s in sailing.values()), "sailing": sailing,
    }
