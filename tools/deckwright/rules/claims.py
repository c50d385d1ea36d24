"""Claims of rule clauses, and `content:` expressions of facts, evaluated against one pack."""

from __future__ import annotations

from collections.abc import Generator, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from deckwright.diagnostic import (
    Citation,
    Code,
    Diagnostic,
    Location,
    Related,
    Severity,
)
from deckwright.model import Claim, Clause, FactStatement, Pack
from deckwright.rules import codes
from deckwright.rules.evaluate import ClaimError, Function, Result, evaluate
from deckwright.rules.facts import fact_index
from deckwright.rules.functions import SOURCES, content_functions
from deckwright.rules.probes import Probes
from deckwright.rules.readers import CONTENT, claim_reader, note_reads
from deckwright.rules.syntax import ClaimSyntaxError, Node, parse
from deckwright.rules.values import equal, show

_ERROR_CODES: Mapping[str, Code] = {
    "invalid": codes.CLAIM_INVALID,
    "unknown-fact": codes.UNKNOWN_FACT,
    "probe-unavailable": codes.PROBE_UNAVAILABLE,
    "probe-error": codes.PROBE_ERROR,
}


@dataclass(frozen=True)
class Scope:
    """What claims of one pack are evaluated against: facts, their statements, functions."""

    values: Mapping[str, Any]
    statements: Mapping[str, tuple[FactStatement, ...]]
    functions: Mapping[str, Function]

    @classmethod
    def of(cls, pack: Pack) -> Scope:
        index = fact_index(pack)
        return cls(index.values, index.statements, {**content_functions(pack, index.values), "probe": Probes(pack)})


@dataclass(frozen=True)
class _Expression:
    """An expression written in a clause: its text and where it is written."""

    clause: Clause
    parts: tuple[Any, ...]
    text: str
    label: str

    def locate(self, node: Node | None = None, offset: int | None = None) -> Location:
        path = self.clause.parts + self.parts
        if node is not None:
            return self.clause.doc.locate_text(path, self.text[node.start:node.end])
        if offset is not None and offset < len(self.text):
            return self.clause.doc.locate_text(path, self.text[offset:offset + 12])
        return self.clause.doc.locate(path)


def evaluate_expression(pack: Pack, text: str) -> Result:
    """The value of any claim-language expression over the pack (facts, content, probes), and the facts it
    read; ClaimSyntaxError when it does not parse, ClaimError when it cannot be evaluated."""
    scope = Scope.of(pack)
    return evaluate(text, parse(text), scope.values, scope.functions)


def check_claims(pack: Pack, scope: Scope | None = None) -> Iterator[Diagnostic]:
    """A diagnostic for every claim that fails or cannot be evaluated, and every fact content contradicts."""
    scope = scope or Scope.of(pack)
    for clause in pack.rules.clauses:
        for claim in clause.claims:
            if claim.expr is not None:
                yield from _check_claim(clause, claim, claim.expr, scope)
        for statement in clause.facts:
            if statement.content is not None:
                yield from _check_content(clause, statement, statement.content, scope)


def _check_claim(clause: Clause, claim: Claim, expr: str, scope: Scope) -> Iterator[Diagnostic]:
    claim_id = claim.name
    expression = _Expression(clause, (*claim.parts, "expr"), expr, f"claim '{claim_id}'")
    result = yield from _evaluate(expression, scope, claim_id)
    if result is None:
        return
    note_reads(result.facts, claim_reader(claim_id))
    if not result.facts and not SOURCES.intersection(result.calls):
        yield codes.CLAIM_CONSTANT.at(
            expression.locate(), f"claim '{claim_id}' of clause '{clause.id}' reads no fact, content or probe: "
            f"it is {show(result.value)} whatever the pack says", subject=claim_id,
            hint="compare facts with the content or an engine probe; a literal restates what it checks")
    if not isinstance(result.value, bool):
        yield codes.CLAIM_INVALID.at(expression.locate(), f"claim '{claim_id}' gives {show(result.value)}, "
                                     "not true or false", hint="a claim is a comparison or a test, e.g. a == b",
                                     subject=claim_id)
    elif result.value is False:
        severity = Severity(claim.severity) if claim.severity is not None else None
        yield codes.CLAIM_FAILED.at(
            expression.locate(), f"claim '{claim_id}' of clause '{clause.id}' does not hold: {result.why}",
            severity=severity, subject=claim_id, related=_related(result.facts, scope), counted=_one(result.counted),
            sources=_citations(clause, result.facts, scope), hint=claim.summary)


def _check_content(clause: Clause, statement: FactStatement, content: str, scope: Scope) -> Iterator[Diagnostic]:
    name = statement.name
    expression = _Expression(clause, ("facts", name, "content"), content, f"fact {name}")
    result = yield from _evaluate(expression, scope, name)
    if result is not None:
        note_reads((name, *result.facts), CONTENT)
    if result is not None and not equal(result.value, statement.value):
        yield codes.FACT_CONTENT.at(
            expression.locate(), f"clause '{clause.id}' states {name} = {show(statement.value)}, but the content "
            f"gives {show(result.value)} ({expression.text})", subject=name, counted=_one(result.counted),
            related=_related(result.facts, scope), sources=_citations(clause, result.facts, scope))


def _evaluate(expression: _Expression, scope: Scope, subject: str) -> Generator[Diagnostic, None, Result | None]:
    """Yield the diagnostic of an expression that cannot be evaluated; return its Result otherwise.
    `subject` (the claim id or fact name) is what an acknowledgement of that diagnostic names."""
    try:
        tree = parse(expression.text)
    except ClaimSyntaxError as exc:
        yield codes.CLAIM_INVALID.at(expression.locate(offset=exc.offset),
                                     f"{expression.label} does not parse: {exc} (at character {exc.offset + 1})",
                                     hint="see the claim language in the README", subject=subject)
        return None
    try:
        return evaluate(expression.text, tree, scope.values, scope.functions)
    except ClaimError as exc:
        code = _ERROR_CODES.get(exc.kind, codes.CLAIM_INVALID)
        yield code.at(expression.locate(exc.node), f"{expression.label} of clause '{expression.clause.id}': {exc}",
                      hint=exc.hint, sources=expression.clause.sources, subject=subject)
        return None


def _one(counted: tuple[str, ...]) -> str:
    """The pieces an expression counted, when it counted one set (then its finding is that miscount)."""
    return counted[0] if len(counted) == 1 else ""


def _related(names: tuple[str, ...], scope: Scope) -> list[Related]:
    related = []
    for name in names:
        for statement in scope.statements.get(name, []):
            where = statement.locate()
            related.append(Related(where.file, where.line, where.column,
                                   f"clause '{statement.clause}' states {name} = {show(statement.value)}"))
    return related


def _citations(clause: Clause, names: tuple[str, ...], scope: Scope) -> tuple[Citation, ...]:
    cited = list(clause.sources)
    for name in names:
        for statement in scope.statements.get(name, []):
            cited.extend(statement.sources)
    return tuple(dict.fromkeys(cited))
