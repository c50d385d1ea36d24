"""Model stage: the resolved, immutable Pack and how it is assembled from a pack folder."""

from deckwright.model.layouts import Layout, LayoutElement, Layouts
from deckwright.model.load import LoadOptions, Loaded, load_pack
from deckwright.model.pack import (
    CARD_SIZES_MM,
    Acknowledgement,
    Component,
    Deck,
    Entity,
    Pack,
    Selection,
    Source,
    Term,
    TypeSpec,
    walk_path,
)
from deckwright.model.rules import Claim, Clause, FactStatement, Mention, Rules, Section

__all__ = ["CARD_SIZES_MM", "Acknowledgement", "Claim", "Clause", "Component", "Deck", "Entity", "FactStatement",
           "Layout", "LayoutElement", "Layouts", "LoadOptions", "Loaded", "Mention", "Pack", "Rules", "Section",
           "Selection", "Source", "Term", "TypeSpec", "load_pack", "walk_path"]
