"""Raster images: PNG data passed through when a PDF can hold it as it is, named by content."""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2
import pytest
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from deckwright.render.pdfimage import draw_image, png_passthrough


def png(path: Path, mode: str, color: object, **save: object) -> Path:
    Image.new(mode, (40, 30), color).save(path, **save)  # type: ignore[arg-type]
    return path


def page_with(*images: Path) -> bytes:
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(200, 100), invariant=1)
    for n, image in enumerate(images):
        draw_image(canvas, str(image), 10 + 90 * n, 10, 80, 60)
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def pixel(pdf: bytes, x: int, y: int) -> tuple[int, ...]:
    image = pypdfium2.PdfDocument(pdf)[0].render(scale=1).to_pil()
    return image.convert("RGB").getpixel((x, y))  # type: ignore[no-any-return]


@pytest.mark.parametrize(("mode", "color", "passes"), [
    ("RGB", (200, 30, 30), True), ("L", 90, True), ("RGBA", (200, 30, 30, 128), False), ("P", 3, False),
    ("I;16", 300, False),
])
def test_which_pngs_pass_through(tmp_path: Path, mode: str, color: object, passes: bool) -> None:
    raw = png(tmp_path / "a.png", mode, color).read_bytes()
    assert (png_passthrough(raw) is not None) is passes


def test_interlaced_png_takes_the_decoding_path(tmp_path: Path) -> None:
    raw = bytearray(png(tmp_path / "a.png", "RGB", (1, 2, 3)).read_bytes())
    assert png_passthrough(bytes(raw)) is not None
    raw[28] = 1  # IHDR's interlace method: Adam7 rows cannot be read as PDF predictor rows
    assert png_passthrough(bytes(raw)) is None


@pytest.mark.parametrize(("mode", "color", "seen"), [
    ("RGB", (200, 30, 30), (200, 30, 30)), ("L", 90, (90, 90, 90)), ("RGBA", (0, 0, 255, 255), (0, 0, 255)),
])
def test_images_render_with_their_colours(tmp_path: Path, mode: str, color: object, seen: tuple[int, ...]) -> None:
    pdf = page_with(png(tmp_path / "a.png", mode, color))
    assert pixel(pdf, 50, 50) == seen


def test_same_content_is_stored_once_and_named_by_content_not_path(tmp_path: Path) -> None:
    first = png(tmp_path / "one.png", "RGB", (10, 200, 10))
    (tmp_path / "elsewhere").mkdir()
    second = png(tmp_path / "elsewhere" / "two.png", "RGB", (10, 200, 10))
    assert page_with(first, second).count(b"/Subtype /Image") == 1
    assert page_with(first) == page_with(second)
