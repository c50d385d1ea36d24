"""Turning jsonschema's errors into diagnostics: one per mistake, at the deepest node, with a hint.

jsonschema reports a failed `oneOf` as one error whose context holds every branch's failures;
`best_match` descends that tree to the error that explains the most, so a user reads "expected
an integer" at the right field instead of "is not valid under any of the given schemas".
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from deckwright.diagnostic import Diagnostic
from deckwright.schema import codes
from deckwright.schema.drafts import DRAFT_URIS, known_draft
from deckwright.schema.failures import Failure
from deckwright.schema.library import load_jsonschema

if TYPE_CHECKING:
    from jsonschema import ValidationError

    from deckwright.loading import Document

    from deckwright.schema.store import Validator

_QUOTED = re.compile(r"'([^']*)'")
_JSON_TYPES = {bool: "boolean", int: "integer", float: "number", str: "string", list: "array",
               dict: "object", type(None): "null"}
_SLUG_HINT = "ids are lower-case letters and digits, words joined by '-' (e.g. 'fog-creature-3')"


def explain(errors: Iterable[ValidationError | Failure], doc: Document, base: Sequence[Any],
            validator: Validator | None = None) -> list[Diagnostic]:
    """One diagnostic per distinct mistake, located in `doc` under the pointer `base`.

    `errors` are jsonschema's, or Failures read off the compiled validator (`schema.failures`): those
    are never a choice, so they are their own best match, and explaining them imports no jsonschema.
    """
    found: dict[tuple[str, str], Diagnostic] = {}
    for error in errors:
        best = error if isinstance(error, Failure) else _best_match(error)
        if error.validator in ("oneOf", "anyOf") and len(best.absolute_path) <= len(error.absolute_path):
            best = error  # no branch explains more than the choice itself: say which branches there were
        for diagnostic in _describe(best, doc, tuple(base), validator):
            found.setdefault((diagnostic.pointer, diagnostic.message), diagnostic)
    return list(found.values())


def _best_match(error: ValidationError) -> ValidationError:
    load_jsonschema()
    from jsonschema.exceptions import best_match

    return best_match([error])


def close_match(word: str, choices: Iterable[str]) -> str | None:
    """The choice closest to `word`, if any is close enough to be a likely typo."""
    matches = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return matches[0] if matches else None


def did_you_mean(word: str, choices: Iterable[str]) -> str | None:
    match = close_match(word, choices)
    return f"did you mean '{match}'?" if match else None


def json_type(value: Any) -> str:
    return _JSON_TYPES.get(type(value), type(value).__name__)


def short(value: Any, limit: int = 40) -> str:
    text = repr(value) if not isinstance(value, str) else f"'{value}'"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _describe(error: ValidationError | Failure, doc: Document, base: tuple[Any, ...],
              validator: Validator | None) -> list[Diagnostic]:
    path = base + tuple(error.absolute_path)
    keyword = error.validator
    instance = error.instance
    value: Any = error.validator_value
    name = f"'{path[-1]}'" if path and isinstance(path[-1], str) else "value"
    if keyword in ("additionalProperties", "unevaluatedProperties") and isinstance(instance, dict):
        return _unknown_keys(error, doc, path, validator)
    if keyword == "required":
        missing = _QUOTED.findall(error.message)[:1] or [str(error.validator_value)]
        return [codes.MISSING.at(doc.locate(path), f"missing required field '{missing[0]}'")]
    where = doc.locate(path)
    if keyword == "type":
        expected = value if isinstance(value, list) else [value]
        message = f"{name} should be {' or '.join(map(str, expected))}, not {json_type(instance)} {short(instance)}"
        return [codes.WRONG_TYPE.at(where, message, hint=_quote_hint(doc, path, instance, expected))]
    if keyword == "enum":
        choices = [str(c) for c in value]
        listed = ", ".join(choices[:12]) + (", ..." if len(choices) > 12 else "")
        hint: str | None = did_you_mean(str(instance), choices) or f"allowed: {listed}"
        return [codes.NOT_ALLOWED.at(where, f"{name} is {short(instance)}; allowed values: {listed}", hint=hint)]
    if keyword == "const":
        return [codes.NOT_ALLOWED.at(where, f"{name} must be {short(error.validator_value)}, not {short(instance)}")]
    if keyword == "format":
        return [codes.FORMAT.at(where, f"{name} {short(instance)} is not a valid {error.validator_value}")]
    if keyword == "pattern":
        hint = _SLUG_HINT if "a-z0-9" in str(error.validator_value) else None
        hint = _quoted_number_hint(instance) or hint
        return [codes.INVALID.at(where, f"{name} {short(instance)} does not match {error.validator_value}", hint=hint)]
    if keyword in ("oneOf", "anyOf"):
        return [codes.INVALID.at(where, _choice_message(error, name, validator), hint=_quoted_number_hint(instance))]
    if keyword in ("dependencies", "dependentRequired") and isinstance(instance, dict):
        return _dependencies(error, doc, path)
    return [codes.INVALID.at(where, limit_message(error, name))]


def _quoted_number_hint(instance: Any) -> str | None:
    """`line: "62"`: a number written in quotes, where the schema wants one."""
    if isinstance(instance, str) and instance.strip().isdigit():
        return f"write a number: {instance.strip()} without quotes"
    return None


def limit_message(error: ValidationError | Failure, name: str) -> str:
    """What the value is and the limit it breaks, as `keyword value` (`maxLength 10`); never the whole value."""
    keyword, value, instance = str(error.validator), error.validator_value, error.instance
    schema: Any = error.schema
    if keyword in ("maxLength", "minLength") and isinstance(instance, str):
        return f"{name} is {len(instance)} character{'s' * (len(instance) != 1)} long; {keyword} {value}"
    if keyword in ("maxItems", "minItems") and isinstance(instance, list):
        return f"{name} has {len(instance)} item{'s' * (len(instance) != 1)}; {keyword} {value}"
    if keyword in ("maxProperties", "minProperties") and isinstance(instance, dict):
        return f"{name} has {len(instance)} field{'s' * (len(instance) != 1)}; {keyword} {value}"
    if keyword in ("maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum", "multipleOf"):
        exclusive = isinstance(schema, dict) and schema.get(f"exclusive{keyword.capitalize()}") is True
        return f"{name} is {short(instance)}; {keyword} {value}{' (exclusive)' if exclusive else ''}"
    if keyword == "uniqueItems":
        return f"{name} holds the same item twice; uniqueItems"
    if keyword == "not":
        return f"{name} {short(instance)} matches a schema it must not (not)"
    return f"{name} {short(instance)} breaks {keyword} {short(value)}"


def _choice_message(error: ValidationError, name: str, validator: Validator | None) -> str:
    """A failed oneOf/anyOf, told by its branches' titles or descriptions (or their types)."""
    branches: Any = error.validator_value
    labels = [_branch_label(branch, i, validator) for i, branch in enumerate(branches if isinstance(branches, list) else [])]
    if error.validator == "oneOf" and not error.context:
        return f"{name} is {short(error.instance)}, which matches more than one of: {'; '.join(labels)} (oneOf)"
    return f"{name} is {short(error.instance)}, which matches none of: {'; '.join(labels)} ({error.validator})"


