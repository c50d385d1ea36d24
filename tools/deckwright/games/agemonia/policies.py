"""Agemonia's own policies: a greedy one (the best thing to do right here, never travelling) and a
heuristic one (goes for the nearest Enemy it can hurt or the next story point, uses items when they
help). Both break ties with the driver's `rng`, so a game replays from its seed."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from deckwright.games.agemonia import (
    action_effects, blessing, figures, hexes, items_checked, items_policy, kit_policy, passives, reactions,
    reactions_policy,
    skills_initiative,
)
from deckwright.games.agemonia.gear import hands
from deckwright.games.agemonia.heroes import selected, shaped_hits, targets
from deckwright.games.agemonia.state import OFF, SELECT, State
from deckwright.games.agemonia.table import UNREACHABLE, Table

Choice = tuple[Any, ...]


def _best(actions: list[Choice], values: list[float], rng: random.Random) -> Choice:
    top = max(values)
    return rng.choice([a for a, v in zip(actions, values) if v == top])


def _select_value(s: State, hero: int, choice: Choice) -> float:
    """Attacks the Hero can make with what it holds, by dice and damage; support when someone is hurt (an
    action moving figures or items when its occasion has come: `action_effects.select_value`); after the selection, the Initiative a skill lets it take (`skills_initiative.value`)."""
    t = s.table
    if choice[0] == "change-initiative":
        return skills_initiative.value(s, hero, choice, selected(s, hero).initiative)
    index = choice[1]
    action = t.heroes[hero].actions[index]
    if action.kind == "attack":
        if s.h_disk[hero] < action.stamina:
            return 0.0
        weapons = hands(s, hero).weapons
        if not any(k == "magic" or k in weapons for k in action.attacks):
            return 0.0
        value = _attack_worth(t, hero, index) + _wand_damage(t, weapons, action)
        # with a foe in its area, an attack that cannot hit anything from here (a bow's minimum range) ranks
        # below one that can
        crowded = figures.enemy_count(s, s.h_area[hero]) > 0
        return value / 4 if crowded and not targets(s, hero, action) else value
    if action.effect is not None:
        return action_effects.select_value(s, hero, action)
    if action.kind == "support":
        hurt = sum(s.h_wounds)
        return 1.0 + hurt if action.heal else 1.5
    if action.kind == "passive":  # worth a summon while none is out and the disk can lock for it
        return 7.0 if passives.in_effect(s, hero, index) < 0 and s.h_disk[hero] > action.lock else 0.2
    return 0.5


def _attack_worth(t: Table, hero: int, index: int) -> float:
    """What the Hero's attack action is worth by its dice and damage, one for each skill adding to it (kept
    with the table)."""
    key = ("attack-worth", hero, index)
    value: float | None = t.memo.get(key)
    if value is None:
        figure = t.heroes[hero]
        action = figure.actions[index]
        value = 2.0 + figure.abilities[action.ability] + action.damage - 0.5 * action.stamina
        if figure.skills:  # a skill adds to it
            value += sum(1.0 for skill in figure.skills if skill.action == action.id)
        t.memo[key] = value
    return value


def _wand_damage(t: Table, weapons: Mapping[str, int], action: Any) -> int:
    """The damage a wand or staff in hand adds to a single-target magic attack of the action: a magic attack
    needs no weapon, so the wand is what tells such an attack from a shaped one, which adds none
    (`heroes.land_area_attack`). A melee or ranged weapon's damage is left out, as the policies' other
    values were weighed without it."""
    if "magic" not in action.attacks or "magic" not in weapons or action.area >= 0 or action.adjacent or action.line:
        return 0
    return t.items[weapons["magic"]].damage


def shaped_value(hits: int) -> float:
    """An attack hitting `hits` Enemies: more is better, yet it stays within a single attack's worth (about
    10, as `items_policy` and `kit_policy` read it), below what readies, boosts or adds dice to the attack
    (10.5 and more), which comes first."""
    return 10.4 - 0.4 / hits if hits else 8.0


def _blessed(s: State) -> Choice:
    """Spend Blessed on a roll that falls short, keep it otherwise."""
    return blessing.SPEND if blessing.worth(s) else blessing.KEEP


def _item_value(s: State, hero: int, index: int) -> float:
    item = s.table.items[index]
    if item.heal and s.h_wounds[hero] >= min(item.heal, 2):
        return 4.0
    if item.restore and s.h_spent[hero] >= min(item.restore, 2):
        return 3.0
    if item.condition >= 0 and figures.enemy_count(s, s.h_area[hero]):
        return 2.5
    return -1.0


# Choices that are worth nothing where the Hero stands (the heuristic values moving itself): the most
# common ones, so `_here_value` answers them, and the kit's, before any other kind is asked about.
_NOTHING_HERE = frozenset({"end", "move", "step", "stop", "rethink-move", "teleport", "act-move"})


def _here_value(s: State, hero: int, action: Choice) -> float:
    kind = action[0]
    if kind in _NOTHING_HERE:
        return 0.0
    if kind in kit_policy.KINDS:
        return kit_policy.value(s, hero, action)
    t = s.table
    if kind == "attack":
        slot = action[1]
        return 10.0 - s.e_health[slot] * 0.1 - t.enemy_types[s.e_type[slot]].shield
    if kind == "support":
        return 5.0 + s.h_wounds[action[1]]
    if kind in ("area", "adjacent", "line", "runes"):
        hit = shaped_hits(s, hero, "hero-" + kind, action[3] if kind == "line" else action[1])
        # more Enemies first; between choices of as many, the weakest (nearest to defeat, least shield)
        return shaped_value(len(hit)) - sum(0.1 * s.e_health[e] + 0.05 * t.enemy_types[s.e_type[e]].shield
                                            for e in hit) / 1000
    if kind == "use" and len(action) > 2:  # a summon is worth it while Enemies stand; a teleport is travel
        return 3.5 if s.table.items[action[1]].summon >= 0 and figures.alive(s) else -1.0
    if kind == "use":
        return _item_value(s, hero, action[1])
    if kind == "recover":
        return 1.5 if action[1] == "heal" else 1.0
    if kind == "channel":  # the action's best choice from the Eye's area, when it beats the Hero's own
        return passives.channelled(s, hero, action, lambda choice: _here_value(s, hero, choice))
    if kind in ("passive", "token", "unlock"):
        return passives.value(s, hero, action)
    if kind == "hex":
        return hexes.value(s, action[1])
    if kind == action_effects.KIND:
        return action_effects.value(s, hero, action)
    if kind == "shake":
        return 2.0
    if kind == "deck":
        return items_checked.deck_value(s, bool(action[1]))
    if kind == "disarm":
        return 1.0 if t.heroes[hero].abilities[1] >= 2 else 0.0
    if kind == "spring":
        return _spring_value(s, hero)
    if kind == "fly-over":
        return 0.6
    if kind == "rethink-restore":
        return 0.8
    if kind == "inspire":
        return 3.0 if s.acts > 0 and selected(s, hero).kind == "attack" else -1.0
    if kind in items_policy.KINDS:
        return items_policy.value(s, hero, action)
    return 0.0


def _spring_value(s: State, hero: int) -> float:
    """Springing the trap it stepped into: 0.5 for a figure that must spring or disarm it; a flying one, which
    may pass over it, springs it to clear the way for the others when it outlives a trap's full damage."""
    if not s.table.heroes[hero].fly:
        return 0.5
    return 0.7 if s.h_disk[hero] > int(s.table.rules["trap.damage"]) else 0.4


