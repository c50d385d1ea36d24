"""An Enemy's turn: the eye action the Initiative card shows, move then attack, its special before
(snake) or after (horns) (rulebook lines 2168-2436).

No player decides anything here; where the book lets players break a tie, the engine takes the
lowest area or seat, so a game replays exactly.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from deckwright.games.agemonia import (
    ally_effects, figures, gems, items, lasting, passives, reactions, reflect, skills, skills_dice, story,
)
from deckwright.games.agemonia.figures import ENEMY, HERO
from deckwright.games.agemonia.state import OFF, State
from deckwright.games.agemonia.table import EnemyAction, Table


def can_hit(s: State, origin: int, act: EnemyAction, target: int) -> bool:
    t = s.table
    if act.kind == "melee":
        return origin == target or (target in t.level[origin] and figures.figures_in(s, target) >= t.capacity[target])
    return t.range_dist[origin][target] <= act.max_range and t.sight[origin][target]


def targetable(s: State) -> list[int]:
    return [h for h in range(len(s.table.heroes))
            if not s.h_exhausted[h] and not s.h_stone[h]
            and not (s.h_conds[h] and figures.has(s, HERO, s.h_conds[h], "untargetable"))]


def _hittable(s: State, origin: int, act: EnemyAction, heroes: list[int]) -> list[int]:
    """The Allies among `heroes` the attack `act` from `origin` can hit (`can_hit` of each)."""
    t = s.table
    if act.kind == "melee":
        return [h for h in heroes if can_hit(s, origin, act, s.h_area[h])]
    dist, sight, reach = t.range_dist[origin], t.sight[origin], act.max_range  # in range and in sight
    return [h for h in heroes if dist[s.h_area[h]] <= reach and sight[s.h_area[h]]]


def choose_target(s: State, origin: int, act: EnemyAction) -> int:
    """The Ally the attack hits, by the pack's target rule for melee or for ranged and magic; -1 if none."""
    t = s.table
    heroes = _hittable(s, origin, act, targetable(s))
    if not heroes:
        return -1
    rule = t.rules["enemy.melee_target_rule" if act.kind == "melee" else "enemy.ranged_target_rule"]

    def closeness(h: int) -> int:
        return t.range_dist[origin][s.h_area[h]]

    if rule == "highest_taunt":
        return min(heroes, key=lambda h: (-t.heroes[h].taunt, closeness(h), h))
    return min(heroes, key=lambda h: (closeness(h), -t.heroes[h].taunt, h))


def begin_turn(s: State, slot: int) -> None:
    """Start, special before, movement; the attack and the end follow as pending steps. A trap the Enemy
    starts on comes first (`story.start_on_trap`): the rest of the turn waits for its Trap card."""
    if story.start_on_trap(s, ENEMY, slot, s.e_area[slot]):
        s.pending.append(("then", "enemy-start", slot))
        return
    take_turn(s, slot)


def take_turn(s: State, slot: int) -> None:
    """The Enemy's turn after any trap it started on: its conditions, special, movement."""
    t = s.table
    if s.e_area[slot] == OFF:  # its trap defeated it
        s.qpos += 1
        return
    kind = t.enemy_types[s.e_type[slot]]
    held = s.e_conds[slot]  # most Enemies hold no condition: then none of them is asked about
    bleed = figures.effect(s, ENEMY, held, "turn_damage") if held else None
    if bleed:
        figures.damage_enemy(s, slot, bleed.amount)
        if s.e_area[slot] == OFF:
            s.qpos += 1
            return
    if held and figures.has(s, ENEMY, held, "lose_turn"):
        figures.event(s, ENEMY, slot, "next-turn")
        s.qpos += 1
        return
    face = t.faces[s.face]
    act = kind.actions[face.eye]
    s.use(f"{kind.id}#{face.eye}")
    if face.special == "snake" and kind.special == "snake":
        figures.heal_enemy(s, slot, kind.special_heal)
        s.use(f"{kind.id}#snake")
    slowed = figures.effect(s, ENEMY, held, "shorter_move") if held else None
    held_still = held and figures.has(s, ENEMY, held, "no_move")
    points = 0 if held_still else max(0, act.move - (slowed.amount if slowed else 0))
    moved = _teleport(s, slot, act) if act.teleport else _move(s, slot, act, points)
    if s.e_conds[slot]:
        figures.event(s, ENEMY, slot, "next-move")
        if not moved:
            figures.event(s, ENEMY, slot, "did-not-move")
    s.pending += [("then", "enemy-attack", slot), ("then", "enemy-end", slot)]


