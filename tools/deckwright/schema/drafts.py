"""The JSON Schema drafts deckwright validates under, by the names a manifest uses."""

from __future__ import annotations

import difflib
from collections.abc import Iterator
from typing import Any, NamedTuple

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


_COMMON = frozenset({
    "$schema", "$ref", "title", "description", "default", "definitions", "type", "enum", "format",
    "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength",
    "pattern", "items", "maxItems", "minItems", "uniqueItems", "maxProperties", "minProperties", "required",
    "properties", "patternProperties", "additionalProperties", "allOf", "anyOf", "oneOf", "not",
})
_DRAFT4 = _COMMON | {"id", "dependencies", "additionalItems"}
_DRAFT6 = (_DRAFT4 - {"id"}) | {"$id", "const", "contains", "propertyNames", "examples"}
_DRAFT7 = _DRAFT6 | {"if", "then", "else", "$comment", "contentMediaType", "contentEncoding", "readOnly",
                     "writeOnly"}
_DRAFT2019 = (_DRAFT7 - {"dependencies"}) | {
    "$defs", "$anchor", "$recursiveRef", "$recursiveAnchor", "$vocabulary", "dependentRequired",
    "dependentSchemas", "unevaluatedProperties", "unevaluatedItems", "minContains", "maxContains",
    "contentSchema", "deprecated"}
_DRAFT2020 = (_DRAFT2019 - {"$recursiveRef", "$recursiveAnchor", "additionalItems"}) | {
    "prefixItems", "$dynamicRef", "$dynamicAnchor"}
KEYWORDS: dict[str, frozenset[str]] = {"4": _DRAFT4, "6": _DRAFT6, "7": _DRAFT7, "2019-09": _DRAFT2019,
                                       "2020-12": _DRAFT2020}
_ALL_KEYWORDS = frozenset().union(*KEYWORDS.values())
_ANNOTATIONS = frozenset({"title", "description", "default", "examples", "$comment", "readOnly", "writeOnly",
                          "deprecated", "contentMediaType", "contentEncoding"})
_INSTEAD = {
    "dependencies": "dependentRequired (a list of names) or dependentSchemas (a schema)",
    "const": "enum with one value",
    "$defs": "definitions",
    "definitions": "$defs",
    "id": "$id",
    "$id": "id",
    "additionalItems": "items, with prefixItems for the leading items",
    "prefixItems": "items as a list",
}

# Where a schema object holds other schemas: by name, one, or a list.
_SCHEMA_MAPS = ("properties", "patternProperties", "definitions", "$defs", "dependentSchemas", "dependencies")
_SCHEMA_ONE = ("additionalProperties", "additionalItems", "items", "contains", "not", "if", "then", "else",
               "propertyNames", "unevaluatedProperties", "unevaluatedItems", "contentSchema")
_SCHEMA_LISTS = ("allOf", "anyOf", "oneOf", "prefixItems", "items")


class DraftChoice(NamedTuple):
    """The draft a schema is validated under, and why: declared, named by the manifest, or inferred."""

    draft: str
    how: str  # "declared" | "manifest" | "inferred" | "default"
    evidence: tuple[str, ...] = ()


class IgnoredKeyword(NamedTuple):
    """A key of a schema object that the applied draft does not read."""

    path: tuple[Any, ...]
    keyword: str
    message: str
    hint: str | None


def draft_of_uri(uri: Any) -> str | None:
    """The draft name of a `$schema` URI (with or without the trailing '#')."""
    if not isinstance(uri, str):
        return None
    wanted = uri.rstrip("#")
    return next((name for name, known in DRAFT_URIS.items() if known.rstrip("#") == wanted), None)


def choose_draft(schema: Any, manifest_draft: str | None) -> DraftChoice:
    """The draft of a schema: its `$schema`, else the manifest's `schema_draft`, else inferred from its keywords."""
    declared = draft_of_uri(schema.get("$schema")) if isinstance(schema, dict) else None
    if declared is not None:
        return DraftChoice(declared, "declared")
    if manifest_draft is not None:
        return DraftChoice(manifest_draft, "manifest")
    evidence: dict[str, frozenset[str]] = {}
    for _, node in schema_nodes(schema):
        for key, value in node.items():
            drafts = _honoured_by(key, value)
            if drafts is not None and len(drafts) < len(KEYWORDS):
                evidence.setdefault(_evidence_name(key, value), drafts)
    if not evidence:
        return DraftChoice(DEFAULT_DRAFT, "default")
    order = list(KEYWORDS)
    best = max(order, key=lambda d: (sum(d in drafts for drafts in evidence.values()), order.index(d)))
    return DraftChoice(best, "inferred", tuple(sorted(k for k, drafts in evidence.items() if best in drafts)))


