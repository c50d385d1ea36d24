"""Records of entity files to Entities, each validated against its type's schema."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from deckwright.diagnostic import Diagnostic
from deckwright.loading import Document
from deckwright.loading import codes as loading_codes
from deckwright.model import codes
from deckwright.model.files import FileRule
from deckwright.model.pack import Entity, TypeSpec
from deckwright.schema import SchemaStore, Validator, did_you_mean, explain

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
                  store: SchemaStore, schema_uri: Any) -> EntityBuild:
    """Entities of every entities file, validated; `schema_uri(spec_or_rule_schema)` maps names to URIs."""
    build = EntityBuild()
    validators: dict[str, Validator | Diagnostic] = {}
    reported_schemas: set[str] = set()
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
        for index, record in enumerate(items):
            parts = base if single else base + (index,)
            _read_one(build, doc, rule, parts, record, types, store, schema_uri, validators, reported_schemas)
    return build


def _read_one(build: EntityBuild, doc: Document, rule: FileRule, parts: tuple[Any, ...], record: Any,
              types: dict[str, TypeSpec], store: SchemaStore, schema_uri: Any,
              validators: dict[str, Validator | Diagnostic], reported: set[str]) -> None:
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
    uri = schema_uri(rule.schema or spec.schema)
    if uri not in validators:
        validators[uri] = store.validator(uri)
    validator = validators[uri]
    errors: list[Diagnostic] = []
    if isinstance(validator, Diagnostic):
        if uri not in reported:
            reported.add(uri)
            where = doc.locate(parts)  # a schema that is not in the store has no file of its own: the record's
            build.diagnostics.append(validator if validator.file else replace(
                validator, file=where.file, line=where.line, column=where.column, pointer=where.pointer))
    elif not validator.is_valid(record):
        errors = explain(validator.errors(record), doc, parts, validator)
        build.diagnostics.extend(errors)
    _note_traps(build, doc, parts, errors)
    entity_id = record.get(rule.id_field)
    if not isinstance(entity_id, str) or not entity_id:
        if not any(e.pointer == doc.locate(parts + (rule.id_field,)).pointer for e in errors):
            build.diagnostics.append(codes.MISSING_ID.at(doc.locate(parts), f"record has no '{rule.id_field}'"))
        return
    copies = record.get("copies", 1)
    valid = isinstance(copies, int) and not isinstance(copies, bool) and copies >= 0
    if valid and copies > MAX_COPIES:
        valid = False
        build.diagnostics.append(codes.TOO_MANY_COPIES.at(
            doc.locate(parts + ("copies",)), f"copies is {copies}; at most {MAX_COPIES:,} are handled",
            hint="an extra digit? the entity counts as one copy until this is fixed"))
    build.entities.append(Entity(
        id=entity_id,
        type=spec.id,
        name=str(record.get("name", entity_id)),
        copies=copies if valid else 1,
        data=record,
        doc=doc,
        parts=parts,
    ))


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
