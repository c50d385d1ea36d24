"""What a draw could take now, read without drawing: a pile's cards, or, once it is empty, its discard's
(the book's reshuffle rule). Listing the legal actions reads these and changes nothing; the draw itself
reshuffles (`flow.kingdom_left`, `combat.monster_left`), as part of the transition that makes it."""

from __future__ import annotations

from deckwright.games.silver_coin.state import State


def kingdom_cards(state: State) -> int:
    """The Kingdom cards a draw could take: the deck's, else the discard's when the rules reshuffle it."""
    if state.kingdom_deck or not state.table.rules.reshuffle:
        return len(state.kingdom_deck)
    return len(state.kingdom_discard)


def monsters(state: State, level: int) -> int:
    """The Monster cards of `level` a draw could take: its deck's, else the discarded ones of the level when
    the rules reshuffle them."""
    deck = state.monster_decks[level - 1] if 0 < level <= len(state.monster_decks) else []
    if deck or not state.table.rules.reshuffle:
        return len(deck)
    cards = state.table.monsters
    return sum(1 for m in state.monster_discard if cards[m].level == level)
