"""Co-op sharing of coins and potions at one place within a Location Action (line 1665)."""

from __future__ import annotations

import random
from dataclasses import replace

from deckwright.engine.parallel import play_many
from deckwright.games.silver_coin import sharing
from deckwright.games.silver_coin.actions import location_options
from deckwright.games.silver_coin.engine import SilverCoin
from deckwright.games.silver_coin.policies import heuristic
from deckwright.games.silver_coin.state import State
from deckwright.model import Pack
from deckwright.rules import fact
from tests.games.silver_coin.test_world import _action_phase

GAME = SilverCoin()
ANTIDOTE = "antidote-poison-potion"


def _together(pack: Pack, scenario: str = "ashgar-plague", players: int = 2,
              overrides: dict[str, int] | None = None) -> State:
    """Every hunter at the active hunter's place, each with 100 coins, an Antidote and a horse."""
    state = _action_phase(pack, scenario, players, overrides=overrides)
    here = state.hunters[state.seat].place
    for hunter in state.hunters:
        hunter.place, hunter.coins, hunter.potions = here, 100, {ANTIDOTE: 1, "horse": 1}
    return state


def _hand_overs(state: State) -> list[tuple[object, ...]]:
    return [a for a in location_options(state, state.seat) if a[0] == sharing.KIND]


def test_coins_and_potions_pass_both_ways_between_hunters_at_one_place(sc_pack: Pack) -> None:
    state = _together(sc_pack)
    me, other = state.seat, next(s for s in state.order if s != state.seat)
    assert sorted(_hand_overs(state)) == sorted([(sharing.KIND, me, other, "coins"), (sharing.KIND, me, other, ANTIDOTE),
                                                 (sharing.KIND, other, me, "coins"), (sharing.KIND, other, me, ANTIDOTE)])
    assert ("location",) in GAME.legal_actions(state)  # a Location Action may be taken to share alone
    state.hunters[other].place = next(p for p in range(len(state.table.places)) if p != state.hunters[me].place)
    assert _hand_overs(state) == []  # the other hunter is elsewhere


def test_a_hand_over_moves_the_packs_coins_or_one_potion_one_way_per_location_action(sc_pack: Pack) -> None:
    for step in (fact(sc_pack, "coop.sharing.coins_per_hand_over"), 25):
        state = GAME.apply(_together(sc_pack, overrides={"coop.sharing.coins_per_hand_over": step}), ("location",))
        me, other = state.seat, next(s for s in state.order if s != state.seat)
        state = GAME.apply(state, (sharing.KIND, me, other, "coins"))
        state = GAME.apply(state, (sharing.KIND, me, other, "coins"))
        assert (state.hunters[me].coins, state.hunters[other].coins) == (100 - 2 * step, 100 + 2 * step)
        state = GAME.apply(state, (sharing.KIND, other, me, ANTIDOTE))
        assert state.hunters[me].potions[ANTIDOTE] == 2 and ANTIDOTE not in state.hunters[other].potions
        left = GAME.legal_actions(state)
        assert (sharing.KIND, other, me, "coins") not in left and (sharing.KIND, me, other, ANTIDOTE) not in left
        assert (sharing.KIND, me, other, "coins") in left and ("done",) in left
        assert GAME.invariants(state) == []
        after = GAME.apply(state, ("done",))
        assert after.step == "" and not any(a[0] == sharing.KIND for a in GAME.legal_actions(after))


def test_only_coins_and_potions_and_only_in_co_op_play(sc_pack: Pack) -> None:
    state = _together(sc_pack)
    assert all(a[3] != "horse" for a in _hand_overs(state))
    for hunter in state.hunters:
        hunter.coins = fact(sc_pack, "coop.sharing.coins_per_hand_over") - 1
        hunter.potions = {"horse": 1}
    assert _hand_overs(state) == []
    standard = _action_phase(sc_pack, "standard", 2)
    for hunter in standard.hunters:
        hunter.place, hunter.coins, hunter.potions = standard.hunters[0].place, 100, {ANTIDOTE: 1}
    assert _hand_overs(standard) == []  # the competitive game shares nothing


def test_a_character_without_potions_is_handed_none(sc_pack: Pack) -> None:
    state = _together(sc_pack)
    me, other = state.seat, next(s for s in state.order if s != state.seat)
    characters = list(state.table.characters)
    characters[state.hunters[other].character] = replace(characters[state.hunters[other].character], no_potions=True)
    state.table = replace(state.table, characters=tuple(characters))
    assert (sharing.KIND, me, other, ANTIDOTE) not in _hand_overs(state)
    assert (sharing.KIND, me, other, "coins") in _hand_overs(state)


def test_the_heuristic_hands_an_antidote_to_a_poisoned_hunter_and_playouts_share(sc_pack: Pack) -> None:
    state = _together(sc_pack)
    quiet = next(p for p in range(len(state.table.places)) if p not in state.table.capitals
                 and state.table.place_kind[p] not in ("herb-spot", "magic-temple"))
    for hunter in state.hunters:
        hunter.place = quiet  # nothing else to do there
    state = GAME.apply(state, ("location",))
    me, other = state.seat, next(s for s in state.order if s != state.seat)
    state.hunters[other].poison = 1
    state.hunters[other].potions = {}
    assert heuristic(GAME, state, random.Random(1)) == (sharing.KIND, me, other, ANTIDOTE)
    table = GAME.compile(sc_pack, "ashgar-plague", 3)
    results = play_many(GAME, table, 7, 10, ["heuristic"], check=True)
    assert sum(r.details.get("items-shared:potions", 0) for r in results) > 0
    assert all(not r.violations for r in results)
    coins = play_many(GAME, GAME.compile(sc_pack, "ashgar-plague", 2), 7, 20, ["random"], check=True)
    assert sum(r.details.get("items-shared:coins", 0) for r in coins) > 0
    bigger = play_many(GAME, GAME.compile(sc_pack, "ashgar-plague", 2, {"coop.sharing.coins_per_hand_over": 30}),
                       7, 20, ["random"], check=True)
    assert [(r.steps, r.details) for r in bigger] != [(r.steps, r.details) for r in coins]
