"""Loading: files to data, every node with a position on demand.

Its names are imported on first use (`deckwright.exports`): `deckwright explain` imports only the stage's
codes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckwright.exports import lazy_exports

if TYPE_CHECKING:
    from deckwright.loading.cache import ParseCache as ParseCache
    from deckwright.loading.document import Document as Document, pointer_of as pointer_of
    from deckwright.loading.problem import Parsed as Parsed, Problem as Problem, Trap as Trap
    from deckwright.loading.read import FileRef as FileRef, parse_text as parse_text, read_documents as read_documents

_EXPORTS = {
    "ParseCache": "deckwright.loading.cache",
    "Document": "deckwright.loading.document",
    "pointer_of": "deckwright.loading.document",
    "Parsed": "deckwright.loading.problem",
    "Problem": "deckwright.loading.problem",
    "Trap": "deckwright.loading.problem",
    "FileRef": "deckwright.loading.read",
    "parse_text": "deckwright.loading.read",
    "read_documents": "deckwright.loading.read",
}
__all__ = sorted(_EXPORTS)
__getattr__ = lazy_exports(__name__, _EXPORTS)
