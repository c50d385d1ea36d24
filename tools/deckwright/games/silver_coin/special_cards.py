"""The Special Action cards played by their own effect (lines 886, 1209-1228): Fire Vortex and Surprise
Attack in battle, the Ancient Knowledge card, the Black and White Rings.

The book names these cards (the Special Action Cards board's example, line 1228) and shows a card's
parts (line 1217: the Flow and the Magic a card needs, whether it is exhausted or discarded after use),
but prints their texts only for the Rings: a Ring is sold at any time for the full amount on it (line
886). So the pack states each card's numbers as assumed facts, and the engine reads the card's Magic
school from the card itself (`magic_school`):

- Fire Vortex: before a battle's first round, a hunter who knows the card's Magic pays Magical Flow (as
  a spell, `spells.spell_cost`) and deals the monster damage; it is exhausted, so once a battle.
- Surprise Attack: before a battle's first round, deals the monster damage; the card is discarded.
- Ancient Knowledge: in the Action phase, without an Action Token, the card is discarded for Ancient
  Knowledge tokens from the supply (they count as the temple's, line 1063).
- Black Ring, White Ring: in the Action phase, without an Action Token, sold for their coins.

A used card that is discarded goes to the Special Action discard (the cards stay conserved).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from deckwright.games.silver_coin.effects import board_rows
from deckwright.games.silver_coin.special_rules import (
    ANCIENT_KNOWLEDGE, BLACK_RING, FIRE_VORTEX, SURPRISE_ATTACK, WHITE_RING, CardRules,
)
from deckwright.games.silver_coin.spells import spell_cost
from deckwright.games.silver_coin.state import State
from deckwright.games.silver_coin.table import Table

Action = tuple[Any, ...]
USE = "use-card"
WORTH = {USE: 4}
"""What a planning player makes of a card in battle: played before the first roll, as the sword is."""


def _held(state: State, seat: int, card_id: str) -> int | None:
    """The first of the hunter's Special Action cards with this id (None when it holds none)."""
    ids = state.table.special_cards
    return next((c for c in state.hunters[seat].specials if ids[c][0] == card_id), None)


def _discard(state: State, seat: int, card_id: str) -> None:
    card = _held(state, seat, card_id)
    assert card is not None
    state.hunters[seat].specials.remove(card)
    state.special_discard.append(card)
    state.use(card_id)


# When each card may be used, and what it does: (in battle?, may the hunter use it now?, the effect).
Ready = Callable[[State, int, CardRules], bool]
Effect = Callable[[State, int, CardRules], None]


def _vortex_ready(state: State, seat: int, rules: CardRules) -> bool:
    school = rules.schools.get(FIRE_VORTEX, "")
    return (not school or school in state.hunters[seat].magic) \
        and state.hunters[seat].magical >= spell_cost(state, seat, rules.vortex_cost)


def _vortex(state: State, seat: int, rules: CardRules) -> None:
    assert state.fight is not None
    state.hunters[seat].magical -= spell_cost(state, seat, rules.vortex_cost)
    state.fight.dealt += rules.vortex_damage
    state.use(FIRE_VORTEX)
    state.note("fire-vortex-cast")


def _surprise(state: State, seat: int, rules: CardRules) -> None:
    assert state.fight is not None
    _discard(state, seat, SURPRISE_ATTACK)
    state.fight.dealt += rules.surprise_damage
    state.note("surprise-attacks")


def _ancient_ready(state: State, seat: int, rules: CardRules) -> bool:
    return state.ancient_left > 0


def _ancient(state: State, seat: int, rules: CardRules) -> None:
    _discard(state, seat, ANCIENT_KNOWLEDGE)
    tokens = min(rules.ancient_tokens, state.ancient_left)
    state.hunters[seat].ancient += tokens
    state.ancient_left -= tokens
    board_rows(state, seat)
    state.note("ancient-knowledge-cards")


def _sell_ring(state: State, seat: int, rules: CardRules, ring: str) -> None:
    _discard(state, seat, ring)
    state.hunters[seat].coins += rules.ring_coins[ring]
    state.note("rings-sold")


def _always(state: State, seat: int, rules: CardRules) -> bool:
    return True


HANDLERS: Mapping[str, tuple[bool, Ready, Effect]] = {
    FIRE_VORTEX: (True, _vortex_ready, _vortex),
    SURPRISE_ATTACK: (True, _always, _surprise),
    ANCIENT_KNOWLEDGE: (False, _ancient_ready, _ancient),
    BLACK_RING: (False, _always, lambda state, seat, rules: _sell_ring(state, seat, rules, BLACK_RING)),
    WHITE_RING: (False, _always, lambda state, seat, rules: _sell_ring(state, seat, rules, WHITE_RING)),
}
"""The cards played by their own effect, by card id (what `played` judges them by)."""


def _options(state: State, seat: int, in_battle: bool) -> list[Action]:
    rules = state.table.cards
    if rules is None or not state.hunters[seat].specials:
        return []
    held = _played_held(state.table, tuple(state.hunters[seat].specials))
    return [(USE, card) for card in held if HANDLERS[card][0] == in_battle and HANDLERS[card][1](state, seat, rules)]


def _played_held(table: Table, specials: tuple[int, ...]) -> tuple[str, ...]:
    """The ids of the cards played by their own effect among `specials`, sorted (worked out once per table
    and hand of Special Action cards)."""
    cache: dict[tuple[int, ...], tuple[str, ...]] = table.__dict__.setdefault("_held_cards", {})
    found = cache.get(specials)
    if found is None:
        ids = table.special_cards
        found = cache[specials] = tuple(sorted({ids[c][0] for c in specials} & HANDLERS.keys()))
    return found


def free_options(state: State, seat: int) -> list[Action]:
    """The cards the hunter may use in the Action phase without an Action Token."""
    return _options(state, seat, in_battle=False)


def battle_options(state: State) -> list[Action]:
    """The cards the hunter whose battle it is may use before its first round (each once a battle)."""
    fight = state.fight
    if fight is None or fight.rounds:
        return []
    return [a for a in _options(state, state.seat, in_battle=True) if a[1] not in fight.cards]


def use(state: State, seat: int, action: Action) -> None:
    rules = state.table.cards
    assert rules is not None
    card = action[1]
    if HANDLERS[card][0]:
        assert state.fight is not None
        state.fight.cards += (card,)
    HANDLERS[card][2](state, seat, rules)


def describe(action: Action) -> str:
    return f"use the Special Action card {action[1]}"
