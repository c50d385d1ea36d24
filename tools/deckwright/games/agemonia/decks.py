"""The Initiative deck of a difficulty, built as the facts `initiative.deck_kinds.<difficulty>` say.

A card's kind is its border, with `-shuffle` for a card showing Shuffle (`blue-shuffle`); a
difficulty lists the kinds its deck takes (the book's Difficulty Level rules, lines 5431-5442).
The scenario engine and the `initiative_decks` probe both build decks here.
"""

from __future__ import annotations

from typing import Any

from deckwright.gamekit import Entity, Pack, fact


def card_kind(card: Entity) -> str:
    """`<border>` or `<border>-shuffle`."""
    return f"{card.get('border')}{'-shuffle' if card.get('shuffle') else ''}"


def deck_kinds(pack: Pack, difficulty: str) -> list[str] | None:
    """The kinds of card the deck of `difficulty` takes; None when no clause states them."""
    kinds = fact(pack, f"initiative.deck_kinds.{difficulty}", None)
    return [str(k) for k in kinds] if isinstance(kinds, list) else None


def initiative_deck(pack: Pack, difficulty: str) -> dict[str, int]:
    """Cards (id -> copies) of the Initiative deck at a difficulty (empty when its kinds are unstated)."""
    kinds = set(deck_kinds(pack, difficulty) or ())
    return {card.id: card.copies for card in pack.of_type("initiative-card") if card_kind(card) in kinds}


def initiative_decks(pack: Pack) -> dict[str, Any]:
    """Each difficulty's deck size against the size the book states and the cards in the box."""
    box = sum(card.copies for card in pack.of_type("initiative-card"))
    result = {}
    for difficulty in fact(pack, "initiative.difficulties"):
        deck = initiative_deck(pack, difficulty)
        stated = fact(pack, "initiative.normal_deck_size" if difficulty == "normal" else "initiative.other_deck_size")
        result[difficulty] = {"cards": sum(deck.values()), "stated": stated, "composition": deck,
                              "known": deck_kinds(pack, difficulty) is not None, "fits_box": sum(deck.values()) <= box}
    return {"box": box, "printed": fact(pack, "components.initiative_cards.count"), "decks": result}
