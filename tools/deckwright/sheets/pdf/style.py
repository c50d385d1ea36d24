"""Fonts, paragraph styles and small flowables (icon discs, check boxes) of the PDF sheets."""

from __future__ import annotations

from functools import cache
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import Flowable, Paragraph

from deckwright.render.fit import hyphenated
from deckwright.render.fonts import family

FAMILY = family("sans")

# The DejaVu family the proofs embed (shipped inside deckwright): it draws the glossary's icon symbols.
FONT = FAMILY.face()
BOLD = FAMILY.face("bold")
INK = colors.HexColor("#1d1d1f")
MUTED = colors.HexColor("#666666")
ASSUMED = colors.HexColor("#b35900")
ASSUMED_BG = colors.HexColor("#fff4e5")
BAD = colors.HexColor("#b00020")
GOOD = colors.HexColor("#1b6e20")
LINE = colors.HexColor("#cccccc")


def font() -> TTFont:
    """The bold face icons are drawn with (the family is registered when this module loads)."""
    registered = pdfmetrics.getFont(BOLD)
    assert isinstance(registered, TTFont)
    return registered


@cache
def styles() -> dict[str, ParagraphStyle]:
    font()
    # Words break at the soft hyphens `hyphenated` puts in (with a hyphen shown), not anywhere.
    base = ParagraphStyle("body", fontName=FONT, bulletFontName=FONT, fontSize=9, leading=11.5, textColor=INK,
                          embeddedHyphenation=1)
    return {
        "body": base,
        "title": ParagraphStyle("title", base, fontName=BOLD, fontSize=17, leading=21, spaceAfter=4),
        "pack": ParagraphStyle("pack", base, fontSize=8.5, textColor=MUTED),
        "h2": ParagraphStyle("h2", base, fontName=BOLD, fontSize=12, leading=15, spaceBefore=8,
                             spaceAfter=3, keepWithNext=True),
        "h3": ParagraphStyle("h3", base, fontName=BOLD, fontSize=10, leading=13, spaceBefore=5,
                             spaceAfter=2, keepWithNext=True),
        # Headings over long tables: keeping them with the table would push the whole table to the next page.
        "h2-loose": ParagraphStyle("h2-loose", base, fontName=BOLD, fontSize=12, leading=15, spaceBefore=8,
                                   spaceAfter=3),
        "h3-loose": ParagraphStyle("h3-loose", base, fontName=BOLD, fontSize=10, leading=13, spaceBefore=5,
                                   spaceAfter=2),
        "small": ParagraphStyle("small", base, fontSize=7.5, leading=9.5, textColor=MUTED),
        "cell": ParagraphStyle("cell", base, fontSize=7.5, leading=9.2),
        "cellright": ParagraphStyle("cellright", base, fontSize=7.5, leading=9.2, alignment=TA_RIGHT),
        "cellcenter": ParagraphStyle("cellcenter", base, fontSize=7.5, leading=9.2, alignment=TA_CENTER),
        "cellhead": ParagraphStyle("cellhead", base, fontName=BOLD, fontSize=7.5, leading=9.2),
        "assumed": ParagraphStyle("assumed", base, fontSize=7.5, leading=9.5, textColor=ASSUMED),
        "accepted": ParagraphStyle("accepted", base, fontSize=8, leading=10, textColor=GOOD),
        "aid": ParagraphStyle("aid", base, fontSize=7.6, leading=9.3, leftIndent=8, bulletIndent=0, spaceAfter=1),
        "aidhead": ParagraphStyle("aidhead", base, fontName=BOLD, fontSize=7.6, leading=9.5,
                                  keepWithNext=True),
    }


def text(value: object) -> str:
    """Content as paragraph markup: everything escaped, so content cannot inject markup."""
    return escape(str(value))


def para(markup: str, style: str = "body", bullet: str | None = None, scale: float = 1.0) -> Paragraph:
    """A paragraph of markup in a named style, its type scaled by `scale`."""
    chosen = styles()[style]
    if scale != 1.0:
        chosen = ParagraphStyle(f"{style}-{scale}", chosen, fontSize=chosen.fontSize * scale,
                                leading=chosen.leading * scale, spaceBefore=chosen.spaceBefore * scale,
                                spaceAfter=chosen.spaceAfter * scale)
    if style.startswith("cell"):  # narrow columns: break words where the dictionary allows, with a hyphen
        markup = hyphenated(markup, "en_US")
    return Paragraph(markup, chosen, bulletText=bullet)


def src(link: object) -> str:
    """A source reference as small grey markup: its label (file:line) as text, linked only when the link is
    an absolute web address. A PDF travels: a path relative to the repository would break once it leaves."""
    label, href = getattr(link, "label"), getattr(link, "href")
    if not str(href).startswith(("https://", "http://")):
        return f'<font color="#666666" size="7">{text(label)}</font>'
    return f'<font color="#666666" size="7"><a href="{escape(href, {chr(34): "&quot;"})}">{text(label)}</a></font>'


def badge() -> str:
    return '<font color="#b35900"><b>[ASSUMED]</b></font>'


def color(value: str, default: colors.Color = MUTED) -> colors.Color:
    """A CSS colour name or hex value as a reportlab colour (3-digit hex expanded)."""
    if len(value) == 4 and value.startswith("#"):
        value = "#" + "".join(c * 2 for c in value[1:])
    try:
        return colors.toColor(value)
    except ValueError:
        return default


class Icon(Flowable):
    """A glossary icon: its symbol in white on a disc of its colour (the initial when the font lacks the glyph)."""

    def __init__(self, symbol: str, name: str, fill: str, size: float = 5.5 * mm) -> None:
        super().__init__()
        glyphs = font().face.charToGlyph
        drawable = [s for s in (symbol, name[:1].upper()) if s and all(ord(c) in glyphs for c in s)]
        self.symbol = drawable[0] if drawable else ""
        self.fill = color(fill)
        self.width = self.height = size

    def draw(self) -> None:
        r = self.width / 2
        self.canv.setFillColor(self.fill)
        self.canv.circle(r, r, r, stroke=0, fill=1)
        self.canv.setFillColor(colors.white)
        self.canv.setFont(BOLD, r * 1.1)
        self.canv.drawCentredString(r, r * 0.62, self.symbol)


class CheckBox(Flowable):
    """An empty square to tick."""

    def __init__(self, size: float = 3.2 * mm) -> None:
        super().__init__()
        self.width = self.height = size

    def draw(self) -> None:
        self.canv.setStrokeColor(INK)
        self.canv.setLineWidth(0.7)
        self.canv.rect(0, 0, self.width, self.height, stroke=1, fill=0)
