"""The Chronomancer's Time Board areas beyond Area II's past (lines 1486-1498, 1505).

Once a round the Chronomancer may spend Time Cubes (`chronomancer.ability.cost.time_cubes`) for one
area's ability, each area the pack lists in `chronomancer.abilities`:
- Past III: on its turn it sets its Time Token on the place it stands; later in the round it may travel
  back there at once (no action); the token comes back at the round's end, used or not.
- Future II: drawing a card, it looks at the fact's number of them and keeps one, the others going back
  under their deck: when it takes a Monster Mission (the level's monsters), when it drafts from the
  Kingdom deck in its Preparation turn, and when a Kingdom card is dealt to it (a World track gift, a
  Bonus Token, the Random Draw global action): before each such card it is asked (`ask_dealt`), whatever
  the phase, and the game goes back to the hunter whose decision it was once the card is in its hand.
- Future III: bidding in a Bidding round, it looks at the top Kingdom card and either adds it face down
  to its bid (spending the cube) or discards it (keeping the cube); the book says nothing of a second
  look, so a discarded card ends the ability for the round (the engine's reading).
- Timeless IV, on Flow rounds only as the pack says (`chronomancer.timeless_4.flow_rounds_only`): it
  lays its Kingdom Knowledge tokens again as it likes, keeping only the general bonuses of the new
  places (`knowledge_board.layouts`); no Action Token, on its Action phase turn.
Each ability spends its cube from its own area (lines 1484, 1486). The cubes start, and the Flow ability
puts Magical Flow, on Area I; at the end of the round, before the Action phase finishes, the Chronomancer
may move cubes from an area to an adjacent one (`chronomancer.time_board.adjacent`), losing
`chronomancer.time_board.move_loss` of them with each move back to the supply (lines 1482, 1505). The
board is only pictured: which areas touch and what a move loses are the pack's assumed facts. A move takes
some or all cubes of one area at once; within a round cubes pass between two areas one way only (moving
them back would only lose more), and Area I never holds more than its cap.
"""

from __future__ import annotations

from typing import Any

from deckwright.games.silver_coin import knowledge_board, piles
from deckwright.games.silver_coin.characters import discard_to_limit, is_
from deckwright.games.silver_coin.state import State

CHRONOMANCER = "chronomancer"
PAST_2, PAST_3, FUTURE_2, FUTURE_3, TIMELESS_4 = "past_2", "past_3", "future_2", "future_3", "timeless_4"
"""The areas as `chronomancer.abilities` names them."""
FREE = ("time-token", "time-travel", "time-rearrange")
"""The Past III and Timeless IV actions a turn may take without an Action Token."""
GLIMPSE, PEEK, CARD_GLIMPSE = "glimpse", "time-peek", "card-glimpse"
AREA_1 = "area_1"
"""The store the Flow ability fills and the cubes start on (`Hunter.time_cubes`)."""
MOVE, MOVE_DONE, MOVE_STEP = "time-move", "time-moves-done", "time-moves"
MOVED_ALL = "done"
DEALT_GLIMPSE, DEALT_DRAW = "dealt-glimpse", "dealt-draw"
DEALT = (DEALT_GLIMPSE, DEALT_DRAW)
ASKING, DECLINED = 0, 1
"""`State.dealt`'s last item: the Chronomancer is deciding, or has let the card come as dealt."""
Action = tuple[Any, ...]


def cubes(state: State, seat: int, area: str) -> int:
    """The Time Cubes on one area of the hunter's Time Board (Area I's are `Hunter.time_cubes`)."""
    hunter = state.hunters[seat]
    if area == AREA_1:
        return hunter.time_cubes
    areas = state.table.rules.time_areas
    if area not in areas or not hunter.time_board:
        return 0
    return hunter.time_board[areas.index(area)]


def put(state: State, seat: int, area: str, count: int) -> None:
    """Set the Time Cubes on one area."""
    hunter = state.hunters[seat]
    if area == AREA_1:
        hunter.time_cubes = count
        return
    areas = state.table.rules.time_areas
    board = list(hunter.time_board or (0,) * len(areas))
    board[areas.index(area)] = count
    hunter.time_board = tuple(board)


def ready(state: State, seat: int, area: str) -> bool:
    """Whether the Chronomancer may still pay for `area`'s ability this round (a cube of that area)."""
    hunter = state.hunters[seat]
    rules = state.table.rules
    return not hunter.ability_used and is_(state, seat, CHRONOMANCER) and area in rules.time_areas \
        and cubes(state, seat, area) >= rules.time_cube_cost


def spend(state: State, seat: int, area: str) -> None:
    put(state, seat, area, cubes(state, seat, area) - state.table.rules.time_cube_cost)
    state.hunters[seat].ability_used = True
    state.note(f"time-cube-{area.replace('_', '-')}")


def _neighbours(state: State, area: str) -> list[str]:
    """The areas next to `area` on the pack's board (only areas the board has)."""
    rules = state.table.rules
    return sorted({b if a == area else a for a, b in rules.time_adjacent if area in (a, b)}
                  & ({AREA_1} | set(rules.time_areas)))


