"""Fact mutation: does changing a fact the engine reads change what the engine does?

For every fact an engine reads while compiling its tables, each mutation of its value (a number
+-1, a boolean flipped, an enum to each other value its clause allows, a word to another, a list
shortened or its first and last number +1, each entry of a table +1) is played: the engine compiles the mutated pack and plays a few
seeded random games of every scenario and player count whose table changed. A mutation that changes
no playout (its end, length, scores and the game's details of it) and not the engine's score
bounds means the engine claims to read a fact it does not use. Any game can run
this over its own pack (see tests/games/*/test_fact_mutation.py).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from deckwright.engine.game import Game
from deckwright.engine.parallel import Batch, run_playouts, seeds
from deckwright.errors import DeckwrightError
from deckwright.model.pack import Pack
from deckwright.rules.facts import FactStatement, fact_index, with_facts
from deckwright.rules.readers import ENGINE, kind_of, reading_as, recording
from deckwright.rules.values import is_number


@dataclass(frozen=True)
class Mutation:
    """One mutated value of a fact, and what it changed: `play` (a playout), `refused` (the engine
    will not play it: a diagnostic), or `nothing`."""

    fact: str
    original: Any
    mutated: Any
    changed: str


def mutations(value: Any, allowed: Sequence[Any] = ()) -> list[Any]:
    """Other values of a fact: numbers +-1, booleans flipped, enums to their other allowed values, ..."""
    if isinstance(value, bool):
        return [not value]
    if is_number(value):
        return [value + 1, value - 1]
    if isinstance(value, str):
        others = [a for a in allowed if a != value]
        return others or [value + "-mutated"]
    if isinstance(value, list):
        if value and all(is_number(v) for v in value):
            return [[value[0] + 1, *value[1:]], [*value[:-1], value[-1] + 1]]
        return [value[:-1]] if value else []
    if isinstance(value, Mapping):
        return [{**value, key: changed} for key in value if is_number(value[key])
                for changed in (value[key] + 1,)]
    return []


def engine_facts(pack: Pack, game: Game) -> list[str]:
    """The facts the engine reads while compiling every scenario and player count, sorted."""
    with recording() as log, reading_as(ENGINE):
        for players in game.player_counts(pack):
            for scenario in game.scenarios(pack):
                try:
                    game.compile(pack, scenario, players)
                except DeckwrightError:
                    continue
    return sorted(name for name, readers in log.readers.items() if any(kind_of(r) == ENGINE for r in readers))


def _allowed(stated: Sequence[FactStatement]) -> list[Any]:
    return list(stated[0].allowed or ())


def _tables(pack: Pack, game: Game) -> dict[tuple[str, int], Any]:
    tables = {}
    for players in game.player_counts(pack):
        for scenario in game.scenarios(pack):
            try:
                tables[(scenario, players)] = game.compile(pack, scenario, players)
            except DeckwrightError as exc:
                tables[(scenario, players)] = exc.args
    return tables


@dataclass(frozen=True)
class _Trial:
    """Seeds and policies of one round of playouts: a few random games first, many more (random and
    the game's own policies) only for a mutation the few did not tell apart."""

    played: tuple[int, ...]
    policies: tuple[tuple[str, ...], ...]


def _outcome(game: Game, table: Any, trial: _Trial) -> list[tuple[Any, ...]]:
    found: list[tuple[Any, ...]] = [tuple(game.score_bounds(table))]
    for policies in trial.policies:
        results = run_playouts(Batch(game, table, trial.played, policies, check=False))
        found += [(r.end, r.steps, tuple(r.scores), sorted(r.details.items())) for r in results]
    return found


def _changed(game: Game, base: Mapping[tuple[str, int], Any], mutated: Mapping[tuple[str, int], Any],
             trial: _Trial, cache: dict[tuple[_Trial, tuple[str, int]], Any]) -> str:
    for key, table in mutated.items():
        if isinstance(table, tuple) or isinstance(base[key], tuple):
            if isinstance(table, tuple) and table != base[key]:
                return "refused"
            continue
        if (trial, key) not in cache:
            cache[(trial, key)] = _outcome(game, base[key], trial)
        if _outcome(game, table, trial) != cache[(trial, key)]:
            return "play"
    return "nothing"


def mutate_engine_facts(pack: Pack, game: Game, runs: int = 4, more: int = 40, seed: int = 0) -> Iterator[Mutation]:
    """Every mutation of every engine-read fact, with what it changed: `runs` random playouts of each
    table first, then `more` with random and every policy of the game where those showed no change."""
    index = fact_index(pack)
    base = _tables(pack, game)
    trials = (_Trial(seeds(seed, runs), (("random",),)),
              _Trial(seeds(seed, more), (("random",), *((name,) for name in sorted(game.policies())))))
    cache: dict[tuple[_Trial, tuple[str, int]], Any] = {}
    for name in engine_facts(pack, game):
        for value in mutations(index.values[name], _allowed(index.statements[name])):
            mutated = _tables(with_facts(pack, {name: value}), game)
            changed = "nothing"
            for trial in trials:
                changed = _changed(game, base, mutated, trial, cache)
                if changed != "nothing":
                    break
            yield Mutation(name, index.values[name], value, changed)
