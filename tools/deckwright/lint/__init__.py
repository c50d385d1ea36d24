"""Lint stage: identity, references, counts, glossary and assets, over a loaded pack.

Its names are imported on first use (`deckwright.exports`): `deckwright explain` imports only the stage's
codes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckwright.exports import lazy_exports

if TYPE_CHECKING:
    from deckwright.lint.acknowledgements import acknowledge as acknowledge

_EXPORTS = {
    "acknowledge": "deckwright.lint.acknowledgements",
}
__all__ = sorted(_EXPORTS)
__getattr__ = lazy_exports(__name__, _EXPORTS)
