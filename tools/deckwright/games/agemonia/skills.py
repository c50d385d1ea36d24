"""Class Skills in a scenario (rulebook lines 3438-3638) as the cards' `play` states them, and Riposte
(lines 3384-3392).

- `extra-dice` (Mighty Strike, spend a maneuver): `class_skill.maneuver_extra_dice` more dice on each
  attack of the skill's types for the rest of the turn.
- `ignore-obstructed-aim` (Sniper): the Hero's attacks of those types take no obstructed aim penalty.
- `riposte` (Retaliate): each `class_skill.retaliate.face` the Hero rolls on its reactive check against
  an Enemy attack of those types may give Riposte `class_skill.retaliate.riposte` against that attack
  instead of its successes. The engine chooses for the Hero: it keeps the faces whose successes it needs
  to take no damage and turns the others into Riposte. Riposte damage ignores the Enemy's shield, comes
  after the attack and even when the Hero is exhausted by it, within `riposte.default_range` (a skill
  that gives no range).
"""

from __future__ import annotations

from typing import Any

from deckwright.games.agemonia import figures
from deckwright.games.agemonia.kit import has_skill
from deckwright.games.agemonia.state import OFF, State

INFINITE = "infinite"


def legal(s: State, hero: int) -> list[tuple[Any, ...]]:
    """("skill", index) for each maneuver skill not yet used this turn."""
    if s.maneuvers <= 0:
        return []
    return [("skill", i) for i, skill in enumerate(s.table.heroes[hero].skills)
            if skill.kind == "extra-dice" and not s.turn_skills >> i & 1]


def activate(s: State, hero: int, index: int) -> None:
    s.maneuvers -= 1
    s.turn_skills |= 1 << index
    s.use(s.table.heroes[hero].skills[index].id)


def extra_dice(s: State, hero: int, attack: str) -> int:
    """Dice the Hero's maneuver skills activated this turn add to an attack of this type."""
    skills = s.table.heroes[hero].skills
    active = sum(1 for i, skill in enumerate(skills)
                 if skill.kind == "extra-dice" and s.turn_skills >> i & 1 and attack in skill.attacks)
    return active * int(s.table.rules["class_skill.maneuver_extra_dice"])


def ignores_obstructed_aim(s: State, hero: int, attack: str) -> bool:
    """Whether a skill spares this attack the obstructed aim penalty (recorded when it does)."""
    for skill in s.table.heroes[hero].skills:
        if skill.kind == "ignore-obstructed-aim" and attack in skill.attacks:
            s.use(skill.id)
            return True
    return False


def ripostes(s: State, hero: int, attack: str) -> bool:
    """Whether the Hero's reactive check against this Enemy attack counts the Riposte face apart."""
    return bool(s.table.riposte_odds) and has_skill(s.table.heroes[hero].skills, "riposte", attack)


def split_faces(s: State, successes: int, faces: int, amount: int) -> tuple[int, int]:
    """(successes, faces turned to Riposte): faces keep their successes while the damage still gets through."""
    t = s.table
    per = int(t.rules["reactive.reduction_per_success"])
    kept = 0
    while kept < faces and amount - (successes + kept * t.riposte_face_successes) * per > 0:
        kept += 1
    return successes + kept * t.riposte_face_successes, faces - kept


def riposte(s: State, hero: int, slot: int, faces: int) -> None:
    """Riposte damage to the attacking Enemy, unreduced by its shield, if it is within range."""
    if faces <= 0 or s.e_area[slot] == OFF:
        return
    reach = s.table.rules["riposte.default_range"]
    if reach != INFINITE and s.table.range_dist[s.h_area[hero]][s.e_area[slot]] > int(reach):
        return
    s.use("riposte")
    figures.damage_enemy(s, slot, faces * int(s.table.rules["class_skill.retaliate.riposte"]))
