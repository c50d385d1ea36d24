"""A Hero's items during its turn: changing active items, dropping, picking up and giving items.

Changing active items during a Hero's turn (rulebook lines 2492-2502): the Hero switches to another
of its loadouts (`kit.loadouts`: the hands, the one-of-a-type limit and the encumbrance of what goes
to the backpack); the first `active_items.free_changes_per_turn` changes of a turn are free, each
further one costs a maneuver. Items must be active before the roll that uses them, so a change is a
choice of the turn, never part of a roll.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from deckwright.games.agemonia.figures import hindered, injured
from deckwright.games.agemonia.state import State
from deckwright.games.agemonia.table import Table


class Hands(NamedTuple):
    """What a Hero holds in its hands and carries besides (`hands`)."""

    held: tuple[int, ...]  # the items in its hands
    weight: int  # the encumbrance of the others
    backpack: tuple[int, ...]  # those others, each once, in order
    lightest: int  # the weight of the lightest of them (0 for none)
    weapons: Mapping[str, int]  # the first item in hand for each attack type (`items_wielded`: one serving several)


def in_hand(s: State, hero: int) -> tuple[int, ...]:
    """The Hero's active items that its hands hold (an Injured Elbow leaves fewer hands: the last go to
    the backpack)."""
    return hands(s, hero).held


def usable_now(s: State, hero: int, index: int) -> bool:
    """Whether the item may be used as it stands: one showing hands must be active, in the Hero's hands
    (lines 2479-2481); any other may be used from the backpack."""
    return not s.table.items[index].hands or index in hands(s, hero).held


def hands(s: State, hero: int) -> Hands:
    """What the Hero holds and carries, worked out once per table, active items, items and hands
    (`Table.memo`)."""
    t = s.table
    budget = t.heroes[hero].hands - (injured(s, hero, "hands") if s.h_injuries[hero] else 0)
    key = ("hands", s.h_active[hero], s.h_items[hero], budget)
    found: Hands | None = t.memo.get(key)
    if found is None:
        held: list[int] = []
        used = 0
        for index in s.h_active[hero]:
            if index in s.h_items[hero] and used + t.items[index].hands <= budget:
                held.append(index)
                used += t.items[index].hands
        backpack = tuple(sorted({item for item in s.h_items[hero] if item not in held}))
        weapons: dict[str, int] = {}
        for index in held:
            weapons.setdefault(t.items[index].attack, index)
            for kind in t.items[index].effects.other_attacks:  # a wand adding to a melee attack
                weapons.setdefault(kind, index)
        found = t.memo[key] = Hands(tuple(held), _weight(t, s.h_items[hero], held), backpack,
                                    min((t.items[i].weight for i in backpack), default=0), weapons)
    return found


def _weight(t: Table, items: tuple[int, ...], held: list[int]) -> int:
    held = list(held)
    weight = 0
    for index in items:
        if index in held:
            held.remove(index)
        else:
            weight += t.items[index].weight
    return weight


def legal(s: State, hero: int) -> list[tuple[Any, ...]]:
    """("swap", loadout index) for every loadout other than the active one the Hero can pay for."""
    figure = s.table.heroes[hero]
    if figure.ally or len(figure.loadouts) < 2:
        return []
    if s.maneuvers <= 0 and s.swaps >= int(s.table.rules["active_items.free_changes_per_turn"]):
        return []
    key = ("swaps", hero, s.h_active[hero], s.h_items[hero])
    found: list[tuple[Any, ...]] | None = s.table.memo.get(key)
    if found is None:
        current, carried = set(s.h_active[hero]), set(s.h_items[hero])
        found = s.table.memo[key] = [("swap", i) for i, loadout in enumerate(figure.loadouts)
                                     if set(loadout) != current and set(loadout) <= carried]
    return list(found)


def swap(s: State, hero: int, index: int) -> None:
    if s.swaps >= int(s.table.rules["active_items.free_changes_per_turn"]):
        s.maneuvers -= 1
        s.use("active-items-changed-for-a-maneuver")
    s.swaps += 1
    s.h_active[hero] = s.table.heroes[hero].loadouts[index]
    s.use("active-items-changed")


def backpack_weight(s: State, hero: int) -> int:
    """The encumbrance of the Hero's items out of its hands."""
    return hands(s, hero).weight


