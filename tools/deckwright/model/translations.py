"""Translation files: records that overlay entities by id, one locale each, validated like the entities.

A translation rule names the type it translates (`type:`; every type when it names none), takes
the locale from its path (`translations/{locale}/**`), from `language:` or from the file name, and
validates each record against the schema the rule names or one derived from the type's schema:
the id field and the type's `translatable` fields (every field of its schema when it names none),
each with the base schema's own definition, and no other field.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from deckwright.diagnostic import Diagnostic, Related, Severity
from deckwright.loading import Document
from deckwright.model import codes
from deckwright.model.entities import RecordSchemas, id_problem, records
from deckwright.model.files import FileRule
from deckwright.model.pack import Entity, TypeSpec
from deckwright.schema import did_you_mean
from deckwright.schema.drafts import DEFAULT_DRAFT, DRAFT_URIS
from deckwright.schema.pointer import resolve_pointer


@dataclass
class TranslationBuild:
    """Overlays by locale and id, how much of each locale is translated, and what was wrong."""

    overlays: dict[str, dict[tuple[str, str], dict[str, Any]]] = field(default_factory=dict)  # locale -> (type, id)
    locales: dict[str, dict[str, int]] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)


class _Target(NamedTuple):
    """What a translation rule translates: its types, their entities by id, and the schema URI."""

    types: tuple[str, ...]
    entities: Mapping[str, Entity]
    schema: str | None
    shared: Mapping[str, tuple[str, ...]]  # ids that several of the types use, with those types
    translatable: tuple[str, ...] | None
    complete: bool = True  # every file of the types parsed: an id not among them is an orphan


def read_translations(docs: Sequence[tuple[FileRule, Document]], entities: Sequence[Entity],
                      types: Mapping[str, TypeSpec], schemas: RecordSchemas,
                      schema_uri: Callable[[str], str], unreadable: frozenset[str] = frozenset()) -> TranslationBuild:
    """Every translation file's records, validated, overlaid by id; `unreadable` types (a file of theirs does not
    parse) have incomplete ids, so translations of them are not called orphans."""
    build = TranslationBuild()
    seen: dict[tuple[str, tuple[str, ...], str], tuple[Document, tuple[Any, ...]]] = {}
    translated_types: dict[str, set[str]] = {}
    translated: dict[str, set[tuple[str, str]]] = {}
    targets: dict[int, _Target] = {}
    for rule, doc in docs:
        if doc.data is None:
            continue
        target = targets.get(rule.index) or targets.setdefault(
            rule.index, _target(rule, entities, types, schemas, schema_uri, unreadable))
        found = records(doc, rule)
        if isinstance(found, Diagnostic):
            build.diagnostics.append(found)
            continue
        locale = rule.language or rule.locale_of(doc.relpath) or doc.path.stem
        translated_types.setdefault(locale, set()).update(target.types)
        base, items = found
        for index, record in enumerate(items):
            parts = base + (index,)
            entity = _read_one(build, doc, rule, parts, record, target, schemas, locale, seen)
            if entity is not None:
                translated.setdefault(locale, set()).add((entity.type, entity.id))
    per_type = Counter(e.type for e in entities if not e.anonymous) if translated_types else Counter()
    for locale in sorted(translated_types):
        total = sum(per_type[t] for t in translated_types[locale])
        build.locales[locale] = {"translated": len(translated.get(locale, ())), "records": total}
    return build


def _read_one(build: TranslationBuild, doc: Document, rule: FileRule, parts: tuple[Any, ...], record: Any,
              target: _Target, schemas: RecordSchemas, locale: str,
              seen: dict[tuple[str, tuple[str, ...], str], tuple[Document, tuple[Any, ...]]]) -> Entity | None:
    """The entity a translation record overlays (None when there is none), its findings added to the build."""
    if not isinstance(record, dict):
        build.diagnostics.append(codes.BAD_RECORDS.at(doc.locate(parts), "a record must be a mapping of fields"))
        return None
    id_field = rule.id_field or "id"
    errors = schemas.check(doc, parts, record, target.schema)
    build.diagnostics.extend(errors)
    value = record.get(id_field)
    problem = id_problem(doc, parts, id_field, value, errors)
    if problem is not None:
        build.diagnostics.append(problem)
    if not isinstance(value, str) or not value:
        return None
    key = (locale, target.types, value)
    if key in seen:
        first_doc, first_parts = seen[key]
        first = first_doc.locate(first_parts + (id_field,))
        build.diagnostics.append(codes.DUPLICATE_TRANSLATION.at(
            doc.locate(parts + (id_field,)), f"'{value}' is translated twice into {locale} "
                                             f"(first at line {first.line} of {first.file})",
            related=[Related(first.file, first.line, first.column, "first translation")],
            hint="remove one of the two records: only the first is used"))
        return None
    seen[key] = (doc, parts)
    entity = target.entities.get(value)
    if entity is None and target.complete:
        build.diagnostics.append(codes.UNKNOWN_TRANSLATION.at(
            doc.locate(parts + (id_field,)), f"no {' or '.join(target.types)} '{value}' to translate into {locale}",
            hint=did_you_mean(value, target.entities)))
    if entity is None:
        return None
    if value in target.shared:
        build.diagnostics.append(codes.AMBIGUOUS_TRANSLATION.at(
            doc.locate(parts + (id_field,)),
            f"'{value}' is the id of a {' and a '.join(target.shared[value])}; translated as the {entity.type}",
            hint="give this translation rule a `type:`"))
    fields = {k: v for k, v in record.items() if k != id_field}
    build.overlays.setdefault(locale, {})[(entity.type, value)] = fields
    if rule.untranslated:
        missing = [f for f in target.translatable or () if f in entity.data and f not in record]
        if missing:
            build.diagnostics.append(codes.UNTRANSLATED.at(
                doc.locate(parts + (id_field,)), f"{locale} translation of '{value}' lacks {', '.join(missing)}",
                severity=Severity.INFO))
    return entity


def _target(rule: FileRule, entities: Sequence[Entity], types: Mapping[str, TypeSpec], schemas: RecordSchemas,
            schema_uri: Callable[[str], str], unreadable: frozenset[str]) -> _Target:
    names = (rule.type,) if rule.type else tuple(sorted(types))
    by_id: dict[str, Entity] = {}
    kinds: dict[str, set[str]] = {}
    for entity in sorted((e for e in entities if e.type in names and not e.anonymous), key=lambda e: e.type):
        by_id.setdefault(entity.id, entity)
        kinds.setdefault(entity.id, set()).add(entity.type)
    shared = {i: tuple(sorted(k)) for i, k in kinds.items() if len(k) > 1}
    spec = types.get(rule.type) if rule.type else None
    complete = not unreadable & set(names)
    translatable = spec.translatable if spec else None
    if rule.schema:
        return _Target(names, by_id, schema_uri(rule.schema), shared, translatable, complete)
    if spec is None or spec.schema is None:
        return _Target(names, by_id, None, shared, translatable, complete)
    derived = derive_schema(schemas, schema_uri(spec.schema), rule.id_field or "id", spec)
    return _Target(names, by_id, derived, shared, translatable or _properties(schemas, schema_uri(spec.schema)), complete)


def derive_schema(schemas: RecordSchemas, base: str, id_field: str, spec: TypeSpec) -> str | None:
    """The URI of a translation schema derived from the type's: its id and translatable fields, as defined there."""
    uri = f"urn:deckwright:translation:{spec.id}"
    if uri in schemas.store.by_uri:
        return uri
    node, draft = resolve_pointer(schemas.store, base)
    if node is None:
        return None
    found = node.get("properties") if isinstance(node, dict) else None
    defined: dict[str, Any] = found if isinstance(found, dict) else {}
    fields = [id_field, *(f for f in (spec.translatable or tuple(defined)) if f != id_field)]
    prefix = base if "#" in base else base + "#"
    properties = {f: ({"$ref": f"{prefix}/properties/{_escape(f)}"} if f in defined else {}) for f in fields}
    schema = {"$schema": draft or DRAFT_URIS[DEFAULT_DRAFT], "type": "object", "required": [id_field], "properties": properties,
              "additionalProperties": False}
    schemas.store.add(uri, schema)
    return uri


def _properties(schemas: RecordSchemas, base: str) -> tuple[str, ...]:
    node, _ = resolve_pointer(schemas.store, base)
    defined = node.get("properties") if isinstance(node, dict) else None
    return tuple(defined) if isinstance(defined, dict) else ()


def _escape(name: str) -> str:
    return name.replace("~", "~0").replace("/", "~1")
