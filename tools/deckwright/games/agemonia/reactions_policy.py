"""How the greedy and heuristic policies choose a reaction (`reactions`): an item is used when it saves
damage that matters or turns a roll that falls short, and a once-a-scenario item is kept for a hard hit.

- before an Enemy attack's reactive check: the item that takes off the most of the damage, when the
  damage is at least `HARD` (or would leave the Hero without stamina on its disk); Mirror and Revenge
  count the damage they turn back too, an extra reactive die half a point;
- after a roll: a reroll or extra dice when the roll falls short of what the Hero wants (`blessing.falls_short`); the
  specials of an attack roll when it has faces to count; its special faces rolled again (Ophira) when
  the Hero's stamina cannot buy their successes and the roll falls short;
- as the turns begin: going first when an Enemy would act before the Hero and the Hero's selected action
  is an attack it can still pay for once the item's stamina is spent;
- before a step that an Enemy's provoke would hurt: Evade.
"""

from __future__ import annotations

from typing import Any

from deckwright.games.agemonia import blessing, items_dice, reactions
from deckwright.games.agemonia.state import State

HARD = 2  # damage worth an item


def choose(s: State) -> tuple[Any, ...]:
    """The policies' reaction at the waiting decision (the first of the best, so it replays)."""
    options = reactions.legal(s)
    values = [_value(s, option) for option in options]
    return options[values.index(max(values))]


def _value(s: State, option: tuple[Any, ...]) -> float:
    if option == reactions.PASS:
        return 0.0
    entry = s.pending[0]
    react = s.table.items[option[1]].effects.react
    assert react is not None
    hero = reactions.hero_of(entry)
    if entry[1] == reactions.DEFEND:
        amount = entry[6]
        if amount < HARD and amount < s.h_disk[hero]:
            return -1.0
        saved = amount if react.prevent or react.mirror else min(amount, react.shields)
        saved += 0.5 * min(amount, react.reactive_dice)  # a die may roll nothing: below a sure shield
        back = amount if react.mirror or react.revenge else 0
        return saved + 0.5 * back - (0.5 if s.table.items[option[1]].effects.kept else 0.0)
    if entry[1] == reactions.ROLLED:
        roll, successes, faces = entry[2], entry[3], entry[4]
        if react.specials:
            return 1.0 + faces * react.specials
        if react.reroll_faces:
            return 1.0 if items_dice.reroll_pays(s, hero, roll, successes, faces) else -1.0
        return 1.0 if blessing.falls_short(s, roll, successes) else -1.0
    if entry[1] == reactions.PROVOKED:  # a provoke always hurts: evade it
        return 1.0
    action = s.table.heroes[hero].actions[s.h_action[hero]] if s.h_action[hero] >= 0 else None
    kept = s.table.items[option[1]].effects.kept
    paid = kept.stamina if kept is not None else 0  # the Tear of Eti's stamina: what the attack costs must be left
    attacking = action is not None and action.kind == "attack" and s.h_disk[hero] - paid >= action.stamina
    ahead = s.queue[:s.queue.index(hero)] if hero in s.queue else []
    return 1.0 if attacking and any(actor < 0 for actor in ahead) else -1.0
