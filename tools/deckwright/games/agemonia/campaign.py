"""The campaign: which scenarios become available, by party level and journal keywords.

Playing more never closes a door (experience and keywords only grow), so the party that plays every
scenario as soon as it may is the one that reaches the most: a fixpoint, not a search.
Each scenario's experience point is counted once (the Scenario Record records it once).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deckwright.gamekit import Entity, Pack, fact


@dataclass(frozen=True)
class Levelling:
    """Party level from experience: cumulative thresholds for each level above the start."""

    start: int
    needed: tuple[tuple[int, int], ...]  # (level, experience in total to reach it)

    def level(self, experience: int) -> int:
        """The party level those experience points give."""
        return max([self.start] + [level for level, total in self.needed if experience >= total])


def levelling(pack: Pack) -> Levelling:
    """Thresholds from facts `experience.to_level_N` (points needed from level N-1 to N)."""
    start, top = int(fact(pack, "levels.start")), int(fact(pack, "levels.max"))
    needed, total = [], 0
    for level in range(start + 1, top + 1):
        total += int(fact(pack, f"experience.to_level_{level}"))
        needed.append((level, total))
    return Levelling(start, tuple(needed))


def records(pack: Pack, outcome: str) -> bool:
    """Whether a scenario ended by `outcome` is recorded as completed (fact `experience.outcomes`)."""
    return outcome in {str(o) for o in fact(pack, "experience.outcomes")}


def experience_gained(pack: Pack, scenario: Entity, outcome: str) -> int:
    """Experience a scenario's outcome gives: `experience.per_scenario` when it shows the experience
    symbol and the outcome records it (the campaign probe and the played campaign both count so)."""
    if scenario.get("experience") is not True or not records(pack, outcome):
        return 0
    return int(fact(pack, "experience.per_scenario"))


def _available(scenario: Entity, level: int, keywords: set[str]) -> bool:
    return int(scenario.get("level", 0)) <= level and set(scenario.get("requires_keywords") or []) <= keywords


def campaign(pack: Pack) -> dict[str, Any]:
    """Reachable and unreachable scenarios, the level reached, keywords required but never granted."""
    scenarios = sorted(pack.of_type("scenario"), key=lambda s: (int(s.get("number", 0)), s.id))
    steps = levelling(pack)
    level, experience = steps.start, 0
    keywords: set[str] = set()
    played: set[str] = set()
    while True:
        now = {s.id for s in scenarios if _available(s, level, keywords)} - played
        if not now:
            break
        played |= now
        for scenario in scenarios:
            if scenario.id in now:
                keywords |= set(scenario.get("grants_keywords") or [])
                experience += experience_gained(pack, scenario, "success")
        level = steps.level(experience)
    granted = {k for s in scenarios for k in s.get("grants_keywords") or []}
    required = {k for s in scenarios for k in s.get("requires_keywords") or []}
    return {
        "start_level": steps.start,
        "level_reached": level,
        "max_level": steps.needed[-1][0] if steps.needed else steps.start,
        "experience": experience,
        "thresholds": {str(lv): total for lv, total in steps.needed},
        "reachable": [s.id for s in scenarios if s.id in played],
        "unreachable": [_why(s, level, keywords) for s in scenarios if s.id not in played],
        "ungranted_keywords": sorted(required - granted),
        "experience_by_level": _experience_by_level(pack, scenarios),
        "unknown_experience": [s.id for s in scenarios if s.get("experience") is None and not s.get("tutorial")],
    }


def _why(scenario: Entity, level: int, keywords: set[str]) -> dict[str, Any]:
    missing = sorted(set(scenario.get("requires_keywords") or []) - keywords)
    return {"scenario": scenario.id, "level": scenario.get("level"), "party_level": level, "missing_keywords": missing}


def _experience_by_level(pack: Pack, scenarios: list[Entity]) -> dict[str, int]:
    found: dict[str, int] = {}
    for scenario in scenarios:
        key = str(scenario.get("level", 0))
        found[key] = found.get(key, 0) + experience_gained(pack, scenario, "success")
    return found


def arena_sequence_allowed(pack: Pack, sequence: list[str]) -> bool:
    """Whether scenarios played in this order respect the arena rule (`arena.consecutive_allowed`)."""
    if fact(pack, "arena.consecutive_allowed", True):
        return True
    arena = [bool(pack.by_id[s].get("arena")) if s in pack.by_id else False for s in sequence]
    return not any(a and b for a, b in zip(arena, arena[1:]))
