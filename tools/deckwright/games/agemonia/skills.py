"""Class Skills in a scenario (rulebook lines 3438-3638) as the cards' `play` states them, and Riposte
(lines 3384-3392). Each skill's numbers are its `class_skill.<rule>.*` facts (`kit.skill_of`).

Maneuvers (("skill", index) or ("skill", index, target), once a turn each):
- `extra-dice` (Mighty Strike, Immolation, Arcane Focus): `class_skill.maneuver_extra_dice` more dice on
  each attack of the skill's types for the rest of the turn.
- `maneuver-boost` (Targeting, Earth Link): more maximum range and successes for those attacks this turn.
- `stamina-move` (Sprint, Forced March, Levitate): a move maneuver paying stamina for movement points.
- `hex` (Hex): an Enemy in sight within range gains the skill's condition.
- `abolish` (Abolish): an Ally (the Hero too) within range loses every condition.
- `recover-skill` (Touch of Aox, Infusion): a recover maneuver healing or restoring the skill's amount
  (Infusion only after a magic attack this turn).
Free choices of the turn:
- `rethink-maneuver` (Lightning Reflexes): the Rethink gives maneuvers instead of movement or stamina.
- `skirmish` (Skirmisher): a move before or after the turn's attack action of those types.
- `energy-infusion`: flip a spent chip between its stamina and its wound side, so many times a turn.
Passive:
- `ignore-obstructed-aim` (Sniper, Spell Sniper), `extra-range` (Telepathic Tendril), `extra-success`
  (Melee Weapon Mastery: on an Enemy yet to take its turn this round), `wounded-success` (Blood Bond:
  with enough wound-side chips), `ability-up` (Clear Mind, Molten Joints: compiled into the abilities),
  `action-area` (Combustion: the action's attacks become area attacks of the skill's reach),
  `support-boost` (Redemption: more range and a success, a healed damage, for the support action),
  `action-condition` (Eviscerate, Forbidden Magic: Enemies the action damages gain the condition; Bless:
  the Ally Flash Heal targets gains it), `action-dice` (Sharp Claws, Precision: dice on the action's
  attacks; the engine makes one attack per action, so Precision's first one is every one),
  `on-defeat` (Fiery Heart, Fiery Soul, Chosen One: heal, restore or Achievement gems per Enemy the Hero
  defeats, by any damage of its own: `defeats`), `reactive-dice` (Willpower, Toughened Corals),
  `reactive-shields` (Crystal Crust), `ward`
  (Protective Ward: other Allies in range add shields against those attacks), `on-damage` (Vigor
  restores, Fire Shield gives Riposte, when such an attack damages the Hero), `evade-provoke` (Evasion:
  Evade against the turn's first provoke), `recover-aura` (Benevolent Aura, Psychic Aura: other Allies
  in range gain more from a recover), `unhindered-recover` (Melee Focus, Diligent).
- `riposte` (Retaliate): each `class_skill.retaliate.face` the Hero rolls on its reactive check against
  an Enemy attack of those types may give Riposte `class_skill.retaliate.riposte` against that attack
  instead of its successes. Retaliate is an effect the face activates, so when the face is the one that
  activates effects (`ally_effect.face`) it gives the Hero no successes unless
  `ally_effect.face_counts_with_effect` holds (lines 1009-1012, as for Barkskin: `skills_dice`), and every
  such face turns into Riposte. Otherwise the engine chooses for the Hero: it keeps the faces whose
  successes it needs to take no damage and turns the others into Riposte. Riposte damage ignores the Enemy's shield, comes
  after the attack and even when the Hero is exhausted by it, within `riposte.default_range` (a skill
  that gives no range).
"""

from __future__ import annotations

from typing import Any

from deckwright.games.agemonia import defeats, figures, skills_armor
from deckwright.games.agemonia.figures import ENEMY, HERO
from deckwright.games.agemonia.kit import MANEUVER_KINDS, Skill, has_skill
from deckwright.games.agemonia.state import OFF, State
from deckwright.games.agemonia.table import HeroAction, Table

INFINITE = "infinite"
ATTACK_BITS = {"melee": 1, "ranged": 2, "magic": 4}  # State.attacked: attack types made with the turn's action
RANGE_KINDS = frozenset({"extra-range", "maneuver-boost"})  # the kinds `extra_range` adds
SUCCESS_KINDS = frozenset({"maneuver-boost", "extra-success", "wounded-success"})  # the kinds `extra_successes` adds
CHOICE_KINDS = MANEUVER_KINDS | {"rethink-maneuver", "skirmish", "energy-infusion"}  # the kinds `legal` offers


