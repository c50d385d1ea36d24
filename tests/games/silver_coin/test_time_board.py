"""The Chronomancer's Time Board areas the engine plays beyond the first ones: Future II on a Kingdom card
draft and Timeless IV's new arrangement of the Kingdom Knowledge board, each with its facts; and the
Knowledge board's placement that every hunter's tokens follow."""

from __future__ import annotations

from typing import Any

from deckwright.games.silver_coin import actions, combat, decisions, flow, knowledge_board, time_board
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
        time_board.put(state, 0, time_board.FUTURE_2, 2)
        assert ("draft-glimpse",) in decisions.legal(state) and ("draft-deck",) in decisions.legal(state)
        top = list(state.kingdom_deck[:shown])
        decisions.apply(state, ("draft-glimpse",))
        _draw_all(state)
        assert sorted(state.glimpsed) == sorted(top) and time_board.cubes(state, 0, time_board.FUTURE_2) == 2 - cost
        assert hunter.ability_used
        offered = decisions.legal(state)
        assert offered == [("keep-card", card) for card in sorted(top)]
        assert GAME.invariants(state) == []
        decisions.apply(state, offered[-1])
        assert hunter.hand == [offered[-1][1]] and state.glimpsed == []
        assert sorted(state.kingdom_deck[:shown - 1]) == sorted(c for c in top if c != offered[-1][1])
        assert GAME.invariants(state) == [] and ("draft-glimpse",) not in decisions.legal(state)  # once a round


def test_future_two_on_kingdom_cards_needs_the_area_the_pack_lists(sc_pack: Pack) -> None:
    state = _preparing(sc_pack, {"chronomancer.abilities": ["past_2", "past_3", "future_3", "timeless_4"]})
    state.hunters[0].time_cubes = 3  # the area is not on the pack's board: no cube can pay for it
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
    time_board.put(state, 0, time_board.TIMELESS_4, 1)
    offered = [a[1] for a in actions.legal(state) if a[0] == "time-rearrange"]
    column = sum(1 << (row * columns) for row in range(knowledge_board.rows(rules)))  # the first column full
    assert column in offered and hunter.cells not in offered
    hunter.hand = list(state.kingdom_deck[:hand_limit(state, 0)])
    state.kingdom_deck = state.kingdom_deck[len(hunter.hand):]
    paid = (hunter.experience, hunter.physical, hunter.world)
    sword = next(i for i, m in enumerate(state.table.monsters) if combat.SWORD in m.symbols)
    before = combat.target(state, combat.Fight(-1, sword), 0)
    actions.apply(state, ("time-rearrange", column))
    assert hunter.cells == column and time_board.cubes(state, 0, time_board.TIMELESS_4) == 0 and hunter.used == 0
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
        time_board.put(state, 0, time_board.TIMELESS_4, 1)
        assert bool([a for a in actions.legal(state) if a[0] == "time-rearrange"]) is offered
    lacking = _flow_round(sc_pack, 4, {"chronomancer.abilities": ["past_2", "past_3", "future_2", "future_3"]})
    lacking.hunters[0].time_cubes = 1  # the area is not on the pack's board: no cube can pay for it
    assert [a for a in actions.legal(lacking) if a[0] == "time-rearrange"] == []


def test_a_new_token_after_a_new_arrangement_takes_the_first_free_space(sc_pack: Pack) -> None:
    state = _flow_round(sc_pack, 2)
    rules = state.table.rules
    hunter = state.hunters[0]
    time_board.put(state, 0, time_board.TIMELESS_4, 1)
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
    time_board.put(state, 0, time_board.TIMELESS_4, 1)
    second_row = ((1 << rules.knowledge_columns) - 1) << rules.knowledge_columns
    assert ("time-rearrange", second_row) in actions.legal(state)
    actions.apply(state, ("time-rearrange", second_row))
    _with_tokens(state, 3)  # a new token: the first row is free again, the second stays full
    assert hunter.physical == 0 and hunter.experience == rules.row_experience
    _with_tokens(state, 4)  # the first row full again: paid already
    assert hunter.experience == rules.row_experience


def _settled(state: State) -> State:
    """The position once every pending draw is made by the first card of its pile."""
    flow.advance(state)
    while state.chance is not None:
        state = GAME.apply(state, GAME.chance_outcomes(state)[0][0])
    return state


def test_future_two_on_kingdom_cards_dealt_by_the_random_draw(sc_pack: Pack) -> None:
    for overrides, shown in (({}, 2), ({"chronomancer.future_2.cards_seen": 3}, 3)):
        state = _settled(_state(sc_pack, "chronomancer", overrides))
        hunter = state.hunters[0]
        hunter.hand = []
        time_board.put(state, 0, time_board.FUTURE_2, 2)
        state = GAME.apply(state, ("global", "random-draw"))
        assert state.dealt and state.seat == 0 and state.chance is None
        assert GAME.legal_actions(state) == [(time_board.DEALT_GLIMPSE,), (time_board.DEALT_DRAW,)]
        top = list(state.kingdom_deck[:shown])
        state = _settled(GAME.apply(state, (time_board.DEALT_GLIMPSE,)))
        offered = GAME.legal_actions(state)
        assert offered == [("keep-card", card) for card in sorted(top)]
        assert time_board.cubes(state, 0, time_board.FUTURE_2) == 1
        state = _settled(GAME.apply(state, offered[0]))
        hunter = state.hunters[0]
        # the kept card, then the Random Draw's other card dealt unseen (Future II is once a round)
        cards = state.table.rules.random_draw_cards
        assert hunter.hand[0] == offered[0][1] and len(hunter.hand) == cards
        assert time_board.cubes(state, 0, time_board.FUTURE_2) == 1
        assert not state.dealt and GAME.invariants(state) == []  # the turn went on as after any Random Draw


