"""Shrink-to-fit: the largest font size, down to a minimum, at which paragraph text fits its box."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

ALIGN = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT, "justify": TA_JUSTIFY}
STEP = 0.25  # points between the sizes tried
SLACK = 0.25  # of the font size a line may seem to run over: reportlab mis-measures words split by entities


@dataclass(frozen=True)
class TextStyle:
    """How a text box sets its paragraph: font face, largest and smallest size, leading, colour, alignment."""

    face: str
    size: float
    min_size: float
    leading: float
    color: str
    align: str

    def paragraph(self, markup: str, size: float) -> Paragraph:
        """The paragraph of `markup` set at `size` points."""
        style = ParagraphStyle("dw", fontName=self.face, fontSize=size, leading=size * self.leading,
                               textColor=self.color, alignment=ALIGN.get(self.align, TA_LEFT))
        return Paragraph(markup, style)


@dataclass(frozen=True)
class Fitted:
    """The size chosen for a text and whether the text fits at it."""

    size: float
    fits: bool


def fit(markup: str, style: TextStyle, width: float, height: float) -> Fitted:
    """The largest size in STEP increments, from style.size down to style.min_size, at which the text fits."""
    if _fits(markup, style, style.size, width, height):
        return Fitted(style.size, True)
    low = min(style.min_size, style.size)
    if not _fits(markup, style, low, width, height):
        return Fitted(low, False)
    lo, hi = 0, int((style.size - low) / STEP)  # lo fits, hi does not (in steps above `low`)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if _fits(markup, style, low + mid * STEP, width, height):
            lo = mid
        else:
            hi = mid
    return Fitted(low + lo * STEP, True)


def _fits(markup: str, style: TextStyle, size: float, width: float, height: float) -> bool:
    para = style.paragraph(markup, size)
    used_width, used_height = para.wrap(width, height)
    return used_height <= height + 0.01 and min(_spare(para), default=0.0) >= -SLACK * size


def _spare(para: Paragraph) -> list[float]:
    """Space left at the end of each line (negative where a word is wider than the box)."""
    lines = getattr(getattr(para, "blPara", None), "lines", [])
    return [line[0] if isinstance(line, tuple) else getattr(line, "extraSpace", 0.0) for line in lines]
