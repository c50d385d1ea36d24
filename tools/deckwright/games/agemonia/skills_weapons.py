"""Class Skills about the weapons a Hero attacks with (rulebook lines 3495-3496, 3116-3117: Dual
Wielder; lines 3557-3559: Swing Weapon; lines 3586-3587, 3122-3123: Shadow Stalker), played as their cards' `play` states them.

`dual-wield`: the Hero may hold `class_skill.<rule>.weapons` active weapons of the play's attack types
at once (in place of `items.limit_per_type`, `kit.per_type_limits`), and an attack of such a type uses
the effects (`rules`) and adds the damage modifiers of every one of them in hand, up to that many.

A melee weapon that attacks at range (a `max_range` in its play values: the spears, Hook & Rope; lines
1967-1969) reaches an Enemy in sight within that range, at the Hero's height (no melee attack goes
across a barrier or into an area of another height); the attack stays a melee attack (no obstructed aim).
`melee-reach`: the Hero's melee attacks also reach an Enemy in sight within `class_skill.<rule>.range`;
with a melee weapon that attacks at range the reach is that maximum range plus
`class_skill.<rule>.weapon_range`, if longer.

`weapon-success`: each attack made with a weapon of the play's `weapon` class (an Item card's
`weapon_class`; the pack names the daggers) gains `class_skill.<rule>.bonus` successes.
"""

from __future__ import annotations

from deckwright.games.agemonia.figures import figures_in
from deckwright.games.agemonia.gear import in_hand
from deckwright.games.agemonia.state import OFF, State
from deckwright.games.agemonia.table import Item


def melee_reach(s: State, hero: int, weapon: Item | None) -> int:
    """How far the Hero's melee attacks with `weapon` reach by the weapon's range and its skills (0: only the
    usual melee)."""
    reach = weapon.max_range if weapon is not None else 0
    if "melee-reach" not in s.table.heroes[hero].skill_kinds:
        return reach
    for skill in s.table.heroes[hero].skills:
        if skill.kind == "melee-reach" and "melee" in skill.attacks:
            reach = max(reach, skill.amounts[0])
            if weapon is not None and weapon.max_range:
                reach = max(reach, weapon.max_range + skill.amounts[1])
    return reach


def reaches(s: State, hero: int, area: int, reach: int) -> bool:
    """Whether a melee attack of that reach gets from the Hero's area to `area`."""
    t = s.table
    here = s.h_area[hero]
    return 0 < t.range_dist[here][area] <= reach and t.sight[here][area] and t.heights[here] == t.heights[area]


def record_reach(s: State, hero: int, slot: int, attack: str, weapon: Item | None) -> None:
    """A melee attack on an Enemy beyond the usual melee: the weapon's range reached it ("item-effect:reach"),
    or else the Hero's reach skill did."""
    t = s.table
    here, there = s.h_area[hero], s.e_area[slot]
    if attack != "melee" or there in (here, OFF) or there in t.level[here] and figures_in(s, there) >= t.capacity[there]:
        return
    if weapon is not None and t.range_dist[here][there] <= weapon.max_range:
        s.use("item-effect:reach")
        return
    skill = next((k for k in t.heroes[hero].skills if k.kind == "melee-reach"), None)
    if skill is not None:
        s.use(skill.id)


def weapon_successes(s: State, hero: int, wielded: tuple[Item | None, ...]) -> int:
    """Successes the Hero's skills add to an attack made with these weapons."""
    total = 0
    if "weapon-success" not in s.table.heroes[hero].skill_kinds:
        return total
    for skill in s.table.heroes[hero].skills:
        if skill.kind == "weapon-success" and any(w is not None and w.weapon_class == skill.weapon for w in wielded):
            total += skill.amounts[0]
            s.use(skill.id)
    return total


def also_wielded(s: State, hero: int, attack: str, first: Item | None) -> tuple[Item, ...]:
    """The weapons in hand beyond `first` whose modifiers and effects an attack of this type adds."""
    if first is None or "dual-wield" not in s.table.heroes[hero].skill_kinds:
        return ()
    t = s.table
    most = max((skill.amounts[0] for skill in t.heroes[hero].skills
                if skill.kind == "dual-wield" and attack in skill.attacks), default=1)
    if most <= 1:
        return ()
    others = [t.items[i] for i in in_hand(s, hero) if t.items[i].attack == attack and t.items[i] is not first]
    for skill in t.heroes[hero].skills:
        if skill.kind == "dual-wield" and attack in skill.attacks and others:
            s.use(skill.id)
            break
    return tuple(others[:most - 1])
