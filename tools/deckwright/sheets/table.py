"""One table model for both renderings of a sheet: the HTML template (macro `table`) and the PDF story
(`pdf.story.table_flowable`) draw the same columns, widths, cells and row tones from a SheetTable, so
the two cannot disagree about what a table holds or how wide its columns are.

A cell is a run of parts: plain text, strong text, a muted aside on its own line, a link to a place
in the pack (`src`, or `line` for "line N"), citations, the assumed badge, or a check box.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from deckwright.sheets.links import Cite, Link
from deckwright.sheets.rich import Rich


@dataclass(frozen=True)
class Part:
    """One piece of a cell: `kind` is text | strong | aside | src | line | cites | badge | check | rich | item
    (`rich`: text with icons and keywords; `item`: the same on a line of its own, bulleted)."""

    kind: str
    text: str = ""
    link: Link | None = None
    cites: tuple[Cite, ...] = ()
    rich: Rich = ()


@dataclass(frozen=True)
class Column:
    """A column: its heading, its share of the table's width, and how its cells align (left | center | right)."""

    label: str
    share: float
    align: str = "left"

    @property
    def percent(self) -> str:
        return f"{self.share * 100:.1f}%"


@dataclass(frozen=True)
class Row:
    """A body row: its cells, and its tone (`assumed`, `disagree` or none) which both renderings shade."""

    cells: tuple[tuple[Part, ...], ...]
    tone: str = ""


@dataclass(frozen=True)
class SheetTable:
    """A table of a sheet: its CSS class, optional caption, columns (shares summing to 1) and rows."""

    kind: str
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    caption: str = ""


def text(value: object) -> tuple[Part, ...]:
    return (Part("text", str(value)),)


def src(link: Link) -> Part:
    return Part("src", link.label, link)


def line(link: Link) -> Part:
    return Part("line", f"line {link.line}", link)


def cites(items: Sequence[Cite]) -> Part:
    return Part("cites", cites=tuple(items))


def assumed(reason: str, show_reason: bool = True) -> tuple[Part, ...]:
    """The assumed badge, with the reason below it (when given and wanted)."""
    if not reason:
        return ()
    return (Part("badge"), *((Part("aside", reason),) if show_reason else ()))


def columns(*spec: tuple[str, float] | tuple[str, float, str]) -> tuple[Column, ...]:
    """Columns from (label, weight[, align]); weights are scaled to shares of 1."""
    total = sum(s[1] for s in spec)
    return tuple(Column(s[0], s[1] / total, s[2] if len(s) > 2 else "left") for s in spec)
