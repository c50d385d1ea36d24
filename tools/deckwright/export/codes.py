"""Diagnostic codes of the exports: JSON/CSV rows, PNG faces, Tabletop Simulator decks (DW81x)."""

from __future__ import annotations

from deckwright.diagnostic import Code, Severity

E, W = Severity.ERROR, Severity.WARNING

NO_CARD_SIZE = Code(
    "DW810", "no-card-size", W, "An entity in a deck has no card size, so it has no face to export.",
    "PNG and Tabletop Simulator exports draw faces at the size the entity's type names (`size` in the "
    "manifest's `types`). This entity's type has none, so no image is made for it.",
    "Give the type a `size` (poker, bridge, tarot, mini, euro-mini, square or one of `sizes`), or "
    "leave it out of the deck.",
)
FACE_FAILED = Code(
    "DW811", "face-not-rendered", E, "A card face could not be rendered to an image.",
    "The renderer gave no usable PDF page for this card (or the page could not be rasterised); the "
    "other cards were still exported.",
    "Run `deckwright proof` on the pack: it reports what is wrong with the card's layout.",
)
EMPTY_DECK = Code(
    "DW812", "empty-deck", W, "A deck selects no card with a face; it is left out of the Tabletop Simulator export.",
    "The deck's `select` chooses no entity whose type has a card size, so there is nothing to put on a deck sheet.",
    "Fix the deck's `select`, or give its cards' type a `size`.",
)
UNWRITABLE = Code(
    "DW813", "export-unwritable", E, "An export file could not be written.",
    "The operating system refused to write an exported file (permissions, a full disk).",
    "Check the output folder's permissions, or name another with -o.",
)

CODES = (NO_CARD_SIZE, FACE_FAILED, EMPTY_DECK, UNWRITABLE)
