"""Layouts of a pack as the renderer draws them: the model's layouts with their elements' kinds and boxes
read and what each `extends` merged in.

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
from deckwright.model.layouts import Layout as WrittenLayout
from deckwright.model.layouts import LayoutElement, Settings
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
    """Every layout of the pack by id, inheritance resolved; a duplicated id keeps the first and reports the second.

    Built from the model's layouts the first time a pack's faces are planned, then kept with the pack.
    """
    return pack.derived("render.layouts", _resolve)


def _resolve(pack: Pack) -> tuple[dict[str, Layout], list[Diagnostic]]:
    found: dict[str, Layout] = {}
    diagnostics: list[Diagnostic] = []
    for written in pack.layouts.layouts:
        layout = _layout(written)
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


def _layout(written: WrittenLayout) -> Layout:
    return Layout(id=written.id, front=_elements(written.front), back=_elements(written.back), doc=written.doc,
                  parts=written.parts, size=written.size, palettes=written.palettes, settings=written.settings,
                  extends=written.extends)


def _elements(written: tuple[LayoutElement, ...]) -> tuple[Element, ...]:
    elements = []
    for item in written:
        if item.get("remove") is True and isinstance(item.get("name"), str):
            elements.append(Element(REMOVE, (0.0, 0.0, 0.0, 0.0), item.data, item.doc, item.parts))
            continue
        if item.get("kind") not in KINDS:
            continue
        box = tuple(_number(item.get(k)) for k in ("x", "y", "w", "h"))
        elements.append(Element(item.data["kind"], box, item.data, item.doc, item.parts))  # type: ignore[arg-type]
    return tuple(elements)


def _number(value: Any, default: float = 0.0) -> float:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else default
