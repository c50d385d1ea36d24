"""A game's tables compiled once per pack.

`check` asks for the same table many times: the facts' readers are recorded by compiling every
scenario and player count, the playouts compile them, and probes and engine checks compile them
again for each question. A table depends only on the pack, the scenario and the player count (a
what-if pack with other facts is another pack object), so `GameAdapter` subclasses compile each
once and hand out the same immutable table after. The facts a compilation read are recorded again
for every caller, under the caller's reader, so who-read-what is what compiling each time gave.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from deckwright.errors import DeckwrightError
from deckwright.model.pack import Pack
from deckwright.rules.readers import current_reader, note_reads, recording

KEY = "engine.tables"
Compile = Callable[..., Any]


@dataclass(frozen=True)
class Compiled:
    """One compilation: the table or the error it raised, and the facts it read by reader (None: the
    reader in force when it was compiled, which a later caller replaces with its own)."""

    table: Any
    error: DeckwrightError | None
    reads: tuple[tuple[str | None, tuple[str, ...]], ...]


def once_per_pack(compile: Compile) -> Compile:
    """`compile(game, pack, scenario, players, overrides=None)` run once per pack, game, scenario and player
    count; with `overrides` (what-if facts) every call compiles."""

    @functools.wraps(compile)
    def compiled(game: Any, pack: Pack, scenario: str, players: int,
                 overrides: Mapping[str, Any] | None = None) -> Any:
        if overrides:
            return compile(game, pack, scenario, players, overrides)
        memo: dict[tuple[Any, ...], Compiled] = pack.derived(KEY, lambda _: {})
        key = (type(game).__module__, type(game).__qualname__, scenario, players)
        entry = memo.get(key)
        if entry is None:
            entry = memo[key] = _compile(compile, game, pack, scenario, players)
        for reader, names in entry.reads:
            note_reads(names, reader if reader is not None else current_reader())
        if entry.error is not None:
            raise entry.error
        return entry.table

    compiled.once_per_pack = True  # type: ignore[attr-defined]
    return compiled


def _compile(compile: Compile, game: Any, pack: Pack, scenario: str, players: int) -> Compiled:
    caller = current_reader()
    table: Any = None
    error: DeckwrightError | None = None
    with recording() as log:
        try:
            table = compile(game, pack, scenario, players)
        except DeckwrightError as exc:  # RulesError, MissingFacts: every caller reports it its own way
            error = exc
    by_reader: dict[str | None, list[str]] = {}
    for name, readers in log.readers.items():
        for reader in readers:
            by_reader.setdefault(None if reader == caller else reader, []).append(name)
    return Compiled(table, error, tuple((reader, tuple(names)) for reader, names in by_reader.items()))
