"""Functions of the claim language over a pack's content: entities, decks, components, queries."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import jmespath
from jmespath.exceptions import JMESPathError

from deckwright.model import Component, Deck, Entity, Pack, Selection
from deckwright.rules.evaluate import ClaimError, Function
from deckwright.rules.values import canonical, show
from deckwright.schema import did_you_mean


def record(entity: Entity) -> dict[str, Any]:
    """An entity as the claim language sees it: its fields, with `copies` always present."""
    return {**entity.data, "copies": entity.copies}


# Functions whose answer comes from the pack's content or its engine: a claim calling none of them,
# and reading no fact, is a constant.
SOURCES = frozenset({"entities", "deck", "component", "printed", "query", "probe"})


def content_functions(pack: Pack, facts: Mapping[str, Any]) -> dict[str, Function]:
    """The content functions of the claim language, bound to one pack."""
    records = [record(e) for e in pack.entities]

    def chosen(selection: Selection | None) -> list[dict[str, Any]]:
        return [r for e, r in zip(pack.entities, records) if selection is not None and selection.matches(e)]

    def entities(*types: str, where: Any = None) -> list[dict[str, Any]]:
        for name in types:
            if name not in pack.types:
                raise ClaimError(f"pack '{pack.id}' has no entity type {show(name)}",
                                 hint=did_you_mean(str(name), pack.types))
        if where is not None and not isinstance(where, Mapping):
            raise ClaimError(f"where= needs a mapping of field values, not {show(where)}")
        return chosen(Selection(types=tuple(types), where=dict(where or {}))) if types or where \
            else list(records)

    def deck(deck_id: str) -> list[dict[str, Any]]:
        found = _by_id(pack.decks, deck_id, "deck")
        return chosen(found.select)

    def component(component_id: str) -> list[dict[str, Any]]:
        found = _by_id(pack.components, component_id, "component")
        if found.select is None:
            raise ClaimError(f"component '{component_id}' says which entities it is (`select`) nowhere")
        return chosen(found.select)

    def printed(item_id: str) -> int:
        """The count the manifest prints for a deck or component."""
        items: tuple[Deck | Component, ...] = (*pack.decks, *pack.components)
        for item in items:
            if item.id == item_id:
                if item.count is None:
                    raise ClaimError(f"the manifest prints no count for deck '{item_id}'")
                return item.count
        _by_id(items, item_id, "deck or component")
        raise AssertionError  # _by_id raised

    def query(expression: str, data: Any = None) -> Any:
        """JMESPath over the content (entities, decks, components, facts, players), or over `data`."""
        if not isinstance(expression, str):
            raise ClaimError(f"query() needs a JMESPath expression, not {show(expression)}")
        root = data if data is not None else {
            "entities": records,
            "decks": [{"id": d.id, "name": d.name, "count": d.count} for d in pack.decks],
            "components": [{"id": c.id, "name": c.name, "count": c.count} for c in pack.components],
            "facts": dict(facts),
            "players": {"min": pack.players[0], "max": pack.players[1]},
        }
        try:
            return jmespath.search(expression, root)
        except JMESPathError as exc:
            raise ClaimError(f"query {show(expression)}: {exc}".replace("\n", " ")) from None

    return {"entities": entities, "deck": deck, "component": component, "printed": printed,
            "query": query, "each": each, "values": values, "get": get}


def each(items: Any) -> list[Any]:
    """Every physical piece of a list of entities: an entity with copies 3 appears three times."""
    if not isinstance(items, list):
        raise ClaimError(f"each() needs a list of entities, not {show(items)}")
    return [{**item, "copies": 1} if isinstance(item, Mapping) else item
            for item in items for _ in range(_copies(item))]


def values(items: Any, field: str | None = None) -> list[Any]:
    """values(mapping): its values; values(entities, "field"): the distinct values the field takes."""
    if isinstance(items, Mapping) and field is None:
        return list(items.values())
    if not isinstance(items, list) or not isinstance(field, str):
        raise ClaimError("values() takes a mapping, or a list of entities and a field name")
    found: dict[Any, Any] = {}
    for item in items:
        if isinstance(item, Mapping) and field in item:
            found.setdefault(canonical(item[field]), item[field])
    return [found[key] for key in sorted(found)]


def get(item: Any, field: str, default: Any = None) -> Any:
    """A field of a mapping, or `default` where it has none."""
    if not isinstance(item, Mapping):
        raise ClaimError(f"get() needs a mapping, not {show(item)}")
    return item.get(field, default)


def _copies(item: Any) -> int:
    copies = item.get("copies", 1) if isinstance(item, Mapping) else 1
    return copies if isinstance(copies, int) and 0 <= copies <= 100_000 else 1


def _by_id(items: Any, wanted: Any, what: str) -> Any:
    for item in items:
        if item.id == wanted:
            return item
    raise ClaimError(f"the manifest has no {what} {show(wanted)}", hint=did_you_mean(str(wanted), [i.id for i in items]))


