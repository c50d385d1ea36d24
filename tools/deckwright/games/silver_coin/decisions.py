"""Decisions outside the Action phase: auction bids, the starting Magic card, Bidding-round bids and
picks, and the Preparation phase (draft, play by colour or symbol, replace) with its movement."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from deckwright.games.silver_coin import scenario_flow
from deckwright.games.silver_coin.effects import hand_limit
from deckwright.games.silver_coin.flow import gain, kingdom_left
from deckwright.games.silver_coin.state import AUCTION, BID, MAGIC, PICK, State

Action = tuple[Any, ...]


def legal(state: State) -> list[Action]:
    phase = state.phase
    if phase == AUCTION:
        return scenario_flow.setup_legal(state) if state.table.mode is not None else _auction_bids(state)
    if phase == MAGIC:
        return [("magic", school) for school in state.table.rules.magic_schools]
    if phase == BID:
        return [("bid", card) for card in sorted(state.hunters[state.seat].hand)] + [("bid-end",)]
    if phase == PICK:
        return [("pick", card) for card in state.special_row]
    if state.step == "prep-move":
        return moves_within(state, state.seat, state.move_points)
    return _prep_options(state)


def _auction_bids(state: State) -> list[Action]:
    rows = len(state.table.rules.auction_rows)
    found = []
    for lot, (holder, row) in enumerate(state.bids):
        for option in range(rows if holder < 0 else row):
            found.append(("auction", lot, option))
    return found


def moves_within(state: State, seat: int, points: int) -> list[Action]:
    """Land destinations within `points` (roads, and hidden paths the hunter may use); staying put last."""
    here = state.hunters[seat].place
    if here < 0:
        return [("go", here)]
    found: list[Action] = []
    for cost, place in state.table.nearest(here, paths(state, seat)):
        if cost > points:
            break
        found.append(("go", place))
    return found + [("go", here)]


def paths(state: State, seat: int) -> frozenset[str]:
    """The hidden path kinds the hunter's Special Action cards open."""
    table = state.table
    return frozenset(table.special_cards[c][3] for c in state.hunters[seat].specials if table.special_cards[c][3])


def reach(state: State, seat: int) -> Sequence[int]:
    """Cheapest land cost from the hunter's place to every place."""
    return state.table.costs(state.hunters[seat].place, paths(state, seat))


def _prep_options(state: State) -> list[Action]:
    rules = state.table.rules
    seat = state.seat
    hunter = state.hunters[seat]
    found: list[Action] = []
    mode = "play" if state.play_count else "draft" if state.drafted else ""
    room = len(hunter.hand) < hand_limit(state, seat)
    options = rules.prep_options
    if mode in ("", "draft") and state.drafted < rules.draft_max and room and "draft" in options:
        if state.drafted >= scenario_flow.forced_draws(state, seat):
            found += [("draft", i) for i in range(len(state.row))]
        if kingdom_left(state):
            found.append(("draft-deck",))
    if mode in ("", "play") and "play" in options:
        for card in sorted(hunter.hand):
            kingdom, acts, _, _ = state.table.kingdom_cards[card]
            for symbol, _ in acts:
                if _fits(state, kingdom, symbol):
                    if symbol == "flow":
                        found += [("play", card, "flow-physical"), ("play", card, "flow-magical")]
                    else:
                        found.append(("play", card, symbol))
    if not mode and "replace" in options:
        found += [("replace", card, i) for card in sorted(hunter.hand) for i in range(len(state.row))]
    found.append(("prep-end",))
    return found


def _fits(state: State, kingdom: int, symbol: str) -> bool:
    """Cards played together share a colour or a symbol, never neither (lines 319-322, 435)."""
    if not state.play_count:
        return True
    modes = state.table.rules.play_modes
    same_colour = state.play_colour == kingdom and "same_colour" in modes
    same_symbol = state.play_symbol == symbol and "same_symbol" in modes
    if state.play_count == 1:
        return same_colour or same_symbol
    mode = "colour" if state.play_colour >= 0 else "symbol"
    return same_colour if mode == "colour" else same_symbol


def apply(state: State, action: Action) -> None:
    kind = action[0]
    hunter = state.hunters[state.seat]
    if kind in ("character", "start", "token"):
        scenario_flow.setup_apply(state, action)
    elif kind == "auction":
        state.bids[action[1]] = (state.seat, action[2])
    elif kind == "magic":
        hunter.magic.append(action[1])
        state.turn += 1
    elif kind == "bid":
        hunter.hand.remove(action[1])
        state.bid_cards[state.seat].append(action[1])
    elif kind == "bid-end":
        state.turn += 1
    elif kind == "pick":
        state.special_row.remove(action[1])
        hunter.specials.append(action[1])
        state.turn += 1
    elif kind == "draft":
        hunter.hand.append(state.row.pop(action[1]))
        state.drafted += 1
    elif kind == "draft-deck":
        state.drafted += 1
        state.chance = ("draft",)
    elif kind == "play":
        _play(state, action[1], action[2])
    elif kind == "replace":
        index = hunter.hand.index(action[1])
        hunter.hand[index], state.row[action[2]] = state.row[action[2]], hunter.hand[index]
        _end_prep(state)
    elif kind == "prep-end":
        if state.move_points > 0:
            state.step = "prep-move"
        else:
            _end_prep(state)
    elif kind == "go":
        hunter.place = action[1]
        state.use(state.table.places[action[1]])
        scenario_flow.arrive(state, state.seat)
        _end_prep(state)


def _play(state: State, card: int, choice: str) -> None:
    hunter = state.hunters[state.seat]
    kingdom, acts, _, _ = state.table.kingdom_cards[card]
    symbol = "flow" if choice.startswith("flow") else choice
    amount = dict(acts)[symbol]
    if state.play_count == 1:
        if state.play_colour != kingdom:
            state.play_colour = -1
        if state.play_symbol != symbol:
            state.play_symbol = ""
    elif state.play_count == 0:
        state.play_colour, state.play_symbol = kingdom, symbol
    state.play_count += 1
    hunter.hand.remove(card)
    state.kingdom_discard.append(card)
    if symbol == "movement":
        state.move_points += amount
    else:
        gain(state, state.seat, symbol, amount, choice != "flow-magical")


def _end_prep(state: State) -> None:
    state.turn += 1
    state.step = ""
