"""Drawing a face's operations onto a reportlab canvas (inside a form XObject)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from reportlab.graphics import renderPDF
from reportlab.lib.colors import Color, HexColor
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from deckwright.render.ops import Ellipse, Face, Label, Line, Paragraph, Picture, Polygon, Rect, Turn
from deckwright.render.fonts import DEFAULT_FAMILY, family
from deckwright.render.pdfimage import draw_image, image_name


def colour(text: str | None) -> Color | None:
    return HexColor(text) if text else None


@dataclass
class Painter:
    """Draws faces; keeps each image and SVG drawing read once per document."""

    canvas: Canvas
    cmyk: bool = False  # raster images converted through the output profile (PDF/X)
    _svgs: dict[str, Any] = field(default_factory=dict)
    _sizes: dict[str, tuple[int, int]] = field(default_factory=dict)
    _names: dict[str, str] = field(default_factory=dict)

    def face(self, face: Face) -> None:
        """Draw every operation of a face, in order."""
        for op in face:
            self.canvas.saveState()
            _OPS[type(op)](self, op)
            self.canvas.restoreState()

    def _paint(self, fill: str | None, stroke: str | None, width: float) -> tuple[int, int]:
        c = self.canvas
        if fill:
            c.setFillColor(colour(fill))
        if stroke and width > 0:
            c.setStrokeColor(colour(stroke))
            c.setLineWidth(width)
        return int(bool(fill)), int(bool(stroke) and width > 0)

    def rect(self, op: Rect) -> None:
        do_fill, do_stroke = self._paint(op.fill, op.stroke, op.width)
        if op.radius > 0:
            self.canvas.roundRect(op.x, op.y, op.w, op.h, op.radius, stroke=do_stroke, fill=do_fill)
        else:
            self.canvas.rect(op.x, op.y, op.w, op.h, stroke=do_stroke, fill=do_fill)

    def ellipse(self, op: Ellipse) -> None:
        do_fill, do_stroke = self._paint(op.fill, op.stroke, op.width)
        self.canvas.ellipse(op.x, op.y, op.x + op.w, op.y + op.h, stroke=do_stroke, fill=do_fill)

    def polygon(self, op: Polygon) -> None:
        do_fill, do_stroke = self._paint(op.fill, op.stroke, op.width)
        path = self.canvas.beginPath()
        path.moveTo(*op.points[0])
        for point in op.points[1:]:
            path.lineTo(*point)
        path.close()
        self.canvas.drawPath(path, stroke=do_stroke, fill=do_fill)

    def line(self, op: Line) -> None:
        self._paint(None, op.stroke, op.width)
        if op.dash:
            self.canvas.setDash(list(op.dash))
        self.canvas.line(op.x1, op.y1, op.x2, op.y2)

    def label(self, op: Label) -> None:
        self.canvas.setFont(op.face, op.size)
        self.canvas.setFillColor(colour(op.fill))
        self.canvas.drawCentredString(op.cx, op.baseline, op.text)

    def paragraph(self, op: Paragraph) -> None:
        paragraph = op.style.paragraph(op.markup, op.size)
        _, used = paragraph.wrap(op.w, op.h)
        top = {"middle": op.y + (op.h + used) / 2, "bottom": op.y + used}.get(op.valign, op.y + op.h)
        paragraph.drawOn(self.canvas, op.x, top - used)

    def turn(self, op: Turn) -> None:
        self.canvas.translate(op.cx, op.cy)
        self.canvas.rotate(op.angle)
        self.canvas.translate(-op.cx, -op.cy)
        self.face(op.ops)

    def picture(self, op: Picture) -> None:
        path, x, y, w, h, fit = op.path, op.x, op.y, op.w, op.h, op.fit
        clip = self.canvas.beginPath()
        clip.rect(x, y, w, h)
        self.canvas.clipPath(clip, stroke=0, fill=0)
        if path.lower().endswith(".svg"):
            self._svg(path, x, y, w, h, fit)
            return
        iw, ih = self._size(path)
        dw, dh = _fitted(iw, ih, w, h, fit)
        if path not in self._names:
            self._names[path] = image_name(path)
        draw_image(self.canvas, path, x + (w - dw) / 2, y + (h - dh) / 2, dw, dh, self._names[path], cmyk=self.cmyk)

    def _size(self, path: str) -> tuple[int, int]:
        if path not in self._sizes:
            self._sizes[path] = ImageReader(path).getSize()
        return self._sizes[path]

    def _svg(self, path: str, x: float, y: float, w: float, h: float, fit: str) -> None:
        from svglib.svglib import svg2rlg

        if path not in self._svgs:
            self._svgs[path] = svg2rlg(path)
        drawing = self._svgs[path]
        if drawing is None or not drawing.width or not drawing.height:
            return
        dw, dh = _fitted(drawing.width, drawing.height, w, h, fit)
        self.canvas.translate(x + (w - dw) / 2, y + (h - dh) / 2)
        self.canvas.scale(dw / drawing.width, dh / drawing.height)
        _SvgRenderer().draw(renderPDF.renderScaledDrawing(drawing), self.canvas, 0, 0)


class _SvgRenderer(renderPDF._PDFRenderer):
    """reportlab's drawing renderer, starting from our font instead of its default Helvetica, which it would
    name in the page's resources without embedding it."""

    def initState(self, x: float, y: float) -> None:
        self._tracker._combined[-1]["fontName"] = family(DEFAULT_FAMILY).face()
        super().initState(x, y)


def _fitted(iw: float, ih: float, w: float, h: float, fit: str) -> tuple[float, float]:
    if fit == "stretch" or not iw or not ih:
        return w, h
    scale = (max if fit == "cover" else min)(w / iw, h / ih)
    return iw * scale, ih * scale


_OPS: dict[type, Callable[[Painter, Any], None]] = {
    Rect: Painter.rect, Ellipse: Painter.ellipse, Polygon: Painter.polygon, Line: Painter.line, Label: Painter.label,
    Paragraph: Painter.paragraph, Picture: Painter.picture, Turn: Painter.turn,
}
