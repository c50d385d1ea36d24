"""Layouts of a pack, read from its `layouts` files (validated against schemas/core/layout by the loader).

Lengths are millimetres from the top-left corner of the trimmed card, y downwards. Entries the schema
rejected are skipped here rather than guessed at: the loader has already reported them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from deckwright.diagnostic import Diagnostic, Location, Related
from deckwright.loading import Document
from deckwright.model import Pack
from deckwright.render import codes
from deckwright.schema import did_you_mean

KINDS = ("rect", "frame", "ellipse", "line", "text", "image", "icons", "badge")
REMOVE = "remove"  # the kind of an entry that takes an inherited element away


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

    @property
    def name(self) -> str | None:
        """The element's name, by which a layout that extends this one replaces or removes it."""
        name = self.props.get("name")
        return name if isinstance(name, str) else None

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
    extends: str | None = None

    def side(self, name: str) -> tuple[Element, ...]:
        return self.front if name == "front" else self.back

    def locate(self, *more: Any) -> Location:
        return self.doc.locate(self.parts + more)


def read_layouts(pack: Pack) -> tuple[dict[str, Layout], list[Diagnostic]]:
    """Every layout of the pack by id, inheritance resolved; a duplicated id keeps the first and reports the second."""
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
    resolved: dict[str, Layout] = {}
    for layout_id in found:
        _inherit(layout_id, found, resolved, (), diagnostics)
    return resolved, diagnostics


def _inherit(layout_id: str, found: Mapping[str, Layout], resolved: dict[str, Layout], chain: tuple[str, ...],
             diagnostics: list[Diagnostic]) -> Layout:
    """The layout with what it `extends` merged in: named elements replaced or removed, new ones drawn last."""
    if layout_id in resolved:
        return resolved[layout_id]
    layout = found[layout_id]
    parent_id = layout.extends
    if parent_id is None:
        resolved[layout_id] = replace(layout, front=_merged((), layout.front), back=_merged((), layout.back))
        return resolved[layout_id]
    if parent_id not in found or parent_id in chain + (layout_id,):
        problem = "is not defined" if parent_id not in found else "extends it back (a cycle)"
        diagnostics.append(codes.NO_LAYOUT.at(layout.locate("extends"), f"layout '{layout_id}' extends "
                                              f"'{parent_id}', which {problem}",
                                              hint=did_you_mean(parent_id, found) if parent_id not in found else
                                              "remove one of the `extends` of the cycle"))
        resolved[layout_id] = replace(layout, front=_merged((), layout.front), back=_merged((), layout.back))
        return resolved[layout_id]
    parent = _inherit(parent_id, found, resolved, chain + (layout_id,), diagnostics)
    resolved[layout_id] = replace(layout, front=_merged(parent.front, layout.front),
                                  back=_merged(parent.back, layout.back), size=layout.size or parent.size,
                                  palettes={**parent.palettes, **layout.palettes})
    return resolved[layout_id]


def _merged(inherited: tuple[Element, ...], own: tuple[Element, ...]) -> tuple[Element, ...]:
    """Inherited elements, each replaced by (or removed with) an own element of its name; then the other own ones."""
    by_name = {e.name: e for e in own if e.name is not None}
    merged = [by_name.get(e.name, e) if e.name is not None else e for e in inherited]
    taken = {e.name for e in inherited if e.name is not None}
    merged += [e for e in own if e.name is None or e.name not in taken]
    return tuple(e for e in merged if e.kind != REMOVE)


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
        extends=raw["extends"] if isinstance(raw.get("extends"), str) else None,
    )


def _elements(raw: Any, doc: Document, parts: tuple[Any, ...]) -> tuple[Element, ...]:
    if not isinstance(raw, list):
        return ()
    elements = []
    for index, item in enumerate(raw):
        if isinstance(item, dict) and item.get("remove") is True and isinstance(item.get("name"), str):
            elements.append(Element(REMOVE, (0.0, 0.0, 0.0, 0.0), item, doc, parts + (index,)))
            continue
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
