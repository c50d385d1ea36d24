"""An attack made by an item rather than by an action (rulebook lines 4835-4840: the Cube of Annihilation),
as its card's `play: {use: {blast: ...}}` states it (`items_values.Blast`).

The Hero spends a maneuver (`items.use_costs_maneuver`) and discards the item, ("item", item, ~centre),
to make an area magic attack centred on an area within the use's `range` that it sees (range 0: its own
area, which the card shows when it shows no range, lines 3660-3663) with at least one Enemy in sight of
the Hero within the blast's `area` of it (lines 3658-3669, as `heroes.area_hits` counts for an action's
area attack). It rolls the blast's Action dice, less Weakened's and with the Hero's Inspiration gems and
the dice items add to each of its attacks this turn (`items.attack_dice`): a roll of purpose PURPOSE. Each
special face adds the blast's `specials` successes, no stamina spent (the card forbids raising it).
Its successes, with an Achievement gem's and less Hindered's penalty and the Hero's injuries to ranged
and magic attacks, are the damage each Enemy hit takes less its shield; no obstructed aim (area attack).
The Hero's action is not spent: it is not the Hero's attack action (no action, weapon or Class Skill adds
to it), but it is an attack: a magic attack this turn (`skills.attack_made`), and a defeat acts as the
Hero's others do (`defeats`).
"""

from __future__ import annotations

from typing import Any

from deckwright.games.agemonia import defeats, figures, gems, items, skills, story
from deckwright.games.agemonia.figures import HERO, injured
from deckwright.games.agemonia.state import OFF, State
from deckwright.games.agemonia.table import Item

PURPOSE = "item-area"
KIND = "magic"


def _hits(s: State, hero: int, centre: int, reach: int) -> list[int]:
    from deckwright.games.agemonia.heroes import area_hits  # heroes plays items: imported when used

    return area_hits(s, s.h_area[hero], centre, reach)


def options(s: State, hero: int, index: int, reach: int) -> list[tuple[Any, ...]]:
    """("item", index, ~centre) for each area within `reach` the Hero sees whose blast hits an Enemy."""
    t = s.table
    blast = t.items[index].effects.blast
    assert blast is not None
    here = s.h_area[hero]
    return [("item", index, ~centre) for centre in range(len(t.areas))
            if t.range_dist[here][centre] <= reach and t.sight[here][centre] and _hits(s, hero, centre, blast.area)]


def hits(s: State, hero: int, item: Item, centre: int) -> list[int]:
    """The Enemies the item's blast centred there hits."""
    blast = item.effects.blast
    assert blast is not None
    return _hits(s, hero, centre, blast.area)


def attack(s: State, hero: int, index: int, centre: int) -> None:
    """The item's blast is made: chance rolls its dice."""
    blast = s.table.items[index].effects.blast
    assert blast is not None
    weakened = figures.effect(s, HERO, s.h_conds[hero], "fewer_dice")
    dice = blast.dice - (weakened.amount if weakened else 0) + story.inspiration(s, hero, reactive=False)
    dice += items.attack_dice(s, hero)
    skills.attack_made(s, KIND)
    figures.event(s, HERO, hero, "attack")
    story.roll(s, "a", max(0, dice), PURPOSE, hero, centre, KIND, index)


def land(s: State, entry: tuple[Any, ...], successes: int, faces: int) -> None:
    """The blast's damage to every Enemy it hits, each less its shield."""
    t = s.table
    hero, centre, index = entry[4], entry[5], entry[7]
    blast = t.items[index].effects.blast
    assert blast is not None
    story.after_roll(s, hero, entry[2])
    figures.event(s, HERO, hero, "after-attack")
    successes += faces * blast.specials
    if faces and blast.specials:
        s.use("item-effect:blast-specials")
    if figures.hindered(s, hero):
        successes -= int(t.rules.get("hindered.check_penalty", t.items[index].rules))
    amount = successes + gems.bonus(s, hero, "attack") - injured(s, hero, "ranged-magic")
    for slot in _hits(s, hero, centre, blast.area):
        damage = amount - t.enemy_types[s.e_type[slot]].shield
        if damage <= 0 or s.e_area[slot] == OFF:
            continue
        defeats.hurt(s, hero, slot, damage)
