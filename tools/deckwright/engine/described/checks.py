"""What `lint` and `check` say about a described game.

Lint compiles the description at every player count and reports each mistake at its line. Check
plays seeded games at every player count and reports, with no claim written for it: win targets beyond
what components or limits can supply (end conditions no playout reached are the engine check's DW502,
declared in endings.py), cards no player ever drew or played, deadlocks, expressions that failed and runaway steps.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from deckwright.diagnostic import Diagnostic
from deckwright.engine.described import codes, machine
from deckwright.engine.described.compile import compile_table
from deckwright.engine.described.endings import beyond
from deckwright.engine.described.game import DescribedGame
from deckwright.engine.described.source import ENGINE_DOC, description_of, locate
from deckwright.engine.described.table import Table
from deckwright.engine.playout import STEP_BOUND, VIOLATION, PlayoutResult, play, random_policy, replay
from deckwright.errors import DeckwrightError
from deckwright.model.pack import Pack

if TYPE_CHECKING:
    from concurrent.futures import Executor

NAME = "described"
DEFAULT_RUNS = 50
BROKEN = (machine.ERROR, machine.EFFECT_BOUND, STEP_BOUND, VIOLATION)
GAME = DescribedGame()


def check_description(pack: Pack) -> Iterator[Diagnostic]:
    """The description's mistakes, each once, at the line it is written on."""
    description, problem = description_of(pack)
    if description is None:
        yield codes.NO_DESCRIPTION.at(pack.locate("engine"), problem,
                                      hint="add `{include: engine.yaml, kind: engine}` to the manifest's files")
        return
    seen: set[tuple[str, tuple[Any, ...]]] = set()
    for players in GAME.player_counts(pack):
        for error in compile_table(pack, description, players)[1]:
            if error.parts == (ENGINE_DOC,) and "malformed" in str(error):
                continue  # the schema has reported the shape at its line
            if (str(error), error.parts) not in seen:
                seen.add((str(error), error.parts))
                code = codes.MISSING_FACT if error.code == "missing-fact" else codes.INVALID
                yield code.at(locate(pack, error.parts, error.needle), str(error), hint=error.hint)


def check_playouts(pack: Pack, *, budget_seconds: float = 10.0, pool: Executor | None = None, seed: int = 0,
                   runs: int | None = None) -> list[Diagnostic]:
    """Findings of seeded random playouts at every player count (engine_checks of the described game)."""
    if pack.engine != NAME:
        return []
    from deckwright.engine.parallel import Batch, run_playouts, seeds  # playouts only: lint never imports the pools

    found: list[Diagnostic] = []
    results: dict[int, list[PlayoutResult]] = {}
    tables: dict[int, Table] = {}
    for players in GAME.player_counts(pack):
        try:
            tables[players] = GAME.compile(pack, "base", players)
        except DeckwrightError:  # lint reports the description's mistakes; nothing to play here
            continue
        results[players] = run_playouts(Batch(GAME, tables[players], seeds(seed, runs or DEFAULT_RUNS), ("random",)),
                                        pool=pool)
    if not results:
        return found
    # Ends and usage are judged on the games that ended by the rules; the others are reported below.
    finished = [r for rs in results.values() for r in rs if r.end not in BROKEN]
    any_table = next(iter(tables.values()))
    found += list(_ends(pack, tables))
    if finished:
        found += list(_unplayed(pack, any_table, finished, len(results)))
        found += list(_unreached_marks(pack, any_table, finished, len(results)))
        found += list(_unvisited(pack, any_table, finished, len(results)))
    for players, rs in results.items():
        found += list(_stuck(pack, tables[players], players, rs))
        found += list(_supply_out(pack, tables[players], players, rs))
    return found


def _ends(pack: Pack, tables: dict[int, Table]) -> Iterator[Diagnostic]:
    """Win targets beyond what components or limits supply (DW536); an end no playout reached is the
    engine check's DW502 for every game (the declaration: endings.py)."""
    for end in next(iter(tables.values())).ends:
        why = beyond(tables, end)
        if why:
            yield codes.TARGET_BEYOND_SUPPLY.at(locate(pack, end.parts + ("when",)), f"end condition '{end.id}': {why}",
                                                subject=end.id)


