"""Scenario set-up and end: the decks each difficulty builds, and whether winning and losing are in reach.

Numbers are the book's facts (olm.*, ashgar.*, scenario.*); the cards counted are the pack's mission
and monster cards; distances are walked on the pack's map.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from deckwright.gamekit import Entity, Pack, fact
from deckwright.games.silver_coin.fight import entity_of
from deckwright.games.silver_coin.worldmap import LAND, SEA, WorldMap, distances


def _level(value: Any, difficulty: str) -> Any:
    """A by-difficulty fact's value for one difficulty (a plain value applies to every difficulty)."""
    return value[difficulty] if isinstance(value, Mapping) else value


def _missions(pack: Pack, kingdoms: Sequence[str], olm: bool | None = None) -> list[Entity]:
    return [m for m in pack.of_type("mission-card") if m.get("kingdom") in kingdoms
            and (olm is None or bool(m.get("olm")) == olm)]


def mission_rounds(deck: int, drawn_at_setup: int, per_round: int) -> int:
    """Rounds whose Mission phase can draw a card; the next round loses on 'can't draw a Mission card'."""
    return max(0, deck - drawn_at_setup) // per_round if per_round > 0 else 0


def olm_infestation(pack: Pack, entity: Entity, difficulty: str) -> dict[str, Any]:
    """Olm Infestation (lines 1671-1757): the Olm and scenario decks, and the reach of its ends."""
    kingdoms = list(entity.get("playable_kingdoms") or [])
    named = len(_missions(pack, kingdoms, olm=True))
    olm_deck = named - int(fact(pack, "olm.setup.olm_removed"))
    other = int(_level(fact(pack, "olm.setup.other_missions"), difficulty))
    deck = olm_deck + other
    starting = int(fact(pack, "olm.setup.starting_missions"))
    win = int(_level(fact(pack, "olm.win.olms"), difficulty))
    lose_at = int(_level(fact(pack, "olm.lose.olm_discards"), difficulty))
    rounds = mission_rounds(deck, starting, int(fact(pack, "scenario.missions_per_phase")))
    spare = olm_deck - win
    return {
        "scenario": entity.id, "difficulty": difficulty,
        "olm_missions": {"named": named, "stated": fact(pack, "olm.setup.olm_missions"),
                         "deck": olm_deck, "deck_stated": fact(pack, "olm.setup.olm_deck")},
        "mission_deck": {"olm": olm_deck, "other": other, "total": deck,
                         "stated": _level(fact(pack, "olm.setup.mission_deck"), difficulty),
                         "other_available": len(_missions(pack, kingdoms, olm=False))},
        "win": {"olms": win, "reachable": olm_deck >= win, "earliest_draw_round": max(0, win - starting)},
        "lose": {"olm_discards": lose_at, "spare_olms": spare,
                 "discard_loss_avoidable": spare >= 0,
                 "discard_loss_when_win_impossible": lose_at - 1 == spare,
                 "mission_rounds": rounds,
                 "deck_out_avoidable": spare >= 0 and max(0, win - starting) <= rounds},
    }


def _objective_decks(entity: Entity, difficulty: str) -> list[dict[str, int]]:
    decks = ((entity.get("setup_by_difficulty") or {}).get(difficulty) or {}).get("objective_decks") or []
    return [{str(k): int(v) for k, v in d.items()} for d in decks if isinstance(d, dict)]


