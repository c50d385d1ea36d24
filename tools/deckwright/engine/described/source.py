"""Where a pack's engine description is, and where a path inside it (or inside a card) is written."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from deckwright.diagnostic import Location
from deckwright.model.pack import Pack

ENGINE_DOC = ""


def description_of(pack: Pack) -> tuple[Mapping[str, Any] | None, str]:
    """The pack's engine description, or None and why there is none."""
    if len(pack.engine_files) != 1 or not isinstance(pack.engine_files[0].data, Mapping):
        return None, (f"pack '{pack.id}' names the described engine but has {len(pack.engine_files)} readable files "
                      "of kind `engine` (it needs one)")
    return pack.engine_files[0].data, ""


def locate(pack: Pack, parts: tuple[Any, ...], needle: str | None = None) -> Location:
    """Location of a path whose first element is the document: "" for the engine file, else a card id."""
    doc_key, path = (parts[0], parts[1:]) if parts else (ENGINE_DOC, ())
    if doc_key == ENGINE_DOC and pack.engine_files:
        doc = pack.engine_files[0]
        return doc.locate_text(path, needle) if needle else doc.locate(path)
    entity = pack.by_id.get(str(doc_key))
    if entity is not None:
        return entity.doc.locate_text(entity.parts + tuple(path), needle) if needle else entity.locate(*path)
    return pack.locate("engine")
