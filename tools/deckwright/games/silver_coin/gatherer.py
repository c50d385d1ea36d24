"""The Gatherer's abilities (lines 1284-1289).

Gathering Herbs, the Gatherer takes every face-up Herb card of the spot's kingdom (each still gives one
of its options) instead of the usual number. On a Flow turn it may replace all the Herb cards above the
Main Board with new ones (the usual number face up, drawn as at set-up), or brew one of its Flow card's
recipes (`brewing`, the pack's recipes and cards). That it buys no potions is its card's restriction,
which the market reads.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from typing import Any

from deckwright.games.silver_coin import brewing
from deckwright.games.silver_coin.characters import is_
from deckwright.games.silver_coin.state import State

GATHERER = "gatherer"
KINDS: tuple[str, ...] = ("herb-refresh",) + brewing.KINDS
Action = tuple[Any, ...]


def gathers_all(state: State, seat: int) -> bool:
    return is_(state, seat, GATHERER)


def may_take(done: AbstractSet[str], herb: int) -> bool:
    """Within one Gather Herbs action: only the cards face up when it began, each once (a card drawn
    into the row meanwhile waits for another action)."""
    if not any(d.startswith("herb-face-up:") for d in done):
        return True
    return f"herb-face-up:{herb}" in done and f"herb-taken:{herb}" not in done


def taking(state: State, herb: int) -> None:
    """Remember what the action found face up in the kingdom, and what it took."""
    table = state.table
    if not any(d.startswith("herb-face-up:") for d in state.done):
        kingdom = table.herb_cards[herb][1]
        state.done.update(f"herb-face-up:{h}" for h in state.herb_row if table.herb_cards[h][1] == kingdom)
    state.done.add(f"herb-taken:{herb}")


def options(state: State, seat: int) -> list[Action]:
    """The Gatherer's Flow options: the Herb cards replaced, or a card brewed."""
    if not is_(state, seat, GATHERER):
        return []
    return ([("herb-refresh",)] if state.herb_row else []) + brewing.brew_options(state, seat)


def apply(state: State, seat: int, action: Action) -> None:
    if action[0] == brewing.BREW:
        brewing.brew(state, seat, action[1])
    else:
        refresh(state)


def worth(state: State, seat: int, action: Action) -> float:
    return brewing.worth(state, seat, action) if action[0] == brewing.BREW else 1


def refresh(state: State) -> None:
    """Every face-up Herb card is discarded; the row refills from the deck (its discards shuffled back in
    when the deck runs out and the pack reshuffles)."""
    state.herb_discard += state.herb_row
    state.herb_row = []
    if len(state.herb_deck) < state.table.rules.herb_face_up and state.table.rules.reshuffle:
        state.herb_deck, state.herb_discard = sorted(state.herb_deck + state.herb_discard), []
    state.note("gatherer-replaces-herbs")
