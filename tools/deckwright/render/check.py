"""Lint's view of rendering: every problem a proof would have, without drawing the PDF."""

from __future__ import annotations

from deckwright.diagnostic import Diagnostic
from deckwright.model import Pack
from deckwright.render import codes


def prints(pack: Pack) -> bool:
    """Whether the pack is printed: it has layouts, or a card type names one."""
    return bool(pack.layouts.files) or any(t.layout for t in pack.types.values())


def check_layouts(pack: Pack) -> list[Diagnostic]:
    """Text that overflows after shrink-to-fit, missing, escaping or too-small images, glyphs no font has;
    in a pack that prints (it has layouts), card types with a size and no layout.

    A pack with no layout at all is not printed by design (a rules-only or lint-only pack); `proof`
    says so when asked to print it.
    """
    if not prints(pack):
        return []
    unlaid = [codes.SIZE_WITHOUT_LAYOUT.at(pack.locate("types", type_id, "size"),
                                           f"type '{type_id}' has a card size but no layout; its cards are not "
                                           "printed", hint="add `layout:` to the type, or remove `size:`")
              for type_id, spec in pack.types.items() if spec.layout is None and pack.card_size(type_id)]
    # Imported here: reportlab and the fonts cost a tenth of a second that packs without layouts never pay.
    from deckwright.render.plan import DEFAULT_BLEED, plan_faces

    return unlaid + plan_faces(pack, pack.entities, DEFAULT_BLEED).diagnostics
