"""The Chronomancer's Time Board areas the engine plays beyond the first ones: Future II on a Kingdom card
draft and Timeless IV's new arrangement of the Kingdom Knowledge board, each with its facts; and the
Knowledge board's placement that every hunter's tokens follow."""

from __future__ import annotations

from typing import Any

from deckwright.games.silver_coin import actions, combat, decisions, flow, knowledge_board
from deckwright.games.silver_coin.effects import board_rows, hand_limit
from deckwright.games.silver_coin.engine import SilverCoin
from deckwright.games.silver_coin.state import PREP, State
from deckwright.model import Pack
from tests.games.silver_coin.test_character_abilities import _draw_all
from tests.games.silver_coin.test_characters import _state

GAME = SilverCoin()


def _preparing(pack: Pack, overrides: dict[str, Any] | None = None) -> State:
    state = _state(pack, "chronomancer", overrides)
    state.phase, state.step, state.turn, state.order = PREP, "prep-turn", 0, [0, 1, 2]
    return state


def test_future_two_shows_kingdom_cards_on_a_draft_and_one_is_kept(sc_pack: Pack) -> None:
    for overrides, shown, cost in (({}, 2, 1), ({"chronomancer.future_2.cards_seen": 3}, 3, 1),
                                   ({"chronomancer.ability.cost.time_cubes": 2}, 2, 2)):
        state = _preparing(sc_pack, overrides)
        hunter = state.hunters[0]
        assert ("draft-glimpse",) not in decisions.legal(state)  # no Time Cube
        hunter.time_cubes = 2
        assert ("draft-glimpse",) in decisions.legal(state) and ("draft-deck",) in decisions.legal(state)
        top = list(state.kingdom_deck[:shown])
        decisions.apply(state, ("draft-glimpse",))
        _draw_all(state)
        assert sorted(state.glimpsed) == sorted(top) and hunter.time_cubes == 2 - cost and hunter.ability_used
        offered = decisions.legal(state)
        assert offered == [("keep-card", card) for card in sorted(top)]
        assert GAME.invariants(state) == []
        decisions.apply(state, offered[-1])
        assert hunter.hand == [offered[-1][1]] and state.glimpsed == []
        assert sorted(state.kingdom_deck[:shown - 1]) == sorted(c for c in top if c != offered[-1][1])
        assert GAME.invariants(state) == [] and ("draft-glimpse",) not in decisions.legal(state)  # once a round


def test_future_two_on_kingdom_cards_needs_the_area_the_pack_lists(sc_pack: Pack) -> None:
    state = _preparing(sc_pack, {"chronomancer.abilities": ["past_2", "past_3", "future_3", "timeless_4"]})
    state.hunters[0].time_cubes = 3
    assert ("draft-glimpse",) not in decisions.legal(state)


def _with_tokens(state: State, tokens: int) -> None:
    hunter = state.hunters[0]
    hunter.ancient = tokens
    board_rows(state, 0)


def test_tokens_fill_the_board_from_the_top_and_pay_each_row_once(sc_pack: Pack) -> None:
    state = _state(sc_pack, "seeker")
    rules = state.table.rules
    hunter = state.hunters[0]
    start_hand = hand_limit(state, 0)
    _with_tokens(state, rules.knowledge_columns)
    assert hunter.cells == (1 << rules.knowledge_columns) - 1 and hunter.experience == rules.row_experience
    assert hand_limit(state, 0) == start_hand + rules.row_hand[0]
    _with_tokens(state, 2 * rules.knowledge_columns)
    assert hunter.physical == rules.row_flow and hunter.experience == rules.row_experience
    assert not knowledge_board.board_effect(state, 0, "legendary_sword")
    _with_tokens(state, knowledge_board.spaces(rules))
    assert knowledge_board.board_effect(state, 0, "legendary_sword")
    assert knowledge_board.board_effect(state, 0, rules.row_4_effect)


def _flow_round(pack: Pack, tokens: int, overrides: dict[str, Any] | None = None) -> State:
    state = _state(pack, "chronomancer", overrides)
    state.round_type = "flow"
    _with_tokens(state, tokens)
    return state


