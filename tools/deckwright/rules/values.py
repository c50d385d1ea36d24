"""Values as the rules layer sees them: equality across int/float, names of types, short display,
and the error raised when a claim cannot be evaluated."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

SHOW_LIMIT = 80

Function = Callable[..., Any]


class ClaimError(Exception):
    """A claim that cannot be evaluated. `kind` picks the diagnostic: invalid, unknown-fact, probe..."""

    def __init__(self, message: str, node: Any = None, *, kind: str = "invalid", hint: str | None = None):
        super().__init__(message)
        self.node = node
        self.kind = kind
        self.hint = hint


def is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def type_name(value: Any) -> str:
    """The designer's word for a value's type."""
    if isinstance(value, bool):
        return "true/false"
    if is_number(value):
        return "number"
    if isinstance(value, str):
        return "word"
    if isinstance(value, list):
        return "list"
    if isinstance(value, Mapping):
        return "mapping"
    return "nothing" if value is None else type(value).__name__


def canonical(value: Any) -> Any:
    """A hashable form in which equal values are equal: 3 and 3.0 match, true and 1 do not."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return (type_name(value), value)
    if is_number(value):
        return ("number", value)  # 3 == 3.0 with equal hashes; ints stay exact, however large
    if isinstance(value, (list, tuple)):
        return ("list", tuple(canonical(v) for v in value))
    if isinstance(value, Mapping):
        return ("mapping", tuple(sorted((str(k), canonical(v)) for k, v in value.items())))
    return ("other", repr(value))


def equal(left: Any, right: Any) -> bool:
    return canonical(left) == canonical(right)


def show(value: Any, limit: int = SHOW_LIMIT) -> str:
    """A short display of a value: entities by id, long lists cut with their length."""
    if isinstance(value, Mapping) and isinstance(value.get("id"), str) and "type" in value:
        return value["id"]
    if isinstance(value, list) and value and all(isinstance(v, Mapping) and "id" in v for v in value):
        text = "[" + ", ".join(str(v["id"]) for v in value[:5]) + (", ..." if len(value) > 5 else "") + "]"
        return text + (f" ({len(value)} items)" if len(value) > 5 else "")
    try:
        text = json.dumps(value, ensure_ascii=False, sort_keys=False, default=repr)
    except (TypeError, ValueError):
        text = repr(value)
    if len(text) > limit:
        suffix = f"... ({len(value)} items)" if isinstance(value, (list, Mapping)) else "..."
        text = text[:limit - len(suffix)] + suffix
    return text
