"""What two Monarchs do at a battle's end in their kingdom (lines 196-197, 207, 776, 790, 1708).

A won battle's rewards count the Monarch's effect after the Monster card's (line 790): Didymus the
Skeptic, the '-10 coins Monarch' (line 1708), takes his token's coins from a battle won on a mission of
his kingdom, never more than it pays. A lost battle fails the mission, which Casimir III the Unforgiving
punishes (line 776): the book prints only his BAN token (line 197), so the pack states what the ban
is (an assumed fact): the hunter who failed one of his kingdom's missions may take none of its Tavern
missions for the rest of that round and the fact's rounds after it.
"""

from __future__ import annotations

from deckwright.games.silver_coin.court import BAN, SKEPTIC, role
from deckwright.games.silver_coin.state import State


def _kingdom(state: State, mission: int) -> int:
    return state.table.missions[mission][0]


def reward(state: State, mission: int, coins: int) -> int:
    """The coins a battle won on `mission` pays once its kingdom's Monarch has had his say."""
    court = state.table.court
    if court is None or role(state, _kingdom(state, mission)) != SKEPTIC or coins <= 0:
        return coins
    state.note("skeptic-cuts")
    return max(0, coins - court.skeptic_cut)


def failed(state: State, seat: int, mission: int) -> None:
    """A lost battle on `mission`: in the unforgiving Monarch's kingdom, the hunter is banned."""
    court = state.table.court
    if court is None or role(state, _kingdom(state, mission)) != BAN:
        return
    kept = tuple(entry for entry in state.banned if entry[0] != seat)
    state.banned = (*kept, (seat, state.round + court.ban_rounds))
    state.note("casimir-bans")


def banned(state: State, seat: int, mission: int) -> bool:
    """Whether the hunter may not take `mission` (its kingdom's Monarch banned the hunter until a round
    not yet over)."""
    if not state.banned or role(state, _kingdom(state, mission)) != BAN:
        return False
    return any(who == seat and state.round <= until for who, until in state.banned)
