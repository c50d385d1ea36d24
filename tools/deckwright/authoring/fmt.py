"""The formatting stage: each YAML file of a pack in its normal form (nothing is written here)."""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from deckwright.authoring import codes
from deckwright.authoring.order import SchemaNode
from deckwright.authoring.yamlfmt import FormatRefused, Root, format_text
from deckwright.diagnostic import Diagnostic
from deckwright.loading import Document
from deckwright.model import Pack
from deckwright.model.files import inside
from deckwright.model.load import schema_file_uri
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
    elif any(doc is rules for rules in pack.rules.files):
        whole = node(core_uri("rules"))
    elif any(doc is layout for layout in pack.layouts.files):
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
