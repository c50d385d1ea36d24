"""Which facts of a pack are read, and by whom: `deckwright facts`, the unread-fact finding (DW418)
and the shares `check` prints in its summary.

Readers are found by doing what reads them, with the read log on (`deckwright.rules.readers`):
the engine compiles the table of every scenario and player count in this process (the engine reads
its facts there, so what worker processes do later needs no asking), and the claims and content
expressions are evaluated (probes they ask name themselves as readers).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from deckwright.diagnostic import Diagnostic, Severity
from deckwright.errors import DeckwrightError
from deckwright.model import Pack
from deckwright.plugin import load_game
from deckwright.rules import codes
from deckwright.rules.facts import PRECEDENCE_FACT, FactStatement, fact_index, rank, precedence_order
from deckwright.rules.readers import ENGINE, PRECEDENCE, ReadLog, kind_of, reading_as, recording

UNREAD_SETTING = "unread_facts"
SEVERITIES = {"error": Severity.ERROR, "warning": Severity.WARNING, "info": Severity.INFO}


@dataclass(frozen=True)
class FactUse:
    """One fact: its governing value, every statement of it, and who reads it."""

    name: str
    value: Any
    statements: tuple[FactStatement, ...]
    readers: tuple[str, ...]


@dataclass(frozen=True)
class FactShares:
    """How many of a pack's facts the engine (or its probes), the claims, and nothing read."""

    total: int = 0
    engine: int = 0
    claims: int = 0
    nothing: int = 0

    @classmethod
    def of(cls, uses: Iterable[FactUse]) -> FactShares:
        listed = list(uses)
        kinds = [{kind_of(r) for r in use.readers} for use in listed]
        return cls(len(listed), sum(1 for k in kinds if k & {ENGINE, "probe"}),
                   sum(1 for k in kinds if "claim" in k), sum(1 for k in kinds if not k))

    def __add__(self, other: FactShares) -> FactShares:
        return FactShares(self.total + other.total, self.engine + other.engine, self.claims + other.claims,
                          self.nothing + other.nothing)

    def summary(self) -> dict[str, int]:
        return {"total": self.total, "read by engine": self.engine, "read by claims": self.claims,
                "read by nothing": self.nothing}


def engine_reads(pack: Pack) -> None:
    """Compile every scenario and player count of the pack's engine, reads attributed to `engine`."""
    if not pack.engine:
        return
    try:
        game = load_game(pack.engine).engine
    except DeckwrightError:
        return
    if game is None:
        return
    plays = getattr(game, "plays", None)
    with reading_as(ENGINE):
        for players in game.player_counts(pack):
            for scenario in game.scenarios(pack):
                if plays is not None and not plays(pack, scenario, players):
                    continue
                try:
                    game.compile(pack, scenario, players)
                except DeckwrightError:
                    continue  # the engine check reports what cannot be set up


def survey(pack: Pack) -> ReadLog:
    """Every reader of every fact: the engine's compilation, claims, content expressions and probes."""
    from deckwright.rules.claims import check_claims

    with recording() as log:
        engine_reads(pack)
        for _ in check_claims(pack):
            pass
    return log


def fact_uses(pack: Pack, log: ReadLog) -> list[FactUse]:
    """Every fact of the pack, by name, with the readers `log` recorded; `precedence.order` is also read
    by the precedence ranking once a clause names a level of it (it settles which statement wins)."""
    index = fact_index(pack)
    order = precedence_order(index.statements)
    ranked = (PRECEDENCE,) if any(s.precedence for stated in index.statements.values() for s in stated) else ()
    return [FactUse(name, index.values[name], tuple(sorted(stated, key=lambda s: rank(s, order))),
                    tuple(log.of(name)) + (ranked if name == PRECEDENCE_FACT else ()))
            for name, stated in sorted(index.statements.items())]


def unread_severity(pack: Pack) -> Severity:
    """The severity the pack asks for facts nothing reads (`unread_facts:` in pack.yaml; info by default)."""
    data = pack.manifest.data
    chosen = data.get(UNREAD_SETTING) if isinstance(data, Mapping) else None
    return SEVERITIES.get(str(chosen), Severity.INFO)


def check_unread(pack: Pack, log: ReadLog) -> Iterator[Diagnostic]:
    """DW418 at the first statement of every fact nothing read."""
    severity = unread_severity(pack)
    for use in fact_uses(pack, log):
        if use.readers:
            continue
        first = use.statements[0]
        restated = f"; {len(use.statements)} clauses state it" if len(use.statements) > 1 else ""
        yield codes.FACT_UNREAD.at(first.locate(), f"fact {use.name} (clause '{first.clause}') is read by nothing: "
                                   f"no engine, probe, claim or content expression{restated}",
                                   severity=severity, sources=first.sources, subject=use.name)


def listing(pack: Pack, log: ReadLog) -> dict[str, Any]:
    """What `deckwright facts --format json` prints for one pack: every fact, its clauses, its readers."""
    uses = fact_uses(pack, log)
    return {
        "pack": pack.id,
        "facts": [{
            "name": use.name,
            "value": use.value,
            "readers": list(use.readers),
            "clauses": [_statement(s) for s in use.statements],
        } for use in uses],
        "summary": FactShares.of(uses).summary(),
    }


def _statement(statement: FactStatement) -> dict[str, Any]:
    where = statement.locate()
    data: dict[str, Any] = {"clause": statement.clause, "value": statement.value, "file": where.file,
                            "line": where.line, "column": where.column,
                            "sources": [{"doc": c.doc, "line": c.line} for c in statement.sources]}
    if statement.assumed:
        data["assumed"] = statement.assumed
    return data
