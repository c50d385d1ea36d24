"""Imposition: where each card of a sheet goes, on the front page and, mirrored, on the back page.

All lengths are millimetres, origin at the bottom-left corner of the page. The cards' trim boxes
sit in a grid centred on the page, as many as fit inside the page margins together with their
bleed and a crop mark on every outer side; slot 0 is the top-left card as the page is read and
slots fill row by row. Nothing is printed within `margin` of the paper edge.

Two ways to lay the grid out:
- separate cuts (default): every card carries its bleed on all four sides, neighbours `gap` apart
  beyond their bleed; each card is cut out on its own four lines;
- shared cuts: cards butt against each other, so one cut separates two cards; bleed is printed only
  on a card's outer sides (towards the page margin or an empty slot).
In both, the bleed at the grid's outer edges shrinks (down to none) where the margin leaves too little
room for it and the crop marks: a card never loses its place on the page to its outer bleed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from deckwright.errors import DeckwrightError

MIN_MARK = 1.0  # shortest crop mark worth printing
MIN_CLEARANCE = 0.3  # least gap between a crop mark and the bleed or trim corner it points at
EDGE_ZONE = MIN_MARK + MIN_CLEARANCE  # what a grid needs outside its bleed, on every side, for crop marks
EPS = 1e-6

Rect = tuple[float, float, float, float]  # left, bottom, right, top


class CardTooLarge(DeckwrightError):
    """A card (with its bleed and crop marks) does not fit on the chosen page."""


@dataclass(frozen=True)
class Sheet:
    """A grid of cards of one size on one page size: how they are cut, and the margin kept clear."""

    page: tuple[float, float]
    card: tuple[float, float]
    bleed: float
    gap: float
    cols: int
    rows: int
    margin: float = 0.0
    shared: bool = False

    @property
    def capacity(self) -> int:
        return self.cols * self.rows

    @property
    def cell(self) -> tuple[float, float]:
        """Width and height of a card with its bleed all round (the face as drawn)."""
        return self.card[0] + 2 * self.bleed, self.card[1] + 2 * self.bleed

    @property
    def pitch(self) -> tuple[float, float]:
        """Distance between the trim corners of neighbouring cards."""
        between = 0.0 if self.shared else 2 * self.bleed + self.gap
        return self.card[0] + between, self.card[1] + between

    @property
    def grid(self) -> Rect:
        """The box around every slot's trim box."""
        (cw, ch), (px, py) = self.card, self.pitch
        width, height = (self.cols - 1) * px + cw, (self.rows - 1) * py + ch
        left, bottom = (self.page[0] - width) / 2, (self.page[1] - height) / 2
        return left, bottom, left + width, bottom + height

    def outer_bleed(self) -> Rect:
        """The bleed printed at the grid's left, bottom, right and top edges: all of it, unless the margin
        leaves too little room on that side for it and the crop marks."""
        left, bottom, right, top = self.grid
        rooms = (left, bottom, self.page[0] - right, self.page[1] - top)
        return tuple(max(0.0, min(self.bleed, room - self.margin - EDGE_ZONE)) for room in rooms)  # type: ignore[return-value]

    def trim(self, index: int) -> Rect:
        """The trim box of slot `index` on a front page."""
        row, col = divmod(index, self.cols)
        left, _, _, top = self.grid
        x, y = left + col * self.pitch[0], top - self.card[1] - row * self.pitch[1]
        return x, y, x + self.card[0], y + self.card[1]

    def print_box(self, index: int, filled: int) -> Rect:
        """What of slot `index`'s face is printed (trim box and the bleed it keeps), with `filled` slots used."""
        x0, y0, x1, y1 = self.trim(index)
        row, col = divmod(index, self.cols)
        edges = self.outer_bleed()

        def side(d_row: int, d_col: int, edge: float) -> float:
            r, c = row + d_row, col + d_col
            if not (0 <= r < self.rows and 0 <= c < self.cols):
                return edge
            return 0.0 if self.shared and r * self.cols + c < filled else self.bleed

        return (x0 - side(0, -1, edges[0]), y0 - side(1, 0, edges[1]), x1 + side(0, 1, edges[2]),
                y1 + side(-1, 0, edges[3]))

    def slot(self, index: int) -> tuple[float, float]:
        """Bottom-left corner of the face (trim box less the full bleed) of slot `index` on a front page."""
        x, y, _, _ = self.trim(index)
        return x - self.bleed, y - self.bleed

    def back(self, rect: Rect, flip: str) -> Rect:
        """Where a box of a front page lies on the back page, for a flip edge.

        Turning the sheet over its long edge mirrors across the long axis: left-right on a portrait
        page, top-bottom on a landscape one; the short edge does the opposite.
        """
        x0, y0, x1, y1 = rect
        if self.mirrors_left_right(flip):
            return self.page[0] - x1, y0, self.page[0] - x0, y1
        return x0, self.page[1] - y1, x1, self.page[1] - y0

    def mirrors_left_right(self, flip: str) -> bool:
        """Whether turning the sheet over its `flip` edge mirrors it left-right (else top-bottom)."""
        portrait = self.page[0] <= self.page[1]
        return (flip == "long") == portrait


def plan_sheet(page: tuple[float, float], card: tuple[float, float], bleed: float, gap: float,
               margin: float, shared: bool = False) -> Sheet:
    """The grid holding the most cards of a size on a page, with bleed and crop marks inside the margins."""
    between = 0.0 if shared else 2 * bleed + gap
    cols, rows = (_count(page[i] - 2 * margin - 2 * EDGE_ZONE, card[i], card[i] + between) for i in (0, 1))
    if cols < 1 or rows < 1:
        raise CardTooLarge(f"a {card[0]:g}x{card[1]:g} mm card with {bleed:g} mm bleed and crop marks does not fit "
                           f"on a {page[0]:g}x{page[1]:g} mm page inside {margin:g} mm margins; choose a larger page, "
                           f"--landscape, a smaller --margin or --bleed")
    return Sheet(page, card, bleed, 0.0 if shared else gap, cols, rows, margin, shared)


def single_sheet(card: tuple[float, float], bleed: float) -> Sheet:
    """A page the size of one card with its bleed (one card per page, for print shops)."""
    return Sheet((card[0] + 2 * bleed, card[1] + 2 * bleed), card, bleed, 0.0, 1, 1)


def balanced(count: int, capacity: int) -> list[int]:
    """How many cards each page takes: as few pages as fit `count`, shared out as evenly as they can be."""
    if count <= 0:
        return []
    pages = math.ceil(count / capacity)
    low, extra = divmod(count, pages)
    return [low + 1 if i < extra else low for i in range(pages)]


def _count(room: float, first: float, each: float) -> int:
    """How many items fit in `room` when the first takes `first` and each further one `each`."""
    if room + EPS < first:
        return 0
    return 1 + math.floor((room - first + EPS) / each)
