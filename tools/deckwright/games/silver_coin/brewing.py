"""The Gatherer's Flow card recipes and the Gatherer cards they brew (lines 1289-1299).

On a Flow turn the Gatherer may, instead of replacing the Herb cards, brew one card of its Flow card by
paying the card's recipe (Flow Cubes, Experience, coins or potions it holds). Gatherer cards are piece
limited: no more of one card is held than its copies, and a card played goes back face down to the
Gatherer's area, where it can be brewed again (the FAQ, lines 1291-1293).

The book prints neither the recipes nor what the cards do, so the pack states both as assumed facts
(`gatherer.recipes`, `gatherer.cards.*`, `gatherer.poison_bomb.*`, ...), and the engine plays each card
by its id (`HANDLERS`), before a battle's first round, at most `max_per_battle` of each a battle:

- Poison Bomb: the monster takes damage at once (a battle won before any roll if that was its last health).
- Invisibility potion: the monster's printed bonuses that would make it stronger do not count, the
  whole battle (line 1295).
- Nightmare potion: the monster is weaker by the fact's amount, at any time of day and even when its card
  forbids Strength and Night potions (line 1297).
- Regeneration potion: when the battle is over, the hunter heals the health it lost in it, up to the
  fact's amount; nothing when it lost none (line 1299).

The cards are played in a battle the Gatherer fights alone (a scenario company's battle offers none).
"""

from __future__ import annotations

from typing import Any

from deckwright.games.silver_coin.brewing_rules import (
    INVISIBILITY, NIGHTMARE, POISON_BOMB, REGENERATION, Brewing, Recipe,
)
from deckwright.games.silver_coin.effects import take_potion
from deckwright.games.silver_coin.state import Fight, State

BREW, PLAY = "brew", "gatherer-card"
KINDS = (BREW,)
"""The Flow-round ability of this module (the Gatherer's other option is `gatherer.refresh`)."""
Action = tuple[Any, ...]


def _rules(state: State) -> Brewing:
    brewing = state.table.brewing
    assert brewing is not None
    return brewing


def _affords(state: State, seat: int, recipe: Recipe, times: int) -> bool:
    hunter = state.hunters[seat]
    for what, amount in recipe:
        held = hunter.potions.get(what[7:], 0) if what.startswith("potion:") else getattr(hunter, what)
        if held < amount * times:
            return False
    return True


def brew_options(state: State, seat: int) -> list[Action]:
    """The cards the Gatherer can brew now: copies left face down and the recipe paid for each card made."""
    brewing = state.table.brewing
    if brewing is None:
        return []
    held = state.hunters[seat].brewed
    times = brewing.per_brew
    return [(BREW, card) for card, recipe in brewing.recipes.items()
            if held.get(card, 0) + times <= brewing.copies and _affords(state, seat, recipe, times)]


def brew(state: State, seat: int, card: str) -> None:
    brewing = _rules(state)
    hunter = state.hunters[seat]
    for what, amount in brewing.recipes[card]:
        for _ in range(amount * brewing.per_brew):
            if what.startswith("potion:"):
                take_potion(hunter.potions, what[7:])
            else:
                setattr(hunter, what, getattr(hunter, what) - 1)
    hunter.brewed[card] = hunter.brewed.get(card, 0) + brewing.per_brew
    state.use(card)
    state.note("gatherer-brews")
    state.note(f"gatherer-brews:{card}")


def battle_options(state: State) -> list[Action]:
    """The brewed cards the hunter whose battle it is may play before its first round."""
    fight = state.fight
    brewing = state.table.brewing
    hunter = state.hunters[state.seat]
    if fight is None or fight.rounds or fight.company is not None or brewing is None or not hunter.brewed:
        return []
    return [(PLAY, card) for card in sorted(hunter.brewed) if fight.cards.count(card) < brewing.per_battle]


def play(state: State, action: Action) -> None:
    """The card goes back face down to the Gatherer's area and works for this battle."""
    fight = state.fight
    assert fight is not None
    seat, card = state.seat, action[1]
    hunter = state.hunters[seat]
    hunter.brewed[card] -= 1
    if not hunter.brewed[card]:
        del hunter.brewed[card]
    fight.cards += (card,)
    if card == POISON_BOMB:
        fight.dealt += _rules(state).bomb_damage
    elif card == REGENERATION and fight.regenerating < 0:
        fight.regenerating = hunter.health
    state.use(card)
    state.note(f"gatherer-plays:{card}")


def hidden(fight: Fight) -> bool:
    """Whether the monster's printed bonuses that make it stronger do not count (Invisibility)."""
    return INVISIBILITY in fight.cards


def weaker(state: State, fight: Fight) -> int:
    """How much weaker the Nightmare potions played make the monster."""
    brewing = state.table.brewing
    return fight.cards.count(NIGHTMARE) * brewing.nightmare_strength if brewing is not None else 0


def regenerate(state: State, seat: int) -> None:
    """When the battle is over: a Regeneration potion drunk before it heals the health lost since."""
    fight = state.fight
    if fight is None or fight.regenerating < 0:
        return
    hunter = state.hunters[seat]
    healed = max(0, min(_rules(state).regeneration_heals, fight.regenerating - hunter.health,
                        hunter.max_health - hunter.health))
    hunter.health += healed
    fight.regenerating = -1
    state.note("gatherer-regenerates", healed)
    if not healed:
        state.note("situation:regeneration-wasted")


def problems(state: State) -> list[str]:
    """Gatherer cards are piece limited: no hunter holds more of one than its copies."""
    brewing = state.table.brewing
    if brewing is None:
        return []
    return [f"P{seat + 1} holds {n} {card} of {brewing.copies}" for seat, h in enumerate(state.hunters)
            for card, n in sorted(h.brewed.items()) if not 0 < n <= brewing.copies]


BREW_WORTH, ONE_MORE_WORTH = 7.5, 7.2
"""What a planning Gatherer makes of a brew on its Flow turn: more than an action (a brew takes no Action
Token, and the Flow round's ability is lost once its tokens are spent and its turn passes), a little less
for a second copy of a card."""


def worth(state: State, seat: int, action: Action) -> float:
    """A card not held yet is worth a brew, unless its recipe spends a potion the hunter needs now (the
    Health potion while wounded, the Antidote while poisoned); one more of a card that hurts or weakens
    the monster is worth a little less (for the next battle); other cards once only (the Herb cards
    replaced are worth 1)."""
    hunter = state.hunters[seat]
    card = action[1]
    if hunter.brewed.get(card):
        return ONE_MORE_WORTH if card in (POISON_BOMB, NIGHTMARE) else 0
    if card == REGENERATION and hunter.health < hunter.max_health:
        return 0
    if card == POISON_BOMB and hunter.poison:
        return 0
    return BREW_WORTH


def play_worth(state: State, action: Action) -> float:
    """What a planning hunter makes of a brewed card before the battle: a card that makes the monster
    weaker or hurts it is played (as a potion is); Invisibility only when a printed bonus counts now;
    Regeneration only when a lost round could wound (the monster's strength above the lowest roll)."""
    from deckwright.games.silver_coin.combat import target

    fight = state.fight
    assert fight is not None
    card = action[1]
    if card in (POISON_BOMB, NIGHTMARE):
        return 5
    now = target(state)
    if card == INVISIBILITY:
        after = state.clone()
        play(after, action)
        return 5 if target(after) < now else -1
    rules = state.table.rules
    return 3 if now > min(rules.white_faces) * rules.white_dice else -1


def describe(action: Action) -> str:
    return f"gatherer {'brews' if action[0] == BREW else 'plays'} {action[1]}"