def greedy(game: Any, state: State, rng: random.Random) -> Choice:
    """The action with the best immediate value where the Hero stands; it only moves when nothing else pays."""
    actions = list(game.legal_actions(state))
    hero = state.seat
    if blessing.deciding(state):
        return _blessed(state)
    if reactions.deciding(state):
        return reactions_policy.choose(state)
    if state.phase == SELECT:
        return _best(actions, [_select_value(state, hero, a) for a in actions], rng)
    return _best(actions, [_here_value(state, hero, a) for a in actions], rng)


def _goals(s: State, hero: int) -> set[int]:
    """Areas worth reaching: Enemies the Hero can hurt, story points not yet resolved."""
    t = s.table
    goals = {a for a in s.e_area if a != OFF}
    goals |= {p.area for i, p in enumerate(t.story_points) if not s.story_done >> i & 1}
    return goals


def _distance(s: State, area: int, goals: set[int]) -> int:
    return min((s.table.move_dist[area][g] for g in goals), default=UNREACHABLE)


def heuristic(game: Any, state: State, rng: random.Random) -> Choice:
    """Attack the nearest Enemy it can hurt, use items when useful, else head for the next goal."""
    actions = list(game.legal_actions(state))
    s, hero = state, state.seat
    if blessing.deciding(s):
        return _blessed(s)
    if reactions.deciding(s):
        return reactions_policy.choose(s)
    if s.phase == SELECT:
        return _best(actions, [_select_value(s, hero, a) for a in actions], rng)
    goals = _goals(s, hero)
    here = s.h_area[hero]
    away = _distance(s, here, goals)  # how far the Hero is from its nearest goal, asked for most actions
    attacking = any(a[0] == "attack" for a in actions)  # asked for every move choice: the same each time

    def value(action: Choice) -> float:
        kind = action[0]
        if kind in ("step", "teleport"):
            return 3.0 if _distance(s, action[1], goals) < away else -1.0
        if kind == "use" and s.table.items[action[1]].teleport:  # less what a kept one costs (Wand of Bekora)
            kept = s.table.items[action[1]].effects.kept
            return 2.5 - 0.5 * (kept.stamina if kept else 0) if _distance(s, action[2], goals) < away - 1 else -1.0
        if kind == "stop":
            return 0.0
        stamina_move = kind == "skill" and s.table.heroes[hero].skills[action[1]].kind == "stamina-move"
        if kind == "move" or stamina_move:  # a Sprint-like skill is a move paid in stamina
            far = away > 0
            cost = 0.6 if stamina_move else action[1] * 0.5
            return (2.0 - cost) if far and not attacking and not figures.hindered(s, hero) else -1.0
        if kind == "attack":
            slot = action[1]
            near = s.table.range_dist[here][s.e_area[slot]]
            return 10.0 - near - 0.1 * s.e_health[slot]
        if action == ("gem", "move"):  # short of the goal after this move
            return 2.0 if away > s.move_points else -1.0
        if kind == "rethink-move":
            return 1.0 if away > 0 and selected(s, hero).kind != "attack" else -1.0
        return _here_value(s, hero, action)

    return _best(actions, [value(a) for a in actions], rng)


POLICIES: Mapping[str, Callable[[Any, State, random.Random], Choice]] = {"greedy": greedy, "heuristic": heuristic}
