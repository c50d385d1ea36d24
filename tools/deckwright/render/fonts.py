"""Font families proofs embed: DejaVu TrueType files shipped inside deckwright (see fonts/LICENSE), and
the TrueType fonts a pack ships itself (see `packfonts`).

Only these are used, never system fonts, so a proof prints the same on every machine. reportlab
embeds TrueType fonts as subsets of the glyphs a document uses.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics

from deckwright.render.metrics import measured_font

FONT_DIR = Path(__file__).parent / "fonts"
STYLES = ("regular", "bold", "italic", "bolditalic")


@dataclass(frozen=True)
class Family:
    """A font family: the file of each style (a missing style falls back to regular), under a unique name."""

    name: str
    files: Mapping[str, Path]

    def face(self, style: str = "regular") -> str:
        """The reportlab font name of a style of this family."""
        return f"DW-{self.name}-{style if style in self.files else 'regular'}"

    def register(self) -> Family:
        """Register the family with reportlab (bold and italic mapped for paragraph markup); returns it."""
        # reportlab keeps fonts in one process-wide registry, by name: a name registered once stays.
        if self.face() in pdfmetrics.getRegisteredFontNames():
            return self
        for style in STYLES:
            if style in self.files:
                pdfmetrics.registerFont(measured_font(self.face(style), self.files[style]))
        for bold, italic, style in ((0, 0, "regular"), (1, 0, "bold"), (0, 1, "italic"), (1, 1, "bolditalic")):
            addMapping(self.face(), bold, italic, self.face(style))
        return self


def _shipped(name: str, files: Mapping[str, str]) -> Family:
    return Family(name, {style: FONT_DIR / file for style, file in files.items()})


FAMILIES: Mapping[str, Family] = {
    "sans": _shipped("sans", {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf",
                              "italic": "DejaVuSans-Oblique.ttf", "bolditalic": "DejaVuSans-BoldOblique.ttf"}),
    "condensed": _shipped("condensed", {"regular": "DejaVuSansCondensed.ttf",
                                        "bold": "DejaVuSansCondensed-Bold.ttf",
                                        "italic": "DejaVuSansCondensed-Oblique.ttf",
                                        "bolditalic": "DejaVuSansCondensed-BoldOblique.ttf"}),
    "serif": _shipped("serif", {"regular": "DejaVuSerif.ttf", "bold": "DejaVuSerif-Bold.ttf"}),
}
DEFAULT_FAMILY = "sans"


def family(name: str) -> Family:
    """A shipped family by name, registered with reportlab."""
    return FAMILIES[name].register()


@cache
def coverage(face: str) -> frozenset[int]:
    """Code points a registered face can draw (a shipped face's from its metrics table, without parsing it)."""
    font = pdfmetrics.getFont(face)
    known = getattr(font.face, "coverage", None)
    return known if isinstance(known, frozenset) else frozenset(font.face.charToGlyph)


def missing_glyphs(text: str, fam: Family) -> list[str]:
    """Characters of `text` the family's regular style cannot draw (control characters and soft hyphens aside)."""
    have = coverage(fam.register().face())
    return list(dict.fromkeys(c for c in text if ord(c) >= 32 and c != "\u00ad" and ord(c) not in have))
