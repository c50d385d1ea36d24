"""The schemas a pack validates against: deckwright's core schemas and the pack's own folder.

Validation has a fast path and an explaining path. jsonschema-rs (compiled, 2020-12 and the
older drafts) answers "is this valid?" for every entity; only entities that fail are validated
again with jsonschema, whose error tree gives the deepest, best-explained error. Schemas are
never fetched from the network or read from a file: a $ref must name a schema this store holds,
and a `$schema` must name one of the drafts deckwright ships; a schema declaring another is
reported and never compiled (jsonschema-rs would otherwise try to download its meta-schema).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckwright.diagnostic import Diagnostic
from deckwright.schema import codes
from deckwright.schema.failures import Failure, read_failures
from deckwright.schema.drafts import DEFAULT_DRAFT, known_draft, schema_id, with_draft
from deckwright.schema.library import format_checker, load_jsonschema

if TYPE_CHECKING:
    import jsonschema
    import referencing

    from deckwright.loading import Document

CORE_PACKAGE = "deckwright"
CORE_FOLDER = "schemas/core"
CORE_BASE = "https://deckwright.dev/schema/core/"


@dataclass(frozen=True)
class SchemaSource:
    """One schema: the URI it is known by, its contents, and the file it came from (if any)."""

    uri: str
    contents: Any
    doc: Document | None = None


def core_schemas() -> list[SchemaSource]:
    """deckwright's own schemas, read from the installed package (a folder beside its modules: found without
    importlib.resources, whose imports cost a lint more than reading the schemas)."""
    from importlib.util import find_spec

    spec = find_spec(CORE_PACKAGE)
    assert spec is not None and spec.origin is not None, "deckwright is imported, so it is found"
    folder = Path(spec.origin).parent / CORE_FOLDER
    sources = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".schema.json"):
            contents = json.loads(entry.read_text(encoding="utf-8"))
            sources.append(SchemaSource(schema_id(contents) or CORE_BASE + entry.name, contents))
    return sources


def core_uri(name: str) -> str:
    """URI of a core schema by short name (`pack`, `entity`, `rules`, `layout`)."""
    return f"{CORE_BASE}{name}.schema.json"


def _ref_path(node: Any, uri: str, at: tuple[Any, ...] = ()) -> tuple[Any, ...]:
    """Path of the first `$ref` in a schema that names `uri` (empty if none does)."""
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.split("#")[0] and uri.startswith(ref.split("#")[0]):
            return at + ("$ref",)
        items: Any = node.items()
    elif isinstance(node, list):
        items = enumerate(node)
    else:
        return ()
    for key, child in items:
        found = _ref_path(child, uri, at + (key,))
        if found:
            return found
    return ()


_LITERAL_KEYWORDS = frozenset({"enum", "const", "examples", "default"})


def refused_pattern(source: SchemaSource) -> Diagnostic | None:
    """The first `pattern` or `patternProperties` key the linear engine cannot run, as a diagnostic."""
    from deckwright.patterns import PatternError, linear  # RE2: only when a schema is compiled

    todo: list[tuple[Any, tuple[Any, ...]]] = [(source.contents, ())]
    while todo:
        node, at = todo.pop()
        items: Any = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for key, child in items:
            if isinstance(node, dict) and key in _LITERAL_KEYWORDS:
                continue
            checks = ([(child, at + (key,), False)] if key == "pattern" and isinstance(child, str) else
                      [(k, at + (key, k), True) for k in child] if key == "patternProperties"
                      and isinstance(child, dict) else [])
            for expression, where, is_key in checks:
                try:
                    linear(expression)
                except PatternError as exc:
                    located = source.doc.locate(where, key=is_key) if source.doc else None
                    return codes.UNSUPPORTED_PATTERN.at(
                        located, f"pattern {expression[:80]!r} cannot run on the linear-time engine: {exc}; the "
                        "schema's entities are not validated", hint="RE2 syntax: no look-around or back-references")
            todo.append((child, at + (key,)))
    return None


def _meta_valid(contents: Any) -> bool:
    """Whether a schema is valid under its draft's meta-schema; a draft deckwright does not ship is not."""
    if not isinstance(contents, dict) or not known_draft(contents):
        return False
    import jsonschema_rs

    try:
        return bool(jsonschema_rs.meta.is_valid(contents))
    except (jsonschema_rs.ReferencingError, ValueError):
        return False


def _refuse(uri: str) -> Any:
    raise ValueError(f"{uri} is not a schema deckwright knows (schemas are never downloaded)")


