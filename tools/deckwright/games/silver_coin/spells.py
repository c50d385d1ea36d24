"""What a Magic card costs to use, and Fire and Protection Magic in battle (lines 1033, 1054, 1057, 1400,
1643, 1908).

Using a Magic card costs Magical Flow (line 1033): the pack's price for the school, one more for a hunter
whose Flow cubes corrupt it in Ashgar Plague (line 1908), and at most the Natural Chaos's cap per card
(line 1400). Air Magic's price is its weather cost (`actions.air_cost`); Protection Magic's is
`magic.protection.cost.magical_flow`.

Protection Magic prevents damage in battle (line 1057). The engine offers it when a battle round is lost
and the hunter would take the monster's damage (a wound, or defeat at the bottom of the Health Track):
the hunter may pay the price and take no damage, and, as the pack reads the hit
(`magic.protection.prevents_poison`), no Poison token either. In a company fight a member who did not
flee may cast it on another member's round (line 1643, `magic.protection.on_other_members`); the
decision is the wounded member's, the company agreeing together as co-op play does (line 1667).

Fire Magic causes additional damage (line 1054). The book prints neither the damage nor the price, so the
pack states both (assumed facts): after a battle round the hunter wins, if the monster still stands, the
hunter who knows Fire Magic may pay the price to deal the extra damage.
"""

from __future__ import annotations

from typing import Any

from deckwright.games.silver_coin import scenario_flow
from deckwright.games.silver_coin.state import State

PROTECTION, FIRE = "protection", "fire"
STEP, FIRE_STEP = "protect", "fire-magic"
PROTECT, UNPROTECTED = "protect", "unprotected"
BURN, NO_BURN = "burn", "no-burn"
Action = tuple[Any, ...]
NATURAL_CHAOS = "natural-chaos"


def spell_cost(state: State, seat: int, price: int) -> int:
    """Magical Flow a hunter pays to use a Magic card of this price."""
    rules = state.table.rules
    cost = price + scenario_flow.extra_cost(state, seat, "magic_cost")
    if state.table.characters[state.hunters[seat].character].id == NATURAL_CHAOS:
        return min(cost, rules.chaos_card_cap)
    return cost


def protection_cost(state: State, seat: int) -> int:
    return spell_cost(state, seat, state.table.rules.protection_cost)


def can_protect(state: State, seat: int) -> bool:
    hunter = state.hunters[seat]
    return PROTECTION in hunter.magic and hunter.magical >= protection_cost(state, seat)


def casters(state: State) -> list[int]:
    """Who may protect the hunter whose battle round was just lost: itself, and in a company the other
    members still fighting when the pack lets Protection Magic work on another's round."""
    fight = state.fight
    assert fight is not None
    seat = state.seat
    found = [seat] if can_protect(state, seat) else []
    company = fight.company
    if company is not None and state.table.rules.protection_on_others:
        found += [s for s in company.members if s != seat and s not in company.fled and can_protect(state, s)]
    return found


def offer(state: State) -> bool:
    """Before the damage of a lost round: True (and the step set) when someone may cast Protection Magic
    and the wounded hunter has not yet decided this round."""
    fight = state.fight
    assert fight is not None
    if STEP in fight.done or not casters(state):
        return False
    state.step = STEP
    return True


def options(state: State) -> list[Action]:
    return [(PROTECT, caster) for caster in casters(state)] + [(UNPROTECTED,)]


def decide(state: State, action: Action) -> bool:
    """The choice made; True when the damage is prevented (the caster paid)."""
    fight = state.fight
    assert fight is not None
    fight.done += (STEP,)
    if action[0] != PROTECT:
        return False
    caster = action[1]
    state.hunters[caster].magical -= protection_cost(state, caster)
    state.note("protection-magic-cast")
    if caster != state.seat:
        state.note("protection-magic-on-another")
    return True


def shields(state: State, seat: int) -> int:
    """How many lost rounds the hunter's own Protection Magic can still absorb (a policy's estimate)."""
    hunter = state.hunters[seat]
    if PROTECTION not in hunter.magic:
        return 0
    return hunter.magical // max(1, protection_cost(state, seat))


def fire_cost(state: State, seat: int) -> int:
    return spell_cost(state, seat, state.table.rules.fire_cost)


def burns(state: State) -> bool:
    """After a won battle round the monster survived: True (and the step set) when the hunter whose
    round it was may cast Fire Magic for its extra damage."""
    seat = state.seat
    hunter = state.hunters[seat]
    if FIRE not in hunter.magic or state.table.rules.fire_damage <= 0 or hunter.magical < fire_cost(state, seat):
        return False
    state.step = FIRE_STEP
    return True


def fire_options(state: State) -> list[Action]:
    return [(BURN,), (NO_BURN,)]


def burn(state: State, action: Action) -> None:
    """The choice made: cast, the hunter pays and the monster takes the extra damage."""
    fight = state.fight
    assert fight is not None
    if action[0] != BURN:
        return
    state.hunters[state.seat].magical -= fire_cost(state, state.seat)
    fight.dealt += state.table.rules.fire_damage
    state.note("fire-magic-cast")
