"""The drawing operations a card face is made of: one frozen dataclass per operation, named fields.

Lengths are PDF points with the origin at the bottom-left corner of the bleed box; colours are
`#rrggbb` (None: nothing drawn). Operations compare by value, so two cards that look the same give
equal faces and the proof stores that face once. `op_log` writes a face as text lines, the form in
which golden files record what each shipped layout draws.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Union

from deckwright.render.fit import TextStyle

Point = tuple[float, float]


@dataclass(frozen=True)
class _Shape:
    """A shape in a box, filled and stroked."""

    x: float
    y: float
    w: float
    h: float
    fill: str | None
    stroke: str | None
    width: float


@dataclass(frozen=True)
class Rect(_Shape):
    """A rectangle, its corners rounded by `radius`."""

    radius: float


@dataclass(frozen=True)
class Ellipse(_Shape):
    """An ellipse inscribed in its box."""


@dataclass(frozen=True)
class Polygon:
    """A closed polygon through its points."""

    points: tuple[Point, ...]
    fill: str | None
    stroke: str | None
    width: float


@dataclass(frozen=True)
class Line:
    """A straight line, dashed when `dash` lists dash and gap lengths."""

    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str | None
    width: float
    dash: tuple[float, ...] = ()


@dataclass(frozen=True)
class Label:
    """One line of text centred on `cx`, its baseline at `baseline` (badge numbers, icon symbols)."""

    cx: float
    baseline: float
    text: str
    face: str
    size: float
    fill: str | None


@dataclass(frozen=True)
class Paragraph:
    """Fitted paragraph markup in its box, set at `size` and aligned vertically by `valign`."""

    x: float
    y: float
    w: float
    h: float
    markup: str
    style: TextStyle
    size: float
    valign: str


@dataclass(frozen=True)
class Picture:
    """An image file (PNG, JPEG or SVG) in its box, clipped to it and fitted by `fit`."""

    path: str
    x: float
    y: float
    w: float
    h: float
    fit: str


@dataclass(frozen=True)
class Turn:
    """Operations turned by `angle` degrees anticlockwise about (cx, cy)."""

    cx: float
    cy: float
    angle: float
    ops: tuple[Op, ...]


Op = Union[Rect, Ellipse, Polygon, Line, Label, Paragraph, Picture, Turn]
Face = tuple[Op, ...]


def op_log(face: Face, root: str = "", indent: str = "") -> list[str]:
    """The face as lines of `name field=value ...` (lengths to 0.01 pt; image paths relative to `root`)."""
    lines = []
    for op in face:
        if isinstance(op, Turn):
            lines.append(f"{indent}turn cx={op.cx:.2f} cy={op.cy:.2f} angle={op.angle:g}")
            lines += op_log(op.ops, root, indent + "  ")
            continue
        parts = [f"{f.name}={_shown(getattr(op, f.name), root)}" for f in fields(op)]
        lines.append(f"{indent}{type(op).__name__.lower()} " + " ".join(parts))
    return lines


def _shown(value: object, root: str) -> str:
    if isinstance(value, float):
        return f"{value:.2f}"
    if isinstance(value, TextStyle):
        return f"{value.face}/{value.size:g}-{value.min_size:g}pt/leading {value.leading:g}/{value.color}/{value.align}"
    if isinstance(value, tuple):
        return "(" + ",".join(_shown(v, root) for v in value) + ")"
    if isinstance(value, str) and root and value.startswith(root):
        return repr(value[len(root):].lstrip("/"))
    return repr(value)