def test_a_dealt_card_taken_unseen_keeps_the_cube_and_the_game_goes_back_to_whoever_was_deciding(
        sc_pack: Pack) -> None:
    state = _settled(_state(sc_pack, "chronomancer"))
    state.seat, state.pointer = 1, 1  # another hunter's turn: a gift to the Chronomancer
    time_board.put(state, 0, time_board.FUTURE_2, 1)
    state.gifts.append(0)
    state = _settled(state)
    assert state.dealt and state.seat == 0
    top = state.kingdom_deck[0]
    state = _settled(GAME.apply(state, (time_board.DEALT_DRAW,)))
    assert state.seat == 1 and not state.dealt and state.hunters[0].hand[-1] == top
    assert time_board.cubes(state, 0, time_board.FUTURE_2) == 1 and not state.hunters[0].ability_used
    other = _settled(_state(sc_pack, "seeker"))  # no Time Board: the card is simply dealt
    other.gifts.append(0)
    other = _settled(other)
    assert not other.dealt and other.gifts == []


def test_random_playouts_use_future_two_on_dealt_cards(sc_pack: Pack) -> None:
    from deckwright.engine.parallel import play_many

    results = play_many(GAME, GAME.compile(sc_pack, "standard", 3), 300, 40, ["random"], check=True)
    assert sum(r.details.get("time-cube-future-2-dealt", 0) for r in results) > 0
    assert all(not r.violations for r in results)


def _all_passed(pack: Pack, overrides: dict[str, Any] | None = None) -> State:
    """The first round's Action phase with every hunter out of Action Tokens: the Chronomancer (seat 0)
    is asked to move its cubes."""
    state = _settled(_state(pack, "chronomancer", overrides))
    state.hunters[0].time_cubes = state.table.rules.time_cubes_start  # on Area I, as the game starts
    for hunter in state.hunters:
        hunter.used = hunter.allowed
    return _settled(state)


def test_at_the_rounds_end_cubes_move_to_an_adjacent_area_losing_the_packs_loss(sc_pack: Pack) -> None:
    from deckwright.games.silver_coin.state import ACTION

    for overrides, loss in (({}, 1), ({"chronomancer.time_board.move_loss": 2}, 2)):
        state = _all_passed(sc_pack, overrides)
        start = state.table.rules.time_cubes_start
        assert state.phase == ACTION and state.step == time_board.MOVE_STEP and state.seat == 0
        moves = GAME.legal_actions(state)
        # from Area I to its two neighbours on the pack's board, more cubes than the loss, or no move
        assert moves == [(time_board.MOVE, time_board.AREA_1, target, n) for target in ("future_2", "past_2")
                         for n in range(loss + 1, start + 1)] + [(time_board.MOVE_DONE,)]
        state = GAME.apply(state, (time_board.MOVE, time_board.AREA_1, "future_2", start))
        assert state.hunters[0].time_cubes == 0 and time_board.cubes(state, 0, "future_2") == start - loss
        later = GAME.legal_actions(state)
        assert (time_board.MOVE, "future_2", time_board.AREA_1, start - loss) not in later  # one way a round
        assert (time_board.MOVE, "future_2", "future_3", start - loss) in later or start - loss <= loss
        state = GAME.apply(state, (time_board.MOVE_DONE,))
        assert state.round == 1 and GAME.invariants(state) == []  # the round ended after the moves


def test_an_ability_spends_a_cube_of_its_own_area_and_area_one_keeps_its_cap(sc_pack: Pack) -> None:
    state = _preparing(sc_pack)
    state.hunters[0].time_cubes = 3
    assert ("draft-glimpse",) not in decisions.legal(state)  # Area I's cubes pay for no ability
    time_board.put(state, 0, time_board.FUTURE_2, 1)
    assert ("draft-glimpse",) in decisions.legal(state)
    state = _all_passed(sc_pack, {"chronomancer.area_1.max_cubes": 4})
    state.hunters[0].time_cubes = 3
    time_board.put(state, 0, "past_2", 4)
    back = [a for a in time_board.move_options(state, 0) if a[1:3] == ("past_2", time_board.AREA_1)]
    assert back == [(time_board.MOVE, "past_2", time_board.AREA_1, 2)]  # 2 moved, 1 lost: 4 on Area I at most
    adjacent = {frozenset(pair) for pair in state.table.rules.time_adjacent}
    assert all(frozenset(a[1:3]) in adjacent for a in time_board.move_options(state, 0))


def test_seeded_games_move_cubes_and_their_loss_changes_them(sc_pack: Pack) -> None:
    from tests.games.silver_coin.test_character_abilities import played_as

    base = played_as(sc_pack, "chronomancer", 0)
    details = dict(base[2])
    assert details.get("time-cubes-moved") and details.get("time-cube-future-2")
    assert played_as(sc_pack, "chronomancer", 0, {"chronomancer.time_board.move_loss": 0}) != base
