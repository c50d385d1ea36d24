"""How the greedy and heuristic policies value a Hero's kit: a change of active items that lets the
selected attack reach an Enemy, Class Skills where they help, items picked up or handed on, Non-Hero Ally card effects, Achievement gems
where they add to an attack, a move that falls short of the goal, a recover, or a check near Enemies."""

from __future__ import annotations

from typing import Any

from deckwright.games.agemonia import figures, items
from deckwright.games.agemonia.heroes import selected, targets, usable
from deckwright.games.agemonia.state import State

KINDS = frozenset({"swap", "skill", "gem", "drop", "pick", "give", "effect"})


def _attack_kinds(s: State, hero: int) -> frozenset[str]:
    """Attack types the Hero's selected action can use on some Enemy now. A policy values many choices of
    one position: the answer is kept for the position (the state and its step: only a step changes it)
    and the Hero's active items (a change of them is valued by trying it)."""
    key = (s.steps, hero, s.h_active[hero])
    if _KEPT[0] is s and _KEPT[1] == key:  # kept only when the action could attack at this step
        return _KEPT[2]
    action = selected(s, hero)
    if s.acts <= 0 or action.kind != "attack" or s.h_disk[hero] < action.stamina:
        return frozenset()
    _KEPT[:] = [s, key, frozenset(found[2] for found in targets(s, hero, action))]
    return _KEPT[2]


_KEPT: list[Any] = [None, None, frozenset()]  # the state, its step, Hero and active items, and their attack types


def _skill_value(s: State, hero: int, action: tuple[Any, ...]) -> float:
    """A maneuver skill before an attack it strengthens; Hex on an Enemy, Abolish on a held condition,
    Touch of Aox when hurt; Lightning Reflexes or a Skirmisher move when the action has nothing to hit;
    an Energy Infusion flip that lets a recover take the chip back, or arms Blood Bond."""
    skill = s.table.heroes[hero].skills[action[1]]
    kind = skill.kind
    if kind in ("extra-dice", "maneuver-boost"):
        return 12.0 if _attack_kinds(s, hero) & set(skill.attacks) else -1.0  # before the attack (about 10)
    if kind == "hex":
        return 4.0
    if kind == "abolish":
        return 2.0
    if kind == "recover-skill":
        return 1.6 if s.h_wounds[hero] >= skill.amounts[0] else -1.0
    if kind in ("rethink-maneuver", "skirmish"):
        idle = s.acts > 0 and selected(s, hero).kind == "attack" and not _attack_kinds(s, hero)
        return (1.2 if kind == "rethink-maneuver" else 4.0) if idle else -1.0
    if kind == "energy-infusion":
        return flip_value(s, hero, to_stamina=bool(action[2]))
    return -1.0  # a stamina move: the heuristic's own movement rule decides


def flip_value(s: State, hero: int, to_stamina: bool) -> float:
    """A spent chip turned over (Energy Infusion, the Whisper of Aiun): a wound back to a spent chip, a little
    (damage wounds a spent chip before the Hero is wounded); a spent chip to a wound only when that wound
    arms a skill counting them (Blood Bond)."""
    if to_stamina:
        return 0.6
    armed = [k for k in s.table.heroes[hero].skills if k.kind == "wounded-success"]
    return 2.0 if armed and s.h_wounds[hero] + 1 == armed[0].amounts[0] else -1.0


def _exchange_value(s: State, hero: int, action: tuple[Any, ...]) -> float:
    """Pick up an item the Hero can use, or one whose discard rids it of what it suffers (`items.relieves`:
    wounded status, an Injury, conditions); hand a healing item to a Hero worse hurt, or one that rids the
    taker of what it suffers and not the giver; both before a move (worth 2) takes the Hero out of the
    area; never drop."""
    item = s.table.items[action[1]]
    if action[0] == "pick":
        return 2.2 if usable(s, hero, item) or items.relieves(s, hero, item) else -1.0
    if action[0] == "give":
        taker = action[2]
        hurt = item.heal and s.h_wounds[taker] > s.h_wounds[hero] + item.heal
        return 2.1 if hurt or items.relieves(s, taker, item) and not items.relieves(s, hero, item) else -1.0
    return -1.0


def _effect_value(s: State, ally: int, action: tuple[Any, ...]) -> float:
    """A Non-Hero Ally's card effect: a damage boost before an attack it can make, a blast on the Enemies it
    reaches, weakening an Enemy, taking a condition off an Ally."""
    kind = s.table.heroes[ally].effects[action[1]].kind
    if kind == "damage-boost":
        attacks = [a for i, act in enumerate(s.table.heroes[ally].actions) for a in targets(s, ally, act, i)]
        return 12.0 if attacks else -1.0
    if kind == "stun-blast":
        return 9.0
    return 3.0 if kind == "weaken" else 2.0


def value(s: State, hero: int, action: tuple[Any, ...]) -> float:
    kind = action[0]
    if kind == "swap":
        if s.acts <= 0 or selected(s, hero).kind != "attack" or _attack_kinds(s, hero):
            return -1.0
        kept = s.h_active[hero]
        s.h_active[hero] = s.table.heroes[hero].loadouts[action[1]]
        reach = _attack_kinds(s, hero)
        s.h_active[hero] = kept
        return 6.0 if reach else -1.0
    if kind == "skill":
        return _skill_value(s, hero, action)
    if kind in ("drop", "pick", "give"):
        return _exchange_value(s, hero, action)
    if kind == "effect":
        return _effect_value(s, hero, action)
    use = action[1]
    if use == "attack":
        return 11.0 if _attack_kinds(s, hero) else -1.0
    if use == "recover":
        return 1.0 if s.h_wounds[hero] >= 2 else -1.0
    if use == "check":
        return 0.5 if figures.enemy_count(s, s.h_area[hero]) else -1.0
    return -1.0  # a move gem: the heuristic's own movement rule decides
