"""The font families proofs embed: DejaVu TrueType files shipped inside deckwright (see fonts/LICENSE).

Only shipped fonts are used, never system fonts, so a proof prints the same on every machine.
reportlab embeds TrueType fonts as subsets of the glyphs a document uses.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(__file__).parent / "fonts"
STYLES = ("regular", "bold", "italic", "bolditalic")


@dataclass(frozen=True)
class Family:
    """A font family: the file of each style (a missing style falls back to regular)."""

    name: str
    files: Mapping[str, str]

    def face(self, style: str = "regular") -> str:
        """The reportlab font name of a style of this family."""
        return f"DW-{self.name}-{style if style in self.files else 'regular'}"


FAMILIES: Mapping[str, Family] = {
    "sans": Family("sans", {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf",
                            "italic": "DejaVuSans-Oblique.ttf", "bolditalic": "DejaVuSans-BoldOblique.ttf"}),
    "condensed": Family("condensed", {"regular": "DejaVuSansCondensed.ttf", "bold": "DejaVuSansCondensed-Bold.ttf",
                                      "italic": "DejaVuSansCondensed-Oblique.ttf",
                                      "bolditalic": "DejaVuSansCondensed-BoldOblique.ttf"}),
    "serif": Family("serif", {"regular": "DejaVuSerif.ttf", "bold": "DejaVuSerif-Bold.ttf"}),
}
DEFAULT_FAMILY = "sans"


def family(name: str) -> Family:
    """A shipped family by name, registered with reportlab (bold/italic mapped for paragraph markup)."""
    fam = FAMILIES[name]
    _register(name)
    return fam


@cache
def _register(name: str) -> None:
    # reportlab keeps fonts in its own process-wide registry; registering once per process is enough.
    fam = FAMILIES[name]
    for style in STYLES:
        if style in fam.files:
            pdfmetrics.registerFont(TTFont(fam.face(style), str(FONT_DIR / fam.files[style])))
    for bold, italic, style in ((0, 0, "regular"), (1, 0, "bold"), (0, 1, "italic"), (1, 1, "bolditalic")):
        addMapping(fam.face(), bold, italic, fam.face(style))


@cache
def coverage(name: str) -> frozenset[int]:
    """Code points the regular style of a family can draw."""
    family(name)
    font = pdfmetrics.getFont(FAMILIES[name].face())
    return frozenset(font.face.charToGlyph)


def missing_glyphs(text: str, name: str) -> list[str]:
    """Characters of `text` the family cannot draw (control characters aside), in order of appearance."""
    have = coverage(name)
    return list(dict.fromkeys(c for c in text if ord(c) >= 32 and ord(c) not in have))
