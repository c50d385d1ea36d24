"""Component limits: what each scenario set-up and difficulty needs, against what the box holds.

The initiative deck of each difficulty comes from `decks` (facts `initiative.deck_kinds.*`); set-ups
name their enemies and tokens (`setup` of a scenario entity).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from deckwright.gamekit import Entity, Pack, fact
from deckwright.games.agemonia.decks import initiative_decks

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


def figures_on_map(pack: Pack, setup: Mapping[str, Any]) -> dict[str, int]:
    """Most Allies and Enemies a set-up puts on the map (Heroes, hired and summoned Allies, Enemies)."""
    heroes = int(fact(pack, "players.max"))
    allies = heroes + int(fact(pack, "henchman.max_hired", 0)) + heroes * int(fact(pack, "summoned_ally.max", 0))
    return {"allies": allies, "enemies": sum(int(n) for n in (setup.get("enemies") or {}).values())}


def setup_needs(pack: Pack, scenario: Entity) -> dict[str, Any]:
    """A scenario set-up's standees, condition pieces and tokens against the box; `over` lists every excess."""
    setup = scenario.get("setup") or {}
    over: list[dict[str, Any]] = []
    for enemy_id, count in sorted((setup.get("enemies") or {}).items()):
        enemy = pack.by_id.get(enemy_id)
        have = int(enemy.get("figures", 0)) if enemy is not None else 0
        if int(count) > have:
            over.append({"piece": enemy_id, "needed": int(count), "box": have})
    components = {c.id: c.count for c in pack.components}
    for component_id, count in sorted((setup.get("tokens") or {}).items()):
        if int(count) > components.get(component_id, 0):
            over.append({"piece": component_id, "needed": int(count), "box": components.get(component_id, 0)})
    figures = figures_on_map(pack, setup)
    conditions = condition_pieces(pack, figures)
    over.extend({"piece": piece, "needed": n, "box": have} for piece, (n, have) in conditions.items() if n > have)
    return {"figures": figures, "conditions": {k: {"needed": n, "box": h} for k, (n, h) in conditions.items()},
            "over": over}


def condition_pieces(pack: Pack, figures: Mapping[str, int]) -> dict[str, tuple[int, int]]:
    """(needed, in box) for one condition's cards and for the condition tokens, at the worst moment.

    Allies take cards until a condition's cards run out (`conditions.cards_before_tokens`), then
    tokens; Enemies always take tokens; each figure holds at most `conditions.max_per_figure`.
    """
    per_figure = int(fact(pack, "conditions.max_per_figure"))
    cards_first = int(fact(pack, "conditions.cards_before_tokens"))
    least_copies = min((c.copies for c in pack.of_type("condition")), default=0)
    ally_cards = min(figures["allies"], cards_first)
    ally_tokens = (figures["allies"] - ally_cards) * per_figure
    tokens = figures["enemies"] * per_figure + ally_tokens
    return {"condition-cards-each": (ally_cards, least_copies),
            "condition-tokens": (tokens, int(fact(pack, "components.condition_tokens.count")))}


def component_limits(pack: Pack) -> dict[str, Any]:
    """Every set-up at every difficulty against the box, with the action tokens and initiative decks."""
    decks = initiative_decks(pack)
    setups = {}
    for scenario in pack.of_type("scenario"):
        needs = setup_needs(pack, scenario)
        for difficulty, deck in decks["decks"].items():
            over = list(needs["over"])
            if not deck["fits_box"]:
                over.append({"piece": "initiative-cards", "needed": deck["cards"], "box": decks["box"]})
            setups[f"{scenario.id}@{difficulty}"] = over
    return {"initiative": decks, "action_tokens": action_tokens(pack),
            "over": {key: over for key, over in setups.items() if over}, "setups_checked": len(setups)}
