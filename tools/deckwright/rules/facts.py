"""Facts stated by a pack's rule clauses, with where each is stated.

The engine and the sheets read the rulebook's numbers from here, so a change in a rules file
changes the game; the rules checker compares the statements of one fact with each other.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from deckwright.diagnostic import Location
from deckwright.model.pack import Entity, Pack
from deckwright.model.rules import Clause, FactStatement, assumed_reason
from deckwright.rules.readers import note_read

_MISSING = object()
PRECEDENCE_FACT = "precedence.order"


def clauses(pack: Pack) -> Iterator[Clause]:
    """Every clause of the pack's rules files, in file order (files sorted by name)."""
    return iter(pack.rules.clauses)


def statements(pack: Pack) -> Iterator[FactStatement]:
    """Every statement of every fact, in rulebook order."""
    return iter(pack.rules.statements())


def assumed_files(pack: Pack) -> dict[str, tuple[int, str]]:
    """Files of the pack a `files` rule marks assumed as a whole: relpath -> (rule index, reason)."""
    rules = pack.manifest.data.get("files") if isinstance(pack.manifest.data, dict) else None
    marked: dict[str, tuple[int, str]] = {}
    for index, rule in enumerate(rules if isinstance(rules, list) else []):
        reason = assumed_reason(rule) if isinstance(rule, dict) else None
        if not reason:
            continue
        include = rule.get("include")
        patterns = [include] if isinstance(include, str) else [p for p in include or [] if isinstance(p, str)]
        for doc in pack.documents:
            if any(fnmatch.fnmatch(doc.relpath, pattern) for pattern in patterns):
                marked.setdefault(doc.relpath, (index, reason))
    return marked


def entity_assumed(pack: Pack, entity: Entity) -> str | None:
    """Why an entity is the pack's and not the book's: its own `assumed`, or its file's; None if neither."""
    own = assumed_reason(entity.data)
    if own:
        return own
    marked = pack.derived("rules.assumed_files", assumed_files).get(entity.doc.relpath)
    return marked[1] if marked else None


@dataclass(frozen=True)
class FactIndex:
    """Every fact of one pack, built once: statements by name (rulebook order) and governing values."""

    statements: Mapping[str, tuple[FactStatement, ...]]
    values: Mapping[str, Any]

    @classmethod
    def of(cls, pack: Pack) -> FactIndex:
        grouped: dict[str, list[FactStatement]] = {}
        for statement in statements(pack):
            grouped.setdefault(statement.name, []).append(statement)
        return cls({name: tuple(stated) for name, stated in grouped.items()}, values(grouped))

    def with_values(self, changed: Mapping[str, Any]) -> FactIndex:
        """The same index with some facts' values replaced (for what-if playouts and mutation tests)."""
        return FactIndex(self.statements, {**self.values, **changed})


INDEX_KEY = "rules.facts"


def fact_index(pack: Pack) -> FactIndex:
    """The pack's fact index, built the first time it is asked for."""
    return pack.derived(INDEX_KEY, FactIndex.of)


def with_facts(pack: Pack, changed: Mapping[str, Any]) -> Pack:
    """The same pack, read with other values for some facts (every reader through `fact` sees them)."""
    return pack.seeded(INDEX_KEY, fact_index(pack).with_values(changed))


def facts(pack: Pack) -> dict[str, list[FactStatement]]:
    """Statements grouped by fact name."""
    return {name: list(stated) for name, stated in fact_index(pack).statements.items()}


def precedence_order(grouped: Mapping[str, Sequence[FactStatement]]) -> list[str]:
    """The pack's precedence levels, strongest first: the fact `precedence.order` (none: one level)."""
    stated = grouped.get(PRECEDENCE_FACT)
    order = stated[0].value if stated else None
    return [str(level) for level in order] if isinstance(order, list) else []


def rank(statement: FactStatement, order: Sequence[str]) -> int:
    """A statement's precedence rank (0 strongest); a clause naming no level encodes the book, the last level."""
    if statement.precedence in order:
        return order.index(statement.precedence)
    return max(len(order) - 1, 0)


def governing(stated: Sequence[FactStatement], order: Sequence[str]) -> FactStatement:
    """The statement that decides a fact's value: the first of the strongest precedence level."""
    return min(stated, key=lambda s: rank(s, order))


def values(grouped: Mapping[str, Sequence[FactStatement]]) -> dict[str, Any]:
    """Every fact's value, as its governing statement gives it (statements grouped as `facts` gives them)."""
    order = precedence_order(grouped)
    return {name: governing(stated, order).value for name, stated in grouped.items()}


def stated_at(pack: Pack, name: str) -> Location | None:
    """Where the statement that decides a fact's value is written; None when no clause states it."""
    grouped = fact_index(pack).statements
    stated = grouped.get(name)
    return governing(stated, precedence_order(grouped)).locate() if stated else None


def fact(pack: Pack, name: str, default: Any = _MISSING) -> Any:
    """The value of a fact (its governing statement); KeyError without a default if no clause states it.

    The read is recorded for the reader in force (see `deckwright.rules.readers`)."""
    known = fact_index(pack).values
    if name in known:
        note_read(name)
        return known[name]
    if default is _MISSING:
        raise KeyError(f"no clause of pack '{pack.id}' states the fact '{name}'")
    return default


def facts_with_prefix(pack: Pack, prefix: str) -> dict[str, Any]:
    """Values of every fact under a dotted prefix (governing statement of each); each read is recorded."""
    found = {name: value for name, value in fact_index(pack).values.items()
             if name == prefix or name.startswith(prefix + ".")}
    for name in found:
        note_read(name)
    return found
