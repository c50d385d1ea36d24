"""Imposition: where each card of a sheet goes, on the front page and, mirrored, on the back page.

All lengths are millimetres, origin at the bottom-left corner of the page. Cards (with their bleed)
sit in a grid centred on the page, as many as fit; slot 0 is the top-left card as the page is read.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from deckwright.errors import DeckwrightError


class CardTooLarge(DeckwrightError):
    """A card (with its bleed) does not fit on the chosen page."""


@dataclass(frozen=True)
class Sheet:
    """A grid of cards of one size on one page size."""

    page: tuple[float, float]
    card: tuple[float, float]
    bleed: float
    gutter: float
    cols: int
    rows: int

    @property
    def capacity(self) -> int:
        return self.cols * self.rows

    @property
    def cell(self) -> tuple[float, float]:
        """Width and height of a card with its bleed."""
        return self.card[0] + 2 * self.bleed, self.card[1] + 2 * self.bleed

    @property
    def origin(self) -> tuple[float, float]:
        """Bottom-left corner of the grid."""
        cw, ch = self.cell
        grid_w = self.cols * cw + (self.cols - 1) * self.gutter
        grid_h = self.rows * ch + (self.rows - 1) * self.gutter
        return (self.page[0] - grid_w) / 2, (self.page[1] - grid_h) / 2

    def slot(self, index: int) -> tuple[float, float]:
        """Bottom-left corner of the bleed box of slot `index` on a front page."""
        row, col = divmod(index, self.cols)
        cw, ch = self.cell
        x0, y0 = self.origin
        return x0 + col * (cw + self.gutter), y0 + (self.rows - 1 - row) * (ch + self.gutter)

    def back_slot(self, index: int, flip: str) -> tuple[float, float]:
        """Where the back of slot `index` goes so that it prints behind its front, for a flip edge.

        Turning the sheet over its long edge mirrors across the long axis: left-right on a portrait
        page, top-bottom on a landscape one; the short edge does the opposite.
        """
        x, y = self.slot(index)
        cw, ch = self.cell
        if self.mirrors_left_right(flip):
            return self.page[0] - x - cw, y
        return x, self.page[1] - y - ch

    def mirrors_left_right(self, flip: str) -> bool:
        """Whether turning the sheet over its `flip` edge mirrors it left-right (else top-bottom)."""
        portrait = self.page[0] <= self.page[1]
        return (flip == "long") == portrait

    def trims(self) -> tuple[list[float], list[float]]:
        """The x of every vertical and the y of every horizontal trim line, ascending."""
        xs = sorted({v for i in range(self.cols) for v in self._trim_x(i)})
        ys = sorted({v for i in range(self.rows) for v in self._trim_y(i)})
        return xs, ys

    def _trim_x(self, col: int) -> tuple[float, float]:
        x = self.slot(col)[0] + self.bleed
        return x, x + self.card[0]

    def _trim_y(self, row: int) -> tuple[float, float]:
        y = self.slot(row * self.cols)[1] + self.bleed
        return y, y + self.card[1]


def plan_sheet(page: tuple[float, float], card: tuple[float, float], bleed: float, gutter: float,
               margin: float) -> Sheet:
    """The grid holding the most cards of a size on a page, within its margins."""
    cw, ch = card[0] + 2 * bleed, card[1] + 2 * bleed
    cols = math.floor((page[0] - 2 * margin + gutter + 1e-6) / (cw + gutter))
    rows = math.floor((page[1] - 2 * margin + gutter + 1e-6) / (ch + gutter))
    if cols < 1 or rows < 1:
        raise CardTooLarge(f"a {card[0]:g}x{card[1]:g} mm card with {bleed:g} mm bleed does not fit on a "
                           f"{page[0]:g}x{page[1]:g} mm page; choose a larger page or --landscape")
    return Sheet(page, card, bleed, gutter, cols, rows)
