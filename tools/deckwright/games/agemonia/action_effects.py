"""Support actions that move figures or items, as the Hero board states them (`effect:`, `table.ActionEffect`):

- `push` (Cyclone, rulebook line 4160): every Enemy in sight within `range` of the Hero is pushed
  `amount` areas, the furthest first (lines 3337-3365): each area it moves into is further from the
  Hero's area than the one it left, across a single line and never into an area at its capacity; a
  Large or Huge Enemy is not pushed, and a push ends where the Enemy cannot move on. Of several areas the
  Hero chooses the first in map order. Being pushed triggers no Provoke (nor a pet's damage). A push over
  a double line down to lower ground (damage and a condition whose numbers are lost) is not played: the
  engine pushes across single lines only.
- `gain-item` (Summon Arrow, lines 3868-3869): the Hero gains the item `item` if it is in the Stock (no Hero
  holds it and it lies nowhere on the map), for this scenario: a Hero still holding it when the scenario
  ends discards it (`return_lent`), so a campaign's Hero does not carry it into the next one.
- `move-item` (Telekinesis, lines 4016-4019): an item another Hero carries (who always agrees: the bots
  play one side) or that lies on the map, in sight within `range`, goes to a Hero in sight within
  `range`, in another area than the item's (the book lets the item lie in the area instead; the engine
  always gives it to a Hero there).

- `stone-form` (Stone Form): `stone_form`.

Channelled through the Eye of Serupod (`passives`), a push or a move counts its range, sight and direction
from the Eye's area.

Choices: ("act-effect",) for push, gain-item and stone-form; ("act-effect", item, source, hero) for move-item, `source` the
Hero carrying it or ~index of `State.dropped`. The action's cost is paid (`costs`).
"""

from __future__ import annotations

from typing import Any

from deckwright.games.agemonia import costs, figures, gear, passives, stone_form
from deckwright.games.agemonia.figures import injured
from deckwright.games.agemonia.state import OFF, State
from deckwright.games.agemonia.table import ActionEffect, HeroAction

KIND = "act-effect"


def _effect(action: HeroAction) -> ActionEffect:
    assert action.effect is not None
    return action.effect


def _near(s: State, hero: int, area: int, effect: ActionEffect) -> bool:
    """An area in sight of the Hero within the effect's range (of the Eye it channels through: `passives.origin`)."""
    t = s.table
    here = passives.origin(s, hero)
    return t.range_dist[here][area] <= effect.range - injured(s, hero, "range") and bool(t.sight[here][area])


def pushed(s: State, hero: int, effect: ActionEffect) -> list[int]:
    """The Enemies the push moves, the furthest from the Hero (or the Eye it channels through) first."""
    t = s.table
    here = passives.origin(s, hero)
    found = [slot for slot, at in enumerate(s.e_area) if at != OFF and _near(s, hero, at, effect)
             and t.enemy_types[s.e_type[slot]].room == 1]
    return sorted(found, key=lambda slot: (-t.range_dist[here][s.e_area[slot]], slot))


def _gainable(s: State, item: int) -> bool:
    """The item is in the Stock: no figure holds it and it lies nowhere on the map."""
    return item >= 0 and all(item not in held for held in s.h_items) and all(d[1] != item for d in s.dropped)


def targets(s: State, hero: int, action: HeroAction) -> list[tuple[Any, ...]]:
    """The choices the action has now (none when it would do nothing)."""
    effect = _effect(action)
    t = s.table
    if effect.kind == "push":
        return [(KIND,)] if pushed(s, hero, effect) else []
    if effect.kind == "gain-item":
        return [(KIND,)] if _gainable(s, effect.item) else []
    if effect.kind == "stone-form":
        return [(KIND,)]
    heroes = [h for h in range(t.players) if not s.h_exhausted[h] and _near(s, hero, s.h_area[h], effect)]
    found: list[tuple[Any, ...]] = []
    for source in heroes:
        if source == hero:
            continue
        for item in sorted(set(s.h_items[source])):
            found += [(KIND, item, source, to) for to in heroes if s.h_area[to] != s.h_area[source]]
    for index, (area, item, _, _) in enumerate(s.dropped):
        if _near(s, hero, area, effect):
            found += [(KIND, item, ~index, to) for to in heroes if s.h_area[to] != area]
    return found


