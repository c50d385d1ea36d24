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
from deckwright.model.entities import CleanMarks, RecordSchemas, read_entities
from deckwright.model.files import MANIFEST, FileRule, display_path, expand_rules, inside, unread_files
from deckwright.model.layouts import read_layouts
from deckwright.model.pack import Pack, TypeSpec, schemas_folder
from deckwright.model.rules import read_rules
from deckwright.plugin import game_names
from deckwright.schema import SchemaSource, SchemaStore, core_schemas, core_uri, did_you_mean
from deckwright.model.translations import read_translations
from deckwright.schema.drafts import (
    DEFAULT_DRAFT,
    DRAFT_URIS,
    KEYWORDS,
    DraftChoice,
    choose_draft,
    draft_name,
    ignored_keywords,
    schema_id,
    with_draft,
)
from deckwright.schema.explain import explain
from deckwright.schema.pointer import pointer_schema, split_fragment

SCHEMA_SUFFIXES = (".json", ".yaml", ".yml")
CORE_SCHEMA_OF = {"rules": "rules", "layouts": "layout", "engine": "engine"}  # files kind -> its core schema
DESCRIBED = "described"  # the game that plays a pack's own engine description (files of kind `engine`)
CONTENT_FOLDER = "content"  # <project>/content/<game>: the layout whose <project>/schemas/ a pack may use


@dataclass(frozen=True)
class LoadOptions:
    """How packs are read: the parse cache folder (None: no cache), worker processes, and the database folder
    the `files` globs read (None: the manifest's `root:`, else the pack folder)."""

    cache: Path | None = None
    workers: int | None = None
    root: Path | None = None


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

    declared_draft = man.data.get("schema_draft")
    root, root_display, root_diagnostics = data_root(folder, display, man.data, man, options.root)
    schema_folder = schemas_folder(folder, root, man.data)
    allowed = schema_root(folder, schema_folder, root)
    if allowed is None:
        diagnostics.append(_outside_schema_folder(man, man.data.get("schemas")))
    schema_docs = _schema_documents(folder, display, schema_folder, allowed, cache, diagnostics)
    for doc in schema_docs:
        diagnostics.extend(problem_diagnostics(doc))
    store, draft_diagnostics = _store(schema_docs, str(declared_draft) if declared_draft in KEYWORDS else None)
    diagnostics.extend(store.check())
    diagnostics.extend(draft_diagnostics)

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

    diagnostics.extend(root_diagnostics)
    if root is None:
        return Loaded(None, tuple(diagnostics), store)
    rules = manifest.file_rules(data)
    ignore = [str(g) for g in data.get("ignore") or []]
    expanded, file_diagnostics = expand_rules(root, root_display, rules, man, ignore)
    diagnostics.extend(file_diagnostics)
    read = {ref.relpath for _, ref in expanded} | {_relative_to(doc.path, root) for doc in schema_docs}
    diagnostics.extend(unread_files(root, root_display, read, ignore))

    to_parse = [(rule, ref) for rule, ref in expanded if rule.kind != "assets"]
    docs = read_documents([ref for _, ref in to_parse], cache, options.workers)
    by_kind: dict[str, list[tuple[FileRule, Document]]] = {}
    for (rule, _), doc in zip(to_parse, docs):
        diagnostics.extend(problem_diagnostics(doc))
        by_kind.setdefault(rule.kind, []).append((rule, doc))

    engine = _engine_for_description(engine, data, by_kind.get("engine", []), diagnostics)
    types = manifest.type_specs(data)
    for parts, name in manifest.type_names(data):
        if name not in types:
            diagnostics.append(codes.UNKNOWN_TYPE.at(
                man.locate(parts), f"type '{name}' is not declared in the manifest",
                hint=did_you_mean(name, types) or f"declared types: {', '.join(sorted(types))}"))
    uris: dict[str, str] = {}

    def schema_uri(name: str) -> str:
        if name not in uris:
            uris[name] = schema_file_uri(store, schema_folder, name)
        return uris[name]

    named: list[tuple[tuple[Any, ...], str]] = [
        (("types", name, "schema"), spec.schema) for name, spec in types.items() if spec.schema]
    named += [(("files", rule.index, "schema"), rule.schema) for rule in rules if rule.schema]
    for parts, schema in named:
        problem = _schema_problem(store, man, parts, schema, schema_uri(schema))
        if problem is not None:
            diagnostics.append(problem)
    schemas = RecordSchemas(store)
    marks = CleanMarks(cache, store, types, uris) if options.cache is not None else None
    built = read_entities(by_kind.get("entities", []), types, schemas, schema_uri, marks)
    diagnostics.extend(built.diagnostics)
    for kind, core in CORE_SCHEMA_OF.items():
        if core_uri(core) in store.by_uri:
            for _, doc in by_kind.get(kind, []):
                if doc.data is not None:
                    diagnostics.extend(_validate(store, core_uri(core), doc, ()))

    unreadable = frozenset(_unreadable_types(by_kind.get("entities", []), types))
    translated = read_translations(by_kind.get("translations", []), built.entities, types, schemas, schema_uri,
                                   unreadable)
    diagnostics.extend(translated.diagnostics)

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
        acknowledged=manifest.acknowledgements(data, man),
        sizes=manifest.sizes(data),
        markup=manifest.markup(data),
        marks=manifest.marks(data),
        rules=read_rules(doc for _, doc in by_kind.get("rules", []) if doc.data is not None),
        layouts=read_layouts(doc for _, doc in by_kind.get("layouts", []) if doc.data is not None),
        engine_files=tuple(doc for _, doc in by_kind.get("engine", []) if doc.data is not None),
        assets=tuple(ref.relpath for rule, ref in expanded if rule.kind == "assets"),
        translations=translated.overlays,
        documents=(man, *schema_docs, *docs),
        namespaces=manifest.namespaces(data),
        locales=translated.locales,
        content_root=root if root != folder else None,
        unreadable=unreadable,
        codes=manifest.code_filter(data),
    )
    return Loaded(pack, tuple(diagnostics), store)


