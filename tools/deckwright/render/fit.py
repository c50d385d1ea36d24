"""Shrink-to-fit: the largest font size, down to a minimum, at which paragraph text fits its box.

Words are hyphenated with pyphen's dictionary for the layout's language (soft hyphens put at the
places it allows, where reportlab breaks a line and prints a hyphen), and never split without a
hyphen: a word still wider than its box makes the text not fit at that size, so it shrinks further
(or is reported as overflowing).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache

import pyphen

from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

ALIGN = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT, "justify": TA_JUSTIFY}
STEP = 0.25  # points between the sizes tried
SOFT_HYPHEN = "\u00ad"
DEFAULT_LANGUAGE = "en_US"  # a layout's language unless it says otherwise
MIN_HYPHENATED = 6  # letters a word needs before it is hyphenated
_WORD = re.compile(r"[^\W\d_]{%d,}" % MIN_HYPHENATED)
_TAG_SPLIT = re.compile(r"(<[^>]*>|&[#\w]+;)")
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
    language: str = DEFAULT_LANGUAGE

    def paragraph(self, markup: str, size: float) -> Paragraph:
        """The paragraph of `markup` set at `size` points."""
        style = ParagraphStyle("dw", fontName=self.face, fontSize=size, leading=size * self.leading,
                               textColor=self.color, alignment=ALIGN.get(self.align, TA_LEFT),
                               embeddedHyphenation=1, splitLongWords=0)
        return Paragraph(hyphenated(markup, self.language), style)


@lru_cache(maxsize=4096)
def hyphenated(markup: str, language: str) -> str:
    """Paragraph markup with soft hyphens where the language's dictionary allows a break (tags left alone)."""
    dictionary = hyphenation(language)
    if dictionary is None:
        return markup
    pieces = _TAG_SPLIT.split(markup)
    last = len(pieces) - 1

    def word(match: re.Match[str], at: int) -> str:
        rest = match.string[match.end():]
        # reportlab drops the space after a soft-hyphened word that ends a run before a tag or an entity, its
        # punctuation too ("Discard: <b>Teleport</b>" printed "Discard:Teleport"): that word keeps no break
        if at < last and rest[-1:].isspace() and len(rest.split()) <= 1:
            return match.group(0)
        return dictionary.inserted(match.group(0), hyphen=SOFT_HYPHEN)

    return "".join(piece if _TAG_SPLIT.fullmatch(piece) else _WORD.sub(lambda m: word(m, at), piece)
                   for at, piece in enumerate(pieces))


@cache
def hyphenation(language: str = DEFAULT_LANGUAGE) -> pyphen.Pyphen | None:
    """The language's hyphenation dictionary, read once a process (None for a language pyphen lacks)."""
    try:
        return pyphen.Pyphen(lang=language)
    except KeyError:
        return None


@dataclass(frozen=True)
class Fitted:
    """The size chosen for a text, whether the text fits at it, and the height it takes (points)."""

    size: float
    fits: bool
    height: float


def fit(markup: str, style: TextStyle, width: float, height: float) -> Fitted:
    """The largest size in STEP increments, from style.size down to style.min_size, at which the text fits."""
    if (used := _fits(markup, style, style.size, width, height)) is not None:
        return Fitted(style.size, True, used)
    low = min(style.min_size, style.size)
    if _fits(markup, style, low, width, height) is None:
        return Fitted(low, False, height)
    lo, hi = 0, int((style.size - low) / STEP)  # lo fits, hi does not (in steps above `low`)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if _fits(markup, style, low + mid * STEP, width, height) is not None:
            lo = mid
        else:
            hi = mid
    size = low + lo * STEP
    return Fitted(size, True, _fits(markup, style, size, width, height) or 0.0)


def _fits(markup: str, style: TextStyle, size: float, width: float, height: float) -> float | None:
    """The height the text takes at `size`, or None when it does not fit the box."""
    para = style.paragraph(markup, size)
    used_width, used_height = para.wrap(width, height)
    fits = used_height <= height + 0.01 and min(_spare(para), default=0.0) >= -SLACK * size
    return used_height if fits else None


def _spare(para: Paragraph) -> list[float]:
    """Space left at the end of each line (negative where a word is wider than the box)."""
    lines = getattr(getattr(para, "blPara", None), "lines", [])
    return [line[0] if isinstance(line, tuple) else getattr(line, "extraSpace", 0.0) for line in lines]
