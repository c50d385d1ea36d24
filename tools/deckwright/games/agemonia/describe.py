"""Readable names of actions and chance outcomes (what golden playthroughs and replays record)."""

from __future__ import annotations

from typing import Any

from deckwright.games.agemonia.blessing import roller
from deckwright.games.agemonia.state import State
from deckwright.games.agemonia.lasting import AREA_MARKS, ENEMY_MARKS
from deckwright.games.agemonia.table import Lasting


def hero_name(state: State, hero: int) -> str:
    return state.table.heroes[hero].hero


def item_name(state: State, index: int) -> str:
    """The item's id, numbered (`#2`) when the table holds several copies of its card, so that choices
    naming two copies stay apart."""
    items = state.table.items
    item_id = items[index].id
    copies = [i for i, item in enumerate(items) if item.id == item_id]
    return item_id if len(copies) == 1 else f"{item_id}#{copies.index(index) + 1}"


def condition_name(state: State, code: int) -> str:
    """A held condition (`figures.gain`'s code): its id, and whether it is a card or a token."""
    return f"{state.table.conditions[code >> 1].id} {'token' if code & 1 else 'card'}"


def enemy_name(state: State, slot: int) -> str:
    return f"{state.table.enemy_types[state.e_type[slot]].id.removeprefix('enemy-')}#{slot + 1}"


_FACES = {"R": "Riposte", "A": "Ally effect", "F": "Class Skill"}  # what the faces counted apart serve, by die


def describe(state: State, action: Any) -> str:
    """Unique among the actions legal in `state`; a Non-Hero Ally's own are prefixed with its name, as
    the player deciding for it may also have a Hero."""
    said = _describe(state, action)
    seat = state.seat
    if 0 <= seat < len(state.table.heroes) and state.table.heroes[seat].ally and not state.pending:
        return f"{hero_name(state, seat)}: {said}"
    return said


