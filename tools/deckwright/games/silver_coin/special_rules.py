"""The numbers of the Special Action cards the engine plays by their own effect (`special_cards`), read
once from the pack's facts, and the Magic school each card needs, read from the card."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from deckwright.gamekit import Pack
from deckwright.games.silver_coin.scenario_rules import Get

FIRE_VORTEX, SURPRISE_ATTACK, ANCIENT_KNOWLEDGE = "fire-vortex", "surprise-attack", "ancient-knowledge-card"
BLACK_RING, WHITE_RING = "black-ring", "white-ring"


@dataclass(frozen=True)
class CardRules:
    """The numbers of the Special Action cards the engine plays by their own effect."""

    vortex_cost: int  # Magical Flow Fire Vortex takes (before a corrupted hunter's extra)
    vortex_damage: int
    surprise_damage: int
    ancient_tokens: int
    ring_coins: Mapping[str, int]  # by Ring card id
    schools: Mapping[str, str]  # the Magic school a card needs, by card id ('' for none)


def compile_cards(pack: Pack, get: Get) -> CardRules:
    return CardRules(
        vortex_cost=int(get("special.fire_vortex.cost.magical_flow")), vortex_damage=int(get("special.fire_vortex.damage")),
        surprise_damage=int(get("special.surprise_attack.damage")), ancient_tokens=int(get("special.ancient_knowledge.tokens")),
        ring_coins={BLACK_RING: int(get("special.black_ring.coins")), WHITE_RING: int(get("special.white_ring.coins"))},
        schools={e.id: str(e.get("magic_school") or "") for e in pack.of_type("special-action-card")})
