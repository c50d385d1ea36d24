"""Who defeats an Enemy. Damage an Ally's own doing deals is dealt through `hurt`, which names the Ally:
its attack (`heroes`), an item's attack or use, a readied item that slays (`items`, `items_attack`), its
Hex (`hexes`), its Riposte (`skills`, `ally_effects`), Mirror and Revenge (`reflect`), its passive
action's trap, Riposte or drain (`lasting`), its summoned token's damage (`passives`), its pet's Provoke
(`items.left_area`: the pet is the Hero's card and does not count as an Ally, line 4745). When that
damage defeats the Enemy, the Ally defeated it, and everything the cards give "each time you defeat an
Enemy" follows (`defeated`):
- the Hero's `on-defeat` Class Skills (Fiery Heart, Fiery Soul, Chosen One: heal, restore or Achievement
  gems per Enemy, lines 3501, 3513, 3543);
- its carried items' `on_defeat` (the Shadow Goggles, line 5124; the Amulet of Shonosh, line 4983; the
  Staff of Phaedra only for its own attack, line 5120) and, when the damage came from an attack using a
  weapon in hand, the gems slotted into it (the Runic Diamond: "each time you defeat an Enemy
  using the weapon", lines 5262-5267): `items_carried.defeated`.
Damage nobody's doing deals (a condition's, a Dominated Enemy's, a map's trap) defeats for nobody. A
Non-Hero Ally has neither Class Skills nor items, so its defeats give nothing.
"""

from __future__ import annotations

from deckwright.games.agemonia import figures, items_carried
from deckwright.games.agemonia.state import OFF, State


def hurt(s: State, by: int, slot: int, amount: int, weapon: str = "") -> bool:
    """`amount` damage (shields already counted) to the Enemy in `slot`, dealt by Ally `by`; `weapon`: the
    attack type of the weapon in hand the damage used ('' for none). Whether it defeated the Enemy."""
    if amount <= 0 or s.e_area[slot] == OFF:
        return False
    figures.damage_enemy(s, slot, amount)
    if s.e_area[slot] != OFF:
        return False
    defeated(s, by, weapon)
    return True


def defeated(s: State, by: int, weapon: str = "") -> None:
    """Ally `by` defeated an Enemy: what its Class Skills and carried items give for it (nothing once it
    is exhausted)."""
    hero = s.table.heroes[by]
    if hero.ally or s.h_exhausted[by]:
        return
    if "on-defeat" in hero.skill_kinds:
        for skill in hero.skills:
            if skill.kind != "on-defeat":
                continue
            s.use(skill.id)
            if skill.gain == "heal":
                figures.heal_hero(s, by, skill.amounts[0])
            elif skill.gain == "restore":
                figures.restore_hero(s, by, skill.amounts[0])
            else:
                s.h_ach[by] += skill.amounts[0]
                s.peak("achievement-gems", sum(s.h_ach))
    if s.h_items[by]:
        items_carried.defeated(s, by, weapon)