def _describe(state: State, action: Any) -> str:
    t = state.table
    kind = action[0]
    if kind == "select":
        return f"{hero_name(state, state.seat)} selects {t.heroes[state.seat].actions[action[1]].id}"
    if kind == "change-initiative":
        return f"{hero_name(state, state.seat)} {'takes the ' + action[1] + ' initiative' if action[1] else 'keeps its initiative'}"
    if kind == "initiative":
        face = t.faces[action[1]]
        return f"initiative card {action[1]} ({face.card}: {'/'.join(face.turns)}, {face.eye} eye)"
    if kind == "fate":
        return f"fate card {action[1]} (value {t.fate_values[action[1]]})"
    if kind == "roll":
        entry = state.pending[0]
        who = hero_name(state, roller(entry))
        bought = f", {action[2]} {_FACES.get(entry[1], 'stamina')} faces" if action[2] else ""
        return (f"{who} rolls {entry[2]} {'action' if entry[1] == 'a' else 'reaction'} dice for {entry[3]}: "
                f"{action[1]} successes{bought}")
    if kind == "bless":
        who = hero_name(state, roller(state.pending[0][1]))
        return f"{who} {'spends Blessed on' if action[1] else 'keeps Blessed after'} the roll"
    if kind == "react":
        from deckwright.games.agemonia.reactions import hero_of

        entry = state.pending[0]
        who = hero_name(state, hero_of(entry))
        used = f"uses {item_name(state, action[1])}" if action[1] >= 0 else "uses no item"
        return f"{who} {used} ({entry[1]})"
    if kind == "injury":
        return f"injury {t.injuries[action[1]].id} (card {action[1]})"
    if kind == "peek":
        face = t.faces[action[1]]
        return f"top initiative card {action[1]} revealed ({face.card}: {'/'.join(face.turns)}, {face.eye} eye)"
    if kind == "gamble":
        item = item_name(state, state.pending[0][2])
        return f"{item}'s die: " + ("nothing summoned", "summoned", "summoned, its user hurt")[action[1]]
    if kind == "deck":
        return f"put initiative card {state.peeked} {'back on top' if action[1] else 'at the bottom'} of the deck"
    if kind == "trap":
        return f"trap card {t.trap_cards[action[1]].id}"
    if kind == "attack":
        by = f", {t.heroes[state.seat].actions[action[3]].id}" if len(action) > 3 else ""
        return f"{kind} {enemy_name(state, action[1])} in {t.areas[state.e_area[action[1]]]} ({action[2]}{by})"
    if kind == "area":
        return f"area attack centred on {t.areas[action[1]]} ({action[2]})"
    if kind == "adjacent":
        return f"adjacent area attack on {'+'.join(a for i, a in enumerate(t.areas) if action[1] >> i & 1)} ({action[2]})"
    if kind == "runes":
        aimed = ", ".join(f"{enemy_name(state, e)} in {t.areas[state.e_area[e]]}" for e in range(len(state.e_area))
                          if action[1] >> e & 1)
        return f"attack {aimed} with one roll ({action[2]})"
    if kind == "line":
        line = t.lines[action[1] // 2]
        aimed = ", ".join(enemy_name(state, e) for e in range(len(state.e_area)) if action[3] >> e & 1)
        return f"straight line attack towards {t.areas[line[0 if action[1] & 1 else -1]]} on {aimed} ({action[2]})"
    if kind == "teleport":
        return f"teleport by token to {t.areas[action[1]]}"
    if kind == "hex":
        return f"{t.heroes[state.seat].actions[state.h_action[state.seat]].id} on {enemy_name(state, action[1])}"
    if kind == "support":
        by = f" ({t.heroes[state.seat].actions[action[2]].id})" if len(action) > 2 else ""
        return f"support {hero_name(state, action[1])}{by}"
    if kind == "move":
        return "move maneuver (stamina)" if action[1] else "move maneuver (free)"
    if kind == "step":
        return f"step to {t.areas[action[1]]}"
    if kind == "recover":
        return f"recover ({action[1]})"
    if kind == "swap":
        items = ", ".join(item_name(state, i) for i in t.heroes[state.seat].loadouts[action[1]]) or "no item"
        return f"change active items to {items}"
    if kind == "gem":
        return f"discard an Achievement gem ({action[1]})"
    if kind == "skill":
        target = f" ({action[2]})" if len(action) > 2 else ""
        return f"use {t.heroes[state.seat].skills[action[1]].id}{target}"
    if kind == "effect":
        target = f" on {enemy_name(state, action[2])}" if t.heroes[state.seat].effects[action[1]].kind == "weaken" \
            else f" on {hero_name(state, action[2])}" if len(action) > 2 else ""
        removed = f" ({condition_name(state, action[3])})" if len(action) > 3 else ""
        return f"{t.heroes[state.seat].effects[action[1]].kind}{target}{removed}"
    if kind == "drop":
        return f"drop {item_name(state, action[1])}"
    if kind == "pick":
        source = f" from {hero_name(state, action[2])}" if action[2] >= 0 else ""
        return f"pick up {item_name(state, action[1])}{source}"
    if kind == "give":
        return f"give {item_name(state, action[1])} to {hero_name(state, action[2])}"
    if kind == "inspire":
        return "discard an Inspiration gem for the next roll"
    if kind == "use":
        where = f" into {t.areas[action[2]]}" if len(action) > 2 else ""
        return f"use {item_name(state, action[1])}{where}"
    if kind == "ready":
        return f"ready {item_name(state, action[1])} for the attack"
    if kind == "item":
        return f"use {item_name(state, action[1])}{_item_target(state, action)}"
    if kind == "passive":
        chosen = t.heroes[state.seat].actions[state.h_action[state.seat]]
        if chosen.lasting is not None:
            return f"lock stamina on {chosen.id}, {_lasting_target(state, chosen.lasting, action[1])}"
        return f"lock stamina on {chosen.id}, its token into {t.areas[action[1]]}"
    if kind == "channel":
        summon = t.heroes[state.seat].actions[state.passives[action[1]][1]].summon
        return f"channel the action through {summon.token if summon is not None else '?'}"
    if kind in ("token", "unlock"):
        entry = state.passives[action[1]]
        summon = t.heroes[entry[0]].actions[entry[1]].summon
        token = summon.token if summon is not None else t.heroes[entry[0]].actions[entry[1]].id
        return f"{token} acts from {t.areas[action[2]]}" if kind == "token" else f"end the passive action of {token}"
    if kind == "act-effect":
        effect_of = t.heroes[state.seat].actions[state.h_action[state.seat]].id
        if len(action) < 4:
            return effect_of
        item, source, to = action[1:]
        held = f"from {hero_name(state, source)}" if source >= 0 else f"lying in {t.areas[state.dropped[~source][0]]}"
        return f"{effect_of}: {item_name(state, item)} {held} to {hero_name(state, to)}"
    if kind == "shake":
        return f"spend a maneuver on {condition_name(state, action[1])}"
    return kind


def _item_target(state: State, action: Any) -> str:
    """What an item choice of `items` aims at: a Hero, an Enemy, an area, an item lying or carried."""
    if len(action) < 3:
        return ""
    t = state.table
    use = t.items[action[1]].effects.use
    if len(action) > 3:
        return f" moving {enemy_name(state, action[2])} to {t.areas[action[3]]}"
    if "trap" in use:
        return f" setting a trap in {t.areas[~action[2]]}"
    if "blast" in use:
        return f" attacking the area centred on {t.areas[~action[2]]}"
    if {"revive", "ally_heal", "ally_mix", "mend"} & set(use):
        return f" on {hero_name(state, action[2])}"
    if "swap" in use:
        return f" to swap places with {hero_name(state, action[2])}"
    if "herb" in use:
        return f" gaining {item_name(state, action[2])}"
    if "relocate" in use:
        return f" sending {item_name(state, action[2])}"
    if "fetch" in use:
        if action[2] < 0:
            return f" fetching from {hero_name(state, -1 - action[2])}"
        area, lying = state.dropped[action[2]][:2]
        return f" fetching {item_name(state, lying)} from {t.areas[area]}"
    return f" on {enemy_name(state, action[2])}"


def _lasting_target(state: State, lasting: Lasting, target: int) -> str:
    """What a passive action that summons nothing marks (`lasting.targets`)."""
    if lasting.effect in ENEMY_MARKS:
        return f"marking {enemy_name(state, target)}"
    if lasting.effect in AREA_MARKS:
        return f"marking {state.table.areas[target]}"
    return f"marking {hero_name(state, target)}" if lasting.mark else "on itself"
