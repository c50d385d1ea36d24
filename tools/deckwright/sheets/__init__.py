"""Sheets stage: printable reference sheets (HTML and PDF) from a pack's rules and content."""

from deckwright.sheets.build import SHEETS, Rendered, render_pack
from deckwright.sheets.findings import findings_sheet

__all__ = ["SHEETS", "Rendered", "findings_sheet", "render_pack"]
