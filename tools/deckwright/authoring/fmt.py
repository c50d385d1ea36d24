"""`deckwright fmt` as a library: format every YAML file of a pack, or say which ones would change."""

from __future__ import annotations

import difflib
import stat
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from deckwright.authoring import codes
from deckwright.authoring.order import SchemaNode
from deckwright.authoring.yamlfmt import FormatRefused, Root, format_text
from deckwright.diagnostic import Diagnostic, Location, Report, Severity
from deckwright.lint.run import PackTarget
from deckwright.loading import Document
from deckwright.model import LoadOptions, Pack, load_pack
from deckwright.model.files import inside
from deckwright.model.load import schema_file_uri
from deckwright.output import write_atomic
from deckwright.schema import SchemaStore, core_uri


@dataclass(frozen=True)
class Formatted:
    """One YAML file of a pack, as it is and as `fmt` writes it."""

    path: Path
    display: str
    before: str
    after: str

    @property
    def changed(self) -> bool:
        return self.before != self.after

    def diff(self) -> str:
        """A unified diff from the file as it is to the formatted file."""
        return "".join(difflib.unified_diff(
            self.before.splitlines(keepends=True), self.after.splitlines(keepends=True),
            f"a/{self.display}", f"b/{self.display}"))


@dataclass(frozen=True)
class FmtResult:
    """Every file looked at, and the report (refusals; unformatted files when checking)."""

    files: tuple[Formatted, ...]
    report: Report
    reformatted: tuple[str, ...] = ()  # the files rewritten, as displayed


def format_packs(targets: Sequence[PackTarget], *, check: bool, options: LoadOptions = LoadOptions()) -> FmtResult:
    """Format the YAML files of every pack (in place, unless `check`); nothing is written on refusal."""
    files: list[Formatted] = []
    found: list[Diagnostic] = []
    written: list[str] = []
    for target in targets:
        loaded = load_pack(target.folder, target.display, options)
        if loaded.pack is None or loaded.store is None:
            found.extend(d for d in loaded.diagnostics if d.severity is Severity.ERROR)
            continue
        for doc in yaml_documents(loaded.pack):
            result = format_document(doc, roots(loaded.pack, loaded.store, doc))
            if isinstance(result, Diagnostic):
                found.append(result)
                continue
            files.append(result)
            if result.changed and check:
                found.extend(_unformatted(result))
            elif result.changed:
                refused = _write(result)
                found.extend(refused)
                written.extend([] if refused else [result.display])
    return FmtResult(tuple(files), Report.of(found, reformatted=len(written)), tuple(written))


def yaml_documents(pack: Pack) -> list[Document]:
    """The pack's own YAML files: in the pack folder, its database folder (`root:`) and its schema folder
    (a schema folder a project shares between packs is formatted with each pack that reads it)."""
    return [doc for doc in pack.documents
            if doc.kind == "yaml" and any(inside(folder, doc.path) for folder in pack.folders)]


def format_document(doc: Document, roots: Sequence[Root] = ()) -> Formatted | Diagnostic:
    """The formatted document, or the diagnostic saying why it was left alone."""
    try:
        after = format_text(doc.text, roots)
    except FormatRefused as exc:
        code = codes.NOT_FORMATTABLE if exc.problem is not None else codes.WOULD_CHANGE_DATA
        column = exc.problem.column if exc.problem is not None else 1
        return code.at(doc.at(exc.line, column), str(exc))
    return Formatted(doc.path, doc.display, doc.text, after)


def roots(pack: Pack, store: SchemaStore, doc: Document) -> list[Root]:
    """Which nodes of `doc` are ordered by which schema: the manifest, rules files, each entity."""
    def node(uri: str) -> SchemaNode | None:
        source = store.by_uri.get(uri)
        if source is None:
            return None
        return SchemaNode(source.contents, store.py_registry.resolver(base_uri=uri))

    if doc is pack.manifest:
        whole = node(core_uri("pack"))
    elif any(doc is rules for rules in pack.rules):
        whole = node(core_uri("rules"))
    elif any(doc is layout for layout in pack.layouts):
        whole = node(core_uri("layout"))
    else:
        whole = None
    if whole is not None:
        return [Root((), whole)]
    folder = pack.schema_folder
    found = []
    for entity in pack.entities:
        if entity.doc is doc:
            spec = pack.types[entity.type]
            schema = (node(schema_file_uri(store, folder, spec.schema)) if spec.schema else None) or node(core_uri("entity"))
            if schema is not None:
                found.append(Root(entity.parts, schema))
    return found


def _unformatted(formatted: Formatted) -> list[Diagnostic]:
    before, after = formatted.before.splitlines(), formatted.after.splitlines()
    line = next((i for i, (a, b) in enumerate(zip(before, after)) if a != b), min(len(before), len(after))) + 1
    return [codes.UNFORMATTED.at(Location(formatted.display, line, 1), "file is not formatted",
                                 hint="run `deckwright fmt` on the pack")]


def _write(formatted: Formatted) -> list[Diagnostic]:
    """Replace the file atomically, unless it changed on disk since it was read."""
    where = Location(formatted.display, 1, 1)
    try:
        current = formatted.path.read_bytes().decode("utf-8").removeprefix("\ufeff")
        if current != formatted.before:
            return [codes.UNWRITABLE.at(where, "the file changed while it was being formatted; run fmt again")]
        write_atomic(formatted.path, formatted.after, mode=stat.S_IMODE(formatted.path.stat().st_mode))
    except (OSError, UnicodeDecodeError) as exc:
        return [codes.UNWRITABLE.at(where, f"cannot write the file: {getattr(exc, 'strerror', None) or exc}")]
    return []
