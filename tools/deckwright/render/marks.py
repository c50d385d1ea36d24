"""Crop marks, page footer and card slugs of an imposed page (millimetres, origin bottom-left).

A crop mark continues a trim line past the end of the cards that lie on it: into the page margin, an
empty slot, or the strip of bleed between two cards cut separately (which is cut away). Only the
lines of cards on the page get marks, so an empty slot has none. A mark stops short of the bleed and
of the trim corner it points at, never crosses a printed face, and keeps out of the page margin.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from deckwright.render.impose import EPS, MIN_CLEARANCE, MIN_MARK, Rect, Sheet

MARK_LENGTH = 5.0
CLEARANCE = 0.75  # gap between a mark and the bleed edge or trim corner it points at, when there is room
FOOTER_SIZE = 6.0  # points
_PT = 25.4 / 72  # millimetres per point

Segment = tuple[float, float, float, float]


def crop_marks(sheet: Sheet, filled: int) -> list[Segment]:
    """Every crop-mark segment of a front page with `filled` slots used, as (x1, y1, x2, y2)."""
    trims = [sheet.trim(i) for i in range(filled)]
    boxes = [sheet.print_box(i, filled) for i in range(filled)]
    found: set[Segment] = set()
    for axis in (0, 1):  # 0: vertical trim lines (x fixed, running along y); 1: horizontal ones
        for coord, spans in _lines(trims, axis).items():
            for low, high in _merged(spans):
                for end, direction in ((low, -1), (high, 1)):
                    mark = _mark(sheet, trims, boxes, axis, coord, end, direction)
                    if mark is not None:
                        found.add(tuple(round(v, 4) for v in mark))  # type: ignore[arg-type]
    return sorted(found)


def _lines(trims: list[Rect], axis: int) -> dict[float, list[tuple[float, float]]]:
    """Each trim line (its x for vertical lines, y for horizontal) and the spans of the cards on it."""
    lines: dict[float, list[tuple[float, float]]] = {}
    for rect in trims:
        for coord in (rect[axis], rect[axis + 2]):
            key = round(coord, 6)
            lines.setdefault(key, []).append((rect[1 - axis], rect[3 - axis]))
    return lines


def _merged(spans: list[tuple[float, float]]) -> Iterator[tuple[float, float]]:
    """Spans that touch joined into one (butted cards share a cut)."""
    ordered = sorted(spans)
    low, high = ordered[0]
    for start, end in ordered[1:]:
        if start <= high + EPS:
            high = max(high, end)
        else:
            yield low, high
            low, high = start, end
    yield low, high


def _mark(sheet: Sheet, trims: list[Rect], boxes: list[Rect], axis: int, coord: float, end: float,
          direction: int) -> Segment | None:
    """The mark continuing a trim line beyond `end` (direction -1: down/left, +1: up/right), if there is room."""
    along = 1 - axis  # the coordinate that varies along the line

    def crosses(rect: Rect) -> bool:
        return rect[axis] - EPS <= coord <= rect[axis + 2] + EPS

    ahead = [r for r in trims if crosses(r) and (r[along] - end if direction > 0 else end - r[along + 2]) > EPS]
    distance = min((r[along] - end if direction > 0 else end - r[along + 2] for r in ahead), default=None)
    strip = 2 * sheet.bleed + sheet.gap
    if distance is not None and distance <= strip + EPS and not sheet.shared:
        if distance < 0.5:
            return None
        inset = min(CLEARANCE, distance / 4)
        return _segment(axis, coord, end + direction * inset, end + direction * (distance - inset))
    limit = sheet.page[along] - sheet.margin if direction > 0 else sheet.margin
    for rect in (b for b in boxes if crosses(b)):
        edge = rect[along] if direction > 0 else rect[along + 2]
        if (edge - end) * direction > EPS:
            limit = min(limit, edge) if direction > 0 else max(limit, edge)
    bleed = max((abs(b[along + (2 if direction > 0 else 0)] - end) for b, t in zip(boxes, trims)
                 if crosses(t) and abs(t[along + (2 if direction > 0 else 0)] - end) < EPS), default=0.0)
    room = (limit - end) * direction - bleed
    clearance = CLEARANCE if room >= CLEARANCE + MIN_MARK else max(MIN_CLEARANCE, room - MIN_MARK)
    length = min(MARK_LENGTH, room - clearance)
    if length < MIN_MARK - EPS:
        return None
    start = end + direction * (bleed + clearance)
    return _segment(axis, coord, start, start + direction * length)


def _segment(axis: int, coord: float, a: float, b: float) -> Segment:
    low, high = sorted((a, b))
    return (coord, low, coord, high) if axis == 0 else (low, coord, high, coord)


@dataclass(frozen=True)
class TextSpot:
    """Where a line of small text goes: its left end and baseline, the width it may take, and its size."""

    x: float
    y: float
    width: float
    size: float = FOOTER_SIZE
    rotated: bool = False


def footer_spot(sheet: Sheet, marks: list[Segment]) -> TextSpot | None:
    """The longest stretch, between crop marks, of the band between the page margin and the printed cards.

    The band below the grid is used when it is tall enough for the footer; else the band left of the
    grid, with the text turned to read upwards. None when neither has room.
    """
    left, bottom, _, _ = sheet.grid
    outer = sheet.outer_bleed()
    for rotated, band in ((False, bottom - outer[1] - MIN_CLEARANCE - sheet.margin),
                          (True, left - outer[0] - MIN_CLEARANCE - sheet.margin)):
        size = min(FOOTER_SIZE, band / (1.2 * _PT))
        if size < 4.0:
            continue
        top = sheet.margin + size * 1.2 * _PT
        axis = 0 if not rotated else 1  # marks crossing the band: vertical ones below, horizontal ones beside
        cuts = sorted(m[axis] for m in marks if (m[axis] == m[axis + 2]) and min(m[1 - axis], m[3 - axis]) < top)
        stops = [sheet.margin, *cuts, sheet.page[axis] - sheet.margin]
        low, high = max(zip(stops, stops[1:]), key=lambda gap: gap[1] - gap[0])
        baseline = sheet.margin + size * 0.25 * _PT
        if rotated:  # turned a quarter left: the letters rise towards the page edge
            return TextSpot(sheet.margin + size * 0.95 * _PT, low + 1.0, high - low - 2.0, size, True)
        return TextSpot(low + 1.0, baseline, high - low - 2.0, size)
    return None


def slug_spot(sheet: Sheet, trim: Rect) -> TextSpot:
    """Just inside the bottom trim edge of a card (its trim box given), where proof mode prints the card's id."""
    return TextSpot(trim[0] + 1.0, trim[1] + 0.8, sheet.card[0] - 2.0, 5.0)