def _branch_label(branch: Any, index: int, validator: Validator | None) -> str:
    if isinstance(branch, dict) and isinstance(branch.get("$ref"), str) and validator is not None:
        try:
            resolved = validator._store.py_registry.resolver(base_uri=validator.uri).lookup(branch["$ref"])
            branch = {**resolved.contents, **{k: v for k, v in branch.items() if k != "$ref"}} \
                if isinstance(resolved.contents, dict) else branch
        except Exception:  # noqa: BLE001 - an unresolvable ref is reported by the schema check
            pass
    if isinstance(branch, dict):
        for key in ("title", "description"):
            if isinstance(branch.get(key), str) and branch[key].strip():
                return short(branch[key].strip().split(". ")[0], 60).strip("'")
        if "type" in branch:
            kinds = branch["type"] if isinstance(branch["type"], list) else [branch["type"]]
            return " or ".join(map(str, kinds))
        if "const" in branch or "enum" in branch:
            return ", ".join(short(v) for v in ([branch["const"]] if "const" in branch else branch["enum"])[:5])
    return f"branch {index + 1}"


def _dependencies(error: ValidationError, doc: Document, path: tuple[Any, ...]) -> list[Diagnostic]:
    """A field that another present field requires (`dependencies`, `dependentRequired`), at the field that requires it."""
    named = _QUOTED.findall(error.message)  # "'needed' is a dependency of 'present'"
    if len(named) == 2 and named[1] in error.instance:
        return [codes.MISSING.at(doc.locate(path + (named[1],), key=True),
                                 f"'{named[0]}' is required when '{named[1]}' is present ({error.validator})")]
    return [codes.MISSING.at(doc.locate(path), f"a field is missing that {error.validator} requires")]



