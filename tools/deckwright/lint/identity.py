"""Ids are unique: entities across the pack, decks and components within their lists."""

from __future__ import annotations

from collections.abc import Iterator

from deckwright.diagnostic import Diagnostic, Related
from deckwright.lint import codes
from deckwright.model import Pack


def check_unique_ids(pack: Pack) -> Iterator[Diagnostic]:
    first: dict[str, tuple[str, int, int]] = {}
    for entity in pack.entities:
        where = entity.locate("id") if "id" in entity.data else entity.locate()
        if entity.id in first:
            file, line, column = first[entity.id]
            yield codes.DUPLICATE_ID.at(
                where, f"id '{entity.id}' is already used (line {line} of {file})",
                related=[Related(file, line, column, f"first '{entity.id}'")],
                hint="ids are unique across every file and type of the pack")
        else:
            first[entity.id] = (where.file, where.line, where.column)


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
