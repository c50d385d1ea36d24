"""How a described game ends (the GameSpec's `endings`): each end condition of the description is a
declared end of the one scenario, `base`, named by its id, so the engine check reports the one no
playout of any policy and player count reached (DW502, at the condition's `when`, with what the games
showed instead: the fewest cards its zone held and how often the zone was refilled, the highest value
its counter or its test's left side reached). Who wins is the scoring's, not the end's: every end is
declared `Outcome.NEITHER`, so no win or loss rate is asked of a described game (DW511).

A `reach` target beyond what its counter or its component's tokens can supply at some player count is
no end the game can come to: it is left out here and reported as DW536 (checks.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from deckwright.engine.described.game import DescribedGame
from deckwright.engine.described.source import locate
from deckwright.engine.described.table import EndCondition, Table
from deckwright.engine.endings import Ending, Outcome
from deckwright.engine.playout import PlayoutResult
from deckwright.errors import DeckwrightError
from deckwright.model.pack import Pack

GAME = DescribedGame()


def tables(pack: Pack, scenario: str) -> dict[int, Table]:
    """The description compiled at every player count it compiles at (lint reports the others)."""
    found: dict[int, Table] = {}
    for players in GAME.player_counts(pack):
        try:
            found[players] = GAME.compile(pack, scenario, players)
        except DeckwrightError:
            continue
    return found


def endings(pack: Pack, scenario: str) -> tuple[Ending, ...]:
    """The description's end conditions the game can come to, in the order written."""
    compiled = tables(pack, scenario)
    if not compiled:
        return ()
    table = next(iter(compiled.values()))
    return tuple(Ending(end.id, Outcome.NEITHER, at=locate(pack, end.parts + ("when",)),
                        seen=partial(seen, table, end))
                 for end in table.ends if not beyond(compiled, end))


def beyond(tables: dict[int, Table], end: EndCondition) -> str:
    """Why a `reach` target can never be met, at some player count ('' if it can)."""
    for players, table in sorted(tables.items()):
        if end.kind != "reach" or not isinstance(end.target, int) or end.resource is None:
            return ""
        resource = table.resources[end.resource]
        if end.target > resource.high:
            return f"it waits for {end.resource} {end.target}, but the counter stops at {resource.high}"
        if resource.supply is not None and end.target > resource.supply:
            return (f"it waits for {end.resource} {end.target}, but its component has {resource.supply} tokens "
                    f"({players} players)")
    return ""


def seen(table: Table, end: EndCondition, results: Sequence[PlayoutResult]) -> str:
    """What the games showed of an end none of them reached."""
    if end.kind == "zone_empty":
        sizes = [r.details[f"least:{end.id}"] for r in results if f"least:{end.id}" in r.details]
        refills = sum(r.details.get(f"refill:{end.zone}", 0) for r in results)
        text = (f"zone '{end.zone}' never emptied (it held at least {min(sizes)} cards at every check)" if sizes
                else "no playout lasted until it was checked")
        return text + (f"; it was refilled {refills} times" if refills else "")
    if end.kind == "reach":
        most = [r.details[f"most:{end.id}"] for r in results if f"most:{end.id}" in r.details]
        return (f"the highest {end.resource} any player reached was {max(most)}" if most
                else "no playout lasted until it was checked")
    if end.kind == "rounds":
        return f"the longest game lasted {max(r.details.get('rounds', 0) for r in results)} rounds"
    if end.measure is not None:
        found = [r.details[f"most:{end.id}"] for r in results if f"most:{end.id}" in r.details]
        if found:
            return f"its test never held; the highest value of {end.measure.text} seen was {max(found)}"
    return "its test never held when it was checked"
