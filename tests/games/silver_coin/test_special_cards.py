"""The Special Action cards played by their own effect (rules/44-court-and-card-effects.yaml): Fire Vortex and
Surprise Attack before a battle's first round, the Ancient Knowledge card and the Rings in the Action
phase, each number the pack's fact; and the policies use them in seeded games."""

from __future__ import annotations

from typing import Any

from deckwright.engine.parallel import play_many
from deckwright.games.silver_coin import court, special_cards
from deckwright.games.silver_coin.engine import SilverCoin
from deckwright.games.silver_coin.special_rules import (
    ANCIENT_KNOWLEDGE, BLACK_RING, FIRE_VORTEX, SURPRISE_ATTACK, WHITE_RING,
)
from deckwright.games.silver_coin.state import State
from deckwright.model import Pack
from deckwright.rules import fact
from tests.games.silver_coin.test_court_effects import _fight_in, _fight_out, _kingdom_of
from tests.games.silver_coin.test_world import _action_phase

GAME = SilverCoin()


def _give(state: State, card_id: str) -> None:
    """A copy of the card into the turn's hunter's hand (from the face-up row, a deck card taking its place,
    or from the deck or the discard)."""
    ids = state.table.special_cards
    for pile in (state.special_row, state.special_deck, state.special_discard):
        card = next((c for c in pile if ids[c][0] == card_id), None)
        if card is not None:
            index = pile.index(card)
            pile[index:index + 1] = [state.special_deck.pop()] if pile is state.special_row else []
            state.hunters[state.seat].specials.append(card)
            assert GAME.invariants(state) == []
            return
    raise AssertionError(f"no {card_id} left")


def _battle(pack: Pack, card_id: str, overrides: dict[str, Any] | None = None, magic: tuple[str, ...] = ("fire",),
            flow: int = 5) -> State:
    """The turn's hunter holds the card, knows `magic`, has `flow` Magical Flow, and starts a battle with
    the monster one damage from defeat."""
    state = _action_phase(pack, "standard", 3, overrides=overrides)
    _give(state, card_id)
    hunter = state.hunters[state.seat]
    hunter.magic, hunter.magical = list(magic), flow
    state = _fight_in(state, _kingdom_of(state, court.CLAIRVOYANT))
    assert state.fight is not None
    state.fight.dealt = state.table.monsters[state.fight.monster].health - 1
    return state


USE_VORTEX = (special_cards.USE, FIRE_VORTEX)
USE_SURPRISE = (special_cards.USE, SURPRISE_ATTACK)


def test_fire_vortex_deals_the_facts_damage_for_the_facts_magical_flow_with_fire_magic(sc_pack: Pack) -> None:
    cost = fact(sc_pack, "special.fire_vortex.cost.magical_flow")
    state = _battle(sc_pack, FIRE_VORTEX)
    seat = state.seat
    assert USE_VORTEX in GAME.legal_actions(state)
    won = GAME.apply(state, USE_VORTEX)
    assert won.fight is None or won.step == "antidote"
    assert won.counts.get("battles-won") == 1 and won.hunters[seat].magical == 5 - cost
    assert GAME.invariants(won) == []
    lost = _fight_out(state.clone(), best=False)  # without the card, the worst rolls do not win
    assert lost.counts.get("battles-won") is None
    # no damage: the battle goes on, and the exhausted card is not offered again this battle
    weak = _battle(sc_pack, FIRE_VORTEX, {"special.fire_vortex.damage": 0})
    after = GAME.apply(weak, USE_VORTEX)
    assert after.step == "prebattle" and USE_VORTEX not in GAME.legal_actions(after)
    assert [after.table.special_cards[c][0] for c in after.hunters[seat].specials] == [FIRE_VORTEX]


def test_fire_vortex_needs_fire_magic_and_its_flow(sc_pack: Pack) -> None:
    cost = fact(sc_pack, "special.fire_vortex.cost.magical_flow")
    assert USE_VORTEX not in GAME.legal_actions(_battle(sc_pack, FIRE_VORTEX, magic=("air",)))
    assert USE_VORTEX not in GAME.legal_actions(_battle(sc_pack, FIRE_VORTEX, flow=cost - 1))


def test_surprise_attack_deals_the_facts_damage_before_the_first_round_and_is_discarded(sc_pack: Pack) -> None:
    state = _battle(sc_pack, SURPRISE_ATTACK, magic=())
    seat = state.seat
    assert USE_SURPRISE in GAME.legal_actions(state)
    won = GAME.apply(state, USE_SURPRISE)
    assert won.counts.get("battles-won") == 1 and won.hunters[seat].specials == []
    assert won.table.special_cards[won.special_discard[-1]][0] == SURPRISE_ATTACK and GAME.invariants(won) == []
    blunt = GAME.apply(_battle(sc_pack, SURPRISE_ATTACK, {"special.surprise_attack.damage": 0}), USE_SURPRISE)
    assert blunt.step == "prebattle" and blunt.counts.get("battles-won") is None
    rolled = _fight_out(GAME.apply(state, ("attack",)), best=False)  # after the first round it is too late
    assert rolled.counts.get("battles-won") is None


def _holding(pack: Pack, card_id: str, overrides: dict[str, Any] | None = None) -> State:
    state = _action_phase(pack, "standard", 3, overrides=overrides)
    _give(state, card_id)
    return state


def test_the_ancient_knowledge_card_gives_the_facts_tokens_without_an_action_token(sc_pack: Pack) -> None:
    tokens = fact(sc_pack, "special.ancient_knowledge.tokens")
    state = _holding(sc_pack, ANCIENT_KNOWLEDGE)
    seat = state.seat
    hunter = state.hunters[seat]
    action = (special_cards.USE, ANCIENT_KNOWLEDGE)
    assert action in GAME.legal_actions(state)
    after = GAME.apply(state, action)
    taker = after.hunters[seat]
    assert taker.ancient == hunter.ancient + tokens and after.ancient_left == state.ancient_left - tokens
    assert taker.knows == hunter.knows + tokens and taker.used == hunter.used and taker.specials == []
    assert GAME.invariants(after) == []
    state.ancient_left = 0
    assert action not in GAME.legal_actions(state)  # the supply is empty


def test_a_ring_is_sold_for_its_facts_coins_without_an_action_token(sc_pack: Pack) -> None:
    for ring, name in ((BLACK_RING, "special.black_ring.coins"), (WHITE_RING, "special.white_ring.coins")):
        for coins in (fact(sc_pack, name), 7):
            state = _holding(sc_pack, ring, {name: coins})
            seat = state.seat
            hunter = state.hunters[seat]
            action = (special_cards.USE, ring)
            assert action in GAME.legal_actions(state)
            after = GAME.apply(state, action)
            assert after.hunters[seat].coins == hunter.coins + coins and after.hunters[seat].specials == []
            assert after.hunters[seat].used == hunter.used and after.seat == seat and GAME.invariants(after) == []


USES = ("rings-sold", "ancient-knowledge-cards", "surprise-attacks", "songs-paid-by-the-troubadour",
        "trophies-sold-to-the-monster-collector", "skeptic-cuts")


def test_the_policies_find_the_cards_and_the_court_in_the_legal_actions_of_seeded_games(sc_pack: Pack) -> None:
    table = GAME.compile(sc_pack, "standard", 3)
    used: dict[str, int] = {}
    for policy in ("random", "greedy", "heuristic"):
        for result in play_many(GAME, table, 0, 6, [policy]):
            for key in USES:
                used[key] = used.get(key, 0) + result.details.get(key, 0)
    assert all(used[key] for key in USES), used
