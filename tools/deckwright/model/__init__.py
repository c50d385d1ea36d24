"""Model stage: the resolved, immutable Pack and how it is assembled from a pack folder.

Its names are imported on first use (`deckwright.exports`): `deckwright explain` imports only the stage's
codes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckwright.exports import lazy_exports

if TYPE_CHECKING:
    from deckwright.model.layouts import Layout as Layout, LayoutElement as LayoutElement, Layouts as Layouts
    from deckwright.model.load import LoadOptions as LoadOptions, Loaded as Loaded, load_pack as load_pack
    from deckwright.model.pack import CARD_SIZES_MM as CARD_SIZES_MM, Acknowledgement as Acknowledgement, Component as Component, Deck as Deck, Entity as Entity, Pack as Pack, Selection as Selection, Source as Source, Term as Term, TypeSpec as TypeSpec, walk_path as walk_path
    from deckwright.model.rules import Claim as Claim, Clause as Clause, FactStatement as FactStatement, Mention as Mention, Rules as Rules, Section as Section

_EXPORTS = {
    "Layout": "deckwright.model.layouts",
    "LayoutElement": "deckwright.model.layouts",
    "Layouts": "deckwright.model.layouts",
    "LoadOptions": "deckwright.model.load",
    "Loaded": "deckwright.model.load",
    "load_pack": "deckwright.model.load",
    "CARD_SIZES_MM": "deckwright.model.pack",
    "Acknowledgement": "deckwright.model.pack",
    "Component": "deckwright.model.pack",
    "Deck": "deckwright.model.pack",
    "Entity": "deckwright.model.pack",
    "Pack": "deckwright.model.pack",
    "Selection": "deckwright.model.pack",
    "Source": "deckwright.model.pack",
    "Term": "deckwright.model.pack",
    "TypeSpec": "deckwright.model.pack",
    "walk_path": "deckwright.model.pack",
    "Claim": "deckwright.model.rules",
    "Clause": "deckwright.model.rules",
    "FactStatement": "deckwright.model.rules",
    "Mention": "deckwright.model.rules",
    "Rules": "deckwright.model.rules",
    "Section": "deckwright.model.rules",
}
__all__ = sorted(_EXPORTS)
__getattr__ = lazy_exports(__name__, _EXPORTS)
