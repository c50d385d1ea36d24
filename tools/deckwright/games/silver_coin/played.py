"""Which of Silver Coin's court and Special Action cards the engine plays (the GameSpec's `effects`;
`check` lists the others, DW512).

Each judgement asks what the engine itself dispatches on: a Monarch by its role and a Townsfolk card by
its id (`court.MONARCH_ROLES`, `court.TOWNSFOLK`, the gates of the court's handlers); a Special Action
card when it is a Hidden Path card (`table.path_kind`, what movement opens with it), the Legendary
Sword (`combat.SWORD`, the card a battle's final blow looks for) or a card with its own handler
(`special_cards.HANDLERS`, by card id); a character's own card when its handler plays it (the Gatherer
cards' `brewing_rules.HANDLERS`, by card id; a Necro card that states its `creature`, as
`necromancer.compile_creatures` reads it).
"""

from __future__ import annotations

from collections.abc import Mapping

from deckwright.gamekit import EffectJudge, Entity, Pack
from deckwright.games.silver_coin.brewing_rules import HANDLERS as GATHERER_CARDS
from deckwright.games.silver_coin.combat import SWORD
from deckwright.games.silver_coin.court import MONARCH_ROLES, TOWNSFOLK
from deckwright.games.silver_coin.necromancer import NECRO_CARD, is_creature
from deckwright.games.silver_coin.special_cards import HANDLERS
from deckwright.games.silver_coin.table import path_kind


def _special(pack: Pack, card: Entity) -> str:
    played = path_kind(card.id) or card.id.startswith(SWORD) or card.id in HANDLERS
    return "" if played else "the engine has no handler for it"


def _character_card(pack: Pack, card: Entity) -> str:
    if card.id in GATHERER_CARDS:
        return ""
    if card.get("kind") == NECRO_CARD:
        return "" if is_creature(card) else "it states no `creature` values for the engine to play"
    return "the engine has no handler for it"


EFFECTS: Mapping[str, EffectJudge] = {
    "monarch": MONARCH_ROLES,
    "townsfolk": TOWNSFOLK,
    "special-action-card": _special,
    "character-card": _character_card,
}
