"""Lint checks only Adventure Land needs: terrain cards, reachability of fields, the river's path."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from deckwright.gamekit import Code, Diagnostic, Entity, Pack, Related, Severity

E = Severity.ERROR

CARD_TERRAIN = Code(
    "DW901", "al-card-terrain", E, "A terrain card names a field of another terrain.",
    "Each terrain card names one board field of its own terrain (rulebook line 77): drawing a city "
    "card puts a companion on a city field.",
    "Point the card at a field of its terrain, or correct the card's terrain.",
)
UNREACHABLE = Code(
    "DW902", "al-unreachable-field", E, "A board field that no adventurer can ever reach.",
    "Adventurers enter the board from the starting areas and move field by field; a field that no "
    "path of neighbouring fields connects to an entry can never be visited, and whatever appears "
    "there is out of play.",
    "Fix the field's coordinates, or the starting areas' entries.",
)
RIVER = Code(
    "DW903", "al-river-path", E, "The river is not one connected path of river fields.",
    "The water sprite travels along the river (lines 89-91), so the board's river must list every "
    "river field exactly once, each next to the one before it, with `river_index` giving its place.",
    "Reorder the board's `river` list, or fix the fields' terrain, coordinates or river_index.",
)
SHARED_FIELD = Code(
    "DW904", "al-shared-field", E, "Two terrain cards name the same field.",
    "Every terrain card names a field of its own (one card per field), so no two cards place their "
    "items on the same field.",
    "Give one of the cards another field.",
)

CODES = (CARD_TERRAIN, UNREACHABLE, RIVER, SHARED_FIELD)


def _fields(pack: Pack) -> dict[str, Entity]:
    return {e.id: e for e in pack.of_type("board-field")}


def _xy(field: Entity) -> tuple[int, int] | None:
    x, y = field.get("x"), field.get("y")
    return (x, y) if isinstance(x, int) and isinstance(y, int) else None


def check_terrain_cards(pack: Pack) -> Iterator[Diagnostic]:
    fields = _fields(pack)
    named: dict[str, Entity] = {}
    for card in pack.of_type("terrain-card"):
        field = fields.get(str(card.get("field")))
        if field is None:
            continue  # a dangling reference is reported by the core reference check
        if field.get("terrain") != card.get("terrain"):
            yield CARD_TERRAIN.at(card.locate("field"),
                                  f"{card.get('terrain')} card '{card.id}' names {field.get('terrain')} field '{field.id}'")
        if field.id in named:
            first = named[field.id].locate("field")
            yield SHARED_FIELD.at(card.locate("field"), f"field '{field.id}' is already named by '{named[field.id].id}'",
                                  related=[Related(first.file, first.line, first.column, "first card")])
        else:
            named[field.id] = card


def check_reachability(pack: Pack) -> Iterator[Diagnostic]:
    fields = _fields(pack)
    by_xy = {xy: f for f in fields.values() if (xy := _xy(f)) is not None}
    starts = [entry.get("field") for area in pack.of_type("starting-area")
              for entry in area.get("entries") or [] if isinstance(entry, dict)]
    frontier = deque(_xy(fields[s]) for s in starts if isinstance(s, str) and s in fields)
    seen = set(frontier)
    while frontier:
        at = frontier.popleft()
        if at is None:
            continue
        x, y = at
        for step in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if step in by_xy and step not in seen:
                seen.add(step)
                frontier.append(step)
    if not starts:
        return
    for xy, field in sorted(by_xy.items()):
        if xy not in seen:
            yield UNREACHABLE.at(field.locate(), f"field '{field.id}' cannot be reached from any starting area")


def check_river(pack: Pack) -> Iterator[Diagnostic]:
    fields = _fields(pack)
    for board in pack.of_type("board"):
        river = board.get("river") or []
        river_fields = {f.id for f in fields.values() if f.get("terrain") == "river"}
        listed = [r for r in river if isinstance(r, str)]
        for missing in sorted(river_fields - set(listed)):
            yield RIVER.at(fields[missing].locate("terrain"), f"river field '{missing}' is not on the board's river path")
        seen: set[str] = set()
        previous: Entity | None = None
        for index, field_id in enumerate(listed):
            field = fields.get(field_id)
            if field is None:
                continue
            if field_id in seen:
                yield RIVER.at(board.locate("river", index), f"'{field_id}' appears twice on the river")
            seen.add(field_id)
            if field.get("terrain") != "river":
                yield RIVER.at(board.locate("river", index), f"'{field_id}' on the river path is {field.get('terrain')}")
            if field.get("river_index") != index:
                yield RIVER.at(field.locate("river_index") if "river_index" in field.data else field.locate(),
                               f"'{field_id}' is river field {index} of the path but has river_index "
                               f"{field.get('river_index')}")
            if previous is not None and not _adjacent(previous, field):
                yield RIVER.at(board.locate("river", index),
                               f"'{field_id}' does not border '{previous.id}', the river field before it")
            previous = field


def _adjacent(a: Entity, b: Entity) -> bool:
    pa, pb = _xy(a), _xy(b)
    return pa is not None and pb is not None and abs(pa[0] - pb[0]) + abs(pa[1] - pb[1]) == 1


LINT_CHECKS = (check_terrain_cards, check_reachability, check_river)
