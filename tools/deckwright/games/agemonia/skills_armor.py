"""Items worn with locked stamina (rulebook lines 3248-3272, 1490-1491) and the Class Skills that free
them from it (Armor & Shield Proficiency, lines 3447-3448), played as their cards' `play` states them.

An item the Hero board carries with `wear` is in use while the Hero wears it (an item taking no hands)
or holds it (one in hand): at set-up the Hero locks `lock` Stamina chips on it, if its disk has them.
While it is in use:
- `shields`: added to each reactive check against an Enemy attack, or, where the card limits them
  (`shields: [{amount, against: {ability, attack, enemy}}]`), to those of that ability, against that
  attack type, or by an Enemy of that trait (`items_values.Shield`);
- `face_shields` (the same form): each effect face of such a check may give them instead of its
  successes (`skills_dice`);
- `never_hindered`: its Hero is never Hindered (`figures.hindered`);
- `wounded_successes`: successes on its Hero's attacks with enough wound-side chips (`items_carried`);
- `unhurt_damage: {range, damage}`: an Enemy within `range` whose attack did its Hero no damage suffers
  `damage` after it, unreduced by its shield (as Riposte), dealt by the Hero (`items.unhurt`).
Locked chips count as spent but no recover restores them (`h_worn` holds them, not `h_spent`).
Damage that finds no chip on the disk and no spent chip (nor one locked on a passive action, `locking`)
takes locked ones, turning them to their wound side (when `locked_stamina.wounded_after_spent`); an item
left with fewer locked chips than it needs is no longer in use, and its remaining chips go above the board
as spent stamina. When the disk turns to its wounded side, or the Hero is exhausted, the locked chips are
reset with the others and the item's use ends.

`unlocked-items`: items of the play's `categories` (their Item card's category) need no locked stamina.
The engine never ends a use voluntarily (the book allows it; nothing in play is gained by it).
"""

from __future__ import annotations

from deckwright.games.agemonia.state import State
from deckwright.games.agemonia.table import Item

KIND = "unlocked-items"


def _unlocked(s: State, hero: int, category: str) -> bool:
    return any(skill.kind == KIND and category in skill.categories for skill in s.table.heroes[hero].skills)


def _worn(item: Item) -> bool:
    """Whether the item does something while in use by `wear`."""
    return bool(item.lock or item.shields or item.face_shields or item.never_hindered or item.unhurt_damage[1]
                or item.effects.wounded_successes[1])


def acts(s: State, hero: int, index: int) -> bool:
    """Whether the Hero's item may act now: one worn for its effects acts only while in use (High Celestor's
    Robes' reroll), any other while carried."""
    return not _worn(s.table.items[index]) or any(worn == index for worn, _ in s.h_worn[hero])


def setup(s: State) -> None:
    """Each Hero puts on what it wears and holds that locks stamina, locking what its disk can pay."""
    t = s.table
    for hero, figure in enumerate(t.heroes):
        if figure.ally:
            continue
        worn: list[tuple[int, int]] = []
        for index in figure.items:
            item = t.items[index]
            if not _worn(item) or (item.hands and index not in s.h_active[hero]):
                continue
            if _unlocked(s, hero, item.category):
                worn.append((index, 0))
                s.use(next(k.id for k in figure.skills if k.kind == KIND and item.category in k.categories))
            elif s.h_disk[hero] >= item.lock:
                s.h_disk[hero] -= item.lock
                worn.append((index, item.lock))
                s.use("stamina-locked")
        s.h_worn[hero] = tuple(worn)
        for index, _ in worn:
            s.use(t.items[index].id)


def locked(s: State, hero: int) -> int:
    """The Hero's Stamina chips locked on items."""
    return sum(chips for _, chips in s.h_worn[hero])


def shields(s: State, hero: int, ability: int, attack: str, slot: int) -> int:
    """Shields the items the Hero has in use add to its reactive check of this ability against an attack of
    this type by the Enemy in `slot`: those whose card's limits hold (`items_values.Shield`)."""
    t = s.table
    traits = t.enemy_types[s.e_type[slot]].traits
    total = 0
    for index, _ in s.h_worn[hero]:
        for shield in t.items[index].shields:
            if shield.holds(ability, attack, traits):
                total += shield.amount
                if shield.ability >= 0 or shield.attack or shield.enemy:
                    s.use("item-effect:limited-shields")
    return total


def take_locked(s: State, hero: int, amount: int) -> int:
    """Damage past the disk and the spent chips takes locked chips, the item locking the fewest first
    (its use ends with the first chip it loses; its others become spent), as `locking.absorb` does for
    passive actions when `locked_stamina.wounded_after_spent` holds; the damage left over."""
    if not s.table.rules["locked_stamina.wounded_after_spent"]:
        return amount
    worn = sorted(s.h_worn[hero], key=lambda pair: (pair[1] == 0, pair[1], pair[0]))
    kept: list[tuple[int, int]] = []
    for index, chips in worn:
        if amount <= 0 or chips == 0:
            kept.append((index, chips))
            continue
        take = min(amount, chips)
        s.h_wounds[hero] += take
        s.h_spent[hero] += chips - take
        amount -= take
        s.use("locked-stamina-lost")
    s.h_worn[hero] = tuple(sorted(kept))
    return amount


def reset(s: State, hero: int) -> None:
    """The disk turned or the Hero is exhausted: the locked chips went with the others."""
    s.h_worn[hero] = tuple((index, 0) for index, chips in s.h_worn[hero] if chips == 0)


def face_shields(s: State, hero: int, ability: int, attack: str, slot: int) -> int:
    """The most shields one effect face of this reactive check may give through an item the Hero has in use."""
    t = s.table
    traits = t.enemy_types[s.e_type[slot]].traits
    return max((shield.amount for index, _ in s.h_worn[hero] for shield in t.items[index].face_shields
                if shield.holds(ability, attack, traits)), default=0)
