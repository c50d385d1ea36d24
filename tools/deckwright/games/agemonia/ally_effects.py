"""Non-Hero Ally card effects other than Fly (rulebook lines 4369-4418), with the values the Ally's card
shows (`effects` of its play values; the book's legend lost them in icons, so each card gives its own).

On the Ally's turn (("effect", index, ...); a maneuver effect once a turn):
- `weaken`: spend a maneuver; an Enemy in the Ally's area gains the effect's condition, and so do others
  there up to `ally_effect.single_targets.weakened_enemies` Enemies.
- `damage-boost`: spend a maneuver; the Ally's attack this turn does `amount` more damage.
- `remove-condition`: spend a maneuver; an Ally in sight within `range` loses the chosen condition and
  then others it holds, up to `ally_effect.single_targets.conditions_removed`.
- `stun-blast`: once per scenario, neither action nor maneuver: `amount` damage (less shields) to each
  Enemy within `range`; each one damaged gains the effect's condition.
- `empower-range`: spend a maneuver before its action; its Empower action (a support action of its card:
  an Ally within range gains the action's condition) reaches `amount` further this turn.
Passive:
- `face-shield`, `riposte` (lines 4378-4380, 4403-4406): on its reactive check against an Enemy attack,
  each Reaction die face `ally_effect.face` it rolls counts for these effects instead of as successes
  (lines 1009-1012): `amount` shields each, and `amount` Riposte damage each to the attacker if it is
  within `range` (unreduced by shields, after the attack, even if the Ally is defeated by it).
- `reroll` (lines 4411-4413): each Reaction die face `face` it rolls is rolled once more (always: the
  engine takes the reroll, which is the player's choice, only on a face worth nothing). Its dice are the
  table's `ally_odds` (die "A" of a roll).
- `rage`: while its health is under `below`, its attacks do `amount` more damage.
- `evade`: Evade `amount` against the Enemies' provoke, once a turn (each point preventing
  `evade.damage_per_point` damage).
- `cannot-be-defeated` (damage is not tracked) and `ignore-hindered` are compiled into the figure
  (`Hero.undefeatable`, `Hero.never_hindered`) and read by `figures`.
Effects used this turn are bits of `State.turn_skills` (a Non-Hero Ally has no Class Skills); a stun
blast spent is a bit of `State.blasted` per Ally figure.
"""

from __future__ import annotations

from typing import Any

from deckwright.games.agemonia import defeats, figures
from deckwright.games.agemonia.figures import ENEMY, HERO
from deckwright.games.agemonia.state import OFF, State

MANEUVERS = frozenset({"weaken", "damage-boost", "remove-condition", "empower-range"})


def legal(s: State, ally: int) -> list[tuple[Any, ...]]:
    """("effect", index[, target[, condition code]]) for each effect the Ally may use now."""
    t = s.table
    here = s.h_area[ally]
    found: list[tuple[Any, ...]] = []
    for i, effect in enumerate(t.heroes[ally].effects):
        kind = effect.kind
        if kind in MANEUVERS and (s.maneuvers <= 0 or s.turn_skills >> i & 1):
            continue
        if kind == "weaken":
            found += [("effect", i, slot) for slot, area in enumerate(s.e_area) if area == here]
        elif kind in ("damage-boost", "empower-range") and s.acts > 0:
            found.append(("effect", i))
        elif kind == "remove-condition":
            found += [("effect", i, other, code) for other, area in enumerate(s.h_area)
                      if area != OFF and not s.h_exhausted[other] and t.range_dist[here][area] <= effect.range
                      and t.sight[here][area] for code in s.h_conds[other]]
        elif kind == "stun-blast" and not s.blasted >> ally & 1 and _blasted(s, here, effect.range):
            found.append(("effect", i))
    return found


def _blasted(s: State, here: int, reach: int) -> list[int]:
    return [slot for slot, area in enumerate(s.e_area) if area != OFF and s.table.range_dist[here][area] <= reach]


