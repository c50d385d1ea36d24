"""Assembling a Pack from a pack folder: manifest, schemas, files, entities, in one pass.

Loading happens once per run. Every problem found on the way is a Diagnostic; a pack whose
manifest cannot be read at all yields no Pack, and the run goes on with the other packs.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deckwright.diagnostic import Diagnostic, Location
from deckwright.loading import Document, FileRef, ParseCache, read_documents
from deckwright.model import codes, manifest
from deckwright.model.entities import read_entities, records
from deckwright.model.files import MANIFEST, FileRule, display_path, expand_rules, inside, unread_files
from deckwright.model.pack import Pack
from deckwright.plugin import game_names
from deckwright.schema import SchemaSource, SchemaStore, core_schemas, core_uri, did_you_mean, explain
from deckwright.schema.drafts import DEFAULT_DRAFT, schema_id

SCHEMA_SUFFIXES = (".json", ".yaml", ".yml")
CONTENT_FOLDER = "content"  # <project>/content/<game>: the layout whose <project>/schemas/ a pack may use


@dataclass(frozen=True)
class LoadOptions:
    """How packs are read: the parse cache folder (None: no cache) and worker processes."""

    cache: Path | None = None
    workers: int | None = None


@dataclass(frozen=True)
class Loaded:
    """A pack (None if its manifest is unusable) and the diagnostics found while loading it."""

    pack: Pack | None
    diagnostics: tuple[Diagnostic, ...]
    store: SchemaStore | None = None


def problem_diagnostics(doc: Document) -> list[Diagnostic]:
    """A file's parse problems as diagnostics of that file."""
    from deckwright.codebook import lookup
    from deckwright.diagnostic import Related

    found = []
    for p in doc.parsed.problems:
        code = lookup(p.code)
        assert code is not None, p.code
        related = [Related(doc.display, ln, col, msg) for ln, col, msg in p.related]
        found.append(code.at(doc.at(p.line, p.column, p.pointer), p.message, hint=p.hint, related=related))
    return found


