"""Model stage: the resolved, immutable Pack and how it is assembled from a pack folder."""

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

__all__ = ["CARD_SIZES_MM", "Acknowledgement", "Component", "Deck", "Entity", "LoadOptions", "Loaded", "Pack",
           "Selection", "Source", "Term", "TypeSpec", "load_pack", "walk_path"]
