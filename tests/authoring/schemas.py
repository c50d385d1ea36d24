"""Schema nodes for formatter tests, without a pack."""

from __future__ import annotations

from typing import Any

from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from deckwright.authoring.order import SchemaNode


def node(schema: dict[str, Any], uri: str = "urn:test:schema") -> SchemaNode:
    """A schema node whose $refs resolve inside the schema itself."""
    registry = Registry().with_resource(uri, Resource.from_contents(schema, default_specification=DRAFT202012))
    return SchemaNode(schema, registry.resolver(base_uri=uri))
