"""jsonschema's pattern keywords, run on the linear-time engine instead of Python's backtracking `re`.

jsonschema (the explaining path) matches `pattern`, `patternProperties` and the property names
`additionalProperties` must weed out with `re.search`; a pack's `^(a+)+$` would hang it. These
replacements match with RE2 (deckwright.patterns), and are otherwise the library's own rules.

`unevaluatedProperties` finds the keys other keywords evaluated with a helper of jsonschema's that
calls `re.search` on `patternProperties` keys; linear_keywords points that helper module's `re` at
RE2 (`_LINEAR_RE`), so no explanation path matches a pack's pattern with backtracking.
"""

from __future__ import annotations

import types
from collections.abc import Iterator
from functools import cache
from typing import Any

from deckwright.patterns import search

# what jsonschema._utils needs of `re`: `search(pattern, text)`, truthy on a match
_LINEAR_RE = types.SimpleNamespace(search=search)


def _pattern(validator: Any, pattern: str, instance: Any, schema: Any) -> Iterator[Any]:
    from jsonschema.exceptions import ValidationError

    if validator.is_type(instance, "string") and not search(pattern, instance):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


def _pattern_properties(validator: Any, patterns: dict[str, Any], instance: Any, schema: Any) -> Iterator[Any]:
    if not validator.is_type(instance, "object"):
        return
    for pattern, subschema in patterns.items():
        for key, value in instance.items():
            if search(pattern, key):
                yield from validator.descend(value, subschema, path=key, schema_path=pattern)


def _additional_properties(validator: Any, additional: Any, instance: Any, schema: Any) -> Iterator[Any]:
    from jsonschema.exceptions import ValidationError

    if not validator.is_type(instance, "object"):
        return
    known = schema.get("properties", {})
    patterns = list(schema.get("patternProperties", {}))
    extras = [k for k in instance if k not in known and not any(search(p, k) for p in patterns)]
    if validator.is_type(additional, "object"):
        for extra in extras:
            yield from validator.descend(instance[extra], additional, path=extra)
    elif not additional and extras:
        listed = ", ".join(repr(e) for e in sorted(extras))
        if patterns:
            yield ValidationError(f"{listed} {'does' if len(extras) == 1 else 'do'} not match any of the regexes: "
                                  + ", ".join(repr(p) for p in sorted(patterns)))
        else:
            yield ValidationError(f"Additional properties are not allowed ({listed} "
                                  f"{'was' if len(extras) == 1 else 'were'} unexpected)")


@cache
def linear_keywords(cls: Any) -> Any:
    """The validator class with its pattern keywords on the linear-time engine."""
    from jsonschema import _utils
    from jsonschema.validators import extend

    _utils.re = _LINEAR_RE  # see the module's docstring
    return extend(cls, {"pattern": _pattern, "patternProperties": _pattern_properties,
                        "additionalProperties": _additional_properties})