def _mine(s: State, hero: int, kind: str) -> list[tuple[int, Skill]]:
    return [(i, skill) for i, skill in enumerate(s.table.heroes[hero].skills) if skill.kind == kind]


def _used(s: State, index: int) -> bool:
    return bool(s.turn_skills >> index & 1)


def legal(s: State, hero: int) -> list[tuple[Any, ...]]:
    """The Hero's Class Skill choices now: its maneuver skills not yet used this turn (with their targets),
    Lightning Reflexes in place of a Rethink, a Skirmisher move, Energy Infusion flips."""
    t = s.table
    found: list[tuple[Any, ...]] = []
    if CHOICE_KINDS.isdisjoint(t.heroes[hero].skill_kinds):
        return found
    for i, skill in _choices(t, hero):
        kind = skill.kind
        if kind in MANEUVER_KINDS:
            if s.maneuvers <= 0 or _used(s, i):
                continue
            if kind == "hex":
                found += [("skill", i, slot) for slot in _enemies_in_reach(s, hero, skill.amounts[0])]
            elif kind == "abolish":
                found += [("skill", i, ally) for ally in _allies_in_reach(s, hero, skill.amounts[0]) if s.h_conds[ally]]
            elif kind == "stamina-move":
                if s.h_disk[hero] >= skill.amounts[0] and not figures.has(s, HERO, s.h_conds[hero], "no_move"):
                    found.append(("skill", i))
            elif kind == "recover-skill":
                hurt = s.h_wounds[hero] if skill.gain == "heal" else s.h_spent[hero]
                if hurt and (skill.when != "magic-action" or s.attacked & ATTACK_BITS["magic"]):
                    found.append(("skill", i))
            else:
                found.append(("skill", i))
        elif kind == "rethink-maneuver":
            if s.acts > 0 and not s.focus_used >> hero & 1:
                found.append(("skill", i))
        elif kind == "skirmish" and not _used(s, i):
            action = t.heroes[hero].actions[s.h_action[hero]]
            made = any(s.attacked & ATTACK_BITS[k] for k in skill.attacks)
            ready = s.acts > 0 and action.kind == "attack" and set(action.attacks) & set(skill.attacks)
            if (made or ready) and not figures.has(s, HERO, s.h_conds[hero], "no_move"):
                found.append(("skill", i))
        elif kind == "energy-infusion" and s.flips < skill.amounts[0]:
            if s.h_spent[hero]:
                found.append(("skill", i, 0))  # a spent chip to its wound side
            if s.h_wounds[hero]:
                found.append(("skill", i, 1))  # a wound-side chip to its stamina side, still spent
    return found


def _choices(t: Table, hero: int) -> tuple[tuple[int, Skill], ...]:
    """The Hero's skills of the kinds `legal` offers, with their indices (kept with the table)."""
    key = ("choice-skills", hero)
    found: tuple[tuple[int, Skill], ...] | None = t.memo.get(key)
    if found is None:
        found = t.memo[key] = tuple((i, k) for i, k in enumerate(t.heroes[hero].skills) if k.kind in CHOICE_KINDS)
    return found


def activate(s: State, hero: int, action: tuple[Any, ...]) -> int:
    """Use the skill; the movement points it gives (the caller starts that move)."""
    index = action[1]
    skill = s.table.heroes[hero].skills[index]
    kind = skill.kind
    s.use(skill.id)
    if kind in MANEUVER_KINDS:
        s.maneuvers -= 1
        s.turn_skills |= 1 << index
    if kind == "stamina-move":
        figures.pay_stamina(s, hero, skill.amounts[0])
        return skill.amounts[1]
    if kind == "hex":
        figures.gain(s, ENEMY, action[2], _condition(s, skill), "class-skill")
    elif kind == "abolish":
        figures.clear(s, HERO, action[2])
    elif kind == "recover-skill":
        (figures.heal_hero if skill.gain == "heal" else figures.restore_hero)(s, hero, skill.amounts[0])
        s.use("recover")
    elif kind == "rethink-maneuver":
        s.acts = 0
        s.use("rethink")
        s.maneuvers += skill.amounts[0]
    elif kind == "skirmish":
        s.turn_skills |= 1 << index
        return skill.amounts[0]
    elif kind == "energy-infusion":
        s.flips += 1
        if action[2]:
            s.h_wounds[hero] -= 1
            s.h_spent[hero] += 1
        else:
            s.h_spent[hero] -= 1
            s.h_wounds[hero] += 1
    return 0


