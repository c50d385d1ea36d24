"""What the items a Hero carries can do, sorted out once per table and carried set: the choices of every
step (`heroes.legal`, `items.legal`, `summoning.uses`, `teleport.uses`, `reactions`) look only at the items
of the kind they play, not at every item the Hero holds. A Hero's items change a few times a scenario;
the same few sets come back game after game, so the answers are kept with the table (`Table.memo`, keyed
by the items tuple: no other key there is a tuple of numbers)."""

from __future__ import annotations

from dataclasses import dataclass

from deckwright.games.agemonia.state import State
from deckwright.games.agemonia.table import Table


@dataclass(frozen=True)
class Carried:
    """Item indices of a carried set, each once and in ascending order, by what they do."""

    kinds: tuple[int, ...]  # every item
    discards: tuple[int, ...]  # heal, restore or give a condition when discarded (`heroes.usable`)
    summons: tuple[int, ...]  # summon a Non-Hero Ally (`summoning`)
    teleports: tuple[int, ...]  # teleport the Hero (`teleport`)
    effects: tuple[int, ...]  # a `use` or a `ready` effect, or other options (`items`)
    reacts: tuple[int, ...]  # a reaction (`reactions`)


def carried(s: State, hero: int) -> Carried:
    """What the Hero's items can do (the same object for the same items of the same table)."""
    items = s.h_items[hero]
    found: Carried | None = s.table.memo.get(items)
    if found is None:
        found = s.table.memo[items] = _sort(s.table, items)
    return found


def _sort(t: Table, items: tuple[int, ...]) -> Carried:
    kinds = tuple(sorted(set(items)))
    discards: list[int] = []
    summons: list[int] = []
    teleports: list[int] = []
    effects: list[int] = []
    reacts: list[int] = []
    for i in kinds:  # one pass: a Hero's items change often in a playout, each new set sorted here
        item = t.items[i]
        if item.heal or item.restore or item.condition >= 0:
            discards.append(i)
        if item.summon >= 0:
            summons.append(i)
        if item.teleport:
            teleports.append(i)
        # a card's other options (`items_values.options`) are items of the table beside it
        effects += [j for j in (i, *item.options) if t.items[j].effects.use or t.items[j].effects.ready is not None]
        if item.effects.react is not None:
            reacts.append(i)
    return Carried(kinds=kinds, discards=tuple(discards), summons=tuple(summons), teleports=tuple(teleports),
                   effects=tuple(effects), reacts=tuple(reacts))
