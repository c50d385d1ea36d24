"""Lengths as written by users (`3mm`, `1/8in`, `0.125in`, `9pt`) and paper sizes, in millimetres."""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction

from reportlab.lib.units import mm as MM_PT

from deckwright.errors import DeckwrightError

PAGE_SIZES_MM: Mapping[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
_MM_PER = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72}
_LENGTH = re.compile(r"^\s*([0-9]+(?:\.[0-9]+)?(?:/[0-9]+)?)\s*(mm|cm|in|pt)?\s*$")


class BadLength(DeckwrightError):
    """A length option that is not a number with a unit."""


MAX_LENGTH_MM = 1000.0  # no paper deckwright prints on is longer: a larger option value is a typo


def parse_length(text: str) -> float:
    """Millimetres in a length such as `3mm`, `1/8in` or `0.125in` (a bare number is millimetres)."""
    match = _LENGTH.match(text)
    if not match:
        raise BadLength(f"'{text}' is not a length: write e.g. 3mm or 1/8in")
    number, unit = match.groups()
    try:
        value = float(Fraction(number))
    except ZeroDivisionError:
        raise BadLength(f"'{text}' divides by zero") from None
    millimetres = value * _MM_PER[unit or "mm"]
    if millimetres > MAX_LENGTH_MM:
        raise BadLength(f"'{text}' is longer than {MAX_LENGTH_MM:g} mm; no page holds it")
    return millimetres


def pt(millimetres: float) -> float:
    """Millimetres in PDF points."""
    return millimetres * MM_PT
