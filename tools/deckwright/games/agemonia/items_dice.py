"""Items that change single dice of a Hero's roll (rulebook lines 4759-4762: Ophira; 4892-4899: the
Compendium Aoxa), as their cards' `play` states them (`items_values`).

- `face_damage` (the Compendium Aoxa), while the item is active (in hand): on an attack of its types,
  each special (stamina) face the Hero's stamina does not pay for may give `successes` for `damage`
  suffered instead, that die used for nothing else; the engine spends stamina first, as it does for
  Dark Pact (`skills_dice.pay_faces`, which plays both), and never suffers damage that would turn the
  Hero's disk.
- `token_dice` (the Compendium Aoxa), while the item is active: the named token readied for an attack
  (`items`, the Blood Crystal) rolls that many extra dice instead of its own.
- `react: {reroll_faces}` (Ophira): after chance gives the Hero an active roll of Action dice (an attack
  or an active check) with special faces, its player may roll those dice once more (`reactions`, the
  moment "rolled"); their new result replaces the faces, the rest of the roll standing: a roll of purpose
  REROLLED, ("roll", "a", faces, REROLLED, roll entry, successes kept, 0), added to the roll it rerolls
  (`blessing.settle`) before it is settled (a Blessed choice may follow). A die rerolled so is not
  rerolled again (its special faces may be bought with stamina as any). With `reroll_faces` a list of
  attack types (High Celestor's Robes: magic), only the Hero's attacks of those types.
- `react: {attack_dice}` (the Rune of the Spider, lines 4670-4673): after the roll of the Hero's attack with
  a weapon in hand, the item discarded rolls that many more Action dice, added to the roll as it stands
  (`add_dice`: a roll of purpose REROLLED that keeps the roll's successes and special faces).
"""

from __future__ import annotations

from typing import Any

from deckwright.games.agemonia import story
from deckwright.games.agemonia.gear import in_hand
from deckwright.games.agemonia.state import State

REROLLED = "rerolled"


def face_payers(s: State, hero: int, attack: str) -> list[tuple[int, int, str]]:
    """(damage, successes, item id) of each active item of the Hero that buys an attack's special faces
    of this type with damage."""
    t = s.table
    found = []
    for index in in_hand(s, hero):
        faces = t.items[index].effects.face_damage
        if faces is not None and attack in faces.attacks:
            found.append((faces.damage, faces.successes, t.items[index].id))
    return found


def token_dice(s: State, hero: int, index: int, attack: str) -> int:
    """The extra dice the readied item `index` adds to an attack of this type: its own, or those an active
    item of the Hero names for it instead."""
    t = s.table
    ready = t.items[index].effects.ready
    own = ready.dice if ready is not None and attack in ready.attacks else 0
    for held in in_hand(s, hero):
        token, dice = t.items[held].effects.token_dice
        if token == t.items[index].id and own:
            s.use(t.items[held].id)
            s.use("item-effect:token-dice")
            return dice
    return own


def reroll_pays(s: State, hero: int, entry: tuple[Any, ...], successes: int, faces: int) -> bool:
    """Whether rolling the special faces again is worth it to the Hero (the greedy and heuristic policies):
    its stamina cannot buy all their successes (`action_die.special.max_stamina` a face), which a reroll
    gives up, and the roll falls short even with what it can buy."""
    from deckwright.games.agemonia.blessing import falls_short  # blessing settles these rolls

    most = faces * int(s.table.rules["action_die.special.max_stamina"])
    return s.h_disk[hero] < most and falls_short(s, entry, successes + s.h_disk[hero])


def rerolls(entry: tuple[Any, ...], faces: int) -> bool:
    """Whether the roll `entry` has special faces an item may roll again: Action dice of an active roll."""
    return faces > 0 and entry[1] == "a" and entry[3] != "enemy-hit"


def reroll(s: State, entry: tuple[Any, ...], successes: int, faces: int) -> None:
    """The special faces of the roll `entry` are rolled once more; the rest of the roll stands."""
    s.use("item-effect:reroll-faces")
    story.roll(s, "a", faces, REROLLED, entry, successes, 0)


def add_dice(s: State, entry: tuple[Any, ...], successes: int, faces: int, dice: int) -> None:
    """`dice` more Action dice are rolled and join the roll `entry` as it stands (a rune discarded after an
    attack roll, lines 4670-4673)."""
    s.use("item-effect:attack-dice-after-roll")
    story.roll(s, "a", dice, REROLLED, entry, successes, faces)