def _path(s: State, start: int, goals: set[int], fly: bool = False, room: int = 1) -> list[int]:
    """Shortest route of areas (excluding the start) to the nearest goal, through non-full areas (across
    double lines too for a flying Enemy)."""
    t = s.table
    near = t.flights if fly else t.adjacent
    taken = figures.occupancy(s)
    before = {start: start}
    queue = deque([start])
    while queue:
        at = queue.popleft()
        if at in goals and at != start:
            route = [at]
            while before[route[-1]] != start:
                route.append(before[route[-1]])
            return route[::-1]
        for nxt in near[at]:
            if nxt not in before and taken[nxt] + room <= t.capacity[nxt]:
                before[nxt] = at
                queue.append(nxt)
    return []


def _attack_from(s: State, act: EnemyAction, targets: set[int]) -> set[int]:
    """The areas from which the attack `act` can hit an Ally in one of the `targets` areas (`can_hit` of
    every area): in sight within its range, kept with the table for each range and target area; for a
    melee attack the target's area, and the areas beside it at its height when it is full."""
    t = s.table
    found: set[int] = set()
    for target in targets:
        if act.kind == "melee":
            found.add(target)
            if figures.figures_in(s, target) >= t.capacity[target]:
                found |= _level_with(t, target)
        else:
            found |= _in_range_of(t, act.max_range, target)
    return found


def _level_with(t: Table, target: int) -> frozenset[int]:
    """The areas whose same-height neighbours (`Table.level`) include `target`."""
    key = ("level-with", target)
    found: frozenset[int] | None = t.memo.get(key)
    if found is None:
        found = t.memo[key] = frozenset(a for a in range(len(t.areas)) if target in t.level[a])
    return found


def _in_range_of(t: Table, reach: int, target: int) -> frozenset[int]:
    """The areas from which `target` is in sight within `reach`."""
    key = ("in-range-of", reach, target)
    found: frozenset[int] | None = t.memo.get(key)
    if found is None:
        found = t.memo[key] = frozenset(a for a in range(len(t.areas))
                                        if t.range_dist[a][target] <= reach and t.sight[a][target])
    return found


def _move(s: State, slot: int, act: EnemyAction, points: int) -> bool:
    """Stay if an attack is possible; else head for the nearest area to attack from (or the nearest Ally)."""
    t = s.table
    here = s.e_area[slot]
    heroes = targetable(s)
    if points <= 0 or not heroes:
        return False
    if act.kind != "none" and _hittable(s, here, act, heroes):
        return False
    goals = _attack_from(s, act, {s.h_area[h] for h in heroes}) if act.kind != "none" else set()
    fly, room = t.enemy_types[s.e_type[slot]].fly, t.enemy_types[s.e_type[slot]].room
    route = _path(s, here, goals, fly, room) if goals else []
    if not route:
        route = _path(s, here, {s.h_area[h] for h in heroes}, fly, room)
    if not route:
        return False
    for area in route[:points]:
        if area not in t.adjacent[s.e_area[slot]]:
            s.use("flew")
        s.e_area[slot] = area
        if s.passives:
            lasting.entered(s, slot)
            if s.e_area[slot] == OFF:
                return True
        if area in s.traps and not fly:
            story.enter_trap(s, ENEMY, slot)
            break
    for h in range(len(t.heroes)):
        if s.h_area[h] == s.e_area[slot]:
            figures.event(s, HERO, h, "enemy-in-range")
    if s.e_area[slot] != here and here in s.h_area:
        items.left_area(s, slot, here)
    return s.e_area[slot] != here