def exchanges(s: State, hero: int) -> list[tuple[Any, ...]]:
    """Dropping and picking up items and giving them (lines 2503-2530), free at any point of the Hero's
    turn: ("pick", item, -1) from the ground of its area, or ("pick", item, other) from an exhausted Hero
    lying there (its items count as dropped there, `items.exhausted_heroes_items_pickable`); ("drop",
    item) to make room for one of those; ("give", item, other) to a Hero in its area, from the backpack
    (an item in hand goes there first by a change of active items: the book puts what is given in the
    taker's backpack and changes no hand otherwise). Picking up is refused while Hindered unless
    `items.pick_up_while_hindered`, giving while either is Hindered unless `items.give_while_hindered`; what is picked up or given goes to the backpack, within the taker's
    encumbrance. Encumbrance is all a carried item costs in the engine, so a drop that makes room for no
    item in reach changes nothing it plays and is not offered; an item the Hero dropped this turn it does
    not pick up again this turn (that would undo a choice, not make one)."""
    t = s.table
    here = s.h_area[hero]
    areas = s.h_area
    if not s.dropped and areas.count(here) < 2:  # alone in its area (Allies included) and nothing lying about
        return []
    others = [o for o in range(t.players) if o != hero and areas[o] == here]
    mine_hands = hands(s, hero)
    mine, light = mine_hands.backpack, mine_hands.lightest  # what it could give: its backpack
    if not s.dropped and not (others and mine) and not any(s.h_exhausted[o] for o in others):
        return []  # nothing lying about or on an exhausted Hero, nothing in the backpack to give
    pick_hindered, give_hindered, pickable = _exchange_rules(t)
    items = t.items
    found: list[tuple[Any, ...]] = []
    # the area's Hindered, the same for every Hero in it (not asked when the rules allow both anyway)
    blocked = not (pick_hindered and give_hindered) and hindered(s, hero)
    if not blocked or pick_hindered:
        lying = [("pick", item, -1) for area, item, by, when in sorted(set(s.dropped))
                 if area == here and not (by == hero and when == s.round)] if s.dropped else []
        if pickable:
            lying += [("pick", item, other) for other in others if s.h_exhausted[other]
                      for item in sorted(set(s.h_items[other]))]
        if lying:
            room = t.heroes[hero].encumbrance - mine_hands.weight
            found += [pick for pick in lying if items[pick[1]].weight <= room]
            lightest = min(items[pick[1]].weight for pick in lying)
            if lightest > room:  # drop from the backpack what makes room
                held = mine_hands.held
                found += [("drop", item) for item in sorted(set(s.h_items[hero]))
                          if item not in held and items[item].weight >= lightest - room]
    if others and mine and (not blocked or give_hindered):
        for other in others:
            room = t.heroes[other].encumbrance
            if s.h_exhausted[other] or light > room:
                continue
            room -= hands(s, other).weight
            found += [("give", item, other) for item in mine if items[item].weight <= room]
    return found


def _exchange_rules(t: Table) -> tuple[bool, bool, bool]:
    """Whether a Hindered Hero may pick up and may give items, and whether an exhausted Hero's items may be
    picked up (read once per table)."""
    found: tuple[bool, bool, bool] | None = t.memo.get("exchange-rules")
    if found is None:
        r = t.rules
        found = t.memo["exchange-rules"] = (bool(r["items.pick_up_while_hindered"]), bool(r["items.give_while_hindered"]),
                                            bool(r["items.exhausted_heroes_items_pickable"]))
    return found


def take(s: State, hero: int, item: int) -> None:
    """The item leaves the Hero (out of its hands too, if it held it)."""
    items = list(s.h_items[hero])
    items.remove(item)
    s.h_items[hero] = tuple(items)
    if item not in items and item in s.h_active[hero]:
        s.h_active[hero] = tuple(i for i in s.h_active[hero] if i != item)


def exchange(s: State, hero: int, action: tuple[Any, ...]) -> None:
    kind, item = action[0], action[1]
    if kind == "drop":
        take(s, hero, item)
        s.dropped.append((s.h_area[hero], item, hero, s.round))
        s.use("item-dropped")
        return
    if kind == "give":
        take(s, hero, item)
        s.h_items[action[2]] += (item,)
        s.use("item-given")
        return
    if action[2] < 0:
        spot = next(d for d in sorted(s.dropped) if d[0] == s.h_area[hero] and d[1] == item
                    and not (d[2] == hero and d[3] == s.round))
        s.dropped.remove(spot)
        s.use("item-picked-up")
    else:
        take(s, action[2], item)
        s.use("item-picked-up-from-exhausted-hero")
    s.h_items[hero] += (item,)