def _unplayed(pack: Pack, table: Table, results: list[PlayoutResult], counts: int) -> Iterator[Diagnostic]:
    used = {k for r in results for k in r.usage}
    for entity in dict.fromkeys(p.entity for p in table.pieces):
        if entity not in used and entity in pack.by_id:
            yield codes.UNPLAYED.at(pack.by_id[entity].locate(), f"no player drew or played '{entity}' in any playout",
                                    subject=entity, hint=f"{len(results)} playouts at {counts} player counts")


def _unreached_marks(pack: Pack, table: Table, results: list[PlayoutResult], counts: int) -> Iterator[Diagnostic]:
    for resource in table.resources.values():
        for mark in resource.marks:
            key = f"mark:{resource.id}@{mark.at}"
            if not any(r.details.get(key) for r in results):
                best = max(r.details.get(f"high:{resource.id}", 0) for r in results)
                yield codes.MARK_UNREACHED.at(
                    locate(pack, mark.parts + ("at",)), f"no marker reached {mark.at} on track '{resource.id}'",
                    subject=f"{resource.id}@{mark.at}",
                    hint=f"{len(results)} playouts at {counts} player counts; the highest {resource.id} seen was {best}")


def _unvisited(pack: Pack, table: Table, results: list[PlayoutResult], counts: int) -> Iterator[Diagnostic]:
    for board in table.boards.values():
        for n, space in enumerate(board.spaces):
            if n == board.start or any(r.details.get(f"visit:{board.id}:{space.id}") for r in results):
                continue
            where = (pack.by_id[space.entity].locate() if space.entity is not None and space.entity in pack.by_id
                     else locate(pack, board.parts + ("spaces", n)))
            links = ", ".join(board.spaces[k].id for k in space.links) or "no space"
            yield codes.SPACE_UNVISITED.at(where, f"no pawn entered '{space.id}' on board '{board.id}' in any playout",
                                           subject=f"{board.id}/{space.id}",
                                           hint=f"{len(results)} playouts at {counts} player counts; it links to {links}")


def _stuck(pack: Pack, table: Table, players: int, results: list[PlayoutResult]) -> Iterable[Diagnostic]:
    by_end = {r.end: r for r in reversed(results)}
    hint = "reproduce: deckwright simulate {pack} --scenario base --players {players} --seed {seed} --runs 1 --record game.log"
    if machine.DEADLOCK in by_end:
        r = by_end[machine.DEADLOCK]
        count = sum(1 for x in results if x.end == machine.DEADLOCK)
        yield codes.DEADLOCK.at(locate(pack, ("", "turn")), f"{players} players: {count} of {len(results)} playouts "
                                f"reached a position with no legal action (seed {r.seed}, step {r.steps})", subject=f"deadlock/{players}",
                                hint=hint.format(pack=pack.display, players=players, seed=r.seed))
    if machine.EFFECT_BOUND in by_end:
        r = by_end[machine.EFFECT_BOUND]
        yield codes.EFFECT_BOUND.at(locate(pack, ("", "limits")), f"{players} players: seed {r.seed}, step {r.steps} ran "
                                    f"more than {table.max_effects} effects", subject=f"effect-bound/{players}", hint=hint.format(pack=pack.display,
                                                                                               players=players, seed=r.seed))
    if machine.ERROR in by_end:
        r = by_end[machine.ERROR]
        message, parts = _error_of(table, r.seed)
        yield codes.PLAY_ERROR.at(locate(pack, parts), f"{players} players, seed {r.seed}, step {r.steps}: {message}", subject=f"error/{players}",
                                  hint=hint.format(pack=pack.display, players=players, seed=r.seed))


def _supply_out(pack: Pack, table: Table, players: int, results: list[PlayoutResult]) -> Iterator[Diagnostic]:
    for resource in table.resources.values():
        short = [r for r in results if r.details.get(f"supply-out:{resource.id}")]
        if resource.supply is not None and short:
            yield codes.SUPPLY_OUT.at(locate(pack, resource.parts + ("supply",)),
                                      f"{players} players: the {resource.supply} tokens of '{resource.id}' ran out in "
                                      f"{len(short)} of {len(results)} playouts (e.g. seed {short[0].seed})",
                                      subject=f"{resource.id}/{players}")


def _error_of(table: Table, seed: int) -> tuple[str, tuple[Any, ...]]:
    """The failed expression of a playout that ended in error, found by replaying it."""
    result = play(GAME, table, seed, [random_policy], ("random",), record=True, check=False)
    state, _ = replay(GAME, table, seed, result.log, check=False)
    return state.error or ("an expression failed", ("",))