def ashgar_plague(pack: Pack, entity: Entity, difficulty: str) -> dict[str, Any]:
    """Ashgar Plague (lines 1761-1929): mission and objective decks, travel limits and objective reach."""
    taken, placed = int(fact(pack, "ashgar.setup.missions_taken")), int(fact(pack, "ashgar.setup.missions_placed"))
    morahan_deck = int(fact(pack, "ashgar.setup.morahan_deck"))
    objectives = int(fact(pack, "ashgar.setup.morahan_objective_missions"))
    remaining = taken - placed
    kingdoms = list(entity.get("playable_kingdoms") or [])
    morahan = _missions(pack, ["morahan"])
    others = _missions(pack, [k for k in kingdoms if k != "morahan"])
    subdecks = _objective_decks(entity, difficulty)
    by_level = {f"level_{n}": sum(d.get(f"level_{n}", 0) for d in subdecks) for n in (1, 2, 3)}
    size = sum(by_level.values())
    capacity = [int(c) for c in _level(fact(pack, "ashgar.objective_space_capacity"), difficulty)]
    deck = remaining + morahan_deck
    reveal = [int(r) for r in fact(pack, "ashgar.objective_reveal_rounds")]
    rounds = mission_rounds(deck, 0, int(fact(pack, "scenario.missions_per_phase")))
    return {
        "scenario": entity.id, "difficulty": difficulty,
        "mission_deck": {"taken": taken, "placed": placed, "remaining": remaining,
                         "remaining_stated": fact(pack, "ashgar.setup.missions_remaining"),
                         "morahan": morahan_deck, "total": deck, "stated": fact(pack, "ashgar.setup.mission_deck"),
                         "morahan_available": len(morahan), "morahan_needed": objectives + morahan_deck,
                         "others_available": len(others)},
        "objective_deck": {"subdecks": subdecks, **by_level, "size": size,
                           "size_stated": _level(fact(pack, "ashgar.setup.objective_deck_size"), difficulty),
                           "capacity": capacity, "deepest_card": max(capacity, default=0),
                           "capacity_within_deck": max(capacity, default=0) <= size},
        "win": {"objective_monsters": fact(pack, "ashgar.objective_monsters"), "reveal_rounds": reveal,
                "mission_rounds": rounds, "revealed_in_time": all(r <= rounds + 1 for r in reveal),
                **objective_reach(pack, entity, [str(m.get("location")) for m in morahan])},
    }


def objective_reach(pack: Pack, entity: Entity, targets: Sequence[str]) -> dict[str, Any]:
    """Whether the objective locations can be walked or sailed to from the start, inside the travel limit."""
    world = WorldMap.of(pack)
    starts = list(entity.get("starting_locations") or [])
    limit = int(fact(pack, "ashgar.kingdoms"))
    playable = list(entity.get("playable_kingdoms") or [])
    named = list((entity.get("setup") or {}).get("townsfolk_kingdoms") or [])
    limited = named if limit < len(playable) and len(named) == limit else playable
    start_kingdoms = sorted({str(world.places[s].kingdom) for s in starts if s in world.places})

    def reach(kingdoms: Sequence[str]) -> bool:
        return bool(starts) and all(all(t in distances(world, s, LAND + SEA, kingdoms) for t in targets)
                                    for s in starts if s in world.places)

    return {"travel_limit": limit, "playable_kingdoms": len(playable), "travel_kingdoms": limited,
            "start_kingdoms": start_kingdoms, "start_inside_limit": set(start_kingdoms) <= set(limited),
            "reachable_in_playable": reach(playable), "reachable_inside_limit": reach(limited)}


SCENARIOS: Mapping[str, Callable[[Pack, Entity, str], dict[str, Any]]] = {
    "olm-infestation": olm_infestation,
    "ashgar-plague": ashgar_plague,
}


def scenario(pack: Pack, scenario: str, difficulty: str = "normal") -> dict[str, Any]:
    """Set-up and end of one scenario at one difficulty."""
    entity = entity_of(pack, scenario, "scenario")
    if difficulty not in (entity.get("difficulties") or []):
        raise ValueError(f"scenario '{scenario}' has no difficulty '{difficulty}'")
    if scenario not in SCENARIOS:
        raise ValueError(f"no engine for scenario '{scenario}' (known: {', '.join(sorted(SCENARIOS))})")
    return SCENARIOS[scenario](pack, entity, difficulty)