def test_timeless_four_lays_the_tokens_again_for_the_general_bonuses_only(sc_pack: Pack) -> None:
    columns = _state(sc_pack, "chronomancer").table.rules.knowledge_columns
    state = _flow_round(sc_pack, knowledge_board.rows(_state(sc_pack, "chronomancer").table.rules))
    rules = state.table.rules
    hunter = state.hunters[0]
    assert [a for a in actions.legal(state) if a[0] == "time-rearrange"] == []  # no Time Cube
    hunter.time_cubes = 1
    offered = [a[1] for a in actions.legal(state) if a[0] == "time-rearrange"]
    column = sum(1 << (row * columns) for row in range(knowledge_board.rows(rules)))  # the first column full
    assert column in offered and hunter.cells not in offered
    hunter.hand = list(state.kingdom_deck[:hand_limit(state, 0)])
    state.kingdom_deck = state.kingdom_deck[len(hunter.hand):]
    paid = (hunter.experience, hunter.physical, hunter.world)
    sword = next(i for i, m in enumerate(state.table.monsters) if combat.SWORD in m.symbols)
    before = combat.target(state, combat.Fight(-1, sword), 0)
    actions.apply(state, ("time-rearrange", column))
    assert hunter.cells == column and hunter.time_cubes == 0 and hunter.used == 0
    assert knowledge_board.board_effect(state, 0, rules.column_effects[0])
    assert combat.target(state, combat.Fight(-1, sword), 0) == before - rules.sword_bonus
    assert (hunter.experience, hunter.physical, hunter.world) == paid  # no row bonus for the new places
    assert len(hunter.hand) == hand_limit(state, 0) == rules.hand_start  # no full row: cards over the limit go
    assert GAME.invariants(state) == []
    assert [a for a in actions.legal(state) if a[0] == "time-rearrange"] == []  # once a round


def test_timeless_four_waits_for_a_flow_round_as_the_pack_says(sc_pack: Pack) -> None:
    for overrides, offered in (({}, False), ({"chronomancer.timeless_4.flow_rounds_only": False}, True)):
        state = _flow_round(sc_pack, 4, overrides)
        state.round_type = "normal"
        state.hunters[0].time_cubes = 1
        assert bool([a for a in actions.legal(state) if a[0] == "time-rearrange"]) is offered
    lacking = _flow_round(sc_pack, 4, {"chronomancer.abilities": ["past_2", "past_3", "future_2", "future_3"]})
    lacking.hunters[0].time_cubes = 1
    assert [a for a in actions.legal(lacking) if a[0] == "time-rearrange"] == []


def test_a_new_token_after_a_new_arrangement_takes_the_first_free_space(sc_pack: Pack) -> None:
    state = _flow_round(sc_pack, 2)
    rules = state.table.rules
    hunter = state.hunters[0]
    hunter.time_cubes = 1
    apart = next(a[1] for a in actions.legal(state) if a[0] == "time-rearrange")
    actions.apply(state, ("time-rearrange", apart))
    free = next(i for i in range(knowledge_board.spaces(rules)) if not apart >> i & 1)
    _with_tokens(state, 3)
    assert hunter.cells == apart | 1 << free
    flow.start_round(state)
    assert not hunter.ability_used


def test_a_row_filled_by_a_new_arrangement_pays_no_bonus_then_or_later(sc_pack: Pack) -> None:
    state = _flow_round(sc_pack, 2)
    rules = state.table.rules
    hunter = state.hunters[0]
    hunter.time_cubes = 1
    second_row = ((1 << rules.knowledge_columns) - 1) << rules.knowledge_columns
    assert ("time-rearrange", second_row) in actions.legal(state)
    actions.apply(state, ("time-rearrange", second_row))
    _with_tokens(state, 3)  # a new token: the first row is free again, the second stays full
    assert hunter.physical == 0 and hunter.experience == rules.row_experience
    _with_tokens(state, 4)  # the first row full again: paid already
    assert hunter.experience == rules.row_experience
