"""Conditions: each one's start and end events are defined (glossary) and its start is reachable.

A start event is reachable when some entity of the kind that causes it gives the condition, by a
`conditions` reference or by naming it in brackets (`[Bleeding]`) in any of its texts.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

from deckwright.model import Entity, Pack

# Start event -> entity types that can cause it.
CAUSES: Mapping[str, tuple[str, ...]] = {
    "enemy-attack": ("enemy", "enemy-board"),
    "hero-action": ("hero-action", "hero-token"),
    "item": ("item", "item-token", "artifact"),
    "trap": ("trap",),
    "class-skill": ("class-skill", "class"),
    "story": ("story-card", "scenario-card", "event-card"),
    "failed-check": ("trap", "story-card", "event-card", "scenario-card"),
}
SIDES = (("ally", "ally_effect", "ends_ally"), ("enemy", "enemy_effect", "ends_enemy"))


def events(condition: Entity) -> Iterator[tuple[str, str]]:
    """(field, event) for every start and end event the condition names."""
    for field in ("gained_by", "ends_ally", "ends_enemy"):
        for event in condition.get(field) or []:
            yield field, str(event)


def givers(pack: Pack, condition: Entity, types: tuple[str, ...]) -> list[str]:
    """Ids of the entities of those types that give the condition."""
    bracketed = f"[{condition.name}]".casefold()
    return [e.id for e in pack.of_type(*types)
            if condition.id in (e.get("conditions") or [])
            or bracketed in json.dumps(dict(e.data), ensure_ascii=False).casefold()]


def condition_report(pack: Pack, condition: Entity) -> dict[str, Any]:
    """One condition's events: undefined ones, start events nobody causes, sides it cannot leave."""
    undefined = sorted({event for _, event in events(condition) if pack.term(event) is None})
    starts = {event: givers(pack, condition, CAUSES.get(event, ())) for event in condition.get("gained_by") or []}
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
