"""Which character a seat plays: the question every character's module asks (many times a step), in a
module below them all, so each imports it once instead of at every call."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from deckwright.games.silver_coin.state import State


def is_(state: State, seat: int, character: str) -> bool:
    """Whether the hunter in `seat` plays `character` (a character's id)."""
    hunter = state.hunters[seat]
    return hunter.character >= 0 and state.table.characters[hunter.character].id == character
