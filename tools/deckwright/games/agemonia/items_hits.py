"""Conditions a weapon gives when its Hero attacks with it (rulebook lines 4868-4882: the Glacial Fang and
the Verdant Stinger; 4906-4917: the Wand of Beasts, the Wand of Geomancy, the Moonsilver Cane and the
Wyldkin Wand), as its card's `play` states it (`items_values.Gives`).

After the damage of an attack with the item in hand as its weapon (`heroes.land_attack`):
- `on_hit`: each Enemy the attack damaged and left standing gains the condition (a part of the Hero's
  attack, start event "hero-action"), in the order the attack hit them; with `per_face`, one Enemy for each
  special face the roll showed (the face still buys its successes with stamina: the card says so); with
  `non_elite`, no Elite; with `traits`, only an Enemy showing one of them;
- `after_attack`: the Hero gains the condition (start event "item").
A `cost` in stamina is paid for each condition given (`figures.pay_stamina`); the engine pays it when the
Hero has the stamina and the figure lacks the condition, for every policy (the card's "may": a choice the
engine makes for the Hero, as it buys the special faces' successes). The figure's condition pieces are
taken as for any other condition (`figures.gain`: limits, priority, immunity).
"""

from __future__ import annotations

from collections.abc import Sequence

from deckwright.games.agemonia import figures
from deckwright.games.agemonia.figures import ENEMY, HERO
from deckwright.games.agemonia.items_values import Gives
from deckwright.games.agemonia.state import OFF, State
from deckwright.games.agemonia.table import Item


def hit(s: State, hero: int, wielded: Sequence[Item | None], damaged: Sequence[int], faces: int) -> None:
    """The conditions the attack's weapons give: to the Enemies in `damaged`, then to the Hero."""
    for weapon in wielded:
        if weapon is None:
            continue
        on_hit, after = weapon.effects.on_hit, weapon.effects.after_attack
        if on_hit is not None:
            left = faces if on_hit.per_face else len(damaged)
            for slot in damaged:
                if left <= 0:
                    break
                if s.e_area[slot] != OFF and _fits(s, slot, on_hit) and _paid(s, hero, s.e_conds[slot], on_hit):
                    figures.gain(s, ENEMY, slot, on_hit.condition, "hero-action")
                    s.use(weapon.id)
                    s.use("item-effect:on-hit")
                    left -= 1
        if after is not None and _paid(s, hero, s.h_conds[hero], after):
            figures.gain(s, HERO, hero, after.condition, "item")
            s.use(weapon.id)
            s.use("item-effect:after-attack")


def _fits(s: State, slot: int, gives: Gives) -> bool:
    traits = s.table.enemy_types[s.e_type[slot]].traits
    if gives.non_elite and "elite" in traits:
        return False
    return not gives.traits or bool(gives.traits & set(traits))


def _paid(s: State, hero: int, held: Sequence[int], gives: Gives) -> bool:
    """Whether the condition is given: free, or its stamina paid now (the figure lacking the condition)."""
    if not gives.stamina:
        return True
    if s.h_disk[hero] < gives.stamina or figures.holds(held, gives.condition):
        return False
    figures.pay_stamina(s, hero, gives.stamina)
    return True