def _condition(s: State, skill: Skill) -> int:
    return next(i for i, c in enumerate(s.table.conditions) if c.id == skill.condition)


def _enemies_in_reach(s: State, hero: int, reach: int) -> list[int]:
    t = s.table
    here = s.h_area[hero]
    return [slot for slot, area in enumerate(s.e_area)
            if area != OFF and t.range_dist[here][area] <= reach and t.sight[here][area]]


def _allies_in_reach(s: State, hero: int, reach: int) -> list[int]:
    t = s.table
    here = s.h_area[hero]
    return [h for h, area in enumerate(s.h_area)
            if area != OFF and not s.h_exhausted[h] and t.range_dist[here][area] <= reach]


def extra_dice(s: State, hero: int, attack: str) -> int:
    """Dice the Hero's maneuver skills activated this turn add to an attack of this type."""
    if "extra-dice" not in s.table.heroes[hero].skill_kinds:
        return 0
    skills = s.table.heroes[hero].skills
    active = sum(1 for i, skill in enumerate(skills)
                 if skill.kind == "extra-dice" and s.turn_skills >> i & 1 and attack in skill.attacks)
    return active * int(s.table.rules["class_skill.maneuver_extra_dice"])


def area_reach(s: State, hero: int, action: HeroAction) -> int:
    """The reach around its centre area of the action's area attack: the action's own, or the one an
    `action-area` skill makes it (Combustion); -1 for an attack on a single target."""
    if "action-area" not in s.table.heroes[hero].skill_kinds:
        return action.area
    for skill in s.table.heroes[hero].skills:
        if skill.kind == "action-area" and skill.action == action.id:
            return skill.amounts[0]
    return action.area


def support_boost(s: State, hero: int, action_id: str, used: bool = False) -> tuple[int, int]:
    """(range, successes) the Hero's `support-boost` skills add to this support action (Redemption); the
    engine plays a healing support action's successes as the damage it heals, so a success heals one
    more. `used`: the action is being made (the skill is recorded)."""
    if "support-boost" not in s.table.heroes[hero].skill_kinds:
        return 0, 0
    reach = successes = 0
    for skill in s.table.heroes[hero].skills:
        if skill.kind == "support-boost" and skill.action == action_id:
            reach, successes = reach + skill.amounts[0], successes + skill.amounts[1]
            if used:
                s.use(skill.id)
    return reach, successes


def area_made(s: State, hero: int, action: HeroAction) -> None:
    """The Hero's area attack was made: the skill that made its action one, if any, was used."""
    if "action-area" not in s.table.heroes[hero].skill_kinds:
        return
    for skill in s.table.heroes[hero].skills:
        if skill.kind == "action-area" and skill.action == action.id:
            s.use(skill.id)


def action_dice(s: State, hero: int, action_id: str) -> int:
    """Dice the Hero's skills add to the attacks of this action being made (Sharp Claws, Precision)."""
    if "action-dice" not in s.table.heroes[hero].skill_kinds:
        return 0
    return _adding(s, [skill for skill in s.table.heroes[hero].skills
                       if skill.kind == "action-dice" and skill.action == action_id])


def _adding(s: State, found: list[Skill]) -> int:
    """What these skills' first amounts add to a roll being made (each recorded as used)."""
    for skill in found:
        s.use(skill.id)
    return sum(skill.amounts[0] for skill in found)


def ability_rolled(s: State, hero: int, ability: int) -> None:
    """The Hero rolls its dice of this ability: the skills that raised it (`kit.raised_abilities`) are used."""
    if "ability-up" not in s.table.heroes[hero].skill_kinds:
        return
    for skill in s.table.heroes[hero].skills:
        if skill.kind == "ability-up" and skill.ability == ability:
            s.use(skill.id)