def start_moves(state: State) -> bool:
    """At the end of the Action phase, before it finishes: True, with the first Chronomancer in turn order
    that has not yet settled its Time Board this round seated to move its cubes."""
    for seat in state.order:
        hunter = state.hunters[seat]
        if MOVED_ALL in hunter.time_moved or not is_(state, seat, CHRONOMANCER):
            continue
        if move_options(state, seat):
            state.seat, state.step = seat, MOVE_STEP
            return True
        hunter.time_moved += (MOVED_ALL,)
    return False


def move_options(state: State, seat: int) -> list[Action]:
    """Cubes from one area to an adjacent one, as many as leave some after the loss; within a round cubes
    pass between two areas one way only; Area I never holds more than its cap."""
    rules = state.table.rules
    hunter = state.hunters[seat]
    found: list[Action] = []
    for origin in (AREA_1,) + rules.time_areas:
        here = cubes(state, seat, origin)
        for target in _neighbours(state, origin):
            if f"{target}>{origin}" in hunter.time_moved:
                continue
            room = rules.time_cubes_max - hunter.time_cubes if target == AREA_1 else here
            found += [(MOVE, origin, target, count) for count in range(rules.time_move_loss + 1, here + 1)
                      if count - rules.time_move_loss <= room]
    return found


def apply_move(state: State, action: Action) -> None:
    """A move (the loss back to the general supply), or the end of the hunter's moves this round."""
    seat = state.seat
    hunter = state.hunters[seat]
    if action[0] != MOVE:
        hunter.time_moved += (MOVED_ALL,)
        state.step = ""
        return
    _, origin, target, count = action
    lost = state.table.rules.time_move_loss
    put(state, seat, origin, cubes(state, seat, origin) - count)
    put(state, seat, target, cubes(state, seat, target) + count - lost)
    hunter.time_moved += (f"{origin}>{target}",)
    state.note("time-cubes-moved", count - lost)
    state.note("time-cubes-lost-moving", lost)


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
    """Every Time Token comes back to its owner; the Time Board may be settled again."""
    for hunter in state.hunters:
        hunter.time_token = -1
        hunter.time_moved = ()


def may_glimpse(state: State, seat: int, level: int) -> bool:
    """Future II on a Monster draw: a cube to spend and as many monsters of the level as the fact shows."""
    return ready(state, seat, FUTURE_2) and piles.monsters(state, level) >= state.table.rules.glimpse_cards


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
    return ready(state, seat, FUTURE_2) and piles.kingdom_cards(state) >= state.table.rules.glimpse_cards


def glimpse_cards(state: State, seat: int) -> None:
    """The cube is spent; the cards are drawn one by one (chance nodes)."""
    spend(state, seat, FUTURE_2)
    state.chance = (CARD_GLIMPSE,)


def card_glimpsed(state: State, card: int) -> None:
    """A Kingdom card shown by Future II waits beside the deck; after the last one the Chronomancer chooses."""
    state.glimpsed.append(card)
    if len(state.glimpsed) < state.table.rules.glimpse_cards:
        state.chance = (CARD_GLIMPSE,)


def ask_dealt(state: State) -> bool:
    """Before a Kingdom card is dealt to a hunter (a World track gift, a Bonus Token, the Random Draw):
    True, and that hunter seated to decide, when it is the Chronomancer and may use Future II on it."""
    seat = state.gifts[0]
    if state.dealt or not may_glimpse_cards(state, seat):
        return False
    state.dealt = (seat, state.seat, ASKING)
    state.seat = seat
    return True


def dealt_options(state: State) -> list[Action]:
    """Future II on the card about to be dealt (two seen, one kept), or the card dealt as usual; once
    seen, the card to keep."""
    if state.glimpsed:
        return card_options(state)
    return [(DEALT_GLIMPSE,), (DEALT_DRAW,)]


def decide_dealt(state: State, action: Action) -> None:
    seat, back, _ = state.dealt
    if action[0] == DEALT_GLIMPSE:
        glimpse_cards(state, seat)
        state.note("time-cube-future-2-dealt")
        return
    if action[0] == "keep-card":
        keep_card(state, seat, action[1])
        state.gifts.pop(0)
        state.dealt = ()
    else:
        state.dealt = (seat, back, DECLINED)  # the card comes as any dealt card does (`dealt_drawn`)
    state.seat = back


def dealt_drawn(state: State) -> None:
    """A dealt card has come: the next one may be asked about again."""
    state.dealt = ()


def card_options(state: State) -> list[Action]:
    return [("keep-card", card) for card in sorted(state.glimpsed)]


def keep_card(state: State, seat: int, card: int) -> None:
    """The kept card joins the hand; the others go back under the Kingdom deck."""
    state.glimpsed.remove(card)
    state.hunters[seat].hand.append(card)
    state.use(state.table.kingdom_card_ids[card])
    state.kingdom_deck[:0] = state.glimpsed
    state.glimpsed = []
