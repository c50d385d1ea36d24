"""Schemas named with a JSON pointer (`cards.schema.json#/items`): the node it names, and a validator for it."""

from __future__ import annotations

from typing import Any

from deckwright.schema.drafts import DEFAULT_DRAFT, DRAFT_URIS
from deckwright.schema.store import SchemaStore


def split_fragment(uri: str) -> tuple[str, str]:
    """A schema URI's document and its JSON pointer fragment ('' for the whole document)."""
    base, _, fragment = uri.partition("#")
    return base, fragment.rstrip("/") if fragment != "/" else ""


def resolve_pointer(store: SchemaStore, uri: str) -> tuple[Any, str | None]:
    """The schema node a URI names (None if its document or pointer does not exist) and its document's $schema."""
    base, fragment = split_fragment(uri)
    source = store.by_uri.get(base)
    if source is None:
        return None, None
    node = source.contents
    for part in fragment.split("/")[1:] if fragment else ():
        part = part.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return None, None
    declared = source.contents.get("$schema") if isinstance(source.contents, dict) else None
    return node, declared if isinstance(declared, str) else None


def pointer_schema(store: SchemaStore, uri: str) -> str | None:
    """The URI to validate against for `document#/pointer`: a one-`$ref` wrapper in the document's draft.

    None when the pointer names nothing. A URI without a pointer is returned as it is.
    """
    base, fragment = split_fragment(uri)
    if not fragment:
        return base
    node, draft = resolve_pointer(store, uri)
    if node is None:
        return None
    wrapper = f"urn:deckwright:pointer:{base}!{fragment}"
    if wrapper not in store.by_uri:
        store.add(wrapper, {"$schema": draft or DRAFT_URIS[DEFAULT_DRAFT], "$ref": f"{base}#{fragment}"})
    return wrapper