def load_pack(folder: Path, display: str, options: LoadOptions = LoadOptions()) -> Loaded:
    """Read the pack in `folder` (shown to the user as `display`)."""
    cache = ParseCache(options.cache)
    (man,) = read_documents([FileRef(folder / MANIFEST, display_path(display, MANIFEST), MANIFEST)], cache)
    diagnostics = problem_diagnostics(man)
    if not isinstance(man.data, dict):
        if man.data is not None or not diagnostics:
            diagnostics.append(codes.BAD_RECORDS.at(man.locate(), "pack.yaml must be a mapping"))
        return Loaded(None, tuple(diagnostics))

    draft = str(man.data.get("schema_draft", DEFAULT_DRAFT))
    schema_folder = folder / str(man.data.get("schemas", "schemas"))
    allowed = schema_root(folder, schema_folder)
    if allowed is None:
        diagnostics.append(_outside_schema_folder(man, man.data.get("schemas")))
    schema_docs = _schema_documents(folder, display, schema_folder, allowed, cache, diagnostics)
    store = _store(schema_docs, draft if draft in ("4", "6", "7", "2019-09", "2020-12") else DEFAULT_DRAFT)
    for doc in schema_docs:
        diagnostics.extend(problem_diagnostics(doc))
    diagnostics.extend(store.check())

    manifest_errors = _validate(store, core_uri("pack"), man, ())
    diagnostics.extend(manifest_errors)
    data = manifest.prune(man.data, manifest_errors)
    if data is None:
        return Loaded(None, tuple(diagnostics), store)
    diagnostics.extend(manifest.markup_problems(man, data))
    if "schemas" in data and allowed is not None and not schema_folder.is_dir():
        diagnostics.append(_missing_schema_folder(man, data["schemas"]))
    engine = data.get("engine")
    if engine is not None and engine not in game_names():
        diagnostics.append(codes.UNKNOWN_ENGINE.at(
            man.locate(("engine",)), f"no game '{engine}' is installed",
            hint=did_you_mean(engine, game_names()) or f"installed: {', '.join(game_names()) or 'none'}"))
        engine = None

    rules = manifest.file_rules(data)
    ignore = [str(g) for g in data.get("ignore") or []]
    expanded, file_diagnostics = expand_rules(folder, display, rules, man, ignore)
    diagnostics.extend(file_diagnostics)
    read = {ref.relpath for _, ref in expanded} | {doc.relpath for doc in schema_docs}
    diagnostics.extend(unread_files(folder, display, read, ignore))

    to_parse = [(rule, ref) for rule, ref in expanded if rule.kind != "assets"]
    docs = read_documents([ref for _, ref in to_parse], cache, options.workers)
    by_kind: dict[str, list[tuple[FileRule, Document]]] = {}
    for (rule, _), doc in zip(to_parse, docs):
        diagnostics.extend(problem_diagnostics(doc))
        by_kind.setdefault(rule.kind, []).append((rule, doc))

    types = manifest.type_specs(data)

    uris: dict[str, str] = {}

    def schema_uri(name: str) -> str:
        if name not in uris:
            uris[name] = schema_file_uri(store, schema_folder, name)
        return uris[name]

    for name, spec in types.items():
        if schema_uri(spec.schema) not in store.by_uri:
            diagnostics.append(codes_unresolved(man, ("types", name, "schema"), spec.schema))
    built = read_entities(by_kind.get("entities", []), types, store, schema_uri)
    diagnostics.extend(built.diagnostics)
    for kind, core in (("rules", "rules"), ("layouts", "layout")):
        if core_uri(core) in store.by_uri:
            for _, doc in by_kind.get(kind, []):
                if doc.data is not None:
                    diagnostics.extend(_validate(store, core_uri(core), doc, ()))

    by_id = {e.id for e in built.entities}
    translations, translation_diagnostics = _translations(by_kind.get("translations", []), by_id)
    diagnostics.extend(translation_diagnostics)

    pack = Pack(
        id=str(data["id"]),
        name=str(data["name"]),
        version=str(data["version"]),
        root=folder,
        display=display,
        manifest=man,
        players=(int(data["players"]["min"]), int(data["players"]["max"])),
        engine=engine,
        types=types,
        entities=tuple(built.entities),
        decks=manifest.decks(data),
        components=manifest.components(data),
        glossary=manifest.glossary(data),
        sources=manifest.sources(data),
        acknowledged=manifest.acknowledgements(data),
        sizes=manifest.sizes(data),
        markup=manifest.markup(data),
        rules=tuple(doc for _, doc in by_kind.get("rules", []) if doc.data is not None),
        layouts=tuple(doc for _, doc in by_kind.get("layouts", []) if doc.data is not None),
        assets=tuple(ref.relpath for rule, ref in expanded if rule.kind == "assets"),
        translations=translations,
        documents=(man, *schema_docs, *docs),
    )
    return Loaded(pack, tuple(diagnostics), store)


def codes_unresolved(man: Document, parts: Sequence[Any], name: str) -> Diagnostic:
    from deckwright.schema import codes as schema_codes

    return schema_codes.UNRESOLVED.at(man.locate(parts), f"schema file '{name}' not found in the pack's schema folder")


def _missing_schema_folder(man: Document, name: Any) -> Diagnostic:
    from deckwright.schema import codes as schema_codes

    return schema_codes.UNRESOLVED.at(man.locate(("schemas",)), f"schema folder '{name}' does not exist")


def schema_root(folder: Path, schema_folder: Path) -> Path | None:
    """The folder a pack's schemas are confined to, or None when its schema folder lies outside both.

    A pack may keep its schemas in its own folder, or in the `schemas/` folder of the project that
    holds it: a pack at <project>/content/<game> may name ../../schemas/<game> (the repository layout
    deckwright ships). Links are followed before the comparison, so a link cannot lead elsewhere.
    """
    try:
        pack = folder.resolve()
        target = schema_folder.resolve()
    except (OSError, ValueError, RuntimeError):
        return None
    roots = [pack]
    if pack.parent.name == CONTENT_FOLDER:
        roots.append(pack.parent.parent / "schemas")
    for root in roots:
        if target == root or root in target.parents:
            return root
    return None


