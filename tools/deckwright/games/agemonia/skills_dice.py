"""Class Skills played on the dice a Hero rolls (rulebook lines 3480-3483: Barkskin; 3626-3628: Blurred
Form; 3596-3597: Warp Fate; 3600-3603: Dark Pact), as their cards' `play` states them.

The Reaction die's face that activates an effect an Ally has (`ally_effect.face`, lines 1009-1012) counts
as its successes (`dice.face_successes`) when the Ally has no such effect. A Hero with one of these
skills may use each such face for the skill instead, and then for nothing else; the engine chooses for
the Hero, as it does for Retaliate (`skills.split_faces`):
- `face-shields` (Barkskin): on a reactive check against an Enemy attack, while the Hero wears no item of
  the play's `categories` (in use by `wear`, or carried, for an item that needs no hand), each face adds
  `class_skill.<rule>.shields` shields instead of its successes, when that takes off more damage; so does
  an item in use whose `wear.face_shields` hold for the check (`skills_armor.face_shields`), the face
  giving the most either offers. The card's "may" is a choice: an item's shields are used only when they
  take off more damage than the face's own successes (`face_worth`, which the rule above does not take
  away from a Hero whose skills have no use for the face). The roll counts the face apart (die "F": the
  table's `face_odds`).
- `face-reroll` (Blurred Form): each face of a reactive check may be rolled once more, the new face
  standing. The engine rerolls when one die is worth more successes on average than the face
  (`dice.reroll_pays`); the table then holds the Reaction die so rerolled (`reroll_odds`, die "B"). When it
  is not worth it (no face beats the face's successes), the Hero never uses it. A trained Ophira
  (`react.reactive_faces`) rerolls the faces of its Hero's reactive checks so too.
Each after chance gives a Hero's attack roll (`settled`):
- `attack-reroll` (Warp Fate): when an attack of the play's types falls short of defeating an Enemy it
  hits (`short`), the Hero suffers `class_skill.<rule>.damage` and rolls the attack again; again after
  a reroll only when `class_skill.warp_fate.rerolls_may_exceed` holds, else once per turn.
- `face-damage` (Dark Pact): on an attack of the play's types, each stamina face (`dice.stamina_faces`)
  the Hero's stamina does not pay for may give `class_skill.<rule>.successes` for
  `class_skill.<rule>.damage` suffered instead (`pay_faces`): the engine spends stamina first, as
  damage wounds a chip where stamina only spends one.
The engine never suffers damage for a skill that would turn the Hero's disk (more than its disk and spent
chips hold): a player would not be wounded or exhausted for a reroll or a success.
"""

from __future__ import annotations

from typing import Any

from deckwright.games.agemonia import figures, items_dice, skills_armor, story
from deckwright.games.agemonia.carried import carried
from deckwright.games.agemonia.kit import FACE_REROLL, FACE_SHIELDS, Skill
from deckwright.games.agemonia.state import OFF, State

ATTACK_REROLL, FACE_DAMAGE = "attack-reroll", "face-damage"
APART, REROLLED = "F", "B"  # the dice of a reactive roll: the effect face counted apart, or rerolled
ATTACK_PURPOSES = ("hero-hit", "hero-area", "hero-adjacent", "hero-line", "hero-runes")


def _skill(s: State, hero: int, kind: str, attack: str = "") -> tuple[int, Skill] | None:
    if kind not in s.table.heroes[hero].skill_kinds:
        return None
    for index, skill in enumerate(s.table.heroes[hero].skills):
        if skill.kind == kind and (not attack or attack in skill.attacks):
            return index, skill
    return None


def wearing(s: State, hero: int, categories: tuple[str, ...]) -> bool:
    """Whether the Hero wears an item of these categories: one in use by `wear`, or a carried one that
    needs no hand."""
    t = s.table
    worn = {index for index, _ in s.h_worn[hero]}
    return any(t.items[i].category in categories for i in set(s.h_items[hero]) if i in worn or not t.items[i].hands)


def _skill_shields(s: State, hero: int) -> tuple[int, str]:
    """(shields, skill id) of the Hero's face-shields skill while it wears none of its categories, else (0, '')."""
    found = _skill(s, hero, FACE_SHIELDS)
    if found is None or wearing(s, hero, found[1].categories):
        return 0, ""
    return found[1].amounts[0], found[1].id


def reaction_die(s: State, hero: int, ability: int, attack: str, slot: int) -> str:
    """The die letter of the Hero's reactive roll against the attack of the Enemy in `slot` as its face
    skills and items make it ('' when none applies)."""
    t = s.table
    if t.face_odds and (_skill_shields(s, hero)[0] or _item_shields(s, hero, ability, attack, slot)):
        return APART
    if t.reroll_odds and (_skill(s, hero, FACE_REROLL) is not None or _item_rerolls(s, hero) >= 0):
        return REROLLED
    return ""


