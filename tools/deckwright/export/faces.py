"""Card faces as images: one-card PDFs from the render stage, rasterised with PDFium."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PIL.Image import Image

# (pack, card, bleed in mm, back?) -> a PDF: the card's face on page 1, its back on page 2 when asked.
FaceRenderer = Callable[..., bytes]
POINTS_PER_INCH = 72.0
MM_PER_INCH = 25.4


def face_renderer() -> FaceRenderer:
    """The render stage's one-card PDF (imported on first use: exports of JSON and CSV never need it)."""
    from deckwright.render import render_face_pdf

    return render_face_pdf


def pixels(size_mm: float, dpi: int) -> int:
    """How many pixels `size_mm` spans at `dpi`."""
    return round(size_mm / MM_PER_INCH * dpi)


def rasterise(pdf: bytes, width_mm: float, height_mm: float, dpi: int, page_index: int = 0) -> Image:
    """A page of a PDF as an RGB image of exactly the given size in millimetres at `dpi`."""
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        page = document[page_index]
        target = (pixels(width_mm, dpi), pixels(height_mm, dpi))
        scale = dpi / POINTS_PER_INCH
        image = page.render(scale=scale).to_pil().convert("RGB")
        page.close()
    finally:
        document.close()
    return image if image.size == target else image.resize(target)
