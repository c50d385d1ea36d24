"""The Chronomancer's Time Board areas beyond Area II's past (lines 1486-1498).

Once a round the Chronomancer may spend a Time Cube for one area's ability:
- Past III: on its turn it sets its Time Token on the place it stands; later in the round it may travel
  back there at once (no action); the token comes back at the round's end, used or not.
- Future II: taking a Monster Mission, it draws the fact's number of the level's monsters and keeps one
  for the mission, the others going back under the deck.
- Future III: bidding in a Bidding round, it looks at the top Kingdom card and either adds it face down
  to its bid (spending the cube) or discards it (keeping the cube); the book says nothing of a second
  look, so a discarded card ends the ability for the round (the engine's reading).
Not played: Future II on Kingdom card draws, Area IV's rearranging of Knowledge tokens (the engine's
Knowledge board counts tokens, it does not place them, so a rearranging changes nothing), and the
moves of cubes between areas with the losses only pictured on the board: cubes are spent from one pool.
"""

from __future__ import annotations

from typing import Any

from deckwright.games.silver_coin.characters import is_
from deckwright.games.silver_coin.state import State

CHRONOMANCER = "chronomancer"
FREE = ("time-token", "time-travel")
"""The Past III actions a turn may take without an Action Token."""
GLIMPSE, PEEK = "glimpse", "time-peek"
Action = tuple[Any, ...]


def _ready(state: State, seat: int) -> bool:
    """Whether the Chronomancer may still spend a Time Cube this round."""
    hunter = state.hunters[seat]
    return hunter.time_cubes > 0 and not hunter.ability_used and is_(state, seat, CHRONOMANCER)


def spend(state: State, seat: int, area: str) -> None:
    hunter = state.hunters[seat]
    hunter.time_cubes -= 1
    hunter.ability_used = True
    state.note(f"time-cube-{area}")


def free_options(state: State, seat: int) -> list[Action]:
    """Past III: set the Time Token where the hunter stands, or travel back to it."""
    hunter = state.hunters[seat]
    if hunter.time_token >= 0:
        return [("time-travel",)] if hunter.time_token != hunter.place else []
    return [("time-token",)] if hunter.place >= 0 and _ready(state, seat) else []


def apply_free(state: State, seat: int, action: Action) -> None:
    hunter = state.hunters[seat]
    if action[0] == "time-token":
        spend(state, seat, "past-3")
        hunter.time_token = hunter.place
        return
    hunter.place, hunter.time_token = hunter.time_token, -1
    state.use(state.table.places[hunter.place])
    state.note("time-travels")


def round_ends(state: State) -> None:
    """Every Time Token comes back to its owner."""
    for hunter in state.hunters:
        hunter.time_token = -1


def may_glimpse(state: State, seat: int, level: int) -> bool:
    """Future II on a Monster draw: a cube to spend and as many monsters of the level as the fact shows."""
    deck = state.monster_decks[level - 1] if 0 < level <= len(state.monster_decks) else []
    return _ready(state, seat) and len(deck) >= state.table.rules.glimpse_cards


def glimpsed(state: State, monster: int) -> None:
    """A monster shown by Future II; after the last one the Chronomancer chooses."""
    state.offered.append(monster)
    if len(state.offered) < state.table.rules.glimpse_cards:
        state.chance = ("glimpse", state.table.monsters[monster].level)
    else:
        state.step = GLIMPSE


def glimpse_options(state: State) -> list[Action]:
    return [("keep-glimpsed", m) for m in sorted(state.offered)]


def keep_glimpsed(state: State, monster: int) -> None:
    """The kept monster stands against the mission just taken (then revealed or not as usual)."""
    from deckwright.games.silver_coin.actions import took_monster

    table = state.table
    state.offered.remove(monster)
    for other in state.offered:
        state.monster_decks[table.monsters[other].level - 1].insert(0, other)
    state.offered = []
    took_monster(state, monster)


def bid_options(state: State, seat: int) -> list[Action]:
    """Future III while bidding: look at the top Kingdom card."""
    return [(PEEK,)] if _ready(state, seat) and state.kingdom_deck else []


def peeked(state: State, card: int) -> None:
    """The top card is seen: it waits at the end of the bid until the Chronomancer decides."""
    state.bid_cards[state.seat].append(card)
    state.step = PEEK


def peek_options(state: State) -> list[Action]:
    return [("time-bid", True), ("time-bid", False)]


def decide_peek(state: State, add: bool) -> None:
    """Added, the card stays in the bid and the cube is spent; else it is discarded for free."""
    seat = state.seat
    state.step = ""
    if add:
        spend(state, seat, "future-3")
        return
    state.kingdom_discard.append(state.bid_cards[seat].pop())
    state.hunters[seat].ability_used = True  # the ability was looked at: not again this round