def _unknown_keys(error: ValidationError | Failure, doc: Document, path: tuple[Any, ...],
                  validator: Validator | None) -> list[Diagnostic]:
    known = _known_keys(error.schema, validator)
    named = set(_QUOTED.findall(error.message))
    instance: Any = error.instance
    unknown = [k for k in instance if k not in known and (not named or k in named)]
    found = []
    for key in unknown:
        hint = did_you_mean(key, known) or (f"allowed keys: {', '.join(sorted(known))}" if known else None)
        found.append(codes.UNKNOWN_KEY.at(doc.locate(path + (key,), key=True), f"unknown key '{key}'", hint=hint))
    return found


def _known_keys(schema: Any, validator: Validator | None) -> set[str]:
    """Property names a schema defines, following $ref and the applicators that combine schemas."""
    keys: set[str] = set()
    resolver = validator._store.py_registry.resolver(base_uri=validator.uri) if validator else None
    seen: set[int] = set()

    def walk(node: Any, res: Any, depth: int) -> None:
        if not isinstance(node, dict) or id(node) in seen or depth > 20:
            return
        seen.add(id(node))
        keys.update(node.get("properties", {}))
        for keyword in ("allOf", "anyOf", "oneOf"):
            for sub in node.get(keyword, []):
                walk(sub, res, depth + 1)
        for keyword in ("then", "else", "if"):
            walk(node.get(keyword), res, depth + 1)
        ref = node.get("$ref")
        if isinstance(ref, str) and res is not None:
            try:
                resolved = res.lookup(ref)
            except Exception:  # noqa: BLE001 - an unresolvable ref is reported by the schema check
                return
            walk(resolved.contents, resolved.resolver, depth + 1)

    walk(schema, resolver, 0)
    return keys


def _quote_hint(doc: Document, path: tuple[Any, ...], instance: Any, expected: list[Any]) -> str | None:
    if "string" not in expected or isinstance(instance, (str, dict, list)) or doc.kind != "yaml":
        return None
    where = doc.locate(path)
    line = doc.text.splitlines()[where.line - 1] if 0 < where.line <= doc.text.count("\n") + 1 else ""
    raw = line[where.column - 1:].split("#")[0].strip().rstrip(",]}") if line else str(instance)
    raw = raw or str(instance)
    return f"quote it to keep it a string: '{raw}' (unquoted, YAML reads it as {json_type(instance)} {instance!r})"


def meta_diagnostics(doc: Document, contents: Any) -> list[Diagnostic]:
    """Where a schema file breaks its draft's meta-schema."""
    load_jsonschema()
    from jsonschema.exceptions import best_match
    from jsonschema.validators import Draft202012Validator, validator_for

    if not isinstance(contents, dict):
        return [codes.BAD_SCHEMA.at(doc.locate(), "a schema must be a JSON object")]
    declared = contents.get("$schema")
    if not known_draft(contents):
        return [codes.BAD_SCHEMA.at(doc.locate(("$schema",)), f"unknown JSON Schema draft {short(declared)}",
                                    hint="use one of: " + ", ".join(DRAFT_URIS.values()))]
    cls = validator_for(contents, default=Draft202012Validator)
    meta = cls(cls.META_SCHEMA)
    found = []
    for error in meta.iter_errors(contents):
        best = best_match([error])
        path = tuple(best.absolute_path)
        found.append(codes.BAD_SCHEMA.at(doc.locate(path), f"invalid schema: {best.message}",
                                         hint=_schema_hint(best)))
    return found


def _schema_hint(error: ValidationError) -> str | None:
    if error.validator == "enum" and isinstance(error.instance, str):
        allowed: Any = error.validator_value
        return did_you_mean(error.instance, [str(v) for v in allowed])
    if error.validator == "anyOf" and isinstance(error.instance, str):
        return did_you_mean(error.instance, ["string", "number", "integer", "boolean", "array", "object", "null"])
    return None
