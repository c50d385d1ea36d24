"""Rendering: card faces from YAML layouts, imposed into print-and-play PDF proofs."""

from deckwright.render.check import check_layouts
from deckwright.render.proof import BACKS, Proof, ProofOptions, render_face_pdf, render_proof
from deckwright.render.select import CardFilter, select_cards

__all__ = ["BACKS", "CardFilter", "Proof", "ProofOptions", "check_layouts", "render_face_pdf", "render_proof", "select_cards"]