def data_root(folder: Path, display: str, data: dict[str, Any], man: Document,
              override: Path | None) -> tuple[Path | None, str, list[Diagnostic]]:
    """The folder the `files` globs read (the manifest's `root:`, or --root), as a path and as shown."""
    if override is not None:
        root, shown = override, os.path.normpath(str(override))
    elif isinstance(data.get("root"), str) and escapes_root(str(data["root"])):
        return None, str(data["root"]), [codes.ESCAPES_PACK.at(
            man.locate(("root",)), f"root '{data['root']}' is an absolute path",
            hint="write `root` relative to the folder that holds pack.yaml, or pass --root")]
    elif isinstance(data.get("root"), str):
        root, shown = folder / str(data["root"]), os.path.normpath(os.path.join(display, str(data["root"])))
    else:
        return folder, display, []
    if not root.is_dir():
        where = man.locate(("root",)) if override is None else None
        return None, shown, [codes.MISSING_ROOT.at(where, f"database folder '{shown}' does not exist",
                                                   hint="`root` is relative to the folder that holds pack.yaml")]
    return root, shown, []


def _unreadable_types(docs: Sequence[tuple[FileRule, Document]], types: dict[str, TypeSpec]) -> set[str]:
    """Types some of whose records could not be read (a file that does not parse): their ids are incomplete."""
    broken = [rule for rule, doc in docs if doc.data is None and doc.parsed.problems]
    return {t for rule in broken for t in ([rule.type] if rule.type else types)}


def escapes_root(root: str) -> bool:
    """A manifest's `root` is relative to the manifest (`..` allowed: the database sits beside it), never absolute."""
    return Path(root).is_absolute() or root.startswith("~")


