"""One PDF per sheet: page size, header and page numbers, byte-identical for the same input."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, SimpleDocTemplate

from deckwright.sheets.pdf.style import FONT, MUTED, font, para, text

MARGIN = 12 * mm


@dataclass(frozen=True)
class Paper:
    """A paper size: its name on the command line, in CSS `@page`, and in points."""

    name: str
    css: str
    size: tuple[float, float]


PAPERS = {"a4": Paper("a4", "A4", A4), "letter": Paper("letter", "letter", LETTER)}


@dataclass(frozen=True)
class Printed:
    data: bytes
    pages: int


def pdf_bytes(title: str, header: str, story: Sequence[Flowable], paper: Paper) -> Printed:
    """The story laid out on the paper, with the sheet's title on top and `header` on every page."""
    font()
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(buffer, pagesize=paper.size, leftMargin=MARGIN, rightMargin=MARGIN,
                            topMargin=MARGIN + 4 * mm, bottomMargin=MARGIN, title=title, author="deckwright",
                            creator="deckwright sheets", invariant=True,
                            # The canvas's first font is ours, so the file names no unembedded standard font.
                            initialFontName=FONT, initialFontSize=9)

    def decorate(canvas: Canvas, _doc: SimpleDocTemplate) -> None:
        canvas.saveState()
        canvas.setFont(FONT, 7)
        canvas.setFillColor(MUTED)
        width, height = paper.size
        canvas.drawString(MARGIN, height - MARGIN, f"{header} - {title}")
        canvas.drawRightString(width - MARGIN, MARGIN / 2, f"page {canvas.getPageNumber()}")
        canvas.restoreState()

    doc.build([para(text(header), "pack"), para(text(title), "title"), *story],
              onFirstPage=decorate, onLaterPages=decorate)
    return Printed(buffer.getvalue(), doc.page)