class SchemaStore:
    """Schemas by URI, with compiled validators and meta-schema checks."""

    def __init__(self, sources: list[SchemaSource], draft: str = DEFAULT_DRAFT):
        self.draft = draft
        self.by_uri: dict[str, SchemaSource] = {}
        self._refused: list[Diagnostic] = []
        for source in sources:
            if source.doc is not None and source.uri.startswith(CORE_BASE):
                self._refused.append(codes.RESERVED_ID.at(
                    source.doc.locate(("$id",)), f"$id {source.uri} is reserved for deckwright's core schemas",
                    hint="give the schema an $id of your own"))
                continue
            contents = with_draft(source.contents, draft)
            self.by_uri[source.uri] = SchemaSource(source.uri, contents, source.doc)
        self._validators: dict[str, Validator | Diagnostic] = {}
        self._contents: dict[str, Any] | None = None

    @property
    def contents(self) -> dict[str, Any]:
        """Each schema's contents by URI."""
        if self._contents is None:
            self._contents = {uri: source.contents for uri, source in self.by_uri.items()}
        return self._contents

    def add(self, uri: str, contents: Any) -> None:
        """A schema deckwright writes itself (a translation's, a pointer's wrapper), added after loading."""
        self.by_uri[uri] = SchemaSource(uri, contents)
        self._contents = None
        self.__dict__.pop("py_registry", None)  # rebuilt with the new schema when next needed

    def check(self) -> list[Diagnostic]:
        """Meta-schema findings for every schema that came from a file."""
        from deckwright.schema.explain import meta_diagnostics

        found: list[Diagnostic] = list(self._refused)
        for source in self.by_uri.values():
            if source.doc is None:
                continue
            if _meta_valid(source.contents):
                continue
            found.extend(meta_diagnostics(source.doc, source.contents))
        return found

    def validator(self, uri: str) -> Validator | Diagnostic:
        """The compiled validator for a schema, or the diagnostic saying why there is none."""
        if uri not in self._validators:
            self._validators[uri] = self._compile(uri)
        return self._validators[uri]

    def _compile(self, uri: str) -> Validator | Diagnostic:
        source = self.by_uri.get(uri)
        if source is None:
            return codes.UNRESOLVED.at(None, f"no schema {uri}")
        if not _meta_valid(source.contents):
            where = source.doc.locate() if source.doc else None
            return codes.BAD_SCHEMA.at(where, f"schema {uri} is invalid; its entities are not validated")
        refused = refused_pattern(source)
        if refused is not None:
            return refused
        import jsonschema_rs  # imported with the first schema compiled: `explain` and `--help` never need it

        try:
            fast = jsonschema_rs.validator_for(
                source.contents, retriever=self._retrieve, validate_formats=True, base_uri=uri,
                pattern_options=jsonschema_rs.RegexOptions(),
            )
        except (jsonschema_rs.ValidationError, jsonschema_rs.ReferencingError, ValueError) as exc:
            reason = str(exc).splitlines()[0]
            missing = re.search(r"Resource '([^']+)'", reason)
            parts = _ref_path(source.contents, missing.group(1)) if missing else ()
            where = source.doc.locate(parts) if source.doc else None
            return codes.UNRESOLVED.at(where, f"schema {uri} cannot be compiled: {reason}",
                                       hint="a $ref must name a core schema's $id or a file of the pack's schema folder")
        return Validator(uri, source, fast, self)

    def _retrieve(self, uri: str) -> Any:
        """Schemas a $ref names, from this store only: one broken schema breaks only its own validator."""
        source = self.by_uri.get(uri.split("#")[0].rstrip("#"))
        if source is None or not isinstance(source.contents, dict):
            return _refuse(uri)
        return source.contents

    @cached_property
    def py_registry(self) -> referencing.Registry[Any]:
        from referencing import Registry, Resource
        from referencing.jsonschema import DRAFT202012

        return Registry().with_resources(
            (uri, Resource.from_contents(s.contents, default_specification=DRAFT202012))
            for uri, s in self.by_uri.items() if isinstance(s.contents, dict)
        )


class Validator:
    """A compiled schema: `is_valid` on the fast path, `errors` to explain a failure."""

    def __init__(self, uri: str, source: SchemaSource, fast: Any, store: SchemaStore):
        self.uri = uri
        self.source = source
        self._fast = fast
        self._store = store

    def is_valid(self, instance: Any) -> bool:
        try:
            return bool(self._fast.is_valid(instance))
        except (ValueError, OverflowError):  # numbers jsonschema-rs cannot hold: take the slow path
            return False

    def failures(self, instance: Any) -> Sequence[jsonschema.ValidationError | Failure]:
        """What `explain` needs of an invalid instance: read off the compiled validator's errors when it can
        (`schema.failures`), else every error jsonschema finds."""
        try:
            found = read_failures(list(self._fast.iter_errors(instance)), instance, self._store.contents)
        except (ValueError, OverflowError):  # numbers jsonschema-rs cannot hold: jsonschema explains
            found = None
        return found if found is not None else self.errors(instance)

    @cached_property
    def explainer(self) -> jsonschema.protocols.Validator:
        load_jsonschema()
        from jsonschema.validators import validator_for

        from deckwright.schema.keywords import linear_keywords

        draft = validator_for(self.source.contents)
        cls = linear_keywords(draft)
        return cls(self.source.contents, registry=self._store.py_registry, format_checker=format_checker(draft))

    def errors(self, instance: Any) -> list[jsonschema.ValidationError]:
        """Every error jsonschema finds, best-explained first at each place."""
        load_jsonschema()
        from referencing.exceptions import Unresolvable

        from jsonschema.exceptions import ValidationError

        try:
            return list(self.explainer.iter_errors(instance))
        except Unresolvable:
            return []
        except RecursionError:  # a $ref cycle that never reaches a value: the value is still invalid
            return [ValidationError("the schema refers to itself without end (a $ref cycle), so the value "
                                    "cannot be checked", validator="$ref", validator_value=None, instance=instance)]