def apply(s: State, ally: int, action: tuple[Any, ...]) -> None:
    t = s.table
    effect = t.heroes[ally].effects[action[1]]
    kind = effect.kind
    s.use(f"ally-effect:{kind}")
    if kind in MANEUVERS:
        s.maneuvers -= 1
        s.turn_skills |= 1 << action[1]
    if kind == "weaken":
        most = int(t.rules["ally_effect.single_targets"]["weakened_enemies"])
        others = [slot for slot, area in enumerate(s.e_area) if area == s.h_area[ally] and slot != action[2]]
        for slot in [action[2]] + others[:most - 1]:
            figures.gain(s, ENEMY, slot, effect.condition, "ally-effect")
    elif kind == "remove-condition":
        most = int(t.rules["ally_effect.single_targets"]["conditions_removed"])
        other, code = action[2], action[3]
        figures.remove(s, HERO, other, ([code] + [c for c in s.h_conds[other] if c != code])[:most])
    elif kind == "stun-blast":
        s.blasted |= 1 << ally
        for slot in _blasted(s, s.h_area[ally], effect.range):
            amount = effect.amount - t.enemy_types[s.e_type[slot]].shield
            if amount > 0 and not defeats.hurt(s, ally, slot, amount):
                figures.gain(s, ENEMY, slot, effect.condition, "ally-effect")


def extra_damage(s: State, ally: int) -> int:
    """What the Ally's damage boost (used this turn) and rage (while hurt enough) add to its attack."""
    total = 0
    for i, effect in enumerate(s.table.heroes[ally].effects):
        if effect.kind == "damage-boost" and s.turn_skills >> i & 1:
            total += effect.amount
        elif effect.kind == "rage" and s.h_disk[ally] < effect.below:
            total += effect.amount
            s.use("ally-effect:rage")
    return total


def evade_provoke(s: State, ally: int, amount: int) -> int:
    """The provoke damage left after the Ally's Evade, which serves once a turn."""
    for i, effect in enumerate(s.table.heroes[ally].effects):
        if effect.kind == "evade" and not s.turn_skills >> i & 1 and amount > 0:
            s.turn_skills |= 1 << i
            s.use("ally-effect:evade")
            return max(0, amount - effect.amount * int(s.table.rules["evade.damage_per_point"]))
    return amount


def supports(s: State, ally: int) -> list[tuple[Any, ...]]:
    """("support", target, action index) for each support action of the Ally's card and each Ally in play
    within its range (its Empower's raised by `empower-range` this turn)."""
    t = s.table
    here = s.h_area[ally]
    found: list[tuple[Any, ...]] = []
    for index, action in enumerate(t.heroes[ally].actions):
        if action.kind != "support":
            continue
        reach = action.ally_range + (_raised(s, ally) if action.id == "empower" else 0)
        found += [("support", other, index) for other, area in enumerate(s.h_area)
                  if area != OFF and not s.h_exhausted[other] and t.range_dist[here][area] <= reach]
    return found


def _raised(s: State, ally: int) -> int:
    return sum(e.amount for i, e in enumerate(s.table.heroes[ally].effects)
               if e.kind == "empower-range" and s.turn_skills >> i & 1)


def face_shields(s: State, ally: int, amount: int, faces: int) -> int:
    """The damage of an Enemy attack left after the shields of the Ally's faces."""
    shields = faces * sum(e.amount for e in s.table.heroes[ally].effects if e.kind == "face-shield")
    if shields and amount:
        s.use("ally-effect:face-shield")
    return max(0, amount - shields)


def riposte(s: State, ally: int, slot: int, faces: int) -> None:
    """Riposte damage of the Ally's faces to the attacking Enemy within the effect's range (line 3385-3392)."""
    t = s.table
    for effect in t.heroes[ally].effects:
        if effect.kind != "riposte" or faces <= 0 or s.e_area[slot] == OFF or s.h_area[ally] == OFF:
            continue
        if t.range_dist[s.h_area[ally]][s.e_area[slot]] <= effect.range:
            s.use("ally-effect:riposte")
            defeats.hurt(s, ally, slot, faces * effect.amount)


def rolling(s: State, ally: int) -> None:
    """The Ally rolls its own dice: the effects they carry are in play (Reroll lies in their odds)."""
    for effect in s.table.heroes[ally].effects:
        if effect.kind == "reroll":
            s.use("ally-effect:reroll")
