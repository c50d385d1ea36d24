"""Facts stated twice with different values, and fact values that do not match their declared type."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from deckwright.diagnostic import Diagnostic, Related
from deckwright.model import Pack
from deckwright.rules import codes
from deckwright.rules.facts import (
    FactStatement,
    facts,
    governing,
    precedence_order,
    rank,
)
from deckwright.rules.values import equal, is_number, show, type_name


def same_unit(one: str | None, other: str | None) -> bool:
    """Whether two statements' units agree: one is unstated, or they are the same word in any case
    (`Air` and `air` are one unit)."""
    return one is None or other is None or one.strip().casefold() == other.strip().casefold()


def check_contradictions(pack: Pack) -> Iterator[Diagnostic]:
    """Each statement of a fact that differs from its governing statement, at the differing one.

    With a `precedence.order` fact, a statement of a weaker level (a rule book clause against a card)
    is overridden, not contradicted: reported as information (DW416). Same level: DW400.
    """
    grouped = facts(pack)
    order = precedence_order(grouped)
    for name, stated in grouped.items():
        first = governing(stated, order)
        for other in stated:
            if other is first or (equal(first.value, other.value) and same_unit(first.unit, other.unit)):
                continue
            where = first.locate()
            settled = rank(other, order) > rank(first, order)
            code = codes.PRECEDENCE_SETTLED if settled else codes.FACT_CONTRADICTION
            verb = f"overridden by {first.precedence or order[-1]} clause" if settled else "but clause"
            yield code.at(
                other.locate(),
                f"clause '{other.clause}' states {name} = {_shown(other)}, {verb} '{first.clause}' "
                f"states {name} = {_shown(first)}",
                related=[Related(where.file, where.line, where.column,
                                 f"clause '{first.clause}' states {name} = {_shown(first)}")],
                sources=_unique(first.sources + other.sources),
                hint=f"precedence ({' > '.join(order)}) settles it: the game uses {_shown(first)}" if settled
                else "correct one of the two, or acknowledge the book's contradiction in pack.yaml", subject=name)


def check_fact_types(pack: Pack) -> Iterator[Diagnostic]:
    """A fact whose value does not fit the type (and the `of` list) it declares."""
    for clause_statement in facts(pack).values():
        for statement in clause_statement:
            problem = type_problem(statement)
            if problem:
                yield codes.FACT_TYPE.at(statement.locate(), f"fact {statement.name} of clause "
                                         f"'{statement.clause}' {problem}", sources=statement.sources,
                                         subject=statement.name)


def type_problem(statement: FactStatement) -> str | None:
    """What is wrong with a statement's value for its declared type and allowed values (None when it fits)."""
    value, kind, allowed = statement.value, statement.type, statement.allowed
    fits = {
        None: True,
        "number": is_number(value),
        "integer": is_number(value) and (isinstance(value, int) or float(value).is_integer()),
        "string": isinstance(value, str),
        "boolean": isinstance(value, bool),
        "list": isinstance(value, list),
        "table": isinstance(value, dict),
        "enum": not isinstance(value, (list, dict)),
        "duration": is_number(value) or isinstance(value, str),
        "range": _is_range(value),
    }.get(kind, True)
    if not fits:
        return f"is {show(value)} ({type_name(value)}), not of its type '{kind}'"
    if kind == "enum" and allowed is not None and not any(equal(value, a) for a in allowed):
        return f"is {show(value)}, which is not one of {show(list(allowed))}"
    return None


def _is_range(value: Any) -> bool:
    if isinstance(value, list):
        return len(value) == 2 and all(is_number(v) for v in value) and value[0] <= value[1]
    return isinstance(value, str) and value.count("-") == 1 and all(p.strip().isdigit() for p in value.split("-"))


def _shown(statement: FactStatement) -> str:
    return show(statement.value) + (f" {statement.unit}" if statement.unit else "")


def _unique(items: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(dict.fromkeys(items))
