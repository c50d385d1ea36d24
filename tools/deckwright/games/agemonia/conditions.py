"""Conditions: each one's start and end events are defined (glossary) and its start is reachable.

A start event is reachable when some entity of the kind that causes it gives the condition, by a
`conditions` reference, by naming it in brackets (`[Bleeding]`) in any of its texts, or by naming its
id in a field the engine plays (`gives`, `condition`, `fail_condition`). Which kinds of entity cause
which start event is the fact `conditions.causes` (event -> entity types).
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


def _plays(value: Any, condition_id: str) -> bool:
    if isinstance(value, dict):
        return any((k in PLAYED_FIELDS and v == condition_id) or _plays(v, condition_id) for k, v in value.items())
    if isinstance(value, list):
        return any(_plays(v, condition_id) for v in value)
    return False


def givers(pack: Pack, condition: Entity, types: tuple[str, ...]) -> list[str]:
    """Ids of the entities of those types that give the condition."""
    bracketed = f"[{condition.name}]".casefold()
    return [e.id for e in pack.of_type(*types)
            if condition.id in (e.get("conditions") or [])
            or bracketed in json.dumps(dict(e.data), ensure_ascii=False).casefold()
            or _plays(dict(e.data), condition.id)]


def condition_report(pack: Pack, condition: Entity) -> dict[str, Any]:
    """One condition's events: undefined ones, start events nobody causes, sides it cannot leave."""
    undefined = sorted({event for _, event in events(condition) if pack.term(event) is None})
    by_event = causes(pack)
    starts = {event: givers(pack, condition, by_event.get(event, ())) for event in condition.get("gained_by") or []}
    endless = [side for side, effect, ends in SIDES if condition.get(effect) and not condition.get(ends)]
    return {"starts": starts, "unreachable_starts": sorted(e for e, by in starts.items() if not by),
            "reachable": any(starts.values()), "undefined_events": undefined, "sides_without_end": endless}


def conditions(pack: Pack) -> dict[str, Any]:
    """Every condition's report, and the lists a claim checks: undefined, unreachable, endless."""
    reports = {c.id: condition_report(pack, c) for c in pack.of_type("condition")}
    return {
        "conditions": reports,
        "undefined_events": sorted({e for r in reports.values() for e in r["undefined_events"]}),
        "unreachable": sorted(cid for cid, r in reports.items() if not r["reachable"]),
        "unreachable_starts": {cid: r["unreachable_starts"] for cid, r in reports.items() if r["unreachable_starts"]},
        "without_end": sorted(cid for cid, r in reports.items() if r["sides_without_end"]),
    }
