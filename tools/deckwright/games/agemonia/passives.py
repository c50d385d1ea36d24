"""Passive Hero actions (those that summon nothing: `lasting`) and the tokens they summon (rulebook lines 3394-3398 and 3647-3656; Insect Swarm 3971-3974,
Eye of Serupod 4143-4149, Rippling Image 4150-4153), with the play values the Hero board gives (`Summon`).

The Hero's choices (`legal`):
- ("passive", area): its selected passive action, as its action: lock the action's `lock` chips from the
  Vitality disk (`locking`) and summon its token into `area`, in sight within the action's range (one
  that summons nothing: ("passive", target), the Ally, Enemy or area it marks, `lasting.targets`). Performed
  again while in effect, the earlier one ends first (`passive_actions.repeat_ends_previous`; otherwise it
  is not offered until that one ends).
- ("token", entry, area): once on each of the summoner's later turns (a token acts from the round after
  it came, as a spawned Enemy does, line 3398), the token of passive action `entry` (of `State.passives`)
  moves to an area within its `move` along single lines, then attacks every Enemy in its area for its
  damage less each one's shield (each one damaged gains the token's condition), or searches: the story
  points in range of it that a Non-Hero Ally would trigger resolve (`story.search`), as they do where it
  is summoned.
- ("unlock", entry): the Hero ends one of its passive actions at will (`locked_stamina.voluntary_end`).
- ("channel", entry): before its action with a ranged effect (`ranged`: an attack with a ranged or magic
  attack, a support action with a range), the Hero makes that action as if it stood in the area of its
  channelling token (the Eye's Channel, lines 4148-4149): range, sight, targets and obstructed aim (a
  support's reach, a push's direction) count from there (`origin`); the passive action ends.
A token takes no capacity and is no figure: it is neither hindered, provoked nor trapped, and no Enemy
targets it unless its card gives it a taunt (`summoning.token_takes_capacity`,
`summoning.token_targetable`); Enemies then weigh it with the Heroes by their target rule (the token
winning a tie, the players' choice) and an attack on it ends its passive action (`decoy`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from deckwright.games.agemonia import defeats, figures, lasting, locking, story
from deckwright.games.agemonia.figures import ENEMY, injured
from deckwright.games.agemonia.state import OFF, State
from deckwright.games.agemonia.table import HeroAction, Summon


def _action(s: State, entry: tuple[int, ...]) -> HeroAction:
    return s.table.heroes[entry[0]].actions[entry[1]]


def _token(s: State, entry: tuple[int, ...]) -> Summon:
    summon = _action(s, entry).summon
    assert summon is not None
    return summon


def in_effect(s: State, hero: int, action: int) -> int:
    """The index in `State.passives` of the Hero's passive action `action`, -1 if it is not in effect."""
    return next((i for i, p in enumerate(s.passives) if p[0] == hero and p[1] == action), -1)


def legal(s: State, hero: int) -> list[tuple[Any, ...]]:
    t = s.table
    found: list[tuple[Any, ...]] = []
    index = s.h_action[hero]
    action = t.heroes[hero].actions[index] if index >= 0 else None
    if s.acts > 0 and action is not None and (action.summon or action.lasting) \
            and s.h_disk[hero] >= action.lock + action.stamina and s.h_gems[hero] >= action.gems \
            and (in_effect(s, hero, index) < 0 or t.rules["passive_actions.repeat_ends_previous"]):
        here = s.h_area[hero]
        reach = action.range - injured(s, hero, "range")
        if action.lasting is not None:
            found += [("passive", target) for target in lasting.targets(s, hero, action.lasting)]
        else:
            found += [("passive", area) for area in range(len(t.areas)) if t.range_dist[here][area] <= reach
                      and t.sight[here][area]]
    for i, entry in enumerate(s.passives):
        if entry[0] != hero:
            continue
        if _action(s, entry).summon is None:  # a mark of `lasting`; one without locked stamina stays
            if t.rules["locked_stamina.voluntary_end"] and entry[2]:
                found.append(("unlock", i))
            continue
        token = _token(s, entry)
        if (token.move or token.damage or token.search) and entry[4] < s.round and entry[5] < s.round:
            found += [("token", i, area) for area in range(len(t.areas)) if t.move_dist[entry[3]][area] <= token.move]
        if t.rules["locked_stamina.voluntary_end"]:
            found.append(("unlock", i))
        if token.channel and _channels(s, hero):
            found.append(("channel", i))
    return found


def _channels(s: State, hero: int) -> bool:
    """Whether the Hero may still channel its action: one with a ranged effect, not yet made or channelled
    this turn."""
    action = s.table.heroes[hero].actions[s.h_action[hero]]
    return s.acts > 0 and s.channel == OFF and ranged(action)


def ranged(action: HeroAction) -> bool:
    """Whether the action has a ranged effect (line 4148): an attack with a ranged or magic attack, or a
    support action reaching beyond the Hero's area (a mark's, a hex's, a push's or an item move's range)."""
    if action.kind == "attack":
        return any(k != "melee" for k in action.attacks)
    if action.kind != "support" or action.lasting is not None:
        return False
    reach = action.effect.range if action.effect else action.hex.range if action.hex else action.ally_range
    return reach > 0


