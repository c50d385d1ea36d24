"""Protection Magic in battle (lines 1033, 1057, 1643): what it prevents, its price from the pack's facts,
when it is offered, alone and in a company fight, and the policies that cast it."""

from __future__ import annotations

import random
from typing import Any

from deckwright.engine.parallel import play_many
from deckwright.games.silver_coin import spells
from deckwright.games.silver_coin.engine import SilverCoin
from deckwright.games.silver_coin.greedy import greedy
from deckwright.games.silver_coin.policies import heuristic
from deckwright.games.silver_coin.scenario_flow import END_HEALTH
from deckwright.games.silver_coin.state import State
from deckwright.model import Pack
from deckwright.rules import fact
from tests.games.silver_coin.test_company_fight import _at_monster, _roll, _together

GAME = SilverCoin()
POISONOUS = "proteus-olm"  # a monster with the poisonous symbol


def _lost_round(pack: Pack, players: int = 2, overrides: dict[str, Any] | None = None, *, company: bool = False,
                flow: int = 5, magic: tuple[str, ...] = ("protection",), monster: str = "") -> State:
    """The hunter whose turn it is fights (alone or with every hunter there) and loses its first round;
    every hunter holds `magic` and `flow` Magical Flow."""
    state, _ = _at_monster(pack, players, overrides)
    if monster:
        held, _, shown = state.hunters[state.seat].missions[0]
        state.hunters[state.seat].missions[0] = (held, next(i for i, m in enumerate(state.table.monsters)
                                                            if m.id == monster), shown)
    for hunter in state.hunters:
        hunter.magic, hunter.magical, hunter.experience = list(magic), flow, 0  # no reroll to pay with
    state = GAME.apply(state, _together(state) if company else ("fight", 0))
    return _roll(GAME.apply(state, ("attack",)), best=False)


def test_a_lost_round_offers_protection_that_prevents_the_wound_for_the_packs_price(sc_pack: Pack) -> None:
    for price in (fact(sc_pack, "magic.protection.cost.magical_flow"), 2):
        state = _lost_round(sc_pack, overrides={"magic.protection.cost.magical_flow": price})
        seat = state.seat
        assert state.step == spells.STEP
        assert GAME.legal_actions(state) == [(spells.PROTECT, seat), (spells.UNPROTECTED,)]
        health = state.hunters[seat].health
        protected = GAME.apply(state, (spells.PROTECT, seat))
        assert protected.hunters[seat].health == health and protected.hunters[seat].magical == 5 - price
        assert protected.step == "flee" and protected.fight is not None and protected.fight.dealt == 0
        wounded = GAME.apply(state, (spells.UNPROTECTED,))
        assert wounded.hunters[seat].health == health - 1 and wounded.hunters[seat].magical == 5
        assert GAME.invariants(protected) == [] and GAME.invariants(wounded) == []


def test_no_offer_without_the_card_or_the_flow_to_pay(sc_pack: Pack) -> None:
    price = fact(sc_pack, "magic.protection.cost.magical_flow")
    for magic, flow in ((("protection",), price - 1), (("fire", "air"), 9)):
        state = _lost_round(sc_pack, flow=flow, magic=magic)
        assert state.step == "flee"  # wounded at once
        assert state.hunters[state.seat].health < state.hunters[state.seat].max_health


def test_protection_at_the_bottom_of_the_health_track_prevents_the_defeat(sc_pack: Pack) -> None:
    state, _ = _at_monster(sc_pack, 2)
    seat = state.seat
    hunter = state.hunters[seat]
    hunter.magic, hunter.magical, hunter.experience = ["protection"], 1, 0
    hunter.health = fact(sc_pack, "health.bottom")
    state = _roll(GAME.apply(GAME.apply(state, ("fight", 0)), ("attack",)), best=False)
    assert state.step == spells.STEP
    saved = GAME.apply(state, (spells.PROTECT, seat))
    assert not GAME.is_terminal(saved) and saved.step == "flee"
    lost = GAME.apply(state, (spells.UNPROTECTED,))
    assert GAME.is_terminal(lost) and lost.end == END_HEALTH


def test_a_prevented_hit_poisons_only_when_the_pack_says_so(sc_pack: Pack) -> None:
    for prevents in (fact(sc_pack, "magic.protection.prevents_poison"), False):
        state = _lost_round(sc_pack, overrides={"magic.protection.prevents_poison": prevents}, monster=POISONOUS)
        assert state.fight is not None and "poisonous" in state.table.monsters[state.fight.monster].symbols
        after = GAME.apply(state, (spells.PROTECT, state.seat))
        assert after.hunters[state.seat].poison == (0 if prevents else 1)
        assert after.poison_left + after.hunters[state.seat].poison == state.poison_left


def test_a_company_member_may_protect_another_members_round(sc_pack: Pack) -> None:
    state = _lost_round(sc_pack, company=True)
    first, second = state.order
    assert state.seat == first and state.step == spells.STEP
    assert GAME.legal_actions(state) == [(spells.PROTECT, first), (spells.PROTECT, second), (spells.UNPROTECTED,)]
    health = state.hunters[first].health
    after = GAME.apply(state, (spells.PROTECT, second))
    assert after.hunters[first].health == health  # the wound prevented by the other member's cast
    assert after.hunters[second].magical == 5 - fact(sc_pack, "magic.protection.cost.magical_flow")
    assert after.hunters[first].magical == 5
    assert after.seat == second and after.step == "prebattle"  # the battle passes on as after any round
    alone = _lost_round(sc_pack, 2, {"magic.protection.on_other_members": False}, company=True)
    assert GAME.legal_actions(alone) == [(spells.PROTECT, first), (spells.UNPROTECTED,)]
    nobody = _lost_round(sc_pack, company=True, flow=0)
    assert nobody.step != spells.STEP


def test_the_policies_cast_it_and_seeded_playouts_play_it(sc_pack: Pack) -> None:
    state = _lost_round(sc_pack)
    assert heuristic(GAME, state, random.Random(1)) == (spells.PROTECT, state.seat)
    assert greedy(GAME, state, random.Random(1)) == (spells.PROTECT, state.seat)
    table = GAME.compile(sc_pack, "olm-infestation", 1)
    results = play_many(GAME, table, 7, 12, ["heuristic"], check=True)
    assert sum(r.details.get("protection-magic-cast", 0) for r in results) > 0
    assert all(not r.violations for r in results)
    # a prevented hit that still poisons changes the games (the standard game's: the scenario heuristic
    # avoids the battles where it would cast it against a poisonous monster in these seeds; since the
    # Necromancer's creatures were played, seed 16 is the first standard game that casts it against one)
    standard = [GAME.compile(sc_pack, "standard", 3, overrides)
                for overrides in ({}, {"magic.protection.prevents_poison": False})]
    plain, poisoned = (play_many(GAME, table, 15, 2, ["heuristic"], check=True) for table in standard)
    assert [(r.steps, r.details) for r in poisoned] != [(r.steps, r.details) for r in plain]