def _item_rerolls(s: State, hero: int) -> int:
    """The item the Hero carries that rerolls the effect faces of its reactive checks (a trained Ophira's
    `react.reactive_faces`, lines 4760-4762), -1 if none."""
    t = s.table
    return next((i for i in carried(s, hero).reacts if (react := t.items[i].effects.react) is not None
                 and react.reactive_faces), -1)


def rolled(s: State, hero: int, die: str) -> None:
    """A Blurred Form roll is made: the skill (or else the item) is in play."""
    if die == REROLLED:
        found = _skill(s, hero, FACE_REROLL)
        if found is not None:
            s.use(found[1].id)
        elif (item := _item_rerolls(s, hero)) >= 0:
            s.use(s.table.items[item].id)
            s.use("item-effect:reactive-faces")


def face_shields(s: State, hero: int, slot: int, amount: int, successes: int, faces: int) -> tuple[int, int]:
    """(damage, successes) of a reactive roll against the current attack of the Enemy in `slot` whose faces
    were counted apart: each face gives the most shields its skill or an item in use gives it, when they
    take off more damage than its successes would, else its successes."""
    t = s.table
    if faces <= 0:
        return amount, successes
    act = t.enemy_types[s.e_type[slot]].actions[t.faces[s.face].eye]
    skill, used = _skill_shields(s, hero)
    item = _item_shields(s, hero, act.ability, act.kind, slot)
    worth = t.face_successes if skill else t.face_worth  # what a face gives when not used for shields
    shields = max(skill, item)
    if shields > worth * int(t.rules["reactive.reduction_per_success"]):
        s.use(used if skill >= item else "item-effect:face-shields")
        return max(0, amount - faces * shields), successes
    return amount, successes + faces * worth


def _item_shields(s: State, hero: int, ability: int, attack: str, slot: int) -> int:
    """The shields a face may give through an item the Hero has in use (`skills_armor.face_shields`), when
    they take off more damage than the face's own successes (the card's "may": else the face is not used
    so, and no die is counted apart for it)."""
    t = s.table
    item = skills_armor.face_shields(s, hero, ability, attack, slot)
    return item if item > t.face_worth * int(t.rules["reactive.reduction_per_success"]) else 0


def _can_suffer(s: State, hero: int, damage: int) -> bool:
    return not s.h_exhausted[hero] and damage <= s.h_disk[hero] + s.h_spent[hero]


def short(s: State, entry: tuple[Any, ...], successes: int) -> bool:
    """Whether the attack roll `entry` falls short of defeating an Enemy it hits: its successes and the
    action's and weapon's damage under the Enemy's health and shield."""
    from deckwright.games.agemonia.heroes import selected, shaped_hits, weapon

    hero, shape, attack = entry[4], entry[5], entry[6]
    hit = [shape] if entry[3] == "hero-hit" else shaped_hits(s, hero, entry[3], shape)
    item = weapon(s, hero, attack)
    damage = successes + selected(s, hero).damage + (item.damage if item is not None else 0)
    kinds = s.table.enemy_types
    return any(damage < s.e_health[e] + kinds[s.e_type[e]].shield for e in hit if s.e_area[e] != OFF)


def settled(s: State, entry: tuple[Any, ...], successes: int) -> bool:
    """Chance gave the Hero's attack roll `entry`: Warp Fate suffers its damage and asks chance to roll it
    again (True), when the roll falls short (`short`) and the Hero may."""
    if entry[0] != "roll" or entry[3] not in ATTACK_PURPOSES:
        return False
    hero, attack = entry[4], entry[6]
    found = _skill(s, hero, ATTACK_REROLL, attack)
    if found is None or s.table.heroes[hero].ally:
        return False
    index, skill = found
    again = bool(s.table.rules["class_skill.warp_fate.rerolls_may_exceed"])
    if (not again and s.turn_skills >> index & 1) or not _can_suffer(s, hero, skill.amounts[0]) \
            or not short(s, entry, successes):
        return False
    s.turn_skills |= 1 << index
    s.use(skill.id)
    figures.damage_hero(s, hero, skill.amounts[0])
    s.pending.insert(0, entry)
    return True


def pay_faces(s: State, hero: int, attack: str, faces: int, wanted: int) -> int:
    """Successes the Hero gets for the stamina faces of its attack: bought with stamina (`story.buy_successes`),
    then, for the faces stamina did not pay, by Dark Pact's damage, then an active item's (the Compendium Aoxa,
    `items_dice.face_payers`), while more are wanted."""
    bought = story.buy_successes(s, hero, faces, wanted, attack)
    found = _skill(s, hero, FACE_DAMAGE, attack)
    payers = [(found[1].amounts[0], found[1].amounts[1], found[1].id)] if found is not None else []
    payers += items_dice.face_payers(s, hero, attack)  # an active item's, after the skill's
    if not payers:
        return bought
    each = story.face_limit(s, hero, attack)
    left = faces - (-(-bought // each) if each > 0 else 0)
    for damage, gain, used in payers:
        while left > 0 and bought < wanted and _can_suffer(s, hero, damage):
            figures.damage_hero(s, hero, damage)
            s.use(used)
            bought += gain
            left -= 1
    return bought