def range_used(s: State, hero: int, attack: str, distance: int, base: int) -> None:
    """An attack of this type at `distance`, further than its `base` maximum range: the skills that add
    range to it (passive ones: an activated one is recorded when activated) are used."""
    if distance > base and "extra-range" in s.table.heroes[hero].skill_kinds:
        for skill in s.table.heroes[hero].skills:
            if skill.kind == "extra-range" and attack in skill.attacks:
                s.use(skill.id)


def supported(s: State, hero: int, ally: int, action_id: str) -> None:
    """After the Hero's support action on an Ally: a condition its skill ties to that action (Bless)."""
    if "action-condition" not in s.table.heroes[hero].skill_kinds:
        return
    for skill in s.table.heroes[hero].skills:
        if skill.kind == "action-condition" and skill.action == action_id:
            figures.gain(s, HERO, ally, _condition(s, skill), "class-skill")
            s.use(skill.id)


def extra_range(s: State, hero: int, attack: str) -> int:
    """Maximum range the Hero's skills add to an attack of this type (passive, or activated this turn)."""
    if RANGE_KINDS.isdisjoint(s.table.heroes[hero].skill_kinds):
        return 0
    total = 0
    for i, skill in enumerate(s.table.heroes[hero].skills):
        if attack in skill.attacks and (skill.kind == "extra-range" or skill.kind == "maneuver-boost" and _used(s, i)):
            total += skill.amounts[0]
    return total


def extra_successes(s: State, hero: int, attack: str, slot: int) -> int:
    """Successes the Hero's skills add to its attack of this type on the Enemy in `slot` (-1: several)."""
    if SUCCESS_KINDS.isdisjoint(s.table.heroes[hero].skill_kinds):
        return 0
    total = 0
    for i, skill in enumerate(s.table.heroes[hero].skills):
        if attack not in skill.attacks:
            continue
        if skill.kind == "maneuver-boost" and _used(s, i):
            total += skill.amounts[1]
        elif skill.kind == "extra-success" and slot >= 0 and ~slot in s.queue[s.qpos + 1:]:
            total += skill.amounts[0]  # the Enemy has its turn still to come this round
            s.use(skill.id)
        elif skill.kind == "wounded-success" and s.h_wounds[hero] >= skill.amounts[0]:
            total += skill.amounts[1]
            s.use(skill.id)
    return total


def attack_made(s: State, attack: str) -> None:
    s.attacked |= ATTACK_BITS[attack]


def hurt_enemy(s: State, hero: int, slot: int, action_id: str) -> None:
    """After the Hero's attack damaged the Enemy: a condition its skill ties to that action."""
    if s.e_area[slot] == OFF or "action-condition" not in s.table.heroes[hero].skill_kinds:
        return
    for skill in s.table.heroes[hero].skills:
        if skill.kind == "action-condition" and skill.action == action_id:
            figures.gain(s, ENEMY, slot, _condition(s, skill), "class-skill")
            s.use(skill.id)


def reactive_dice(s: State, hero: int, ability: int) -> int:
    """Dice the Hero's skills add to its reactive check of this ability being rolled."""
    if "reactive-dice" not in s.table.heroes[hero].skill_kinds:
        return 0
    return _adding(s, [skill for skill in s.table.heroes[hero].skills
                       if skill.kind == "reactive-dice" and skill.ability == ability])


def shields(s: State, hero: int, ability: int, attack: str, slot: int) -> int:
    """Shields on the Hero's reactive check of this ability against an attack of this type by the Enemy in
    `slot`: its own skills' and worn items' (`skills_armor`) and those of other Heroes in range whose ward
    covers that attack."""
    t = s.table
    total = skills_armor.shields(s, hero, ability, attack, slot)
    if "reactive-shields" in t.heroes[hero].skill_kinds:
        total += _adding(s, [skill for skill in t.heroes[hero].skills
                             if skill.kind == "reactive-shields" and skill.ability == ability])
    if "ward" not in t.skill_kinds:
        return total
    for other, figure in enumerate(t.heroes):
        if other == hero or s.h_exhausted[other] or s.h_area[other] == OFF:
            continue
        for skill in figure.skills:
            if skill.kind == "ward" and attack in skill.attacks \
                    and t.range_dist[s.h_area[other]][s.h_area[hero]] <= skill.amounts[0]:
                total += skill.amounts[1]
                s.use(skill.id)
    return total


