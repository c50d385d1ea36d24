"""Conditions: each one's start and end events are defined (glossary), its start is reachable in the
content, and the engine's playouts of the sample scenarios reach it.

A start event is reachable when some entity of the kind that causes it gives the condition, by a
`conditions` reference, by naming it in brackets (`[Bleeding]`) in any of its texts, or by naming its
id in a field the engine plays (`gives`, `condition`, `fail_condition`). Which kinds of entity cause
which start event is the fact `conditions.causes` (event -> entity types).

Played: the engine records `<condition><<start event>` when it gives a condition and
`<condition>><end event>` when an event discards it; the probe plays every sample scenario, Hero
count and policy and lists the conditions, starts and ends no playout reached, and the starts by
which a playout gave a condition that its card does not list.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

from deckwright.gamekit import Entity, Pack, fact

PLAYED_FIELDS = ("gives", "condition", "fail_condition")
SIDES = (("ally", "ally_effect", "ends_ally"), ("enemy", "enemy_effect", "ends_enemy"))


def events(condition: Entity) -> Iterator[tuple[str, str]]:
    """(field, event) for every start and end event the condition names."""
    for field in ("gained_by", "ends_ally", "ends_enemy"):
        for event in condition.get(field) or []:
            yield field, str(event)


def causes(pack: Pack) -> dict[str, tuple[str, ...]]:
    """Start event -> entity types that can cause it (fact `conditions.causes`)."""
    stated = fact(pack, "conditions.causes", {})
    return {str(k): tuple(map(str, v)) for k, v in stated.items()} if isinstance(stated, Mapping) else {}


def _played_ids(value: Any, found: set[str]) -> set[str]:
    """Every word a field the engine plays (`PLAYED_FIELDS`) holds, at any depth of `value`."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key in PLAYED_FIELDS and isinstance(item, str):
                found.add(item)
            _played_ids(item, found)
    elif isinstance(value, list):
        for item in value:
            _played_ids(item, found)
    return found


def _giving(pack: Pack, entity: Entity) -> tuple[str, set[str]]:
    """The entity's data as text (case-folded), and the ids its played fields name; read once per pack and
    entity (every condition's every start event looks through the same entities). Kept by the entity's
    identity: the pack holds its entities, and two may share an id."""
    kept: dict[int, tuple[str, set[str]]] = pack.derived("agemonia.condition-givers", lambda _: {})
    found = kept.get(id(entity))
    if found is None:
        data = dict(entity.data)
        found = kept[id(entity)] = (json.dumps(data, ensure_ascii=False).casefold(), _played_ids(data, set()))
    return found


def givers(pack: Pack, condition: Entity, types: tuple[str, ...]) -> list[str]:
    """Ids of the entities of those types that give the condition."""
    bracketed = f"[{condition.name}]".casefold()
    return [e.id for e in pack.of_type(*types)
            if condition.id in (e.get("conditions") or [])
            or bracketed in _giving(pack, e)[0]
            or condition.id in _giving(pack, e)[1]]


def condition_report(pack: Pack, condition: Entity) -> dict[str, Any]:
    """One condition's events: undefined ones, start events nobody causes, sides it cannot leave."""
    undefined = sorted({event for _, event in events(condition) if pack.term(event) is None})
    by_event = causes(pack)
    starts = {event: givers(pack, condition, by_event.get(event, ())) for event in condition.get("gained_by") or []}
    endless = [side for side, effect, ends in SIDES if condition.get(effect) and not condition.get(ends)]
    return {"starts": starts, "unreachable_starts": sorted(e for e, by in starts.items() if not by),
            "reachable": any(starts.values()), "undefined_events": undefined, "sides_without_end": endless}


def played(pack: Pack, runs: int | None, seed: int) -> dict[str, dict[str, list[str]]]:
    """Per condition, the start and end events the sample playouts reached (`runs` each: the engine
    check's number when None)."""
    from deckwright.games.agemonia.playcheck import SAMPLE_RUNS, play_samples

    used = {key for p in play_samples(pack, runs or SAMPLE_RUNS, seed) for r in p.results for key in r.usage}
    found: dict[str, dict[str, list[str]]] = {}
    for condition in pack.of_type("condition"):
        listed = {str(e) for e in condition.get("gained_by") or []}
        given = {key.split("<", 1)[1] for key in used if key.startswith(condition.id + "<")}
        ends = sorted({str(e) for field in ("ends_ally", "ends_enemy") for e in condition.get(field) or []
                       if f"{condition.id}>{e}" in used})
        found[condition.id] = {"starts": sorted(given & listed), "ends": ends, "unlisted": sorted(given - listed)}
    return found


def conditions(pack: Pack, runs: int | None = None, seed: int = 0) -> dict[str, Any]:
    """Every condition's report, and the lists a claim checks: undefined, unreachable, endless; and
    what the sample playouts reached (`runs` games each from `seed`): conditions never given, and
    conditions given but never discarded by an event before the scenario's end."""
    reports = {c.id: condition_report(pack, c) for c in pack.of_type("condition")}
    reached = played(pack, runs, seed)
    return {
        "played": reached,
        "never_played": sorted(cid for cid, r in reached.items() if not r["starts"]),
        "never_ended_in_play": sorted(cid for cid, r in reached.items() if r["starts"] and not r["ends"]),
        "unlisted_starts": {cid: r["unlisted"] for cid, r in reached.items() if r["unlisted"]},
        "conditions": reports,
        "undefined_events": sorted({e for r in reports.values() for e in r["undefined_events"]}),
        "unreachable": sorted(cid for cid, r in reports.items() if not r["reachable"]),
        "unreachable_starts": {cid: r["unreachable_starts"] for cid, r in reports.items() if r["unreachable_starts"]},
        "without_end": sorted(cid for cid, r in reports.items() if r["sides_without_end"]),
    }
