"""Layouts of a pack, read from its `layouts` files (validated against schemas/core/layout by the loader).

Lengths are millimetres from the top-left corner of the trimmed card, y downwards. Entries the schema
rejected are skipped here rather than guessed at: the loader has already reported them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from deckwright.diagnostic import Diagnostic, Location, Related
from deckwright.loading import Document
from deckwright.model import Pack
from deckwright.render import codes

KINDS = ("rect", "frame", "ellipse", "line", "text", "image", "icons", "badge")


@dataclass(frozen=True)
class Element:
    """One thing drawn on a face: its kind, box (x, y, w, h in mm) and the rest of what the layout says."""

    kind: str
    box: tuple[float, float, float, float]
    props: Mapping[str, Any]
    doc: Document
    parts: tuple[Any, ...]

    def get(self, name: str, default: Any = None) -> Any:
        return self.props.get(name, default)

    def locate(self, *more: Any) -> Location:
        return self.doc.locate(self.parts + more)


@dataclass(frozen=True)
class Settings:
    """How a layouts file sets and checks text: hyphenation language, smallest size, emptiness allowed."""

    language: str = "en_US"
    min_text_size: float = 6.0
    max_empty_share: float = 0.5


@dataclass(frozen=True)
class Layout:
    """A card layout: front and back elements, palettes, and an optional card size."""

    id: str
    front: tuple[Element, ...]
    back: tuple[Element, ...]
    doc: Document
    parts: tuple[Any, ...]
    size: str | tuple[float, float] | None = None
    palettes: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    settings: Settings = Settings()

    def side(self, name: str) -> tuple[Element, ...]:
        return self.front if name == "front" else self.back

    def locate(self, *more: Any) -> Location:
        return self.doc.locate(self.parts + more)


def read_layouts(pack: Pack) -> tuple[dict[str, Layout], list[Diagnostic]]:
    """Every layout of the pack by id; a duplicated id keeps the first and reports the second."""
    found: dict[str, Layout] = {}
    diagnostics: list[Diagnostic] = []
    for doc in pack.layouts:
        data = doc.data if isinstance(doc.data, dict) else {}
        shared = _palettes(data.get("palettes"))
        settings = _settings(data.get("settings"))
        for index, raw in enumerate(data.get("layouts") or []):
            if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
                continue
            layout = _layout(raw, doc, ("layouts", index), shared, settings)
            first = found.get(layout.id)
            if first is not None:
                where = first.locate("id")
                diagnostics.append(codes.DUPLICATE_LAYOUT.at(
                    layout.locate("id"), f"layout '{layout.id}' is defined twice",
                    related=[Related(where.file, where.line, where.column, "first defined here")]))
                continue
            found[layout.id] = layout
    return found, diagnostics


def _layout(raw: dict[str, Any], doc: Document, parts: tuple[Any, ...],
            shared: Mapping[str, Mapping[str, str]], settings: Settings) -> Layout:
    size = raw.get("size")
    if isinstance(size, dict):
        size = (_number(size.get("width")), _number(size.get("height")))
    elif not isinstance(size, str):
        size = None
    return Layout(
        id=raw["id"],
        front=_elements(raw.get("front"), doc, parts + ("front",)),
        back=_elements(raw.get("back"), doc, parts + ("back",)),
        doc=doc,
        parts=parts,
        size=size,
        palettes={**shared, **_palettes(raw.get("palettes"))},
        settings=settings,
    )


def _elements(raw: Any, doc: Document, parts: tuple[Any, ...]) -> tuple[Element, ...]:
    if not isinstance(raw, list):
        return ()
    elements = []
    for index, item in enumerate(raw):
        if not isinstance(item, dict) or item.get("kind") not in KINDS:
            continue
        box = tuple(_number(item.get(k)) for k in ("x", "y", "w", "h"))
        elements.append(Element(item["kind"], box, item, doc, parts + (index,)))  # type: ignore[arg-type]
    return tuple(elements)


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
