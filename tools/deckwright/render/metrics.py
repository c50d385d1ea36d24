"""Text measured without parsing the shipped TrueType files: their metrics, read once from them into a table
(`fonts/metrics/<face>.json`, written by `python -m deckwright.render.metrics`).

reportlab parses a whole TrueType file to register a font (12 to 17 ms a face), and every lint of a pack
with layouts registered the faces it measures text in. A shipped face is now registered with a stand-in
for reportlab's parsed face that holds what measuring reads (each character's advance width, the default
width, ascent, descent, the name) from the table, and parses the file the first time anything else is
asked of it (a PDF embedding the face's glyphs): the widths are the ones the parse gives (the table is
checked against the files by the tests), so faces are set and PDFs written exactly as before.
"""

from __future__ import annotations

import json
from fnmatch import fnmatch
from functools import cache
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

from reportlab import rl_config
from reportlab.pdfbase.ttfonts import TTEncoding, TTFNameBytes, TTFont, TTFontFace, unShapedFontGlob

FONTS = Path(__file__).parent / "fonts"
TABLES = FONTS / "metrics"  # one file a face: a lint reads only the faces its layouts use
MEASURED = ("name", "ascent", "descent", "defaultWidth", "charWidths")  # what measuring text reads of a face


class MeasuredFace:
    """A shipped face's metrics from the table; anything else is read from the face parsed on first need."""

    def __init__(self, filename: Path, entry: dict[str, Any]):
        self.filename = str(filename)
        self.name = TTFNameBytes(entry["name"].encode("utf-8"))
        self.ascent: float = entry["ascent"]
        self.descent: float = entry["descent"]
        self.defaultWidth: float = entry["defaultWidth"]
        self.charWidths: dict[int, float] = {start + i: width for start, widths in entry["widths"]
                                             for i, width in enumerate(widths)}
        self.coverage = frozenset(self.charWidths)  # every character the face maps has a width
        self._parsed: TTFontFace | None = None

    def __getattr__(self, attribute: str) -> Any:
        if attribute.startswith("__") or attribute == "_parsed":
            raise AttributeError(attribute)
        if self._parsed is None:
            self._parsed = TTFontFace(self.filename)
        return getattr(self._parsed, attribute)


def measured_font(name: str, filename: Path) -> TTFont:
    """A reportlab TrueType font for a face: for a shipped face the table holds (the same file size), measured
    from the table; else parsed as reportlab does."""
    entry = _table(filename.name) if filename.parent == FONTS else None
    if entry is None or entry.get("size") != filename.stat().st_size:
        return TTFont(name, str(filename))
    # TTFont's own set-up (the tests hold these to the attributes reportlab sets), the parsed face replaced
    font = TTFont.__new__(TTFont)
    font.fontName = name
    font.face = MeasuredFace(filename, entry)
    font.encoding = TTEncoding()
    font.state = WeakKeyDictionary()
    font._asciiReadable = rl_config.ttfAsciiReadable
    font.shapable = not any(fnmatch(name, pattern) for pattern in unShapedFontGlob)
    return font


@cache
def _table(name: str) -> dict[str, Any] | None:
    """A shipped face's metrics by its file name (None when its table is missing or unreadable)."""
    try:
        entry = json.loads((TABLES / f"{Path(name).stem}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return entry if isinstance(entry, dict) else None


def entry_of(filename: Path) -> dict[str, Any]:
    """The table's entry for one TrueType file, from reportlab's parse of it."""
    face = TTFontFace(str(filename))
    codes = sorted(face.charWidths)
    widths: list[list[Any]] = []
    for code in codes:
        if widths and widths[-1][0] + len(widths[-1][1]) == code:
            widths[-1][1].append(face.charWidths[code])
        else:
            widths.append([code, [face.charWidths[code]]])
    return {"size": filename.stat().st_size, "name": face.name.decode("utf-8"), "ascent": face.ascent,
            "descent": face.descent, "defaultWidth": face.defaultWidth, "widths": widths}


def write_tables(files: list[Path]) -> None:
    """Write the table of each of these TrueType files (the shipped faces)."""
    TABLES.mkdir(exist_ok=True)
    for path in files:
        (TABLES / f"{path.stem}.json").write_text(json.dumps(entry_of(path), separators=(",", ":")) + "\n",
                                                  encoding="utf-8")


if __name__ == "__main__":
    write_tables(sorted(FONTS.glob("*.ttf")))
