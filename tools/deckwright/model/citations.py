"""Citations of the books a pack encodes, read from a `source` list as written."""

from __future__ import annotations

from typing import Any

from deckwright.diagnostic import Citation


def citations(value: Any) -> tuple[Citation, ...]:
    """Citations from a `source` list as written (malformed entries are the schema's business)."""
    if not isinstance(value, list):
        return ()
    return tuple(Citation(str(c["doc"]), c["line"]) for c in value
                 if isinstance(c, dict) and "doc" in c and "line" in c)
