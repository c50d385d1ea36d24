"""Sheets stage: printable reference sheets (HTML and PDF) from a pack's rules and content.

Names are imported on first use (`deckwright.exports`): reading `sheets.codes` (every command that looks a
code up) must not import the sheet builders, jinja2 and reportlab.
"""

from __future__ import annotations

from deckwright.exports import lazy_exports

_EXPORTS = {
    "SHEETS": "deckwright.sheets.build",
    "Rendered": "deckwright.sheets.build",
    "render_pack": "deckwright.sheets.build",
    "findings_sheet": "deckwright.sheets.findings",
}

__all__ = sorted(_EXPORTS)
__getattr__ = lazy_exports(__name__, _EXPORTS)
