"""Key order taken from JSON Schemas: the order in which a schema (and what it extends) names properties.

A schema that extends another with `$ref` (a game's card extending the core entity envelope)
orders the base's required keys first (`id`, `type`, `name`), then its own properties, then the
rest of the base's (`copies`, `text`, ..., `source`, `assumed`). Keys no schema names keep their
relative order after the named ones.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from referencing.exceptions import Unresolvable

if TYPE_CHECKING:
    from referencing._core import Resolver  # not re-exported by `referencing`; Registry.resolver() returns it

# A chain of $ref longer than this is a cycle as far as ordering is concerned.
_MAX_REF_DEPTH = 16


@dataclass(frozen=True)
class SchemaNode:
    """A (sub)schema and the resolver its `$ref`s are resolved against."""

    contents: Any
    resolver: Resolver[Any]

    def lookup(self, ref: str) -> SchemaNode | None:
        try:
            resolved = self.resolver.lookup(ref)
        except (Unresolvable, ValueError, TypeError):
            return None
        return SchemaNode(resolved.contents, resolved.resolver)

    def sub(self, contents: Any) -> SchemaNode:
        return SchemaNode(contents, self.resolver)


def key_order(node: SchemaNode, depth: int = 0) -> list[str]:
    """Property names in the order the schema (and the schemas it extends or combines) gives them."""
    schema = node.contents
    if not isinstance(schema, dict) or depth > _MAX_REF_DEPTH:
        return []
    own = list(schema.get("properties") or {})
    head: list[str] = []
    rest: list[str] = []
    base = node.lookup(schema["$ref"]) if isinstance(schema.get("$ref"), str) else None
    if base is not None:
        base_keys = key_order(base, depth + 1)
        required = set(_required(base))
        head = [k for k in base_keys if k in required]
        rest = base_keys
    for combined in _combined(node):
        rest = rest + key_order(combined, depth + 1)
    return list(dict.fromkeys(head + own + rest))


def child(node: SchemaNode, key: str, depth: int = 0) -> SchemaNode | None:
    """The schema of property `key` of an object this schema describes, if any names it."""
    schema = node.contents
    if not isinstance(schema, dict) or depth > _MAX_REF_DEPTH:
        return None
    properties = schema.get("properties") or {}
    if isinstance(properties, dict) and key in properties:
        return _deref(node.sub(properties[key]))
    for other in _extended(node):
        found = child(other, key, depth + 1)
        if found is not None:
            return found
    extra = schema.get("additionalProperties")
    return _deref(node.sub(extra)) if isinstance(extra, dict) else None


def item(node: SchemaNode, depth: int = 0) -> SchemaNode | None:
    """The schema of the items of an array this schema describes, if it gives one."""
    schema = node.contents
    if not isinstance(schema, dict) or depth > _MAX_REF_DEPTH:
        return None
    items = schema.get("items")
    if isinstance(items, dict):
        return _deref(node.sub(items))
    for other in _extended(node):
        found = item(other, depth + 1)
        if found is not None:
            return found
    return None


def _deref(node: SchemaNode) -> SchemaNode:
    """Follow a bare `{"$ref": ...}` so the node names its own properties."""
    for _ in range(_MAX_REF_DEPTH):
        schema = node.contents
        if not (isinstance(schema, dict) and isinstance(schema.get("$ref"), str) and "properties" not in schema):
            return node
        target = node.lookup(schema["$ref"])
        if target is None:
            return node
        node = target
    return node


def _extended(node: SchemaNode) -> Iterator[SchemaNode]:
    schema = node.contents
    if isinstance(schema.get("$ref"), str):
        base = node.lookup(schema["$ref"])
        if base is not None:
            yield base
    yield from _combined(node)


def _combined(node: SchemaNode) -> Iterator[SchemaNode]:
    for keyword in ("allOf", "anyOf", "oneOf"):
        for sub in node.contents.get(keyword) or []:
            if isinstance(sub, dict):
                yield _deref(node.sub(sub))


def _required(node: SchemaNode, depth: int = 0) -> list[str]:
    schema = node.contents
    required = list(schema.get("required") or []) if isinstance(schema, dict) else []
    if isinstance(schema, dict) and isinstance(schema.get("$ref"), str) and depth < _MAX_REF_DEPTH:
        base = node.lookup(schema["$ref"])
        if base is not None:
            required += _required(base, depth + 1)
    return required