def origin(s: State, hero: int) -> int:
    """The area the Hero's ranged actions count from this turn: the channelling token's, else its own."""
    return s.channel if s.channel != OFF and hero == s.seat else s.h_area[hero]


def apply(s: State, hero: int, choice: tuple[Any, ...]) -> None:
    kind = choice[0]
    if kind == "passive":
        _perform(s, hero, choice[1])
    elif kind == "token":
        _act(s, hero, choice[1], choice[2])
    elif kind == "channel":
        s.channel = s.passives[choice[1]][3]
        s.use(f"token-channelled:{_token(s, s.passives[choice[1]]).token}")
        locking.end(s, choice[1])
    else:
        s.use("passive-unlocked")
        locking.end(s, choice[1])


def _perform(s: State, hero: int, area: int) -> None:
    """Lock the stamina; summon the token into `area`, or mark the target (`lasting`) it names."""
    index = s.h_action[hero]
    action = s.table.heroes[hero].actions[index]
    s.acts = 0
    earlier = in_effect(s, hero, index)
    if earlier >= 0:
        locking.end(s, earlier)
        s.use("passive-repeated")
    s.h_disk[hero] -= action.lock
    s.passives.append((hero, index, action.lock, area, s.round, s.round))
    if action.summon is None:
        lasting.perform(s, hero, index, area)
        return
    s.use(f"summoned:{action.summon.token}")
    if action.summon.search:  # it comes into the area as a Non-Hero Ally would
        story.search(s, hero, area)


def _act(s: State, hero: int, index: int, area: int) -> None:
    """The token's move, then its attack or its search, from where it ends."""
    entry = s.passives[index]
    token = _token(s, entry)
    s.passives[index] = entry[:3] + (area, entry[4], s.round)
    if area != entry[3]:
        s.use(f"token-moved:{token.token}")
    if token.damage:
        s.use(f"token-attack:{token.token}")
        for slot, at in enumerate(s.e_area):
            amount = token.damage - s.table.enemy_types[s.e_type[slot]].shield
            if at == area and amount > 0 and not defeats.hurt(s, hero, slot, amount):
                figures.gain(s, ENEMY, slot, token.gives, "hero-action")
    if token.search:
        story.search(s, hero, area)


def decoy(s: State, origin: int, melee: bool, target: int, hits: Callable[[int], bool]) -> int:
    """The passive action (index in `State.passives`) whose targetable token an Enemy attack from `origin`
    takes in place of the Hero `target` (-1: none), by the Enemies' target rule; `hits(area)` says
    whether the attack reaches an area."""
    t = s.table
    rule = t.rules["enemy.melee_target_rule" if melee else "enemy.ranged_target_rule"]

    def key(taunt: int, area: int) -> tuple[int, int]:
        near = t.range_dist[origin][area]
        return (-taunt, near) if rule == "highest_taunt" else (near, -taunt)

    tokens = [(key(_token(s, p).taunt, p[3]), i) for i, p in enumerate(s.passives)
              if _action(s, p).summon is not None and _token(s, p).taunt >= 0 and hits(p[3])]
    if not tokens:
        return -1
    best, index = min(tokens)
    if target >= 0 and key(t.heroes[target].taunt, s.h_area[target]) < best:
        return -1
    return index


def attacked(s: State, index: int) -> None:
    """An Enemy attacks the token: its passive action ends (line 4153)."""
    s.use(f"token-attacked:{_token(s, s.passives[index]).token}")
    locking.end(s, index)


def channelled(s: State, hero: int, choice: tuple[Any, ...], worth: Callable[[tuple[Any, ...]], float]) -> float:
    """What a policy valuing the action's choices by `worth` makes of channelling it through the token of
    ("channel", entry): a little more than the best choice the token's area gives, when that beats the
    best of the Hero's own area (none when it does not)."""
    from deckwright.games.agemonia.heroes import action_options

    here = max(map(worth, action_options(s, hero)), default=-1.0)
    s.channel = s.passives[choice[1]][3]
    there = max(map(worth, action_options(s, hero)), default=-1.0)
    s.channel = OFF
    return there + 0.1 if there > here else -1.0


def value(s: State, hero: int, choice: tuple[Any, ...]) -> float:
    """What the greedy and heuristic policies make of a choice: a summon or a token's turn is worth the
    Enemies its token reaches (an Image, the Enemies near it; an Eye, an unresolved story point it can
    trigger); ending a passive action only when the Hero is short of stamina (channelling: `channelled`)."""
    t = s.table
    if choice[0] == "unlock":
        return 1.0 if s.h_disk[hero] == 0 else -1.0
    if choice[0] == "passive":
        token = t.heroes[hero].actions[s.h_action[hero]].summon
        lasts = t.heroes[hero].actions[s.h_action[hero]].lasting
        if lasts is not None:
            return lasting.value(s, hero, lasts, choice[1])
        area = choice[1]
    else:
        token, area = _token(s, s.passives[choice[1]]), choice[2]
    assert token is not None
    enemies = figures.enemy_count(s, area)
    if token.damage:
        return 4.0 + 2.0 * enemies if enemies else 0.5
    if token.search:
        return 5.0 if story.searchable(s, area) else 0.5
    near = sum(1 for at in s.e_area if at != OFF and t.range_dist[area][at] <= 1)
    return 3.0 + near if near else 0.5
