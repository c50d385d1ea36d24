"""Listing the legal actions changes nothing: an empty Kingdom or Monster deck whose discards could refill it
is offered as it would be refilled, and only the draw itself (the transition) reshuffles the discards in."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from deckwright.engine.game import CHANCE
from deckwright.games.silver_coin import scenario_flow
from deckwright.games.silver_coin.engine import SilverCoin
from deckwright.games.silver_coin.state import State
from deckwright.model import Pack

GAME = SilverCoin()


def _decisions(pack: Pack, scenario: str, players: int, seed: int) -> Iterator[State]:
    """Every position of a random game where a seat decides."""
    state = GAME.new_state(GAME.compile(pack, scenario, players), seed)
    rng = random.Random(seed)
    while not GAME.is_terminal(state):
        if GAME.current_player(state) == CHANCE:
            action = rng.choice(GAME.chance_outcomes(state))[0]
        else:
            yield state
            action = rng.choice(GAME.legal_actions(state))
        GAME.apply_in_place(state, action)


def _first(pack: Pack, wanted: Callable[[State, Any], bool]) -> tuple[State, Any]:
    """A copy of the first position of a seeded 3-player game offering an action `wanted` accepts, and it."""
    for seed in range(20):
        for state in _decisions(pack, "standard", 3, seed):
            for action in GAME.legal_actions(state):
                if wanted(state, action):
                    return state.clone(), action
    raise AssertionError("no position offers the action")


@pytest.mark.parametrize(("scenario", "players"), [("standard", 4), ("ashgar-plague", 2), ("olm-infestation", 1)])
def test_listing_never_changes_the_position(sc_pack: Pack, scenario: str, players: int) -> None:
    for state in _decisions(sc_pack, scenario, players, 5):
        before = state.clone()
        GAME.legal_actions(state)
        assert state == before


def test_an_empty_kingdom_deck_is_offered_and_reshuffled_only_when_drawn(sc_pack: Pack) -> None:
    state, action = _first(sc_pack, lambda s, a: a == ("draft-deck",))
    state.kingdom_discard, state.kingdom_deck = sorted(state.kingdom_discard + state.kingdom_deck, reverse=True), []
    discard = list(state.kingdom_discard)
    before = state.clone()
    assert action in GAME.legal_actions(state) and state == before  # offered from the discard, nothing moved
    GAME.apply_in_place(state, action)
    assert state.chance == ("draft",) and state.kingdom_deck == sorted(discard) and state.kingdom_discard == []
    assert state.counts.get("situation:kingdom-deck-reshuffled", 0) == before.counts.get(
        "situation:kingdom-deck-reshuffled", 0) + 1


def test_nothing_left_to_draft_is_not_offered(sc_pack: Pack) -> None:
    state, action = _first(sc_pack, lambda s, a: a == ("draft-deck",))
    state.kingdom_deck, state.kingdom_discard = [], []
    assert action not in GAME.legal_actions(state)


def _monster_mission(state: State, action: Any) -> bool:
    if action[0] != "take":
        return False
    mission, _ = state.tavern[action[1]]
    return not scenario_flow.regular(state.table, mission)


def test_an_empty_monster_deck_is_offered_and_reshuffled_only_when_a_mission_draws_from_it(sc_pack: Pack) -> None:
    state, action = _first(sc_pack, _monster_mission)
    level = state.tavern[action[1]][1]
    deck = state.monster_decks[level - 1]
    state.monster_discard, deck[:] = sorted(state.monster_discard + deck, reverse=True), []
    others = [m for m in state.monster_discard if state.table.monsters[m].level != level]
    back = sorted(m for m in state.monster_discard if state.table.monsters[m].level == level)
    before = state.clone()
    assert action in GAME.legal_actions(state) and state == before
    GAME.apply_in_place(state, action)
    assert state.chance == ("monster", level)
    assert state.monster_decks[level - 1] == back and state.monster_discard == others
