"""Scenario mode's Improvement cards (line 1610, the decks of lines 1724-1725 and 1822-1823).

A scenario's Bidding round has no bidding: a hunter puts an Action Token on the Improvement spot, pays
the fact's Experience, and takes one card of the face-up tableau; the rest of the tableau is discarded
and a new one revealed. The book prints no Improvement card text; a card that shares its name with a
Special Action card (the pack's `special_action_card`) plays as that card: the Special Action card goes
to the hunter with it, so hidden paths open and the Legendary Sword fights as the standard game plays them.
"""

from __future__ import annotations

from typing import Any

from deckwright.games.silver_coin.state import OVER, State

Action = tuple[Any, ...]


def prepare(state: State) -> None:
    """The scenario's Improvement deck, no card yet face up, nothing held."""
    mode = state.table.mode
    assert mode is not None
    state.improvement_deck = list(range(len(mode.improvements)))
    state.improvement_row, state.improvement_discard = [], []
    state.improvements = [[] for _ in state.hunters]


def wanted(state: State) -> bool:
    """Whether the tableau waits for a card (reshuffling the discard if the pack's rules say so)."""
    mode = state.table.mode
    if mode is None or state.phase == OVER or len(state.improvement_row) >= mode.improvements_face_up:
        return False
    if not state.improvement_deck and state.improvement_discard and state.table.rules.reshuffle:
        state.improvement_deck, state.improvement_discard = sorted(state.improvement_discard), []
        state.note("situation:improvement-deck-reshuffled")
    return bool(state.improvement_deck)


def revealed(state: State, card: int) -> None:
    mode = state.table.mode
    assert mode is not None
    state.improvement_row.append(card)
    state.use(mode.improvements[card][0])


def _picks_key(state: State, seat: int) -> str:
    return f"improvements:{state.round}:{seat}"


def options(state: State, seat: int) -> list[Action]:
    """In a scenario's Bidding round: each face-up card the hunter may take with an Action Token."""
    mode = state.table.mode
    if mode is None or state.round_type != "bidding" or not state.improvement_row:
        return []
    if state.hunters[seat].experience < mode.improvement_cost \
            or state.tally.get(_picks_key(state, seat), 0) >= mode.improvement_picks:
        return []
    return [("improvement", index) for index in range(len(state.improvement_row))]


def take(state: State, seat: int, index: int) -> None:
    """The hunter pays, keeps the card (and the Special Action card it plays as, if any is left), and
    the rest of the tableau is discarded for a new one."""
    mode = state.table.mode
    assert mode is not None
    hunter = state.hunters[seat]
    hunter.experience -= mode.improvement_cost
    card = state.improvement_row.pop(index)
    state.improvements[seat].append(card)
    key = _picks_key(state, seat)
    state.tally[key] = state.tally.get(key, 0) + 1
    copy = _special_copy(state, card)
    if copy is not None:
        state.special_deck.remove(copy)
        hunter.specials.append(copy)
        state.use(mode.improvements[card][1])
        state.note("improvements-with-effect")
    state.improvement_discard += state.improvement_row
    state.improvement_row = []
    state.note("improvements-taken")


def _special_copy(state: State, card: int) -> int | None:
    """A copy of the Special Action card an Improvement card plays as, still in the deck (None if none)."""
    mode = state.table.mode
    assert mode is not None
    special = mode.improvements[card][1]
    if not special:
        return None
    ids = state.table.special_cards
    return next((c for c in state.special_deck if ids[c][0] == special), None)


def playable(state: State, index: int) -> bool:
    """Whether the face-up card at `index` brings an effect the engine plays (its Special Action card)."""
    return _special_copy(state, state.improvement_row[index]) is not None


def describe(state: State, action: Action) -> str:
    mode = state.table.mode
    assert mode is not None
    return f"take improvement {mode.improvements[state.improvement_row[action[1]]][0]}"


def conserved(state: State) -> list[int]:
    """Every Improvement card where it is (for the component invariant)."""
    return state.improvement_deck + state.improvement_row + state.improvement_discard + [
        c for held in state.improvements for c in held]
