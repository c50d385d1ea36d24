"""A pack's card layouts as typed values, read once from its `layouts` files.

A layout has an id, an optional card size, the layout it extends, its colour palettes, the text
settings of its file, and the elements of its front and back. Elements stay as written (a mapping
with its position): what each kind of element means is the renderer's business, not the model's.
Lengths are millimetres. Entries the schema rejected (schemas/core/layout) are left out here rather
than guessed at: the loader has already reported them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from deckwright.diagnostic import Location
from deckwright.loading import Document


@dataclass(frozen=True)
class Settings:
    """How a layouts file sets and checks text: hyphenation language, smallest size, emptiness allowed."""

    language: str = "en_US"
    min_text_size: float = 6.0
    max_empty_share: float = 0.5


@dataclass(frozen=True)
class LayoutElement:
    """One entry of a layout's front or back, as written, and where it is written."""

    data: Mapping[str, Any]
    doc: Document
    parts: tuple[Any, ...]

    def get(self, name: str, default: Any = None) -> Any:
        return self.data.get(name, default)

    def locate(self, *more: Any) -> Location:
        return self.doc.locate(self.parts + more)


@dataclass(frozen=True)
class Layout:
    """A card layout as its file writes it (what it `extends` is not merged in)."""

    id: str
    doc: Document
    parts: tuple[Any, ...]
    front: tuple[LayoutElement, ...] = ()
    back: tuple[LayoutElement, ...] = ()
    size: str | tuple[float, float] | None = None
    extends: str | None = None
    palettes: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    settings: Settings = Settings()

    def locate(self, *more: Any) -> Location:
        return self.doc.locate(self.parts + more)


@dataclass(frozen=True)
class Layouts:
    """Every layouts file of a pack and the layouts they define, in file order (an id defined twice
    appears twice: the renderer reports the second)."""

    files: tuple[Document, ...] = ()
    layouts: tuple[Layout, ...] = ()


def read_layouts(docs: Iterable[Document]) -> Layouts:
    """The typed layouts of a pack's parsed layouts files."""
    files = tuple(docs)
    found: list[Layout] = []
    for doc in files:
        data = doc.data if isinstance(doc.data, dict) else {}
        shared = _palettes(data.get("palettes"))
        settings = _settings(data.get("settings"))
        listed = data.get("layouts")
        for index, raw in enumerate(listed if isinstance(listed, list) else []):
            if isinstance(raw, dict) and isinstance(raw.get("id"), str):
                found.append(_layout(raw, doc, ("layouts", index), shared, settings))
    return Layouts(files, tuple(found))


def _layout(raw: Mapping[str, Any], doc: Document, parts: tuple[Any, ...],
            shared: Mapping[str, Mapping[str, str]], settings: Settings) -> Layout:
    size = raw.get("size")
    if isinstance(size, dict):
        size = (_number(size.get("width")), _number(size.get("height")))
    elif not isinstance(size, str):
        size = None
    return Layout(
        id=raw["id"],
        doc=doc,
        parts=parts,
        front=_elements(raw.get("front"), doc, parts + ("front",)),
        back=_elements(raw.get("back"), doc, parts + ("back",)),
        size=size,
        extends=raw["extends"] if isinstance(raw.get("extends"), str) else None,
        palettes={**shared, **_palettes(raw.get("palettes"))},
        settings=settings,
    )


def _elements(raw: Any, doc: Document, parts: tuple[Any, ...]) -> tuple[LayoutElement, ...]:
    listed = raw if isinstance(raw, list) else []
    return tuple(LayoutElement(item, doc, parts + (index,)) for index, item in enumerate(listed)
                 if isinstance(item, dict))


def _settings(raw: Any) -> Settings:
    if not isinstance(raw, dict):
        return Settings()
    default = Settings()
    language = raw.get("language")
    return Settings(language if isinstance(language, str) else default.language,
                    _number(raw.get("min_text_size"), default.min_text_size),
                    _number(raw.get("max_empty_share"), default.max_empty_share))


def _palettes(raw: Any) -> dict[str, dict[str, str]]:
    if not isinstance(raw, dict):
        return {}
    return {str(name): {str(k): v for k, v in table.items() if isinstance(v, str)}
            for name, table in raw.items() if isinstance(table, dict)}


def _number(value: Any, default: float = 0.0) -> float:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else default
