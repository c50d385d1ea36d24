"""Component limits asked of the engine: the most pieces of each component the sample scenarios put in
use at once, in seeded playouts at every Hero count, against the count the box prints.

The engine records what it takes out of the box as `peak:<component>` in a game's usage (condition
tokens and cards, dice, standees, counter dice, Enemy boards, chips, gems, trap and spawn tokens, the
decks). Each is compared with the fact `components.<component>.count` (dashes read as underscores;
standees with `components.standees.<enemy>`), and every such fact with the count of the manifest's
component of the same name. The Action token count comes from the action entities (the level-up rule
against the component list).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from deckwright.gamekit import Pack, fact, facts_with_prefix
from deckwright.games.agemonia.playcheck import PROBE_RUNS, play_samples

PREFIX = "components."


def action_tokens(pack: Pack) -> dict[str, Any]:
    """Action tokens per Hero by level, from the action entities, against the component count."""
    by_hero: dict[str, dict[str, int]] = {}
    for action in pack.of_type("hero-action"):
        if action.get("token") and action.get("hero"):
            levels = by_hero.setdefault(str(action.get("hero")), {})
            levels[str(action.get("level"))] = levels.get(str(action.get("level")), 0) + action.copies
    per_level = int(fact(pack, "level_up.action_tokens"))
    top, start = int(fact(pack, "levels.max")), int(fact(pack, "levels.start"))
    return {"by_hero": by_hero, "total": sum(sum(v.values()) for v in by_hero.values()),
            "per_hero_by_level_up_rule": None if not by_hero else _starting(by_hero) + per_level * (top - start),
            "printed": fact(pack, "components.action_tokens.count")}


def _starting(by_hero: Mapping[str, Mapping[str, int]]) -> int:
    return max(levels.get("1", 0) for levels in by_hero.values())


def printed_fact(component: str) -> str:
    """The fact that prints a played component's count: `standees:enemy-x` -> `components.standees.x`."""
    if component.startswith("standees:"):
        return PREFIX + "standees." + component.split(":", 1)[1].removeprefix("enemy-").replace("-", "_")
    return PREFIX + component.replace("-", "_") + ".count"


def _box(pack: Pack, component: str) -> int | None:
    """The box's count of a played component: its fact, or the copies of a condition's cards."""
    if component.startswith("condition-cards:"):
        entity = pack.by_id.get(component.split(":", 1)[1])
        return entity.copies if entity is not None else None
    value = facts_with_prefix(pack, printed_fact(component)).get(printed_fact(component))
    return int(value) if isinstance(value, int) else None


def peaks(pack: Pack, runs: int, seed: int) -> dict[str, dict[str, Any]]:
    """The most of each component in use, over `runs` games of every sample, Hero count and policy,
    with the first game that reached it."""
    found: dict[str, dict[str, Any]] = {}
    for played in play_samples(pack, runs, seed):
        for result in played.results:
            for key, value in result.usage.items():  # a game names a component once: its order decides nothing
                if key.startswith("peak:") and value > found.get(key[5:], {}).get("peak", -1):
                    found[key[5:]] = {"peak": value, "scenario": played.scenario, "players": played.players,
                                      "policy": played.policy, "seed": result.seed,
                                      "step": result.usage.get("peak-step:" + key[5:], 0)}
    return found


def manifest_mismatches(pack: Pack) -> list[dict[str, Any]]:
    """Component count facts whose manifest component of the same name prints another count."""
    printed = {c.id: c.count for c in pack.components}
    found = []
    for name, value in sorted(facts_with_prefix(pack, PREFIX.rstrip(".")).items()):
        if not name.endswith(".count") or not isinstance(value, int):
            continue  # a list of counts names several components
        component = name.removeprefix(PREFIX).removesuffix(".count").replace("_", "-")
        if component in printed and printed[component] != value:
            found.append({"fact": name, "fact_count": value, "component": component, "manifest": printed[component]})
    return found


def component_limits(pack: Pack, runs: int = PROBE_RUNS, seed: int = 0) -> dict[str, Any]:
    """Every component the sample playouts take out of the box against its printed count; component
    facts against the manifest; the Action tokens against the level-up rule."""
    played = peaks(pack, runs, seed)
    measured = {}
    for component, seen in sorted(played.items()):
        box = _box(pack, component)
        measured[component] = {**seen, "box": box, "over": box is not None and seen["peak"] > box}
    return {
        "played": measured,
        "over": [{"component": c, **m} for c, m in measured.items() if m["over"]],
        "unprinted": sorted(c for c, m in measured.items() if m["box"] is None),
        "manifest_mismatch": manifest_mismatches(pack),
        "action_tokens": action_tokens(pack),
        "runs": runs,
        "seed": seed,
    }
