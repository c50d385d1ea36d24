"""Lint checks only Silver Coin needs: missions in their kingdom, a connected map, Order numbers, Season cards."""

from __future__ import annotations

from collections.abc import Iterator

from deckwright.gamekit import Code, Diagnostic, Entity, Pack, Related, Severity
from deckwright.games.silver_coin.calendar import MONTHS
from deckwright.games.silver_coin.worldmap import HIDDEN, LAND, SEA, WorldMap, components

E, W = Severity.ERROR, Severity.WARNING

MISSION_KINGDOM = Code(
    "DW921", "sc-mission-kingdom", E, "A Mission card's location lies in another kingdom than the card's.",
    "A Mission card belongs to one kingdom (its colour on the Tavern Board, lines 818-824) and sends the hunter "
    "to a location on the map; the Olm missions (lines 1741-1744) and every set-up that filters missions by "
    "kingdom rely on the location being inside that kingdom.",
    "Point the card at a location of its kingdom, or correct the card's or the location's kingdom.",
)
DISCONNECTED = Code(
    "DW922", "sc-map-disconnected", E, "Part of the world map cannot be reached from the rest.",
    "Hunters move along roads and sea routes (lines 584-586); hidden paths need a card or the Seeker "
    "(line 598). A location that no road or sea route joins to the capitals can never be visited, so its "
    "missions and herbs are out of play.",
    "Add the missing road or sea route, or fix the route's `from`/`to`.",
)
ORDER_SHARED = Code(
    "DW923", "sc-order-shared", E, "Two characters share an Order number.",
    "The Order number decides who plays first, who bids first on starting missions and the turn order "
    "(lines 244, 276, 280); the book gives no tie-break, so every character needs its own number.",
    "Give one of the characters another Order number.",
)
SEASON_MONTHS = Code(
    "DW924", "sc-season-months", E, "A Season card's months do not belong to its season.",
    "Each season lasts 3 months, one per round, and the Season cards of a season all show the same months "
    "(line 490): a month shown by two seasons, or missing from a card, puts the calendar out of step.",
    "List the season's three months on the card, in calendar order.",
)
SEA_ROUTE = Code(
    "DW925", "sc-sea-route", W, "A sea route ends at a place where ships cannot land or anchor.",
    "Ships sail from a capital with a port to the neighbouring port or to the next Anchor point (lines "
    "534, 586); a sea route ending on land elsewhere could never be sailed.",
    "Mark the place `port: true`, make it an anchor point, or make the route a road.",
)

CODES = (MISSION_KINGDOM, DISCONNECTED, ORDER_SHARED, SEASON_MONTHS, SEA_ROUTE)


def check_mission_kingdoms(pack: Pack) -> Iterator[Diagnostic]:
    for card in pack.of_type("mission-card"):
        place = pack.by_id.get(str(card.get("location")))
        if place is None or place.type != "location" or place.get("kingdom") == card.get("kingdom"):
            continue  # a dangling reference is the core reference check's
        where = place.locate("kingdom")
        yield MISSION_KINGDOM.at(card.locate("location"),
                                 f"{card.get('kingdom')} mission '{card.id}' sends hunters to '{place.id}' "
                                 f"in {place.get('kingdom')}",
                                 related=[Related(where.file, where.line, where.column, "the location's kingdom")])


def check_map_connected(pack: Pack) -> Iterator[Diagnostic]:
    world = WorldMap.of(pack)
    groups = components(world, LAND + SEA)
    if len(groups) < 2:
        return
    with_hidden = components(world, LAND + SEA + HIDDEN)
    for group in groups[1:]:
        place = pack.by_id[group[0]]
        only_hidden = len(with_hidden) < len(groups) and any(group[0] in g and len(g) > len(group) for g in with_hidden)
        how = " except by a hidden path" if only_hidden else ""
        yield DISCONNECTED.at(place.locate(), f"{len(group)} location(s) ({', '.join(group[:5])}"
                              f"{', ...' if len(group) > 5 else ''}) cannot be reached from '{groups[0][0]}'{how}")


def check_order_numbers(pack: Pack) -> Iterator[Diagnostic]:
    seen: dict[int, Entity] = {}
    for character in pack.of_type("character"):
        number = character.get("order")
        if not isinstance(number, int):
            continue
        if number in seen:
            first = seen[number].locate("order")
            yield ORDER_SHARED.at(character.locate("order"),
                                  f"'{character.id}' has Order number {number}, as '{seen[number].id}' has",
                                  related=[Related(first.file, first.line, first.column, "first character")])
        else:
            seen[number] = character


def check_season_months(pack: Pack) -> Iterator[Diagnostic]:
    owner: dict[str, tuple[str, Entity]] = {}
    by_season: dict[str, set[str]] = {}
    for card in pack.of_type("season-card"):
        season = str(card.get("season"))
        months = [m.get("month") for m in card.get("months") or [] if isinstance(m, dict)]
        by_season.setdefault(season, set()).update(str(m) for m in months)
        for index, month in enumerate(months):
            taken = owner.setdefault(str(month), (season, card))
            if taken[0] != season:
                yield SEASON_MONTHS.at(card.locate("months", index, "month"),
                                       f"{season} card '{card.id}' shows {month}, a month of {taken[0]} "
                                       f"(card '{taken[1].id}')")
        if len(set(months)) != len(months):
            yield SEASON_MONTHS.at(card.locate("months"), f"season card '{card.id}' shows a month twice")
    for card in pack.of_type("season-card"):
        shown = {str(m.get("month")) for m in card.get("months") or [] if isinstance(m, dict)}
        missing = sorted(by_season.get(str(card.get("season")), set()) - shown, key=_month_index)
        if missing:
            yield SEASON_MONTHS.at(card.locate("months"), f"season card '{card.id}' lacks {', '.join(missing)}, "
                                   f"shown by other {card.get('season')} cards")


def _month_index(month: str) -> int:
    return MONTHS.index(month) if month in MONTHS else len(MONTHS)


def check_sea_routes(pack: Pack) -> Iterator[Diagnostic]:
    world = WorldMap.of(pack)
    for route in pack.of_type("route"):
        if route.get("kind") != "sea":
            continue
        for end in ("from", "to"):
            place = world.places.get(str(route.get(end)))
            if place is not None and not place.port and place.kind != "anchor-point":
                yield SEA_ROUTE.at(route.locate(end), f"sea route '{route.id}' ends at '{place.id}', "
                                   "which is neither a port nor an anchor point")


LINT_CHECKS = (check_mission_kingdoms, check_map_connected, check_order_numbers, check_season_months,
               check_sea_routes)
