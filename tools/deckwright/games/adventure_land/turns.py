"""The order of play: set-up cards, then turns of two cards and up to two moves, and the two ends of
the game (stockpile empty, finishing the round; nobody can move)."""

from __future__ import annotations

from deckwright.games.adventure_land.board import can_move
from deckwright.games.adventure_land.state import BOX, CARD, MOVE, OVER, SUPPLY, State, area_code

NOBODY_CAN_MOVE = "nobody-can-move"
STOCKPILE_EMPTY = "stockpile-empty"
UNCOVERED = "uncovered:"


def finish(s: State, reason: str) -> None:
    s.end = reason
    s.phase = OVER
    s.fight = None
    s.pending = None


def uncovered(s: State, situation: str) -> None:
    """Stop the game: a situation arose that no clause of the pack covers."""
    finish(s, UNCOVERED + situation)


def note(s: State, situation: str) -> None:
    s.situations[situation] = s.situations.get(situation, 0) + 1


def advance(s: State) -> None:
    """After a step is done: the next card, move, turn, or the end."""
    if s.phase == OVER or s.fight is not None:
        return
    if s.setup_cards > 0 or (s.turn > 0 and s.cards_left > 0):
        _card(s)
    elif s.turn == 0:
        start_turn(s, 0)
    elif s.moves_left > 0:
        s.phase = MOVE
    else:
        end_turn(s)


def _card(s: State) -> None:
    if not s.deck:
        if not s.table.rules.reshuffle_discards:
            uncovered(s, "terrain-deck-empty")
            return
        note(s, "terrain-deck-empty")
        s.deck, s.discard = sorted(s.discard), []
    s.phase = CARD


def check_end(s: State) -> None:
    """Line 167: no swords and no companions left in the stockpile triggers the end of the game."""
    if s.end_triggered or s.comp_stock or s.swords_left:
        return
    if s.table.rules.refill_stays_empty or (not s.comp_box and not s.sword_box):
        s.end_triggered = True


def end_turn(s: State) -> None:
    _refill_areas(s, s.seat)
    if s.end_triggered and (not s.table.rules.finish_round or s.seat == s.table.players - 1):
        finish(s, STOCKPILE_EMPTY)
        return
    start_turn(s, (s.seat + 1) % s.table.players)


def start_turn(s: State, seat: int) -> None:
    """Give the turn to `seat`, skipping players who cannot move (line 169)."""
    players = s.table.players
    for _ in range(players):
        if seat == 0:
            s.round += 1
        if can_move(s, seat):
            s.seat = seat
            s.turn += 1
            s.cards_left = s.table.rules.cards_per_turn
            s.moves_left = s.table.rules.moves_per_turn
            _card(s)
            return
        s.skipped[seat] += 1
        if s.end_triggered and seat == players - 1:
            finish(s, STOCKPILE_EMPTY)
            return
        seat = (seat + 1) % players
    finish(s, NOBODY_CAN_MOVE)


def _refill_areas(s: State, seat: int) -> None:
    """Clause setup-adventure-supply: an empty starting area of the player gets one from the supply."""
    table = s.table
    mine = s.adventurers(seat)
    for k in range(table.starting_adventurers):
        code = area_code(table.player_areas[k % len(table.player_areas)])
        if any(s.adv_at[a] == code for a in mine):
            continue
        waiting = next((a for a in mine if s.adv_at[a] == SUPPLY), None)
        if waiting is None:
            return
        s.adv_at[waiting] = code


def remove_adventurer(s: State, adventurer: int) -> None:
    """An adventurer leaves the game with its companions (lost fight, line 153; water sprite, line 121)."""
    at = s.adv_at[adventurer]
    if at >= 0:
        s.occupant[at] = -1
    s.adv_at[adventurer] = BOX
    s.comp_box += s.adv_comp[adventurer]
    s.adv_comp[adventurer] = 0
