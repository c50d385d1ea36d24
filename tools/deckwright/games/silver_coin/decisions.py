"""Decisions outside the Action phase: auction bids, the starting Magic card, Bidding-round bids and
picks, and the Preparation phase (draft, play by colour or symbol, replace) with its movement."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from deckwright.games.silver_coin import characters, court, piles, scenario_flow, time_board
from deckwright.games.silver_coin.effects import hand_limit
from deckwright.games.silver_coin.flow import gain, kingdom_left
from deckwright.games.silver_coin.state import AUCTION, BID, MAGIC, PICK, State
from deckwright.games.silver_coin.table import SYMBOLS

Action = tuple[Any, ...]
NO_PATHS: frozenset[str] = frozenset()


def legal(state: State) -> list[Action]:
    phase = state.phase
    if phase == AUCTION:
        return scenario_flow.setup_legal(state) if state.table.mode is not None else _auction_bids(state)
    if phase == MAGIC:
        return _start_choices(state)
    if phase == BID:
        if state.step == time_board.PEEK:
            return time_board.peek_options(state)
        return [("bid", card) for card in sorted(state.hunters[state.seat].hand)] + [("bid-end",)] \
            + time_board.bid_options(state, state.seat)
    if phase == PICK:
        return [("pick", card) for card in state.special_row]
    if state.step == "prep-move":
        return moves_within(state, state.seat, state.move_points)
    if state.glimpsed:
        return time_board.card_options(state)
    return _prep_options(state)


def _start_choices(state: State) -> list[Action]:
    """Before the first round: the starting Magic card's school (each player chooses, the pack's
    reading), then the Druid's animal and the Shapeshifter's trophy."""
    hunter = state.hunters[state.seat]
    if not hunter.magic:
        return [("magic", school) for school in state.table.rules.magic_schools]
    if state.offered:
        return [("keep", monster) for monster in sorted(state.offered)]
    return characters.form_options(state, state.seat)


def _start_done(state: State) -> bool:
    """Whether the seated hunter has made every starting choice."""
    seat = state.seat
    hunter = state.hunters[seat]
    if characters.is_(state, seat, characters.DRUID) and hunter.form < 0:
        return False
    return not (characters.wants_trophy(state, seat) and (state.offered or state.monster_decks[0]))


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
    return court.affordable(state, seat, found) + [("go", here)]


def paths(state: State, seat: int) -> frozenset[str]:
    """The hidden path kinds the hunter's Special Action cards open."""
    specials = state.hunters[seat].specials
    if not specials:
        return NO_PATHS
    table = state.table
    return frozenset(table.special_cards[c][3] for c in specials if table.special_cards[c][3])


def reach(state: State, seat: int) -> Sequence[int]:
    """Cheapest land cost from the hunter's place to every place."""
    return state.table.costs(state.hunters[seat].place, paths(state, seat))


def _prep_options(state: State) -> list[Action]:
    rules = state.table.rules
    seat = state.seat
    hunter = state.hunters[seat]
    found: list[Action] = []
    room = len(hunter.hand) < hand_limit(state, seat)
    if not state.prep_used and not hunter.ability_used and characters.is_(state, seat, characters.DRUID):
        found += characters.form_options(state, seat)
    if _may(state, "draft") and state.drafted < characters.draft_max(state, seat) and room:
        if state.drafted >= scenario_flow.forced_draws(state, seat):
            found += [("draft", i) for i in range(len(state.row))]
        if piles.kingdom_cards(state):
            found.append(("draft-deck",))
            if time_board.may_glimpse_cards(state, seat):
                found.append(("draft-glimpse",))  # Future II: two cards seen, one kept
    if _may(state, "play"):
        for card in sorted(hunter.hand):
            kingdom, acts, _, _ = state.table.kingdom_cards[card]
            for symbol, _ in acts:
                if _fits(state, kingdom, symbol):
                    if symbol == "flow":
                        found += [("play", card, "flow-physical"), ("play", card, "flow-magical")]
                    else:
                        found.append(("play", card, symbol))
    if _may(state, "replace") and state.replaced < rules.prep_replace_max:
        found += [("replace", card, i) for card in sorted(hunter.hand) for i in range(len(state.row))]
    found.append(("prep-end",))
    return found


