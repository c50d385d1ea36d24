"""The JSON Schema drafts deckwright validates under, by the names a manifest uses."""

from __future__ import annotations

from typing import Any

DEFAULT_DRAFT = "2020-12"
DRAFT_URIS = {
    "4": "http://json-schema.org/draft-04/schema#",
    "6": "http://json-schema.org/draft-06/schema#",
    "7": "http://json-schema.org/draft-07/schema#",
    "2019-09": "https://json-schema.org/draft/2019-09/schema",
    "2020-12": "https://json-schema.org/draft/2020-12/schema",
}
_KNOWN = frozenset(uri.rstrip("#") for uri in DRAFT_URIS.values())


def known_draft(schema: Any) -> bool:
    """Whether the schema declares no `$schema`, or one of the drafts deckwright ships (never fetched)."""
    if not isinstance(schema, dict) or "$schema" not in schema:
        return True
    declared = schema["$schema"]
    return isinstance(declared, str) and declared.rstrip("#") in _KNOWN


def with_draft(schema: Any, draft: str) -> Any:
    """The schema, declaring `draft` when it declares none itself."""
    if isinstance(schema, dict) and "$schema" not in schema:
        return {"$schema": DRAFT_URIS[draft], **schema}
    return schema


def schema_id(schema: Any) -> str | None:
    """The schema's own id ($id, or id before draft 6)."""
    if not isinstance(schema, dict):
        return None
    value = schema.get("$id", schema.get("id"))
    return value.rstrip("#") if isinstance(value, str) else None
