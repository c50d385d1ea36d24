"""Card faces as images: a one-card PDF page from the renderer, rasterised with PDFium.

The exports need one thing from the render stage, `render_face_pdf(pack, entity, bleed_mm) -> bytes`:
a PDF whose first page is the entity's face (its back when `entity` is None), trimmed to the card
size plus `bleed_mm` on every side. When `deckwright.render` provides that function it is used;
until then `plain_face_pdf` draws a plain face (name, type and text in a frame) so the exports work.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from deckwright.model import Entity, Pack

if TYPE_CHECKING:
    from PIL.Image import Image

FaceRenderer = Callable[[Pack, "Entity | None", float], bytes]
POINTS_PER_INCH = 72.0
MM_PER_INCH = 25.4


def face_renderer() -> FaceRenderer:
    """The render stage's `render_face_pdf` when it is installed, else the plain face."""
    try:
        module = import_module("deckwright.render")
    except ImportError:
        return plain_face_pdf
    found = getattr(module, "render_face_pdf", None)
    return found if callable(found) else plain_face_pdf


def pixels(size_mm: float, dpi: int) -> int:
    """How many pixels `size_mm` spans at `dpi`."""
    return round(size_mm / MM_PER_INCH * dpi)


def rasterise(pdf: bytes, width_mm: float, height_mm: float, dpi: int) -> Image:
    """The first page of a PDF as an RGB image of exactly the given size in millimetres at `dpi`."""
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        page = document[0]
        target = (pixels(width_mm, dpi), pixels(height_mm, dpi))
        scale = dpi / POINTS_PER_INCH
        image = page.render(scale=scale).to_pil().convert("RGB")
        page.close()
    finally:
        document.close()
    return image if image.size == target else image.resize(target)


def plain_face_pdf(pack: Pack, entity: Entity | None, bleed_mm: float) -> bytes:
    """A plain face (the stand-in until the render stage's faces are wired in): frame, name, type, text."""
    width, height = _size(pack, entity)
    out = io.BytesIO()
    page = ((width + 2 * bleed_mm) * mm, (height + 2 * bleed_mm) * mm)
    canvas = Canvas(out, pagesize=page, invariant=1, pageCompression=1)
    canvas.setFillColorRGB(0.93, 0.91, 0.86) if entity is not None else canvas.setFillColorRGB(0.25, 0.3, 0.4)
    canvas.rect(0, 0, page[0], page[1], stroke=0, fill=1)
    canvas.translate(bleed_mm * mm, bleed_mm * mm)
    canvas.setStrokeColorRGB(0.2, 0.2, 0.2)
    canvas.roundRect(3 * mm, 3 * mm, (width - 6) * mm, (height - 6) * mm, 3 * mm)
    if entity is None:
        canvas.setFillColorRGB(1, 1, 1)
        canvas.setFont("Helvetica-Bold", 14)
        canvas.drawCentredString(width * mm / 2, height * mm / 2, pack.name)
    else:
        canvas.setFillColorRGB(0, 0, 0)
        canvas.setFont("Helvetica-Bold", 10)
        canvas.drawString(6 * mm, (height - 10) * mm, entity.name[:40])
        canvas.setFont("Helvetica", 7)
        canvas.drawString(6 * mm, (height - 14) * mm, pack.types[entity.type].title)
        text = canvas.beginText(6 * mm, (height / 2) * mm)
        text.setFont("Helvetica", 7)
        for line in _wrap(str(entity.get("text", "")), max(10, int(width * 0.55))):
            text.textLine(line)
        canvas.drawText(text)
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def _size(pack: Pack, entity: Entity | None) -> tuple[float, float]:
    size = pack.card_size(entity.type) if entity is not None else None
    return size or (63.5, 88.9)


def _wrap(text: str, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines[:12]
