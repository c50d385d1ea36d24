"""Authoring tools: fmt (normal form of a pack's YAML), editor schema association, scaffolds, CSV import.

Names are imported on first use (`deckwright.exports`): reading `authoring.codes` (every command that looks a
code up) must not import the formatter.
"""

from __future__ import annotations

from deckwright.exports import lazy_exports

_EXPORTS = {
    "FormatRefused": "deckwright.authoring.yamlfmt",
    "Root": "deckwright.authoring.yamlfmt",
    "format_text": "deckwright.authoring.yamlfmt",
    "Formatted": "deckwright.authoring.fmt",
    "format_document": "deckwright.authoring.fmt",
}

__all__ = sorted(_EXPORTS)
__getattr__ = lazy_exports(__name__, _EXPORTS)
