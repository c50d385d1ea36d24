"""How the greedy and heuristic policies value a Hero's kit: a change of active items that lets the
selected attack reach an Enemy, a maneuver skill before an attack it strengthens, Achievement gems
where they add to an attack, a move that falls short of the goal, a recover, or a check near Enemies."""

from __future__ import annotations

from typing import Any

from deckwright.games.agemonia import figures
from deckwright.games.agemonia.heroes import selected, targets
from deckwright.games.agemonia.state import State

KINDS = frozenset({"swap", "skill", "gem"})


def _attack_kinds(s: State, hero: int) -> set[str]:
    """Attack types the Hero's selected action can use on some Enemy now."""
    if s.acts <= 0 or selected(s, hero).kind != "attack" or s.h_disk[hero] < selected(s, hero).stamina:
        return set()
    return {found[2] for found in targets(s, hero, selected(s, hero))}


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
        skill = s.table.heroes[hero].skills[action[1]]
        return 12.0 if _attack_kinds(s, hero) & set(skill.attacks) else -1.0  # before the attack (about 10)
    use = action[1]
    if use == "attack":
        return 11.0 if _attack_kinds(s, hero) else -1.0
    if use == "recover":
        return 1.0 if s.h_wounds[hero] >= 2 else -1.0
    if use == "check":
        return 0.5 if figures.enemy_count(s, s.h_area[hero]) else -1.0
    return -1.0  # a move gem: the heuristic's own movement rule decides
