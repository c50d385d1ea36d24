"""Class Skills that let one attack take more targets (rulebook lines 3617-3621: Exploding Runes), played
as their cards' `play` states them.

`adjacent-targets`: the play's `action` may target an Enemy in each of `class_skill.<rule>.targets`
areas adjacent to one another (across the white lines `map.white_line_kinds` names, as an adjacent area
attack's areas: `shaped_attacks.groups`), each in sight within the attack's range; the Hero rolls once
(`class_skill.<rule>.rolls`: a pack stating another number is refused, `kit.skill_of`) and the result
lands on every target as on a single one, obstructed aim judged for each. An option is ("runes", bitmask of the
Enemy slots, attack type); its roll's purpose is "hero-runes".
"""

from __future__ import annotations

from itertools import product
from typing import Any

from deckwright.games.agemonia.shaped_attacks import groups
from deckwright.games.agemonia.state import OFF, State
from deckwright.games.agemonia.table import HeroAction

KIND = "adjacent-targets"
PURPOSE = "hero-runes"


def options(s: State, hero: int, action: HeroAction, attack: str, origin: int, low: int, high: int) -> list[tuple[Any, ...]]:
    """The targets the Hero's skill lets `action` take at once: one Enemy in each area of a group."""
    if KIND not in s.table.heroes[hero].skill_kinds:
        return []
    skill = next((k for k in s.table.heroes[hero].skills if k.kind == KIND and k.action == action.id), None)
    if skill is None:
        return []
    t = s.table
    found: list[tuple[Any, ...]] = []
    for mask in groups(s, origin, skill.amounts[0], high):
        areas = [a for a in range(len(t.areas)) if mask >> a & 1]
        if len(areas) < skill.amounts[0] or any(t.range_dist[origin][a] < low for a in areas):
            continue
        there = [[e for e, at in enumerate(s.e_area) if at == a] for a in areas]
        found += [("runes", sum(1 << e for e in picked), attack) for picked in product(*there)]
    return found


def targets(shape: int, s: State) -> list[int]:
    """The Enemy slots an option's bitmask names that are still on the map."""
    return [slot for slot, area in enumerate(s.e_area) if area != OFF and shape >> slot & 1]


def used(s: State, hero: int, action_id: str) -> None:
    for skill in s.table.heroes[hero].skills:
        if skill.kind == KIND and skill.action == action_id:
            s.use(skill.id)
