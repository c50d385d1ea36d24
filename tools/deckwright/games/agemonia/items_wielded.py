"""What a weapon changes of the attack it is the weapon of, beyond its damage and Pierce (rulebook lines
4866-4867: the Aox Scimitar; 4872-4874: the Runeblade; 4902-4918: the Staff of Ata Cahay, Vyrgon's
Crook, the Wyldkin Wand, Elakira's Sliver, the Nafabi Longbow; 5119-5128: the Staff of Phaedra, Rakka's
Wand), as its card's `play` states it (`items_values.Wielded`).

- `other_attacks`: the attack types it is a weapon for besides its `attack` (a wand adding to a melee
  attack): the Hero's first item in hand for each type (`gear.hands`) is that attack's weapon.
- `wielded` of the weapon in hand for the attack's type: `range` more maximum range (a ranged or magic
  attack, `heroes.targets`), `dice` more Action dice rolled (`heroes`), `stamina` added to what the action
  costs when it attacks with the weapon (less when negative, never below 0; with `levels`, only for an
  Action token of one of those levels). The Hero attacks with a type only when it can pay that type's cost.
- `save` (the categories of items: an arrow, a poison, a weapon rune): each such item discarded during an
  attack the weapon is the weapon of (readied before the roll, or a rune's reaction after it) rolls one
  Action die, a roll of purpose SAVED, ("roll", "a", 1, SAVED, hero, item); its special face keeps the
  item: it is back with the Hero (lines 4872-4874, 4919-4921, 5125-5128).
"""

from __future__ import annotations

from typing import Any

from deckwright.games.agemonia import story
from deckwright.games.agemonia.gear import hands
from deckwright.games.agemonia.items_values import Wielded
from deckwright.games.agemonia.state import State
from deckwright.games.agemonia.table import HeroAction, Table

SAVED = "item-saved"


def _wielded(s: State, hero: int, attack: str, part: str) -> Wielded | None:
    """The `wielded` values of the weapon in hand for the attack type, when some item of the table changes
    that part (`range`, `dice`, `stamina`) of an attack: most tables have none, and ask no more."""
    if not _changed(s.table, part):
        return None
    index = hands(s, hero).weapons.get(attack)
    return None if index is None else s.table.items[index].effects.wielded


def _changed(t: Table, part: str) -> bool:
    key = ("wielded", part)
    found: bool | None = t.memo.get(key)
    if found is None:
        found = t.memo[key] = any(item.effects.wielded is not None and getattr(item.effects.wielded, part)
                                  for item in t.items)
    return found


def extra_range(s: State, hero: int, attack: str) -> int:
    """Maximum range the weapon in hand for an attack of this type adds to it."""
    found = _wielded(s, hero, attack, "range")
    return found.range if found is not None else 0


def extra_dice(s: State, hero: int, attack: str) -> int:
    """Action dice the weapon in hand for an attack of this type adds to its roll."""
    found = _wielded(s, hero, attack, "dice")
    if found is None or not found.dice:
        return 0
    s.use("item-effect:wielded-dice")
    s.use(s.table.items[hands(s, hero).weapons[attack]].id)
    return found.dice


def stamina(s: State, hero: int, action: HeroAction, attack: str) -> int:
    """The stamina the action costs when it attacks with this type: the weapon in hand for it may change it."""
    found = _wielded(s, hero, attack, "stamina")
    if found is None or not found.stamina or found.levels and action.level not in found.levels:
        return action.stamina
    return max(0, action.stamina + found.stamina)


def cheapest(s: State, hero: int, action: HeroAction) -> int:
    """The least stamina the attack action costs with any of its attack types."""
    if not _changed(s.table, "stamina"):
        return action.stamina
    return min((stamina(s, hero, action, kind) for kind in action.attacks), default=action.stamina)


def paid(s: State, hero: int, action: HeroAction, attack: str) -> int:
    """The stamina the Hero's attack of this type costs, the weapon's change recorded as used."""
    cost = stamina(s, hero, action, attack)
    if cost != action.stamina:
        s.use("item-effect:wielded-stamina")
        s.use(s.table.items[hands(s, hero).weapons[attack]].id)
    return cost


def discarded(s: State, hero: int, attack: str, index: int) -> None:
    """The item `index` was discarded during the Hero's attack of this type: the weapon in hand for it may
    roll to save it."""
    weapon = hands(s, hero).weapons.get(attack)
    if weapon is not None and s.table.items[index].category in s.table.items[weapon].effects.save:
        s.use(s.table.items[weapon].id)
        story.roll(s, "a", 1, SAVED, hero, index)


def settle(s: State, entry: tuple[Any, ...], faces: int) -> None:
    """The save die rolled: its special face gives the Hero the item back."""
    hero, index = entry[4], entry[5]
    if faces:
        s.h_items[hero] += (index,)
        s.use("item-effect:saved")
