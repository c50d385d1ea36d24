"""Fire Magic's extra damage (line 1054; rules/44-court-and-card-effects.yaml): offered after a battle round
the hunter wins while the monster stands, for the pack's price, dealing the pack's damage."""

from __future__ import annotations

from typing import Any

from deckwright.games.silver_coin import court, spells
from deckwright.games.silver_coin.engine import SilverCoin
from deckwright.games.silver_coin.state import State
from deckwright.model import Pack
from deckwright.rules import fact
from tests.games.silver_coin.test_court_effects import _fight_in, _kingdom_of
from tests.games.silver_coin.test_world import _action_phase

GAME = SilverCoin()


def _won_round(pack: Pack, overrides: dict[str, Any] | None = None, magic: str = "fire", flow: int = 3,
               left: int = 2) -> State:
    """The turn's hunter, knowing `magic` with `flow` Magical Flow, wins a battle round against a monster
    `left` damage from defeat (every die at its highest)."""
    state = _action_phase(pack, "standard", 3, overrides=overrides)
    hunter = state.hunters[state.seat]
    hunter.magic, hunter.magical, hunter.experience = [magic], flow, 0
    state = _fight_in(state, _kingdom_of(state, court.CLAIRVOYANT))
    assert state.fight is not None
    state.fight.dealt = state.table.monsters[state.fight.monster].health - left
    state = GAME.apply(state, ("attack",))
    while state.chance is not None or state.step == "dice":
        state = GAME.apply(state, GAME.chance_outcomes(state)[-1][0] if state.chance else ("roll-done",))
    return state


def test_fire_magic_deals_the_facts_extra_damage_for_its_price_after_a_won_round(sc_pack: Pack) -> None:
    price = fact(sc_pack, "magic.fire.cost.magical_flow")
    state = _won_round(sc_pack)
    seat = state.seat
    assert state.step == spells.FIRE_STEP and GAME.legal_actions(state) == [(spells.BURN,), (spells.NO_BURN,)]
    burnt = GAME.apply(state, (spells.BURN,))
    assert burnt.counts.get("battles-won") == 1 and burnt.hunters[seat].magical == 3 - price
    spared = GAME.apply(state, (spells.NO_BURN,))
    assert spared.step == "flee" and spared.counts.get("battles-won") is None and spared.hunters[seat].magical == 3
    assert GAME.invariants(burnt) == [] and GAME.invariants(spared) == []
    more = _won_round(sc_pack, {"magic.fire.extra_damage": 2}, left=3)  # a bigger blast slays it too
    assert GAME.apply(more, (spells.BURN,)).counts.get("battles-won") == 1


def test_no_fire_offer_without_fire_magic_its_flow_or_a_monster_left_standing(sc_pack: Pack) -> None:
    price = fact(sc_pack, "magic.fire.cost.magical_flow")
    for state in (_won_round(sc_pack, magic="air"), _won_round(sc_pack, flow=price - 1),
                  _won_round(sc_pack, {"magic.fire.extra_damage": 0})):
        assert state.step == "flee"
    slain = _won_round(sc_pack, left=1)  # the round's own damage ends the battle
    assert slain.counts.get("battles-won") == 1 and slain.step != spells.FIRE_STEP
