"""Each invariant catches a deliberately broken transition."""

from __future__ import annotations

import pytest

from deckwright.engine.invariants import step_violations
from deckwright.plugin import load_game

GAME = load_game("adventure-land").engine


@pytest.fixture()
def state(al_pack):
    table = GAME.compile(al_pack, "the-fellowship", 4)
    s = GAME.new_state(table, 0)
    while GAME.current_player(s) < 0:  # play the set-up cards by their first outcome
        GAME.apply_in_place(s, GAME.legal_actions(s)[0])
    assert step_violations(GAME, table, s) == []
    return s


def broken(s, mutate):
    mutate(s)
    return " | ".join(step_violations(GAME, s.table, s))


def test_duplicated_herb_is_caught(state):
    assert "in 2 places" in broken(state, lambda s: s.herbs.__setitem__(0, (s.herb_stack[0],)))


def test_lost_sword_is_caught(state):
    assert "nowhere" in broken(state, lambda s: s.sword_stack.pop())


def test_companion_out_of_thin_air_is_caught(state):
    assert "companions" in broken(state, lambda s: s.adv_comp.__setitem__(0, 1))


def test_gold_lost_is_caught(state):
    assert "gold" in broken(state, lambda s: setattr(s, "gold_stock", s.gold_stock - 1))


def test_two_places_for_one_adventurer_is_caught(state):
    assert "adventurer" in broken(state, lambda s: s.occupant.__setitem__(5, 0))


def test_counter_out_of_range_is_caught(state):
    assert "moves left" in broken(state, lambda s: setattr(s, "moves_left", 9))


def test_no_legal_action_before_the_end_is_caught(state):
    def empty_deck(s):
        s.deck.clear()
        s.discard.clear()
        s.phase = 0  # a card is to be turned over
    assert "no action is legal" in broken(state, empty_deck)


def test_points_out_of_step_with_trophies_are_caught(state):
    assert "points" in broken(state, lambda s: s.points.__setitem__(0, 5))
