"""The Chronomancer's Time Board areas beyond Area II's past (lines 1486-1498, 1505).

Once a round the Chronomancer may spend Time Cubes (`chronomancer.ability.cost.time_cubes`) for one
area's ability, each area the pack lists in `chronomancer.abilities`:
- Past III: on its turn it sets its Time Token on the place it stands; later in the round it may travel
  back there at once (no action); the token comes back at the round's end, used or not.
- Future II: drawing a card, it looks at the fact's number of them and keeps one, the others going back
  under their deck: when it takes a Monster Mission (the level's monsters) and when it drafts from the
  Kingdom deck in its Preparation turn (Kingdom cards).
- Future III: bidding in a Bidding round, it looks at the top Kingdom card and either adds it face down
  to its bid (spending the cube) or discards it (keeping the cube); the book says nothing of a second
  look, so a discarded card ends the ability for the round (the engine's reading).
- Timeless IV, on Flow rounds only as the pack says (`chronomancer.timeless_4.flow_rounds_only`): it
  lays its Kingdom Knowledge tokens again as it likes, keeping only the general bonuses of the new
  places (`knowledge_board.layouts`); no Action Token, on its Action phase turn.
Not played: Future II on the Kingdom cards a hunter is dealt without drawing them itself (a World track
gift, a Bonus Token, the Random Draw global action: the engine deals those between decisions), and the
moves of cubes between areas with the losses only pictured on the board: cubes are spent from one pool.
"""

from __future__ import annotations

from typing import Any

from deckwright.games.silver_coin import knowledge_board
from deckwright.games.silver_coin.characters import discard_to_limit, is_
from deckwright.games.silver_coin.state import State

CHRONOMANCER = "chronomancer"
PAST_2, PAST_3, FUTURE_2, FUTURE_3, TIMELESS_4 = "past_2", "past_3", "future_2", "future_3", "timeless_4"
"""The areas as `chronomancer.abilities` names them."""
FREE = ("time-token", "time-travel", "time-rearrange")
"""The Past III and Timeless IV actions a turn may take without an Action Token."""
GLIMPSE, PEEK, CARD_GLIMPSE = "glimpse", "time-peek", "card-glimpse"
Action = tuple[Any, ...]


def ready(state: State, seat: int, area: str) -> bool:
    """Whether the Chronomancer may still pay for `area`'s ability this round."""
    hunter = state.hunters[seat]
    rules = state.table.rules
    return hunter.time_cubes >= rules.time_cube_cost and not hunter.ability_used and area in rules.time_areas \
        and is_(state, seat, CHRONOMANCER)


def spend(state: State, seat: int, area: str) -> None:
    hunter = state.hunters[seat]
    hunter.time_cubes -= state.table.rules.time_cube_cost
    hunter.ability_used = True
    state.note(f"time-cube-{area.replace('_', '-')}")


def free_options(state: State, seat: int) -> list[Action]:
    """Past III: set the Time Token where the hunter stands, or travel back to it; Timeless IV: lay the
    Knowledge tokens again."""
    hunter = state.hunters[seat]
    found: list[Action] = []
    if hunter.time_token >= 0:
        found += [("time-travel",)] if hunter.time_token != hunter.place else []
    elif hunter.place >= 0 and ready(state, seat, PAST_3):
        found.append(("time-token",))
    rules = state.table.rules
    if ready(state, seat, TIMELESS_4) and (state.round_type == "flow" or not rules.timeless_flow_only):
        found += [("time-rearrange", cells) for cells in knowledge_board.layouts(state, seat)]
    return found


def apply_free(state: State, seat: int, action: Action) -> None:
    hunter = state.hunters[seat]
    if action[0] == "time-token":
        spend(state, seat, PAST_3)
        hunter.time_token = hunter.place
        return
    if action[0] == "time-rearrange":
        spend(state, seat, TIMELESS_4)
        hunter.cells = action[1]
        discarded = discard_to_limit(state, seat)  # fewer full hand-size rows than before
        if discarded:
            state.note("situation:rearranged-hand-discards", discarded)
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
    return ready(state, seat, FUTURE_2) and len(deck) >= state.table.rules.glimpse_cards


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
    return [(PEEK,)] if ready(state, seat, FUTURE_3) and state.kingdom_deck else []


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
        spend(state, seat, FUTURE_3)
        return
    state.kingdom_discard.append(state.bid_cards[seat].pop())
    state.hunters[seat].ability_used = True  # the ability was looked at: not again this round


def may_glimpse_cards(state: State, seat: int) -> bool:
    """Future II on a Kingdom card draft: a cube to spend and as many cards in the deck as the fact shows."""
    return ready(state, seat, FUTURE_2) and len(state.kingdom_deck) >= state.table.rules.glimpse_cards


def glimpse_cards(state: State, seat: int) -> None:
    """The cube is spent; the cards are drawn one by one (chance nodes)."""
    spend(state, seat, FUTURE_2)
    state.chance = (CARD_GLIMPSE,)


def card_glimpsed(state: State, card: int) -> None:
    """A Kingdom card shown by Future II waits beside the deck; after the last one the Chronomancer chooses."""
    state.glimpsed.append(card)
    if len(state.glimpsed) < state.table.rules.glimpse_cards:
        state.chance = (CARD_GLIMPSE,)


def card_options(state: State) -> list[Action]:
    return [("keep-card", card) for card in sorted(state.glimpsed)]


def keep_card(state: State, seat: int, card: int) -> None:
    """The kept card joins the hand; the others go back under the Kingdom deck."""
    state.glimpsed.remove(card)
    state.hunters[seat].hand.append(card)
    state.use(state.table.kingdom_card_ids[card])
    state.kingdom_deck[:0] = state.glimpsed
    state.glimpsed = []