def apply(s: State, hero: int, choice: tuple[Any, ...]) -> None:
    action = s.table.heroes[hero].actions[s.h_action[hero]]
    effect = _effect(action)
    s.acts = 0
    costs.pay(s, hero, action)
    s.use(action.id)
    if effect.kind == "push":
        for slot in pushed(s, hero, effect):
            push(s, slot, passives.origin(s, hero), effect.amount)
    elif effect.kind == "gain-item":
        s.h_items[hero] += (effect.item,)
        s.lent += (effect.item,)
        s.use("item-gained")
    elif effect.kind == "stone-form":
        stone_form.turn_to_stone(s, hero, action)
    else:
        _, item, source, to = choice
        if source >= 0:
            gear.take(s, source, item)
        else:
            del s.dropped[~source]
        s.h_items[to] += (item,)
        s.use("item-moved")


def return_lent(s: State) -> None:
    """The scenario ends: each item gained for it that a Hero still holds is discarded (to the Stock), once
    for each time it was gained (it may have been used and gained again)."""
    for item in s.lent:
        holder = next((h for h, held in enumerate(s.h_items) if item in held), -1)
        if holder >= 0:
            gear.take(s, holder, item)


def push(s: State, slot: int, source: int, amount: int) -> None:
    """Push the Enemy `amount` areas directly away from area `source` (lines 3337-3365)."""
    t = s.table
    for _ in range(amount):
        here = s.e_area[slot]
        away = t.range_dist[source][here]
        ways = [a for a in t.adjacent[here] if t.range_dist[source][a] > away
                and figures.figures_in(s, a) + 1 <= t.capacity[a]]
        if not ways:
            return
        s.e_area[slot] = min(ways)
        s.use("pushed")


def select_value(s: State, hero: int, action: HeroAction) -> float:
    """What the policies make of selecting the action for the round, against an attack's 5 to 8: a push
    when two Enemies or more near the Hero stand with Heroes; an item gained while it is in the Stock and
    Enemies stand; an item moved when a wounded Hero could be given a healing one; Stone Form when the
    Hero is wounded with Enemies near (`stone_form.value`)."""
    effect = _effect(action)
    if s.h_disk[hero] < action.stamina or s.h_gems[hero] < action.gems:
        return 0.0
    if effect.kind == "push":
        return 7.5 if _crowding(s, hero, effect) >= 2 else 0.5
    if effect.kind == "gain-item":
        return 7.5 if _gainable(s, effect.item) and figures.alive(s) else 0.2
    if effect.kind == "stone-form":
        return stone_form.value(s, hero) * 1.5
    moves = [c for c in targets(s, hero, action) if _move_value(s, c) > 3.0]
    return 7.0 if moves else 0.3


def value(s: State, hero: int, choice: tuple[Any, ...]) -> float:
    """What the policies make of it: a push for each Enemy it moves out of a Hero's area; an item gained
    while Enemies stand; an item moved to a Hero who can use it (a wounded Hero's potion)."""
    if len(choice) > 1:
        return _move_value(s, choice)
    effect = _effect(s.table.heroes[hero].actions[s.h_action[hero]])
    if effect.kind == "push":
        return 2.0 + 2.0 * _crowding(s, hero, effect)
    if effect.kind == "stone-form":
        return stone_form.value(s, hero)
    return 6.0 if figures.alive(s) else 0.5


def _crowding(s: State, hero: int, effect: ActionEffect) -> int:
    """The Enemies the push would move out of an area where Allies stand."""
    return sum(1 for slot in pushed(s, hero, effect) if figures.ally_count(s, s.e_area[slot]))


def _move_value(s: State, choice: tuple[Any, ...]) -> float:
    item = s.table.items[choice[1]]
    to = choice[3]
    if item.heal and s.h_wounds[to]:
        return 3.0 + min(item.heal, s.h_wounds[to])
    return 1.0