def _teleport(s: State, slot: int, act: EnemyAction) -> bool:
    """Teleport X in place of a move (lines 4463-4466, 3401-3417): unless it can attack from where it
    stands, to the nearest area in sight within X (across the white lines `map.white_line_kinds` names)
    with room from which it can attack, else the one nearest an Ally if nearer than here; conditions that
    stop or shorten a move do not stop it, and it enters no area on the way."""
    t = s.table
    here = s.e_area[slot]
    heroes = targetable(s)
    if not heroes or (act.kind != "none" and any(can_hit(s, here, act, s.h_area[h]) for h in heroes)):
        return False
    kind = t.enemy_types[s.e_type[slot]]
    reach = [a for a in range(len(t.areas)) if a != here and t.white_dist[here][a] <= act.teleport
             and t.sight[here][a] and figures.figures_in(s, a) + kind.room <= t.capacity[a]]
    attack_from = [a for a in reach if act.kind != "none" and any(can_hit(s, a, act, s.h_area[h]) for h in heroes)]

    def nearest(area: int) -> int:
        return min(t.range_dist[area][s.h_area[h]] for h in heroes)

    if attack_from:
        where = min(attack_from, key=lambda a: (t.range_dist[here][a], a))
    elif reach and min(nearest(a) for a in reach) < nearest(here):
        where = min(reach, key=lambda a: (nearest(a), a))
    else:
        return False
    s.e_area[slot] = where
    s.use("enemy-teleported")
    if s.passives:
        lasting.entered(s, slot)
        if s.e_area[slot] == OFF:
            return True
    if where in s.traps and not kind.fly:
        story.enter_trap(s, ENEMY, slot)
    for h in range(len(t.heroes)):
        if s.h_area[h] == where:
            figures.event(s, HERO, h, "enemy-in-range")
    return True


def attack(s: State, slot: int) -> None:
    """The attack of the eye action, unless a condition stops or turns it."""
    t = s.table
    if s.e_area[slot] == OFF:
        return
    kind = t.enemy_types[s.e_type[slot]]
    act = kind.actions[t.faces[s.face].eye]
    held = s.e_conds[slot]
    if act.kind == "none":
        return
    if held and figures.has(s, ENEMY, held, "no_attack"):
        figures.event(s, ENEMY, slot, "next-attack")
        return
    dominated = figures.effect(s, ENEMY, held, "hurt_other") if held else None
    if dominated:
        others = [e for e in figures.alive(s) if e != slot]
        if others:
            near = min(others, key=lambda e: (t.range_dist[s.e_area[slot]][s.e_area[e]], e))
            figures.damage_enemy(s, near, dominated.amount)
        figures.event(s, ENEMY, slot, "missed-attack")
        return
    target = choose_target(s, s.e_area[slot], act)
    decoy = passives.decoy(s, s.e_area[slot], act.kind == "melee", target,
                           lambda area: can_hit(s, s.e_area[slot], act, area)) if s.passives else -1
    if decoy >= 0:  # a summoned token with a taunt draws the attack
        passives.attacked(s, decoy)
        return
    if target < 0:
        return
    weaker = figures.effect(s, ENEMY, held, "less_damage") if held else None
    if s.e_conds[slot]:
        figures.event(s, ENEMY, slot, "next-attack")
    amount = act.damage - (weaker.amount if weaker else 0)
    if act.kind != "melee" and (figures.ally_count(s, s.e_area[slot]) or figures.figures_in(s, s.h_area[target]) > 1):
        amount -= int(t.rules["obstructed_aim.penalty"]) * min(1, int(t.rules["obstructed_aim.max_per_attack"]))
    s.use(f"enemy-attack:{kind.id}")
    if act.area >= 0:  # every Ally in sight within reach of the target, no obstructed aim (lines 2379-2391)
        amount = act.damage - (weaker.amount if weaker else 0)
        hit = [h for h in targetable(s) if t.range_dist[s.h_area[target]][s.h_area[h]] <= act.area
               and t.sight[s.e_area[slot]][s.h_area[h]]]
        s.use("enemy-area-attack")
    else:
        hit = [target]
    for h in reversed(hit):  # each rolls its own reactive check, the first-listed first
        if not reactions.offer(s, h, slot, act.kind, act.ability, amount, act.condition):  # else after its choice
            defend(s, h, slot, act.kind, act.ability, amount, act.condition)


