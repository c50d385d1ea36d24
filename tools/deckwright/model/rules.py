"""A pack's rulebook as typed values: sections of clauses, each with its facts, claims, terms and
cross-references, every one with where it is written.

Built once by the loader from the `rules` files (validated against schemas/core/rules by then); every
later stage reads these values and none re-reads the documents. What the schema rejected is left out
here rather than guessed at: a clause without a string id, a claim that is not a mapping, a term that
is not a word. The loader has reported those already.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from deckwright.diagnostic import Citation, Location
from deckwright.loading import Document
from deckwright.model.citations import citations

SEVERITIES = ("error", "warning", "info")


def assumed_reason(data: Mapping[str, Any]) -> str | None:
    """The reason of an `assumed` marking, or None where there is none."""
    assumed = data.get("assumed")
    reason = assumed.get("reason") if isinstance(assumed, dict) else None
    return reason if isinstance(reason, str) else None


@dataclass(frozen=True)
class FactStatement:
    """One clause's statement of a fact: its value, type, unit, and where and why it is stated.

    `assumed` is the fact's own reason, else its clause's; `own_assumed` the fact's own only. `content`
    is the claim-language expression that reads the same value from the content, `allowed` the values
    an enum fact may take (its `of`), both None when not written.
    """

    name: str
    value: Any
    clause: str
    section: str
    doc: Document
    parts: tuple[Any, ...]
    sources: tuple[Citation, ...]
    type: str | None = None
    unit: str | None = None
    assumed: str | None = None
    precedence: str | None = None
    own_assumed: str | None = None
    content: str | None = None
    allowed: tuple[Any, ...] | None = None

    def locate(self, *field: Any) -> Location:
        return self.doc.locate(self.parts + tuple(field))


@dataclass(frozen=True)
class Claim:
    """A relation a clause says must hold: its id, expression, summary and severity as written.

    `index` is its place in the clause's `claims`; `id` is None when the clause gives it no word (the
    claim is then known by its index), `expr` None when it has no expression to evaluate.
    """

    index: int
    id: str | None
    expr: str | None
    summary: str | None = None
    severity: str | None = None

    @property
    def name(self) -> str:
        """What findings call the claim: its id, else its index."""
        return self.id if self.id is not None else str(self.index)

    @property
    def parts(self) -> tuple[Any, ...]:
        """Its path inside the clause."""
        return ("claims", self.index)


@dataclass(frozen=True)
class Mention:
    """A word a clause writes in one of its lists (a glossary term, a section it refers to), by index."""

    index: int
    text: str


@dataclass(frozen=True)
class Clause:
    """A rule clause: its summary in the pack's words, citations, facts, claims and references.

    `data` is the clause as written, for what reads any field (copied-text checks); everything the
    rules checks and the sheets use is typed.
    """

    id: str
    section: str
    data: Mapping[str, Any]
    doc: Document
    parts: tuple[Any, ...]
    sources: tuple[Citation, ...] = ()
    summary: str = ""
    notes: str = ""
    assumed: str | None = None
    precedence: str | None = None
    facts: tuple[FactStatement, ...] = ()
    claims: tuple[Claim, ...] = ()
    terms: tuple[Mention, ...] = ()
    see: tuple[Mention, ...] = ()

    def locate(self, *field: Any) -> Location:
        return self.doc.locate(self.parts + tuple(field))


@dataclass(frozen=True)
class Section:
    """One rules file: its section id (the file name's stem when it declares none), title, place in the
    rulebook (`order`, None when not written) and clauses in file order. `declared` tells whether the
    file writes its section id, the only ids a clause's `see` may name."""

    id: str
    title: str
    order: int | None
    declared: bool
    doc: Document
    clauses: tuple[Clause, ...]

    def locate(self, *field: Any) -> Location:
        return self.doc.locate(field)


@dataclass(frozen=True)
class Rules:
    """Every rules file of a pack (sorted by name), its sections and all their clauses in file order."""

    files: tuple[Document, ...] = ()
    sections: tuple[Section, ...] = ()
    clauses: tuple[Clause, ...] = ()

    def statements(self) -> Iterable[FactStatement]:
        """Every statement of every fact, in rulebook order."""
        return (statement for clause in self.clauses for statement in clause.facts)


def read_rules(docs: Iterable[Document]) -> Rules:
    """The typed rulebook of a pack's parsed rules files."""
    files = tuple(docs)
    sections = tuple(_section(doc, doc.data) for doc in files if isinstance(doc.data, dict))
    return Rules(files, sections, tuple(clause for section in sections for clause in section.clauses))


def _section(doc: Document, data: Mapping[str, Any]) -> Section:
    name = str(data.get("section", doc.path.stem))
    listed = data.get("clauses")
    clauses = tuple(_clause(raw, name, doc, ("clauses", index))
                    for index, raw in enumerate(listed if isinstance(listed, list) else [])
                    if isinstance(raw, dict) and isinstance(raw.get("id"), str))
    order = data.get("order")
    return Section(name, str(data.get("title", doc.path.stem)),
                   order if isinstance(order, int) and not isinstance(order, bool) else None,
                   isinstance(data.get("section"), str), doc, clauses)


def _clause(raw: Mapping[str, Any], section: str, doc: Document, parts: tuple[Any, ...]) -> Clause:
    clause_id = str(raw["id"])
    level = raw.get("precedence")
    precedence = level if isinstance(level, str) else None
    assumed = assumed_reason(raw)
    sources = citations(raw.get("source"))
    stated = raw.get("facts")
    facts = tuple(_statement(name, value, clause_id, section, doc, parts + ("facts", name), sources, assumed,
                             precedence) for name, value in (stated if isinstance(stated, dict) else {}).items())
    claims = raw.get("claims")
    return Clause(
        id=clause_id, section=section, data=raw, doc=doc, parts=parts, sources=sources,
        summary=str(raw.get("summary", "")), notes=str(raw.get("notes") or ""), assumed=assumed,
        precedence=precedence, facts=facts,
        claims=tuple(_claim(index, claim) for index, claim in enumerate(claims if isinstance(claims, list) else [])
                     if isinstance(claim, dict)),
        terms=_mentions(raw.get("terms")), see=_mentions(raw.get("see")),
    )


def _statement(name: str, raw: Any, clause: str, section: str, doc: Document, parts: tuple[Any, ...],
               sources: tuple[Citation, ...], clause_assumed: str | None, precedence: str | None) -> FactStatement:
    """A fact as written: a bare value, or a mapping with its `value` and what is said about it."""
    own = assumed_reason(raw) if isinstance(raw, dict) else None
    if not isinstance(raw, dict) or "value" not in raw:
        return FactStatement(str(name), raw, clause, section, doc, parts, sources, assumed=clause_assumed,
                             precedence=precedence, own_assumed=own)
    allowed = raw.get("of")
    content = raw.get("content")
    return FactStatement(str(name), raw["value"], clause, section, doc, parts, sources, _word(raw.get("type")),
                         _word(raw.get("unit")), own or clause_assumed, precedence, own,
                         content if isinstance(content, str) else None,
                         tuple(allowed) if isinstance(allowed, list) else None)


def _claim(index: int, raw: Mapping[str, Any]) -> Claim:
    severity = raw.get("severity")
    return Claim(index, _word(raw.get("id")), _word(raw.get("expr")), _word(raw.get("summary")),
                 severity if severity in SEVERITIES else None)


def _mentions(listed: Any) -> tuple[Mention, ...]:
    return tuple(Mention(index, text) for index, text in enumerate(listed if isinstance(listed, list) else [])
                 if isinstance(text, str))


def _word(value: Any) -> str | None:
    return value if isinstance(value, str) else None
