"""Ids are unique: entities within their id namespace, decks and components within their lists."""

from __future__ import annotations

from collections.abc import Iterator

from deckwright.diagnostic import Diagnostic, Related
from deckwright.lint import codes
from deckwright.model import Pack


def check_unique_ids(pack: Pack) -> Iterator[Diagnostic]:
    """Ids are unique within their namespace (a type's own, or one the manifest makes types share)."""
    index, namespaces = pack.by_namespace, pack.namespaces
    for entity in pack.entities:
        if entity.id_field is None:  # anonymous: never found by id
            continue
        namespace = namespaces.get(entity.type, entity.type)
        first = index[namespace][entity.id]
        if first is entity:
            continue
        where = entity.locate_id()
        earlier = first.locate_id()
        owner = "another" if first.type == entity.type else f"the {first.type}"
        yield codes.DUPLICATE_ID.at(
            where, f"{entity.type} id '{entity.id}' is already used by {owner} at line {earlier.line} of {earlier.file}",
            related=[Related(earlier.file, earlier.line, earlier.column, f"first '{entity.id}'")],
            hint=_namespace_hint(namespace, entity.type))


def _namespace_hint(namespace: str, type_id: str) -> str:
    if namespace == type_id:
        return f"ids are unique among the {type_id} records"
    return f"the types {namespace} share one id namespace (manifest `namespaces`)"


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
