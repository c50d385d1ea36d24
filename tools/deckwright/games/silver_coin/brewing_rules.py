"""The numbers of the Gatherer's brewing (`brewing`), read once from the pack's facts: each Gatherer card's
recipe, how many copies of each there are, how many a brew makes and a battle plays, what the cards do."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from deckwright.gamekit import MissingFacts, Pack
from deckwright.games.silver_coin.scenario_rules import Get

POISON_BOMB = "gatherer-poison-bomb"
INVISIBILITY = "gatherer-invisibility-potion"
NIGHTMARE = "gatherer-nightmare-potion"
REGENERATION = "gatherer-regeneration-potion"
HANDLERS = frozenset({POISON_BOMB, INVISIBILITY, NIGHTMARE, REGENERATION})
"""The Gatherer cards whose effect the engine plays (`brewing.play`), by card id (what `played` judges
them by)."""
RESOURCES = {"physical_flow": "physical", "magical_flow": "magical", "experience": "experience", "coins": "coins"}
"""A recipe's ingredients the hunter counts on its board, by the name a recipe gives them."""
POTIONS = "potions"
Recipe = tuple[tuple[str, int], ...]
"""(hunter counter, amount) and ('potion:<item>', amount) pairs."""


@dataclass(frozen=True)
class Brewing:
    """The numbers of the Gatherer's brewing and of the cards it brews."""

    recipes: Mapping[str, Recipe]  # by card id, only the cards of the pack the engine plays
    copies: int  # of each Gatherer card
    per_brew: int  # cards a brew makes
    per_battle: int  # of each card played in one battle
    bomb_damage: int
    nightmare_strength: int
    regeneration_heals: int


def compile_brewing(pack: Pack, get: Get) -> Brewing:
    cards = {e.id for e in pack.of_type("character-card") if e.get("kind") == "gatherer-card"}
    stated = get("gatherer.recipes")
    if not isinstance(stated, Mapping):
        raise MissingFacts("gatherer.recipes must map each Gatherer card to what brewing it costs", ("gatherer.recipes",))
    recipes = {str(card): _recipe(str(card), cost) for card, cost in sorted(stated.items())
               if str(card) in cards and str(card) in HANDLERS}
    return Brewing(recipes, int(get("gatherer.cards.copies")), int(get("gatherer.flow.brew_items")),
                   int(get("gatherer.cards.max_per_battle")), int(get("gatherer.poison_bomb.damage")),
                   int(get("gatherer.nightmare.strength_bonus")), int(get("gatherer.regeneration.heals")))


def _recipe(card: str, cost: Any) -> Recipe:
    """A recipe as it is paid: the resources of its mapping, then its potions by market item."""
    if not isinstance(cost, Mapping):
        raise MissingFacts(f"gatherer.recipes: the recipe of {card} must be a mapping of what it costs", ("gatherer.recipes",))
    found: list[tuple[str, int]] = []
    for name, amount in sorted(cost.items()):
        if name == POTIONS and isinstance(amount, Mapping):
            found += [(f"potion:{item}", _amount(card, n)) for item, n in sorted(amount.items())]
        elif name in RESOURCES:
            found.append((RESOURCES[name], _amount(card, amount)))
        else:
            known = ", ".join(sorted(RESOURCES) + [POTIONS])
            raise MissingFacts(f"gatherer.recipes: the recipe of {card} asks for '{name}', which the engine cannot pay "
                             f"(it knows {known})", ("gatherer.recipes",))
    return tuple(found)


def _amount(card: str, amount: Any) -> int:
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
        raise MissingFacts(f"gatherer.recipes: the recipe of {card} needs whole amounts of 0 or more", ("gatherer.recipes",))
    return amount
