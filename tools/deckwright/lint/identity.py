"""Ids are unique: entities across the pack, decks and components within their lists."""

from __future__ import annotations

from collections.abc import Iterator

from deckwright.diagnostic import Diagnostic, Location, Related
from deckwright.lint import codes
from deckwright.model import Entity, Pack


def check_unique_ids(pack: Pack) -> Iterator[Diagnostic]:
    for entity in pack.entities:
        first = pack.by_id[entity.id]  # the first entity with this id
        if first is entity:
            continue
        where = _id_location(entity)
        earlier = _id_location(first)
        yield codes.DUPLICATE_ID.at(
            where, f"id '{entity.id}' is already used (line {earlier.line} of {earlier.file})",
            related=[Related(earlier.file, earlier.line, earlier.column, f"first '{entity.id}'")],
            hint="ids are unique across every file and type of the pack")


def _id_location(entity: Entity) -> Location:
    return entity.locate("id") if "id" in entity.data else entity.locate()


def check_unique_definitions(pack: Pack) -> Iterator[Diagnostic]:
    for key, items in (("decks", pack.decks), ("components", pack.components)):
        seen: dict[str, int] = {}
        for item in items:
            if item.id in seen:
                first = pack.locate(key, seen[item.id], "id")
                yield codes.DUPLICATE_DEFINITION.at(
                    pack.locate(key, item.index, "id"), f"{key[:-1]} id '{item.id}' is used twice",
                    related=[Related(first.file, first.line, first.column, "first definition")])
            else:
                seen[item.id] = item.index
