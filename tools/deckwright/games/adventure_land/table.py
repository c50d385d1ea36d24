"""A game's fixed data, compiled once from the pack: board rays, cards, tiles, setup and scoring.

The Table is immutable and picklable, so playouts in other processes or on a Dask cluster get the
same game without loading the pack again.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from deckwright.gamekit import Entity, MissingFacts, Pack, fact, with_facts
from deckwright.games.adventure_land.rules import DIRECTIONS, Rules, RulesError, read_rules

TERRAINS = ("city", "forest", "mountain", "river", "fog")
CITY, FOREST, MOUNTAIN, RIVER, FOG = range(5)
SCORING_KINDS = frozenset({"fog-creature", "fog-creature-strength", "companion-group", "gold", "herb", "sword",
                           "largest-group", "adventurer-in-city", "companion-in-city"})


@dataclass(frozen=True)
class ScoreRule:
    """One scoring line of an adventure card."""

    id: str
    index: int
    timing: str
    counts: str
    points: int
    table: tuple[int, ...] = ()
    extra: int = 0
    minimum: int = 0


@dataclass(frozen=True)
class Table:
    """Everything fixed for one game: scenario, player count, rules, board, pieces."""

    scenario: str
    players: int
    rules: Rules
    field_ids: tuple[str, ...]
    coordinates: tuple[str, ...]
    terrain: tuple[int, ...]
    rays: tuple[tuple[tuple[int, ...], ...], ...]  # field -> direction -> fields beyond it, in order
    river: tuple[int, ...]
    areas: tuple[str, ...]
    entries: tuple[tuple[tuple[int, ...], ...], ...]  # area -> entry -> fields from the entry on
    entry_names: tuple[tuple[str, ...], ...]
    player_areas: tuple[int, ...]  # areas each player keeps an adventurer in
    colors: tuple[str, ...]
    adventurers_per_player: int
    starting_adventurers: int
    initial_cards: int
    companions_total: int
    companions_in_play: int
    gold_total: int
    cards: tuple[tuple[str, int, int], ...]  # (card id, field, terrain)
    herb_values: tuple[int, ...]
    herb_entities: tuple[str, ...]
    sword_values: tuple[int, ...]
    sword_entities: tuple[str, ...]
    swords_in_play: int
    fog_strengths: tuple[int, ...]
    fog_entities: tuple[str, ...]
    scoring: tuple[ScoreRule, ...]
    tie_break: tuple[str, ...]
    by_terrain: tuple[tuple[int, ...], ...] = ()  # terrain -> its fields, in field order (the invariants' walk)
    # adventurer -> ray (a direction, or an entry of an area) -> distance - 1 -> the action moving it there:
    # built once, so listing the legal moves at every decision of a playout builds no tuple
    move_actions: tuple[tuple[tuple[tuple[object, ...], ...], ...], ...] = ()


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def scenario_entities(pack: Pack) -> list[Entity]:
    return sorted(pack.of_type("adventure"), key=lambda e: (e.get("number", 0), e.id))


def resolve_scenario(pack: Pack, name: str) -> Entity | None:
    """The adventure a user-given name means: its id, its number, or its name as a slug."""
    wanted = slug(name)
    for entity in scenario_entities(pack):
        if wanted in (entity.id, slug(entity.name), str(entity.get("number")), entity.id.removeprefix("adventure-")):
            return entity
    return None


def _copies(entities: list[Entity], value: str) -> tuple[tuple[int, ...], tuple[str, ...]]:
    values: list[int] = []
    ids: list[str] = []
    for entity in entities:
        values += [int(entity.get(value, 0))] * entity.copies
        ids += [entity.id] * entity.copies
    return tuple(values), tuple(ids)


def _per_players(rules_value: Mapping[str, int], players: int, name: str) -> int:
    value = rules_value.get(str(players)) if isinstance(rules_value, Mapping) else None
    if not isinstance(value, int):
        raise MissingFacts(f"no clause states {name} for {players} players", (name,))
    return value


def score_rules(pack: Pack, adventure: Entity) -> tuple[ScoreRule, ...]:
    """The adventure's scoring lines, their points read from the facts each line names (`fact:`): the
    points per unit, or for a group table `<fact>.table` and `<fact>.extra`; `<fact>.min` is the
    smallest group the largest-group award goes to."""
    rules = []
    missing: list[str] = []
    for i, line in enumerate(adventure.get("scoring") or []):
        name, counts = str(line.get("fact")), str(line.get("counts"))
        wanted = (f"{name}.table", f"{name}.extra") if counts == "companion-group" else (name,)
        found = {n: fact(pack, n, None) for n in wanted}
        missing += [n for n, v in found.items() if v is None]
        if any(v is None for v in found.values()):
            continue
        if counts == "companion-group":
            rules.append(ScoreRule(str(line.get("id", i)), i, str(line.get("timing")), counts, 0,
                                   tuple(int(v) for v in found[f"{name}.table"]), int(found[f"{name}.extra"])))
        else:
            rules.append(ScoreRule(str(line.get("id", i)), i, str(line.get("timing")), counts, int(found[name]),
                                   minimum=int(fact(pack, f"{name}.min", 0))))
    if missing:
        raise MissingFacts(f"adventure '{adventure.id}' scores by facts no clause states: {', '.join(missing)}",
                         tuple(missing))
    return tuple(rules)


def compile_table(pack: Pack, scenario: str, players: int, overrides: Mapping[str, Any] | None = None) -> Table:
    """The Table for one adventure and player count; RulesError when the pack cannot set it up."""
    if overrides:
        pack = with_facts(pack, overrides)
    rules = read_rules(pack)
    adventure = resolve_scenario(pack, scenario)
    if adventure is None:
        raise RulesError(f"pack '{pack.id}' has no adventure '{scenario}'")
    board = next(iter(pack.of_type("board")), None)
    if board is None:
        raise RulesError(f"pack '{pack.id}' has no board")
    fields = sorted(pack.of_type("board-field"), key=lambda f: (f.get("y"), f.get("x")))
    index = {f.id: i for i, f in enumerate(fields)}
    at = {(f.get("x"), f.get("y")): i for i, f in enumerate(fields)}

    def ray(start: int, direction: str, include: bool) -> tuple[int, ...]:
        dx, dy = DIRECTIONS[direction]
        x, y = fields[start].get("x"), fields[start].get("y")
        out = [start] if include else []
        while (x := x + dx, y := y + dy) and (x, y) in at:
            out.append(at[(x, y)])
        return tuple(out)

    rays = tuple(tuple(ray(i, d, False) for d in rules.directions) for i in range(len(fields)))
    setup_row = next((e for e in pack.of_type("setup-row") if e.get("players") == players), None)
    if setup_row is None:
        raise RulesError(f"pack '{pack.id}' has no setup row for {players} players")
    area_entities = [pack.by_id[a] for a in setup_row.get("starting_areas") or [] if a in pack.by_id]
    entries = tuple(tuple(ray(index[e["field"]], e["direction"], True) for e in a.get("entries") or [])
                    for a in area_entities)
    entry_names = tuple(tuple(f"{fields[index[e['field']]].get('coordinate')} {e['direction']}"
                              for e in a.get("entries") or []) for a in area_entities)
    herbs, herb_ids = _copies(list(pack.of_type("herb")), "value")
    swords, sword_ids = _copies(list(pack.of_type("sword")), "extra_value")
    fogs, fog_ids = _copies(list(pack.of_type("fog-creature")), "strength")
    companions = sum(e.copies for e in pack.of_type("companion"))
    scoring = score_rules(pack, adventure)
    unknown = [s.counts for s in scoring if s.counts not in SCORING_KINDS]
    if unknown:
        raise RulesError(f"adventure '{adventure.id}' scores {unknown}, which the engine does not know")
    colors = tuple(str(e.get("color")) for e in pack.of_type("adventurer"))
    terrain = tuple(TERRAINS.index(f.get("terrain")) for f in fields)
    per_player = _per_players(rules.adventurers_per_player, players, "setup.adventurers_per_player")
    return Table(
        scenario=adventure.id,
        players=players,
        rules=rules,
        field_ids=tuple(f.id for f in fields),
        coordinates=tuple(str(f.get("coordinate")) for f in fields),
        terrain=terrain,
        rays=rays,
        river=tuple(index[r] for r in board.get("river") or [] if r in index),
        areas=tuple(a.id for a in area_entities),
        entries=entries,
        entry_names=entry_names,
        player_areas=tuple(range(len(area_entities))),
        colors=colors,
        adventurers_per_player=per_player,
        starting_adventurers=_per_players(rules.starting_adventurers, players, "setup.starting_adventurers_per_player"),
        initial_cards=_per_players(rules.initial_terrain_cards, players, "setup.initial_terrain_cards"),
        companions_total=companions,
        companions_in_play=companions - _per_players(rules.companions_set_aside, players, "setup.companions_set_aside"),
        gold_total=sum(e.copies for e in pack.of_type("gold")),
        cards=tuple((c.id, index[c.get("field")], TERRAINS.index(c.get("terrain")))
                    for c in pack.of_type("terrain-card") if c.get("field") in index),
        herb_values=herbs, herb_entities=herb_ids,
        sword_values=swords, sword_entities=sword_ids,
        swords_in_play=len(swords) - _per_players(rules.swords_set_aside, players, "setup.swords_set_aside"),
        fog_strengths=fogs, fog_entities=fog_ids,
        scoring=scoring,
        tie_break=rules.tie_break,
        by_terrain=tuple(tuple(f for f, kind in enumerate(terrain) if kind == wanted) for wanted in range(len(TERRAINS))),
        move_actions=_move_actions(players * per_player, (*rays, *entries)),
    )


def _move_actions(adventurers: int, rays: tuple[tuple[tuple[int, ...], ...], ...]
                  ) -> tuple[tuple[tuple[tuple[object, ...], ...], ...], ...]:
    """Every move action an adventurer can be offered, by adventurer, ray number and distance - 1 (as many
    rays and as far as any field's or area's go)."""
    most = max((len(found) for found in rays), default=0)
    farthest = max((len(ray) for found in rays for ray in found), default=0)
    return tuple(tuple(tuple(("move", adventurer, k, distance) for distance in range(1, farthest + 1))
                       for k in range(most)) for adventurer in range(adventurers))