def _outside_schema_folder(man: Document, name: Any) -> Diagnostic:
    from deckwright.schema import codes as schema_codes

    return schema_codes.OUTSIDE.at(man.locate(("schemas",)), f"schema folder '{name}' lies outside the pack "
                                   "and its project's schemas/ folder; no schema is read from it",
                                   hint="keep schemas in the pack folder or in <project>/schemas/")


def _schema_documents(folder: Path, display: str, schema_folder: Path, allowed: Path | None, cache: ParseCache,
                      diagnostics: list[Diagnostic]) -> list[Document]:
    """The schema files under the schema folder; a link that leads out of `allowed` is reported, not read."""
    from deckwright.schema import codes as schema_codes

    if allowed is None or not schema_folder.is_dir():
        return []
    refs = []
    for path in sorted(schema_folder.rglob("*")):
        if path.suffix in SCHEMA_SUFFIXES and not path.name.startswith(".") and path.is_file():
            rel = os.path.relpath(path, folder)
            if not inside(allowed, path):
                diagnostics.append(schema_codes.OUTSIDE.at(
                    Location(display_path(display, rel), 1, 1), f"schema file '{rel}' is a link to a file outside "
                    "the schema folder; it is not read"))
                continue
            refs.append(FileRef(path, display_path(display, rel), rel))
    return read_documents(refs, cache)


def _store(docs: list[Document], draft: str) -> SchemaStore:
    sources = core_schemas()
    for doc in docs:
        if doc.data is not None:
            sources.append(SchemaSource(schema_id(doc.data) or doc.path.resolve().as_uri(), doc.data, doc))
    return SchemaStore(sources, draft)


def schema_file_uri(store: SchemaStore, schema_folder: Path, name: str) -> str:
    """The URI of a schema named by file (relative to the schema folder) or by URI."""
    if "://" in name or name.startswith("urn:"):
        return name
    path = (schema_folder / name).resolve()
    for source in store.by_uri.values():
        if source.doc is not None and source.doc.path.resolve() == path:
            return source.uri
    return path.as_uri()


def _validate(store: SchemaStore, uri: str, doc: Document, base: tuple[Any, ...]) -> list[Diagnostic]:
    validator = store.validator(uri)
    if isinstance(validator, Diagnostic):
        return [validator]
    if validator.is_valid(doc.data):
        return []
    return explain(validator.errors(doc.data), doc, base, validator)


def _translations(docs: list[tuple[FileRule, Document]], known: set[str]
                  ) -> tuple[dict[str, dict[str, dict[str, Any]]], list[Diagnostic]]:
    translations: dict[str, dict[str, dict[str, Any]]] = {}
    diagnostics: list[Diagnostic] = []
    for rule, doc in docs:
        found = records(doc, rule)
        if isinstance(found, Diagnostic):
            diagnostics.append(found)
            continue
        base, items = found
        language = rule.language or doc.path.stem
        for index, record in enumerate(items):
            parts = base + (index,)
            if not isinstance(record, dict) or not isinstance(record.get(rule.id_field), str):
                diagnostics.append(codes.MISSING_ID.at(doc.locate(parts), f"translation has no '{rule.id_field}'"))
                continue
            target = record[rule.id_field]
            if target not in known:
                diagnostics.append(codes.UNKNOWN_TRANSLATION.at(
                    doc.locate(parts + (rule.id_field,)), f"no entity '{target}' to translate",
                    hint=did_you_mean(target, known)))
                continue
            fields = {k: v for k, v in record.items() if k != rule.id_field}
            translations.setdefault(language, {})[target] = fields
    return translations, diagnostics