def _may(state: State, option: str) -> bool:
    """Whether the Preparation turn may go on with (or turn to) one of the book's options: as many
    different options as a player may take in one phase (lines 299-303)."""
    rules = state.table.rules
    used = state.prep_used
    if option not in rules.prep_options:
        return False
    return bool(used) and used[-1] == option or option not in used and len(used) < rules.prep_per_round


def _start(state: State, option: str) -> None:
    if not state.prep_used or state.prep_used[-1] != option:
        state.prep_used.append(option)


def _fits(state: State, kingdom: int, symbol: str) -> bool:
    """Cards played together share a colour or a symbol, never neither (lines 319-322, 435); a
    same-colour play uses at most the book's number of bonus kinds (line 418)."""
    if not state.play_count:
        return True
    rules = state.table.rules
    modes = rules.play_modes
    kind = 1 << SYMBOLS.index(symbol)
    room = bool(state.play_kinds & kind) or bin(state.play_kinds).count("1") < rules.colour_max_kinds
    same_colour = state.play_colour == kingdom and "same_colour" in modes and room
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
        state.turn += _start_done(state)
    elif kind == "keep":
        characters.keep_trophy(state, state.seat, action[1])
        state.turn += _start_done(state)
    elif kind == "form":
        characters.take_form(state, state.seat, action[1])
        if state.phase == MAGIC:
            state.turn += _start_done(state)
    elif kind == "bid":
        hunter.hand.remove(action[1])
        state.bid_cards[state.seat].append(action[1])
    elif kind == "bid-end":
        state.turn += 1
    elif kind == time_board.PEEK:
        state.chance = (time_board.PEEK,)
    elif kind == "time-bid":
        time_board.decide_peek(state, action[1])
    elif kind == "pick":
        state.special_row.remove(action[1])
        hunter.specials.append(action[1])
        state.turn += 1
    elif kind == "draft":
        _start(state, "draft")
        hunter.hand.append(state.row.pop(action[1]))
        state.drafted += 1
    elif kind in ("draft-deck", "draft-glimpse"):
        _start(state, "draft")
        state.drafted += 1
        kingdom_left(state)  # an empty deck is the discard, shuffled, before the draw
        if kind == "draft-glimpse":
            time_board.glimpse_cards(state, state.seat)
        else:
            state.chance = ("draft",)
    elif kind == "keep-card":
        time_board.keep_card(state, state.seat, action[1])
    elif kind == "play":
        _play(state, action[1], action[2])
    elif kind == "replace":
        _start(state, "replace")
        index = hunter.hand.index(action[1])
        hunter.hand[index], state.row[action[2]] = state.row[action[2]], hunter.hand[index]
        state.replaced += 1
        rules = state.table.rules
        if state.replaced >= rules.prep_replace_max and len(state.prep_used) >= rules.prep_per_round \
                and not state.move_points:
            _end_prep(state)  # nothing is left to do in this Preparation turn
    elif kind == "prep-end":
        if state.move_points > 0:
            state.step = "prep-move"
        else:
            _end_prep(state)
    elif kind == "go":
        start, hunter.place = hunter.place, action[1]
        state.use(state.table.places[action[1]])
        scenario_flow.travelled(state, state.seat, start, state.move_points)
        _end_prep(state)


def _play(state: State, card: int, choice: str) -> None:
    hunter = state.hunters[state.seat]
    kingdom, acts, _, _ = state.table.kingdom_cards[card]
    symbol = "flow" if choice.startswith("flow") else choice
    amount = dict(acts)[symbol]
    _start(state, "play")
    state.play_kinds |= 1 << SYMBOLS.index(symbol)
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
