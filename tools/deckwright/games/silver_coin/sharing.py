"""Co-operative play's sharing of items (line 1665).

Hunters standing at the same place may share or exchange coins and potions, nothing else, as part of a
Location Action of the hunter whose turn it is: within that action it may hand coins or a potion to another
hunter there, or take them from one, as often as it likes. The book gives no amount; each hand-over moves
`coop.sharing.coins_per_hand_over` coins (repeated, any multiple) or one potion. Within one Location
Action an item passes between two hunters one way only (handing a thing back changes nothing), so a
Location Action ends. A character that may hold no potions receives none.

The rule belongs to the Scenario Book's co-operative mode: the engine offers it in a scenario with two or
more hunters, never in the competitive standard game.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from typing import Any

from deckwright.games.silver_coin.effects import add_potion, take_potion
from deckwright.games.silver_coin.state import State

KIND = "hand-over"
COINS = "coins"
POTION = "-potion"
Action = tuple[Any, ...]


def _shared(state: State, giver: int, receiver: int, item: str) -> str:
    return f"{KIND}:{giver}>{receiver}:{item}"


def _items(state: State, giver: int, receiver: int) -> list[str]:
    table = state.table
    hunter = state.hunters[giver]
    found = [COINS] if hunter.coins >= table.rules.share_coins > 0 else []
    if not table.characters[state.hunters[receiver].character].no_potions:
        found += [item for item in sorted(hunter.potions) if item.endswith(POTION) and hunter.potions[item] > 0]
    return found


def options(state: State, seat: int, done: AbstractSet[str]) -> list[Action]:
    """The hand-overs a Location Action of `seat` may include: to or from each other hunter at its place."""
    if state.table.mode is None or len(state.hunters) < 2:
        return []
    here = state.hunters[seat].place
    found: list[Action] = []
    for other in state.order:
        if other == seat or here < 0 or state.hunters[other].place != here:
            continue
        for giver, receiver in ((seat, other), (other, seat)):
            found += [(KIND, giver, receiver, item) for item in _items(state, giver, receiver)
                      if _shared(state, receiver, giver, item) not in done]
    return found


def apply(state: State, action: Action) -> None:
    _, giver, receiver, item = action
    state.done.add(_shared(state, giver, receiver, item))
    given, taken = state.hunters[giver], state.hunters[receiver]
    if item == COINS:
        amount = state.table.rules.share_coins
        given.coins -= amount
        taken.coins += amount
    else:
        take_potion(given.potions, item)
        add_potion(taken.potions, item)
    state.note("items-shared")
    state.note(f"items-shared:{'coins' if item == COINS else 'potions'}")
