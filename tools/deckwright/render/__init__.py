"""Rendering: card faces from YAML layouts, imposed into print-and-play PDF proofs.

Names are imported on first use (`deckwright.exports`): lint imports `render.check` on every run, and must not
pay for reportlab and the fonts when a pack has nothing to draw.
"""

from __future__ import annotations

from deckwright.exports import lazy_exports

_EXPORTS = {
    "check_layouts": "deckwright.render.check",
    "BACKS": "deckwright.render.proof",
    "Proof": "deckwright.render.proof",
    "ProofOptions": "deckwright.render.proof",
    "render_face_pdf": "deckwright.render.proof",
    "render_proof": "deckwright.render.proof",
    "CardFilter": "deckwright.render.select",
    "select_cards": "deckwright.render.select",
}

__all__ = sorted(_EXPORTS)
__getattr__ = lazy_exports(__name__, _EXPORTS)
