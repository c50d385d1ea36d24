"""Visiting the Townsfolk who pay a hunter (lines 892-900, 1516): the Troubadour pays for a song about the
hunter, the Monster Collector buys Monster Trophies.

Both are met by the Capital City Location Action in their kingdom's capital (line 892), like the Horse
Merchant (`court`). The book prints neither price, so the pack states them (assumed facts): the coins of
a song and how many songs the Troubadour pays one hunter for in a game, and what a trophy fetches by its
monster's level. A sold trophy leaves the hunter for the monster discard. The Shapeshifter may not sell
its trophies (line 1516).
"""

from __future__ import annotations

from typing import Any

from deckwright.games.silver_coin.characters import SHAPESHIFTER, is_
from deckwright.games.silver_coin.court import MONSTER_COLLECTOR, TROUBADOUR, townsfolk_in
from deckwright.games.silver_coin.state import State

Action = tuple[Any, ...]
SONG, SELL_TROPHY = "song", "sell-trophy"
KINDS = (SONG, SELL_TROPHY)


def _met(state: State, seat: int) -> str:
    """The Townsfolk card of the capital the hunter stands in ('' outside a capital or without one)."""
    table = state.table
    here = state.hunters[seat].place
    if here not in table.capitals or "townsfolk" not in table.rules.capital_places:
        return ""
    return townsfolk_in(state, table.place_kingdom[here])


def options(state: State, seat: int) -> list[Action]:
    """A song while the Troubadour still pays this hunter; a trophy of each level the Collector buys."""
    court = state.table.court
    met = _met(state, seat)
    if court is None or not met:
        return []
    if met == TROUBADOUR:
        return [(SONG,)] if state.songs.count(seat) < court.songs else []
    if met == MONSTER_COLLECTOR and not is_(state, seat, SHAPESHIFTER):
        levels = sorted({state.table.monsters[m].level for m in state.hunters[seat].trophies})
        return [(SELL_TROPHY, level) for level in levels if level <= len(court.trophy_prices)]
    return []


def visit(state: State, seat: int, action: Action) -> None:
    court = state.table.court
    assert court is not None
    hunter = state.hunters[seat]
    if action[0] == SONG:
        hunter.coins += court.song_coins
        state.songs = (*state.songs, seat)
        state.use(TROUBADOUR)
        state.note("songs-paid-by-the-troubadour")
        return
    level = action[1]
    trophy = min(m for m in hunter.trophies if state.table.monsters[m].level == level)
    hunter.trophies.remove(trophy)
    state.monster_discard.append(trophy)
    hunter.coins += court.trophy_prices[level - 1]
    state.use(MONSTER_COLLECTOR)
    state.note("trophies-sold-to-the-monster-collector")


def describe(action: Action) -> str:
    if action[0] == SONG:
        return "the Troubadour pays for a song"
    return f"sell a level {action[1]} trophy to the Monster Collector"