def damaged(s: State, hero: int, slot: int, attack: str) -> None:
    """An Enemy attack of this type damaged the Hero: its `on-damage` skills."""
    if "on-damage" not in s.table.heroes[hero].skill_kinds:
        return
    for skill in s.table.heroes[hero].skills:
        if skill.kind != "on-damage" or attack not in skill.attacks:
            continue
        s.use(skill.id)
        if skill.gain == "restore":
            figures.restore_hero(s, hero, skill.amounts[0])
        else:
            _riposte_damage(s, hero, slot, skill.amounts[0])


def evade_provoke(s: State, hero: int, amount: int) -> int:
    """The provoke damage left after the Hero's Evasion, which serves once a turn."""
    if "evade-provoke" not in s.table.heroes[hero].skill_kinds:
        return amount
    for i, skill in _mine(s, hero, "evade-provoke"):
        if not _used(s, i) and amount > 0:
            s.turn_skills |= 1 << i
            s.use(skill.id)
            return max(0, amount - skill.amounts[0] * int(s.table.rules["evade.damage_per_point"]))
    return amount


def recover_bonus(s: State, hero: int, gain: str) -> int:
    """What other Heroes' auras add to this Hero's recover of `gain` (heal or restore)."""
    t = s.table
    total = 0
    if "recover-aura" not in t.skill_kinds:
        return total
    for other, figure in enumerate(t.heroes):
        if other == hero or s.h_exhausted[other] or s.h_area[other] == OFF:
            continue
        for skill in figure.skills:
            if skill.kind == "recover-aura" and skill.gain == gain \
                    and t.range_dist[s.h_area[other]][s.h_area[hero]] <= skill.amounts[0]:
                total += skill.amounts[1]
                s.use(skill.id)
    return total


def unhindered_recover(s: State, hero: int, gain: str) -> bool:
    """Whether a skill keeps the Hindered Hero's recover of `gain` whole (recorded when it does)."""
    if "unhindered-recover" not in s.table.heroes[hero].skill_kinds:
        return False
    for skill in s.table.heroes[hero].skills:
        if skill.kind == "unhindered-recover" and skill.gain == gain:
            s.use(skill.id)
            return True
    return False


def ignores_obstructed_aim(s: State, hero: int, attack: str) -> bool:
    """Whether a skill spares this attack the obstructed aim penalty (recorded when it does)."""
    if "ignore-obstructed-aim" not in s.table.heroes[hero].skill_kinds:
        return False
    for skill in s.table.heroes[hero].skills:
        if skill.kind == "ignore-obstructed-aim" and attack in skill.attacks:
            s.use(skill.id)
            return True
    return False


def ripostes(s: State, hero: int, attack: str) -> bool:
    """Whether the Hero's reactive check against this Enemy attack counts the Riposte face apart."""
    return bool(s.table.riposte_odds) and "riposte" in s.table.heroes[hero].skill_kinds \
        and has_skill(s.table.heroes[hero].skills, "riposte", attack)


def split_faces(s: State, successes: int, faces: int, amount: int) -> tuple[int, int]:
    """(successes, faces turned to Riposte): faces keep their successes while the damage still gets through;
    a face worth no successes (the effect face, `Table.riposte_face_successes`) always turns."""
    t = s.table
    per = int(t.rules["reactive.reduction_per_success"])
    each, kept = t.riposte_face_successes, 0
    while kept < faces and each > 0 and amount - (successes + kept * each) * per > 0:
        kept += 1
    return successes + kept * each, faces - kept


def riposte(s: State, hero: int, slot: int, faces: int) -> None:
    """Riposte damage of the Retaliate faces to the attacking Enemy."""
    if faces > 0:
        for skill in s.table.heroes[hero].skills:
            if skill.kind == "riposte":
                s.use(skill.id)
        _riposte_damage(s, hero, slot, faces * int(s.table.rules["class_skill.retaliate.riposte"]))


def _riposte_damage(s: State, hero: int, slot: int, amount: int) -> None:
    """Riposte damage to the attacking Enemy, unreduced by its shield, if it is within range."""
    if amount <= 0 or s.e_area[slot] == OFF:
        return
    reach = s.table.rules["riposte.default_range"]
    if reach != INFINITE and s.table.range_dist[s.h_area[hero]][s.e_area[slot]] > int(reach):
        return
    s.use("riposte")
    defeats.hurt(s, hero, slot, amount)