def defend(s: State, h: int, slot: int, kind: str, ability: int, amount: int, condition: int, more: int = 0) -> None:
    """The attacked Ally's Mirror, else its reactive check against `amount` damage (a pending roll), with
    `more` dice an item it used adds (`reactions`)."""
    t = s.table
    # "R": the Retaliate face counted apart; "A": the Ally's own dice (`Table.ally_odds`)
    # "F", "B": the face a Class Skill uses counted apart, or rerolled (`skills_dice`)
    die = "A" if h in t.ally_odds else "R" if skills.ripostes(s, h, kind) \
        else skills_dice.reaction_die(s, h, ability, kind, slot) or "r"
    if reflect.mirror(s, h, slot, kind, amount):  # no reactive check, the damage turned back
        if s.passives:
            lasting.attacked(s, h, slot, kind)
        return
    if die == "A":
        ally_effects.rolling(s, h)
    skills_dice.rolled(s, h, die)
    shielded = max(0, amount - skills.shields(s, h, ability, kind, slot))
    story.roll(s, die, story.check_dice(s, h, ability, reactive=True) + more, "enemy-hit", slot, h, shielded, condition)


def land_enemy_attack(s: State, entry: tuple[Any, ...], successes: int, faces: int = 0) -> None:
    """The target's reactive check reduces the damage; a condition lands if any got through (line 2364);
    then the target's Riposte, if its skill turned faces into it."""
    t = s.table
    dice, slot, target, amount, condition = entry[2], entry[4], entry[5], entry[6], entry[7]
    story.after_roll(s, target, dice)
    successes += gems.bonus(s, target, "check")
    if entry[1] == "A":
        amount = ally_effects.face_shields(s, target, amount, faces)
    elif entry[1] == skills_dice.APART:
        amount, successes = skills_dice.face_shields(s, target, slot, amount, successes, faces)
    successes, riposte_faces = skills.split_faces(s, successes, faces, amount) if entry[1] == "R" else (successes, 0)
    hurt = max(0, amount - successes * int(t.rules["reactive.reduction_per_success"]))
    room = reflect.room(s, target) if s.reflects else 0
    figures.damage_hero(s, target, hurt)
    if hurt and not s.h_exhausted[target]:
        figures.gain(s, HERO, target, condition, "enemy-attack")
    elif not hurt and s.h_items[target]:
        items.unhurt(s, target, slot)
    kind = t.enemy_types[s.e_type[slot]].actions[t.faces[s.face].eye].kind
    if s.reflects:
        reflect.revenge(s, target, slot, kind, min(hurt, room))
    if s.passives:
        lasting.attacked(s, target, slot, kind)
    skills.riposte(s, target, slot, riposte_faces)
    if entry[1] == "A":
        ally_effects.riposte(s, target, slot, faces)
    if hurt and s.e_area[slot] != OFF:
        skills.damaged(s, target, slot, kind)


def end_turn(s: State, slot: int) -> None:
    t = s.table
    if s.e_area[slot] != OFF:
        kind = t.enemy_types[s.e_type[slot]]
        if t.faces[s.face].special == "horns" and kind.special == "horns":
            figures.heal_enemy(s, slot, kind.special_heal)
            s.use(f"{kind.id}#horns")
    s.qpos += 1
