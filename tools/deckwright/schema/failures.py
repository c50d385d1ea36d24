"""Schema failures read off the compiled validator's errors, so most failing records never reach jsonschema.

jsonschema-rs reports each error with its keyword's absolute location (schema URI and JSON
pointer) and the path to the failing value. For the keywords whose explanation needs nothing
but the keyword, its value in the schema, the schema node that holds it and the failing value
(type, enum, const, limits, pattern, required, unknown keys), a `Failure` carries exactly
what `explain` reads of a jsonschema `ValidationError`, with the message jsonschema itself
would give where `explain` reads it. Any other error of a record (oneOf, anyOf, formats,
dependencies, false schemas, draft-4 boolean exclusive limits, a location outside the store)
sends that whole record to jsonschema, so the findings are the same either way; only the cost
differs (about 0.7 ms a record in jsonschema, a few microseconds here).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

# The jsonschema-rs error kind -> the keyword it reports, for the keywords read off here.
KEYWORDS = {
    "Type": "type", "Enum": "enum", "Constant": "const", "Pattern": "pattern", "Required": "required",
    "Maximum": "maximum", "Minimum": "minimum", "ExclusiveMaximum": "exclusiveMaximum",
    "ExclusiveMinimum": "exclusiveMinimum", "MultipleOf": "multipleOf",
    "MaxLength": "maxLength", "MinLength": "minLength", "MaxItems": "maxItems", "MinItems": "minItems",
    "MaxProperties": "maxProperties", "MinProperties": "minProperties", "UniqueItems": "uniqueItems",
    "AdditionalProperties": "additionalProperties", "UnevaluatedProperties": "unevaluatedProperties",
}
_NUMERIC = frozenset({"maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum", "multipleOf", "maxLength",
                      "minLength", "maxItems", "minItems", "maxProperties", "minProperties"})
_UNKNOWN_KEYS = {"additionalProperties": "Additional", "unevaluatedProperties": "Unevaluated"}


@dataclass(frozen=True)
class Failure:
    """One schema error, as `explain` reads a jsonschema ValidationError (no `context`: never a choice)."""

    validator: str
    validator_value: Any
    instance: Any
    absolute_path: tuple[Any, ...]
    schema: Mapping[str, Any]
    message: str = ""
    context: tuple[Any, ...] = field(default=())


def read_failures(errors: Sequence[Any], instance: Any, schemas: Mapping[str, Any]) -> list[Failure] | None:
    """The Failures of jsonschema-rs `errors` on `instance`; None as soon as one needs jsonschema to explain it.

    `schemas` maps a schema URI to its contents (the store's), where each error's keyword is looked up.
    """
    found = []
    for error in errors:
        failure = _failure(error, instance, schemas)
        if failure is None:
            return None
        found.append(failure)
    return found


def _failure(error: Any, instance: Any, schemas: Mapping[str, Any]) -> Failure | None:
    keyword = KEYWORDS.get(type(error.kind).__name__)
    location = error.absolute_keyword_location
    if keyword is None or not isinstance(location, str):
        return None
    schema = _node(schemas, location, keyword)
    if schema is None:
        return None
    value = schema[keyword]
    if keyword in _NUMERIC and (isinstance(value, bool) or not isinstance(value, (int, float))):
        return None  # draft 4's `exclusiveMaximum: true` is jsonschema's `maximum`: explained there
    path = tuple(error.instance_path)
    failing = _value_at(instance, path)
    if failing is _MISSING:
        return None
    message = ""
    if keyword == "required":
        message = f"{error.kind.property!r} is a required property"
    elif keyword in _UNKNOWN_KEYS:
        if value is not False or "patternProperties" in schema:
            return None
        extras = sorted(error.kind.unexpected, key=str)
        listed = ", ".join(repr(extra) for extra in extras)
        message = (f"{_UNKNOWN_KEYS[keyword]} properties are not allowed ({listed} "
                   f"{'was' if len(extras) == 1 else 'were'} unexpected)")
    return Failure(keyword, value, failing, path, schema, message)


def _node(schemas: Mapping[str, Any], location: str, keyword: str) -> Mapping[str, Any] | None:
    """The schema node that holds the keyword at `location` (`uri#/pointer/keyword`), if the store has it."""
    uri, _, fragment = location.partition("#")
    node = schemas.get(uri)
    parts = fragment.split("/")[1:] if fragment else []
    if not parts or parts[-1] != keyword:
        return None
    for part in parts[:-1]:
        part = part.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return None
    return node if isinstance(node, dict) and keyword in node else None


_MISSING = object()


def _value_at(instance: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        if isinstance(instance, dict) and isinstance(part, str) and part in instance:
            instance = instance[part]
        elif isinstance(instance, list) and isinstance(part, int) and 0 <= part < len(instance):
            instance = instance[part]
        else:
            return _MISSING
    return instance