def _relative_to(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return ""


def _schema_problem(store: SchemaStore, man: Document, parts: tuple[Any, ...], schema: str,
                    uri: str) -> Diagnostic | None:
    """Why a schema the manifest names cannot be used (its records are then not validated), or None."""
    if uri in store.by_uri:
        return None
    base, fragment = split_fragment(schema)
    if fragment and split_fragment(uri)[0] in store.by_uri:
        return codes_unresolved(man, parts, schema, f"no '{fragment}' inside '{base}'")
    return codes_unresolved(man, parts, schema)


def _engine_for_description(engine: str | None, data: dict[str, Any], described: list[tuple[FileRule, Document]],
                            diagnostics: list[Diagnostic]) -> str | None:
    """A pack with an engine description and no `engine:` is played by the YAML engine; one that names a
    plug-in leaves its description unplayed (a warning on the file)."""
    if not described:
        return engine
    if data.get("engine") is None:
        return DESCRIBED
    if data.get("engine") != DESCRIBED:
        doc = described[0][1]
        diagnostics.append(codes.ENGINE_FILE_UNPLAYED.at(
            doc.locate(), f"{doc.relpath} describes an engine, but the pack is played by '{data['engine']}'",
            hint="remove `engine:` from pack.yaml to play the description"))
    return engine


def codes_unresolved(man: Document, parts: Sequence[Any], name: str, reason: str | None = None) -> Diagnostic:
    from deckwright.schema import codes as schema_codes

    return schema_codes.UNRESOLVED.at(
        man.locate(parts), f"schema '{name}': {reason}" if reason else
        f"schema file '{name}' not found in the pack's schema folder")


def _missing_schema_folder(man: Document, name: Any) -> Diagnostic:
    from deckwright.schema import codes as schema_codes

    return schema_codes.UNRESOLVED.at(man.locate(("schemas",)), f"schema folder '{name}' does not exist")


def schema_root(folder: Path, schema_folder: Path, data: Path | None = None) -> Path | None:
    """The folder a pack's schemas are confined to, or None when its schema folder lies outside both.

    A pack may keep its schemas in its own folder, or in the `schemas/` folder of the project that
    holds it: a pack at <project>/content/<game> may name ../../schemas/<game> (the repository layout
    deckwright ships), or in the database folder `data` its `root:` (or --root) names, whose own
    schemas it describes. Links are followed before the comparison, so a link cannot lead elsewhere.
    """
    try:
        pack = folder.resolve()
        target = schema_folder.resolve()
    except (OSError, ValueError, RuntimeError):
        return None
    roots = [pack]
    if pack.parent.name == CONTENT_FOLDER:
        roots.append(pack.parent.parent / "schemas")
    if data is not None:
        try:
            roots.append(data.resolve())
        except (OSError, ValueError, RuntimeError):
            pass
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


def _store(docs: list[Document], manifest_draft: str | None) -> tuple[SchemaStore, list[Diagnostic]]:
    """The store of core and pack schemas, each pack schema under its own draft, and what was said about drafts."""
    sources = core_schemas()
    diagnostics: list[Diagnostic] = []
    for doc in docs:
        if doc.data is None:
            continue
        contents = doc.data
        if isinstance(contents, dict):
            choice = choose_draft(contents, manifest_draft)
            diagnostics.extend(draft_diagnostics(doc, choice))
            contents = with_draft(contents, choice.draft)
        sources.append(SchemaSource(schema_id(contents) or doc.path.resolve().as_uri(), contents, doc))
    return SchemaStore(sources, manifest_draft or DEFAULT_DRAFT), diagnostics


def draft_diagnostics(doc: Document, choice: DraftChoice) -> list[Diagnostic]:
    """Which draft an undeclared schema was validated under, and every keyword that draft ignores."""
    from deckwright.schema import codes as schema_codes

    found = []
    if choice.how == "inferred":
        found.append(schema_codes.DRAFT_INFERRED.at(
            doc.locate(()), f"no $schema: validated under {draft_name(choice.draft)}, inferred from "
                            f"{', '.join(choice.evidence)}",
            hint=f'declare "$schema": "{DRAFT_URIS[choice.draft]}", or `schema_draft` in pack.yaml'))
    for ignored in ignored_keywords(doc.data, choice.draft):
        found.append(schema_codes.IGNORED_KEYWORD.at(doc.locate(ignored.path, key=True), ignored.message,
                                                     hint=ignored.hint))
    return found


def schema_file_uri(store: SchemaStore, schema_folder: Path, name: str) -> str:
    """The URI of a schema named by file (relative to the schema folder) or by URI, with an optional
    JSON pointer (`cards.schema.json#/items`: a wrapper schema that refers to that node)."""
    base, fragment = split_fragment(name)
    if "://" in base or base.startswith("urn:"):
        uri = base
    else:
        uri = _file_uri(store, (schema_folder / base).resolve())
    if not fragment:
        return uri
    return pointer_schema(store, f"{uri}#{fragment}") or f"{uri}#{fragment}"


def _file_uri(store: SchemaStore, path: Path) -> str:
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
    return explain(validator.failures(doc.data), doc, base, validator)
