"""Vector shapes built from primitive operations: stat badges and rows of glossary icons."""

from __future__ import annotations

from reportlab.pdfbase.pdfmetrics import stringWidth

from deckwright.render.colour import hex_colour
from deckwright.render.ops import Ellipse, Label, Op, Polygon, Rect

Box = tuple[float, float, float, float]


def badge_ops(shape: str, box: Box, text: str, face: str, size: float, fill: str | None, stroke: str | None,
              width: float, color: str | None) -> list[Op]:
    """A badge: a circle, square, diamond or shield with centred text shrunk to fit inside it."""
    x, y, w, h = box
    if shape == "circle":
        ops: list[Op] = [Ellipse(x, y, w, h, fill, stroke, width)]
    elif shape == "square":
        ops = [Rect(x, y, w, h, fill, stroke, width, min(w, h) * 0.12)]
    elif shape == "diamond":
        ops = [Polygon(((x + w / 2, y), (x + w, y + h / 2), (x + w / 2, y + h), (x, y + h / 2)), fill, stroke, width)]
    else:
        ops = [Polygon(((x, y + h), (x + w, y + h), (x + w, y + h * 0.45), (x + w / 2, y), (x, y + h * 0.45)),
                       fill, stroke, width)]
    if text:
        ops.append(_centred(text, x + w / 2, y + h / 2, face, badge_text_size(text, face, size, box), color))
    return ops


def badge_text_size(text: str, face: str, size: float, box: Box) -> float:
    """The size a badge sets its text at: `size`, shrunk to fit the badge's width."""
    return _shrunk(text, face, size, box[2] * 0.8)


def icon_ops(icons: list[tuple[str, str | None]], box: Box, align: str, fill: str | None, face: str) -> list[Op]:
    """A row of icons: each symbol on a disc of the icon's colour, in the box, shrunk to fit its width."""
    if not icons:
        return []
    x, y, w, h = box
    diameter = min(h, w / (len(icons) * 1.15 - 0.15))
    gap = diameter * 0.15
    total = len(icons) * diameter + (len(icons) - 1) * gap
    left = {"center": x + (w - total) / 2, "right": x + w - total}.get(align, x)
    bottom = y + (h - diameter) / 2
    ops: list[Op] = []
    for i, (symbol, colour) in enumerate(icons):
        disc = hex_colour(colour) or fill
        cx = left + i * (diameter + gap)
        ops.append(Ellipse(cx, bottom, diameter, diameter, disc, None, 0.0))
        ops.append(_centred(symbol, cx + diameter / 2, bottom + diameter / 2, face,
                            _shrunk(symbol, face, diameter * 0.62, diameter * 0.8), _ink_on(disc)))
    return ops


def _centred(text: str, cx: float, cy: float, face: str, size: float, color: str | None) -> Op:
    return Label(cx, cy - size * 0.36, text, face, size, color or "#000000")


def _shrunk(text: str, face: str, size: float, width: float) -> float:
    used = stringWidth(text, face, size)
    return size if used <= width or used == 0 else size * width / used


def _ink_on(background: str | None) -> str:
    """Black or white, whichever reads better on the background."""
    if not background:
        return "#000000"
    r, g, b = (int(background[i:i + 2], 16) for i in (1, 3, 5))
    return "#1a1a1a" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"
