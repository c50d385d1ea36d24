"""Records of entity files to Entities, each validated against its type's schema."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from importlib.util import find_spec
from typing import Any

from deckwright.diagnostic import Diagnostic
from deckwright.loading import Document, ParseCache
from deckwright.loading import codes as loading_codes
from deckwright.loading.document import pointer_of
from deckwright.model import codes
from deckwright.model.files import FileRule
from deckwright.model.pack import Entity, TypeSpec
from deckwright.schema import SchemaStore, Validator, did_you_mean
from deckwright.schema import codes as schema_codes
from deckwright.schema.explain import explain, json_type, short

MAX_COPIES = 10_000  # per entity: copies drive counts, claims, proofs and exports (DW319 above it)


@dataclass
class EntityBuild:
    """Entities read so far and what was wrong with them."""

    entities: list[Entity] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)


def records(doc: Document, rule: FileRule) -> tuple[tuple[Any, ...], list[Any]] | Diagnostic:
    """The records of a file and the pointer to their list; a diagnostic if there is no list."""
    data = doc.data
    parts: tuple[Any, ...] = tuple(p.replace("~1", "/").replace("~0", "~") for p in rule.records.split("/")[1:])
    for part in parts:
        if isinstance(data, dict) and part in data:
            data = data[part]
        elif isinstance(data, list) and part.isdigit() and int(part) < len(data):
            data = data[int(part)]
        else:
            return codes.BAD_RECORDS.at(doc.locate(), f"no records at pointer '{rule.records}'")
    if data is None:
        return parts, []
    if isinstance(data, dict):
        return parts + ("",), [data]  # a file holding a single entity
    if not isinstance(data, list):
        return codes.BAD_RECORDS.at(doc.locate(parts), "expected a list of records")
    return parts, data


def read_entities(docs: Sequence[tuple[FileRule, Document]], types: dict[str, TypeSpec],
                  schemas: RecordSchemas, schema_uri: Callable[[str], str],
                  marks: CleanMarks | None = None) -> EntityBuild:
    """Entities of every entities file, validated; `schema_uri(spec_or_rule_schema)` maps names to URIs.

    With `marks`, a file whose records all read clean before (same bytes, same schemas and types) is
    not validated again: it would find nothing. A file that reads clean now is marked so.
    """
    build = EntityBuild()
    paths = _RecordPaths()
    for rule, doc in docs:
        if doc.data is None:
            continue
        found = records(doc, rule)
        if isinstance(found, Diagnostic):
            build.diagnostics.append(found)
            continue
        base, items = found
        single = base[-1:] == ("",)
        base = base[:-1] if single else base
        parts = [base] if single else paths.of(base, len(items))
        if marks is not None and marks.clean(doc, rule):
            _read_clean(build, doc, rule, parts, items, types, schema_uri)
            continue
        before = (len(build.diagnostics), schemas.broken_uses)
        for where, record in zip(parts, items):
            _read_one(build, doc, rule, where, record, types, schemas, schema_uri)
        if marks is not None and (len(build.diagnostics), schemas.broken_uses) == before:
            marks.mark(doc, rule)
    return build


def _read_clean(build: EntityBuild, doc: Document, rule: FileRule, paths: Sequence[tuple[Any, ...]],
                items: list[Any], types: dict[str, TypeSpec], schema_uri: Callable[[str], str]) -> None:
    """The entities of a file whose records all read clean before (`paths`: where each is): each built straight
    from its record (a record that is not what a clean one is, as a forged mark could claim, goes the ordinary
    way, unvalidated)."""
    add = build.entities.append
    id_field = rule.id_field
    for parts, record in zip(paths, items):
        type_id = (rule.type or record.get("type")) if type(record) is dict else None
        spec = types.get(type_id) if type(type_id) is str else None
        entity_id = record.get(id_field) if spec is not None and id_field is not None else ""
        copies = record.get("copies", 1) if spec is not None else None
        if (spec is None or type(entity_id) is not str or (id_field is not None and not entity_id)
                or type(copies) is not int or not 0 <= copies <= MAX_COPIES):
            _read_one(build, doc, rule, parts, record, types, None, schema_uri)
            continue
        add(Entity.of_record(entity_id, spec.id, str(record.get("name", entity_id)), copies, record, doc, parts,
                             id_field))


def _read_one(build: EntityBuild, doc: Document, rule: FileRule, parts: tuple[Any, ...], record: Any,
              types: dict[str, TypeSpec], schemas: RecordSchemas | None, schema_uri: Callable[[str], str]) -> None:
    """One record to an Entity, validated against its schema (not with `schemas` None: a file known clean)."""
    if not isinstance(record, dict):
        build.diagnostics.append(codes.BAD_RECORDS.at(doc.locate(parts), "a record must be a mapping of fields"))
        return
    type_id = rule.type or record.get("type")
    spec = types.get(type_id) if isinstance(type_id, str) else None
    if spec is None:
        if type_id is None:
            build.diagnostics.append(codes.UNKNOWN_TYPE.at(doc.locate(parts), "record has no type",
                                                           hint="add `type:` (one of the manifest's types)"))
        else:
            build.diagnostics.append(codes.UNKNOWN_TYPE.at(
                doc.locate(parts + ("type",)), f"type '{type_id}' is not declared in the manifest",
                hint=did_you_mean(str(type_id), types) or f"declared types: {', '.join(sorted(types))}"))
        return
    schema = rule.schema or spec.schema
    errors = schemas.check(doc, parts, record, schema_uri(schema) if schema else None) if schemas is not None else []
    if errors:
        build.diagnostics.extend(errors)
    if schemas is not None:
        _note_traps(build, doc, parts, errors)
    entity_id = ""
    if rule.id_field is not None:
        value = record.get(rule.id_field)
        if not isinstance(value, str) or not value:
            problem = id_problem(doc, parts, rule.id_field, value, errors)
            if problem is not None:
                build.diagnostics.append(problem)
            return
        entity_id = value
    copies = record.get("copies", 1)
    valid = isinstance(copies, int) and not isinstance(copies, bool) and copies >= 0
    if valid and copies > MAX_COPIES:
        valid = False
        build.diagnostics.append(codes.TOO_MANY_COPIES.at(
            doc.locate(parts + ("copies",)), f"copies is {copies}; at most {MAX_COPIES:,} are handled",
            hint="an extra digit? the entity counts as one copy until this is fixed"))
    build.entities.append(Entity.of_record(entity_id, spec.id, str(record.get("name", entity_id)), copies if valid else 1,
                                           record, doc, parts, rule.id_field))


class _RecordPaths:
    """The paths of records in their files, one tuple for each path however many files have it: `(0,)`, `(1,)`...
    are the same in every file of cards (a path a file's entities keep: 100,000 cards in 20 files hold 5,000
    tuples, not 100,000)."""

    def __init__(self) -> None:
        self._known: dict[tuple[Any, ...], list[tuple[Any, ...]]] = {}

    def of(self, base: tuple[Any, ...], count: int) -> list[tuple[Any, ...]]:
        """The paths of the first `count` items of the list at `base` (the list may hold more)."""
        known = self._known.setdefault(base, [])
        known.extend(base + (index,) for index in range(len(known), count))
        return known


class RecordSchemas:
    """Validates records against schemas by URI, compiling each schema once and reporting a broken one once."""

    def __init__(self, store: SchemaStore):
        self.store = store
        self._validators: dict[str, Validator | Diagnostic] = {}
        self.broken_uses = 0  # records checked against a broken schema (their file is never marked clean)

    def check(self, doc: Document, parts: tuple[Any, ...], record: Any, uri: str | None) -> list[Diagnostic]:
        """The record's schema errors; a broken schema's diagnostic the first time it is used; none without a schema
        (or with one the manifest names but the store lacks: that is reported at the manifest)."""
        if uri is None or uri not in self.store.by_uri:
            return []
        if uri not in self._validators:
            self._validators[uri] = self.store.validator(uri)
            broken = self._validators[uri]
            if isinstance(broken, Diagnostic):
                where = doc.locate(parts)  # a schema that is not in the store has no file of its own: the record's
                return [broken if broken.file else replace(
                    broken, file=where.file, line=where.line, column=where.column, pointer=where.pointer)]
        validator = self._validators[uri]
        if isinstance(validator, Diagnostic):
            self.broken_uses += 1
            return []
        if validator.is_valid(record):
            return []
        return explain(validator.failures(record), doc, parts, validator)


class CleanMarks:
    """Which entity files read clean before (the cache's `clean` entries), under a fingerprint of everything
    besides a file's bytes that decides it: every schema the store holds (as validated: refs reach any), the
    types, the file's rule, and the code that reads and validates records (this module, the schema store, the
    compiled validator's library)."""

    def __init__(self, cache: ParseCache, store: SchemaStore, types: Mapping[str, TypeSpec], uris: Mapping[str, str]):
        self.cache = cache
        self._store = store
        self._types = types
        self._uris = uris

    def clean(self, doc: Document, rule: FileRule) -> bool:
        return bool(doc.digest) and self.cache.clean(doc.path, doc.digest, self._key(rule))

    def mark(self, doc: Document, rule: FileRule) -> None:
        if doc.digest:
            self.cache.mark_clean(doc.path, doc.digest, self._key(rule))

    def _key(self, rule: FileRule) -> str:
        return hashlib.sha256(f"{self._fingerprint}\n{rule!r}".encode()).hexdigest()

    @cached_property
    def _fingerprint(self) -> str:
        from deckwright.schema import store

        schemas = json.dumps([self._store.draft, self._store.contents], sort_keys=True, default=repr)
        code = [_stamp(path) for path in (__file__, store.__file__, *_validator_library())]
        return hashlib.sha256("\n".join([schemas, repr(sorted(self._types.items())), repr(sorted(self._uris.items())),
                                          *code]).encode()).hexdigest()


def _validator_library() -> list[str]:
    """The files of the compiled validator's package (found without importing it)."""
    spec = find_spec("jsonschema_rs")
    folders = list(spec.submodule_search_locations or ()) if spec is not None else []
    return sorted(entry.path for folder in folders for entry in os.scandir(folder) if entry.is_file())


def _stamp(path: str) -> str:
    """A file's size and modification time: changed by any edit or upgrade of the code it holds."""
    try:
        stat = os.stat(path)
    except OSError:
        return f"{path} missing"
    return f"{path} {stat.st_size} {stat.st_mtime_ns}"


def id_problem(doc: Document, parts: tuple[Any, ...], id_field: str, value: Any,
               errors: Sequence[Diagnostic]) -> Diagnostic | None:
    """What is wrong with a record's id (missing, empty, not a string), unless the schema said it already."""
    if isinstance(value, str) and value:
        return None
    pointer = pointer_of(parts + (id_field,))
    if any(e.pointer == pointer for e in errors):
        return None
    where = doc.locate(parts + (id_field,))
    if value is None:
        return codes.MISSING_ID.at(doc.locate(parts), f"record has no '{id_field}'")
    if not isinstance(value, str):
        return schema_codes.WRONG_TYPE.at(where, f"'{id_field}' is {json_type(value)} {short(value)}; ids are strings",
                                          hint=f"write it as a string: \"{value}\"")
    return codes.MISSING_ID.at(where, f"'{id_field}' is empty")


def _note_traps(build: EntityBuild, doc: Document, parts: tuple[Any, ...], errors: list[Diagnostic]) -> None:
    """YAML 1.1 readings of values the schema accepted as strings (rejected ones already have a hint)."""
    if not doc.parsed.traps:
        return
    depth = len(parts)
    flagged = {e.pointer for e in errors}
    for trap in doc.parsed.traps:
        if tuple(trap.pointer[:depth]) != tuple(str(p) for p in parts):
            continue
        pointer = doc.at(trap.line, trap.column, trap.pointer).pointer
        if pointer in flagged or not isinstance(value_at(doc.data, trap.pointer), str):
            continue
        build.diagnostics.append(loading_codes.YAML11.at(
            doc.at(trap.line, trap.column, trap.pointer),
            f"'{trap.text}' is a string here, but a YAML 1.1 reader reads it as {trap.yaml11!r}",
            hint=f"quote it: '{trap.text}'"))


def value_at(data: Any, pointer: Sequence[str]) -> Any:
    """The value at a path of keys and indices (as strings); None where the path leads nowhere."""
    for part in pointer:
        if isinstance(data, list):
            data = data[int(part)] if part.isdigit() and int(part) < len(data) else None
        elif isinstance(data, dict):
            data = data.get(part)
        else:
            return None
    return data
