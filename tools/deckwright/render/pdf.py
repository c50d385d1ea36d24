"""Writing the proof PDF: each distinct face once as a form XObject, then the pages that place them.

reportlab runs with `invariant=1`, so the same faces and options give byte-identical files.
"""

from __future__ import annotations

import hashlib
import io
import uuid
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.colors import HexColor, white
from reportlab.pdfgen.canvas import Canvas

from deckwright.render.draw import Painter
from deckwright.render.ops import Face
from deckwright.render.fonts import DEFAULT_FAMILY, family
from deckwright.render.impose import Sheet
from deckwright.render.pdfx import PDF_VERSION, mark_pdfx, to_cmyk
from deckwright.render.marks import TextSpot, crop_marks, footer_spot, slug_spot
from deckwright.render.units import pt

MARK_WIDTH = 0.25  # points
INK = HexColor("#000000")
FOOTER_INK = HexColor("#555555")


@dataclass(frozen=True)
class Placed:
    """A card on a page: its id, the face index of its front and back (None: blank)."""

    id: str
    front: int
    back: int | None


@dataclass(frozen=True)
class Page:
    """One page: its sheet, which side it shows, and the cards in slot order."""

    sheet: Sheet
    side: str
    cards: tuple[Placed, ...]


@dataclass(frozen=True)
class PdfInfo:
    """What the PDF says about itself, and how pages are marked."""

    title: str
    footer: str
    one_per_page: bool
    proof_mode: bool
    flip: str
    safe_inset: float = 3.0
    pdfx: bool = False  # PDF/X-4: CMYK through the output profile, output intent, boxes on every page


def write_pdf(faces: Sequence[tuple[Face, tuple[float, float]]], pages: Sequence[Page], doc: PdfInfo,
              bleed: float) -> bytes:
    """The PDF bytes of the pages, with every face stored once."""
    out = io.BytesIO()
    # The initial font is ours, so the file names no unembedded standard-14 font (Helvetica).
    print_ready = {"pdfVersion": PDF_VERSION, "enforceColorSpace": to_cmyk} if doc.pdfx else {}
    canvas = Canvas(out, invariant=1, pageCompression=1, initialFontName=family(DEFAULT_FAMILY).face(),
                    initialFontSize=8, **print_ready)
    canvas.setTitle(doc.title)
    canvas.setSubject(doc.footer)
    canvas.setCreator("deckwright")
    canvas.setAuthor("deckwright")
    painter = Painter(canvas, cmyk=doc.pdfx)
    for index, (face, size) in enumerate(faces):
        canvas.beginForm(f"F{index}", 0, 0, pt(size[0] + 2 * bleed), pt(size[1] + 2 * bleed))
        painter.face(face)
        canvas.endForm()
    for number, page in enumerate(pages, 1):
        if doc.one_per_page:
            _single(canvas, page, bleed)
        else:
            _imposed(canvas, page, doc, f"{doc.footer} · page {number}/{len(pages)} · {page.side}s")
        canvas.showPage()
    if doc.pdfx:
        mark_pdfx(canvas, doc.title, str(uuid.UUID(hashlib.sha256(doc.footer.encode()).hexdigest()[:32])))
    canvas.save()
    return out.getvalue()


def _single(canvas: Canvas, page: Page, bleed: float) -> None:
    (card,) = page.cards
    w, h = page.sheet.cell
    canvas.setPageSize((pt(w), pt(h)))
    canvas.setBleedBox([0, 0, pt(w), pt(h)])
    canvas.setTrimBox([pt(bleed), pt(bleed), pt(w - bleed), pt(h - bleed)])
    face = card.front if page.side == "front" else card.back
    if face is not None:
        canvas.doForm(f"F{face}")


def _imposed(canvas: Canvas, page: Page, doc: PdfInfo, footer: str) -> None:
    sheet = page.sheet
    canvas.setPageSize((pt(sheet.page[0]), pt(sheet.page[1])))
    if doc.pdfx:  # a sheet of many cards is trimmed to itself: the printer prints it as it is
        canvas.setBleedBox([0, 0, pt(sheet.page[0]), pt(sheet.page[1])])
        canvas.setTrimBox([0, 0, pt(sheet.page[0]), pt(sheet.page[1])])
    filled = len(page.cards)
    front = page.side == "front"
    for slot, card in enumerate(page.cards):
        face = card.front if front else card.back
        box = sheet.print_box(slot, filled)
        trim = sheet.trim(slot)
        if not front:
            box, trim = sheet.back(box, doc.flip), sheet.back(trim, doc.flip)
        if face is not None:
            canvas.saveState()
            clip = canvas.beginPath()
            clip.rect(pt(box[0]), pt(box[1]), pt(box[2] - box[0]), pt(box[3] - box[1]))
            canvas.clipPath(clip, stroke=0, fill=0)
            canvas.translate(pt(trim[0] - sheet.bleed), pt(trim[1] - sheet.bleed))
            canvas.doForm(f"F{face}")
            canvas.restoreState()
        if doc.proof_mode:
            _proof_marks(canvas, sheet, trim, card.id, doc.safe_inset)
    marks = crop_marks(sheet, filled)
    _marks(canvas, marks if front else [_mirrored(m, sheet, doc.flip) for m in marks])
    spot = footer_spot(sheet, marks)
    if spot is not None:
        _text(canvas, spot, footer, FOOTER_INK)


def _mirrored(mark: tuple[float, float, float, float], sheet: Sheet, flip: str) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = sheet.back((min(mark[0], mark[2]), min(mark[1], mark[3]), max(mark[0], mark[2]),
                                 max(mark[1], mark[3])), flip)
    return x0, y0, x1, y1


def _marks(canvas: Canvas, marks: list[tuple[float, float, float, float]]) -> None:
    # A white line under each black one keeps marks visible where they cross dark bleed.
    canvas.saveState()
    for colour, width in ((white, MARK_WIDTH * 4), (INK, MARK_WIDTH)):
        canvas.setStrokeColor(colour)
        canvas.setLineWidth(width)
        canvas.lines([tuple(pt(v) for v in mark) for mark in marks])
    canvas.restoreState()


def _proof_marks(canvas: Canvas, sheet: Sheet, trim: tuple[float, float, float, float], card_id: str,
                 inset: float) -> None:
    x, y = trim[0], trim[1]
    canvas.saveState()
    canvas.setStrokeColor(HexColor("#00a0e0"))
    canvas.setLineWidth(0.4)
    canvas.setDash([2, 2])
    canvas.rect(pt(x + inset), pt(y + inset), pt(sheet.card[0] - 2 * inset), pt(sheet.card[1] - 2 * inset))
    canvas.restoreState()
    _text(canvas, slug_spot(sheet, trim), card_id, INK, backdrop=True)


def _text(canvas: Canvas, spot: TextSpot, text: str, ink: HexColor, backdrop: bool = False) -> None:
    face = family(DEFAULT_FAMILY).face()
    size = spot.size
    width = canvas.stringWidth(text, face, size)
    if width > pt(spot.width) > 0:
        size *= pt(spot.width) / width
        width = pt(spot.width)
    canvas.saveState()
    canvas.translate(pt(spot.x), pt(spot.y))
    if spot.rotated:
        canvas.rotate(90)
    if backdrop:
        canvas.setFillColor(white)
        canvas.rect(-1, -size * 0.25, width + 2, size * 1.1, stroke=0, fill=1)
    canvas.setFillColor(ink)
    canvas.setFont(face, size)
    canvas.drawString(0, 0, text)
    canvas.restoreState()
