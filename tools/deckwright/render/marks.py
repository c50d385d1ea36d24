"""Crop marks, page footer and card slugs of an imposed page (millimetres, origin bottom-left).

Crop marks run along every trim line: in the page margins outside the grid, and in the strips
between cards (which hold only bleed, cut away), never across a card's face. They stop short of the
trim corners so that a slightly misaligned cut leaves no ink on a card.
"""

from __future__ import annotations

from dataclasses import dataclass

from deckwright.render.impose import Sheet

MARK_LENGTH = 5.0
CLEARANCE = 0.75  # gap between a mark and the bleed edge or trim corner it points at

Segment = tuple[float, float, float, float]


def crop_marks(sheet: Sheet) -> list[Segment]:
    """Every crop-mark segment of a sheet's front page, as (x1, y1, x2, y2)."""
    xs, ys = sheet.trims()
    x0, y0 = sheet.origin
    cw, ch = sheet.cell
    grid_right = x0 + sheet.cols * cw + (sheet.cols - 1) * sheet.gutter
    grid_top = y0 + sheet.rows * ch + (sheet.rows - 1) * sheet.gutter
    segments: list[Segment] = []
    for x in xs:
        segments += _outward(x, y0, -1, vertical=True) + _outward(x, grid_top, 1, vertical=True, limit=sheet.page[1])
    for y in ys:
        segments += _outward(x0, y, -1, vertical=False) + _outward(grid_right, y, 1, vertical=False,
                                                                   limit=sheet.page[0])
    strip = 2 * sheet.bleed + sheet.gutter
    if strip > 0.5:
        inset = min(CLEARANCE, strip / 4)
        for col in range(1, sheet.cols):
            left = sheet.slot(col)[0] - sheet.gutter - sheet.bleed
            segments += [(left + inset, y, left + strip - inset, y) for y in ys]
        for row in range(1, sheet.rows):
            low = sheet.slot(row * sheet.cols)[1] + sheet.bleed + sheet.card[1]
            segments += [(x, low + inset, x, low + strip - inset) for x in xs]
    return segments


def _outward(x: float, y: float, direction: int, *, vertical: bool, limit: float = 0.0) -> list[Segment]:
    """A mark continuing a trim line out of the grid into the margin, if the margin has room."""
    edge = y if vertical else x
    room = (edge if direction < 0 else limit - edge) - CLEARANCE
    length = min(MARK_LENGTH, room - 0.5)
    if length < 1.0:
        return []
    start, end = edge + direction * CLEARANCE, edge + direction * (CLEARANCE + length)
    return [(x, start, x, end)] if vertical else [(start, y, end, y)]


@dataclass(frozen=True)
class TextSpot:
    """Where a line of small text goes: its left end, baseline and the width it may take."""

    x: float
    y: float
    width: float


def footer_spot(sheet: Sheet) -> TextSpot:
    """The widest stretch of the bottom margin between crop marks."""
    xs, _ = sheet.trims()
    edges = [0.0, *xs, sheet.page[0]]
    left, right = max(zip(edges, edges[1:]), key=lambda gap: gap[1] - gap[0])
    bottom_margin = sheet.origin[1]
    return TextSpot(left + 1.0, max(1.2, min(3.0, bottom_margin * 0.3)), right - left - 2.0)


def slug_spot(sheet: Sheet, slot: tuple[float, float]) -> TextSpot:
    """The bleed strip under a card's trim edge, where proof mode prints the card's id."""
    x, y = slot
    return TextSpot(x + sheet.bleed + 1.0, y + max(0.4, sheet.bleed * 0.3), sheet.card[0] - 2.0)