def _honoured_by(key: str, value: Any) -> frozenset[str] | None:
    """The drafts that read this keyword with this kind of value (None: not a keyword of any draft).

    Annotations (examples, $comment, readOnly...) count as read by every draft: no draft validates
    with them, so they neither tell drafts apart nor change a result when a draft skips them.
    """
    if key in _ANNOTATIONS:
        return frozenset(KEYWORDS)
    if key in ("exclusiveMinimum", "exclusiveMaximum"):
        return frozenset({"4"}) if isinstance(value, bool) else frozenset(KEYWORDS) - {"4"}
    if key == "items" and isinstance(value, list):
        return frozenset(KEYWORDS) - {"2020-12"}
    if key not in _ALL_KEYWORDS:
        return None
    return frozenset(d for d, words in KEYWORDS.items() if key in words)


def _evidence_name(key: str, value: Any) -> str:
    if key in ("exclusiveMinimum", "exclusiveMaximum"):
        return f"{key} as a {'boolean' if isinstance(value, bool) else 'number'}"
    if key == "items" and isinstance(value, list):
        return "items as a list"
    return key


def schema_nodes(schema: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], dict[str, Any]]]:
    """Every schema object inside a schema (the root included) with its path; never enum or const values."""
    if not isinstance(schema, dict):
        return
    yield at, schema
    for key in _SCHEMA_MAPS:
        children = schema.get(key)
        if isinstance(children, dict):
            for name, child in children.items():
                yield from schema_nodes(child, at + (key, name))
    for key in _SCHEMA_ONE:
        yield from schema_nodes(schema.get(key), at + (key,))
    for key in _SCHEMA_LISTS:
        children = schema.get(key)
        if isinstance(children, list):
            for i, child in enumerate(children):
                yield from schema_nodes(child, at + (key, i))


def ignored_keywords(schema: Any, draft: str) -> list[IgnoredKeyword]:
    """Keywords of other drafts, and misspelt keywords, that validation under `draft` silently skips."""
    known = KEYWORDS[draft]
    found = []
    for path, node in schema_nodes(schema):
        for key, value in node.items():
            drafts = _honoured_by(key, value)
            name = draft_name(draft)
            if drafts is not None and draft not in drafts:
                others = _drafts_phrase([d for d in KEYWORDS if d in drafts])
                instead = _INSTEAD.get(key)
                found.append(IgnoredKeyword(
                    path + (key,), key, f"'{_evidence_name(key, value)}' is ignored under {name} (a keyword of {others})",
                    f"under {name} write {instead}" if instead else f"declare the draft it was written for in $schema"))
            elif drafts is None:
                close = _misspelt(key, known)
                if close is not None:
                    found.append(IgnoredKeyword(path + (key,), key, f"'{key}' is not a JSON Schema keyword and is ignored",
                                                f"did you mean '{close}'?"))
    return found


def _misspelt(key: str, known: frozenset[str]) -> str | None:
    folded = {k.casefold(): k for k in known}
    if key.casefold() in folded:
        return folded[key.casefold()]
    matches = difflib.get_close_matches(key, sorted(known), n=1, cutoff=0.85)
    return matches[0] if matches else None


def draft_name(draft: str) -> str:
    """How a draft is named in messages: 'draft 4', '2020-12'."""
    return f"draft {draft}" if len(draft) == 1 else draft


def _drafts_phrase(drafts: list[str]) -> str:
    old = [d for d in drafts if len(d) == 1]
    names = ([f"draft {', '.join(old[:-1])} and {old[-1]}" if len(old) > 1 else f"draft {old[0]}"] if old else [])
    names += [d for d in drafts if len(d) > 1]
    return " and ".join(names) if len(names) < 3 else ", ".join(names[:-1]) + " and " + names[-1]
