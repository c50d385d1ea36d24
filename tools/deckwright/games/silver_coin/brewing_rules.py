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


RECIPES = "gatherer.recipes"


def compile_brewing(pack: Pack, get: Get) -> Brewing:
    """The brewing's numbers; a value the engine cannot play is refused with its fact's name (DW508)."""
    cards = {e.id for e in pack.of_type("character-card") if e.get("kind") == "gatherer-card"}
    items = {str(e.get("item") or e.id) for e in pack.of_type("market-card")}
    stated = get(RECIPES)
    if not isinstance(stated, Mapping):
        raise MissingFacts(f"{RECIPES} must map each Gatherer card to what brewing it costs", (RECIPES,))
    recipes = {str(card): _recipe(str(card), cost, items) for card, cost in sorted(stated.items(), key=_by_name)
               if str(card) in cards and str(card) in HANDLERS}
    return Brewing(recipes, *(_whole(name, get(name)) for name in (
        "gatherer.cards.copies", "gatherer.flow.brew_items", "gatherer.cards.max_per_battle",
        "gatherer.poison_bomb.damage", "gatherer.nightmare.strength_bonus", "gatherer.regeneration.heals")))


def _recipe(card: str, cost: Any, items: set[str]) -> Recipe:
    """A recipe as it is paid: the resources of its mapping, then its potions by market item."""
    if not isinstance(cost, Mapping):
        raise MissingFacts(f"{RECIPES}: the recipe of {card} must be a mapping of what it costs", (RECIPES,))
    found: list[tuple[str, int]] = []
    for name, amount in sorted(cost.items(), key=_by_name):
        if name == POTIONS and isinstance(amount, Mapping):
            for item, n in sorted(amount.items(), key=_by_name):
                if item not in items:
                    raise MissingFacts(f"{RECIPES}: the recipe of {card} asks for '{item}', which no Market card sells",
                                       (RECIPES,))
                found.append((f"potion:{item}", _whole(RECIPES, n)))
        elif name in RESOURCES:
            found.append((RESOURCES[name], _whole(RECIPES, amount)))
        else:
            known = ", ".join(sorted(RESOURCES) + [POTIONS])
            raise MissingFacts(f"{RECIPES}: the recipe of {card} asks for '{name}', which the engine cannot pay "
                               f"(it knows {known})", (RECIPES,))
    return tuple(found)


def _by_name(pair: tuple[Any, Any]) -> str:
    """A mapping's entries in the order of their names (a pack may write a name as a number)."""
    return str(pair[0])


def _whole(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise MissingFacts(f"{name} needs whole numbers of 0 or more, not {value!r}", (name,))
    return value
