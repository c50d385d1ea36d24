"""Exports: a pack's content for spreadsheets and other tools (JSON, CSV), PNG faces, Tabletop Simulator decks.

Names are imported on first use (`deckwright.exports`): reading `export.codes` (every command that looks a code
up) must not import the exporters.
"""

from __future__ import annotations

from deckwright.exports import lazy_exports

_EXPORTS = {
    "FORMATS": "deckwright.export.run",
    "ExportOptions": "deckwright.export.run",
    "export_pack": "deckwright.export.run",
}

__all__ = sorted(_EXPORTS)
__getattr__ = lazy_exports(__name__, _EXPORTS)
