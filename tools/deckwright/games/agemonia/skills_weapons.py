"""Class Skills about the weapons a Hero attacks with (rulebook lines 3495-3496, 3116-3117: Dual
Wielder), played as their cards' `play` states them.

`dual-wield`: the Hero may hold `class_skill.<rule>.weapons` active weapons of the play's attack types
at once (in place of `items.limit_per_type`, `kit.per_type_limits`), and an attack of such a type uses
the effects (`rules`) and adds the damage modifiers of every one of them in hand, up to that many.
"""

from __future__ import annotations

from deckwright.games.agemonia.gear import in_hand
from deckwright.games.agemonia.state import State
from deckwright.games.agemonia.table import Item


def also_wielded(s: State, hero: int, attack: str, first: Item | None) -> tuple[Item, ...]:
    """The weapons in hand beyond `first` whose modifiers and effects an attack of this type adds."""
    if first is None:
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
