"""Lint's view of rendering: every problem a proof would have, without drawing the PDF."""

from __future__ import annotations

from deckwright.diagnostic import Diagnostic
from deckwright.model import Pack


def check_layouts(pack: Pack) -> list[Diagnostic]:
    """Text that overflows after shrink-to-fit, missing, escaping or too-small images, glyphs no font has."""
    if not pack.layouts and not any(t.layout for t in pack.types.values()):
        return []
    # Imported here: reportlab and the fonts cost a tenth of a second that packs without layouts never pay.
    from deckwright.render.plan import plan_faces
    from deckwright.render.proof import ProofOptions

    return plan_faces(pack, pack.entities, ProofOptions().bleed).diagnostics
