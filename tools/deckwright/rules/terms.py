"""Game terms and cross-references of clauses resolve; clause and claim ids are unique."""

from __future__ import annotations

from collections.abc import Iterator

from deckwright.diagnostic import Diagnostic, Location, Related
from deckwright.model import Entity, Pack
from deckwright.rules import codes
from deckwright.rules.facts import assumed_files, assumed_reason
from deckwright.schema import did_you_mean


def sections(pack: Pack) -> list[str]:
    """Section names the pack's rules files declare, in file order."""
    return [section.id for section in pack.rules.sections if section.declared]


def check_terms(pack: Pack) -> Iterator[Diagnostic]:
    """Every `terms` entry is a glossary term (or alias) or an entity id; every `see` is a section."""
    names = [n for t in pack.glossary for n in t.names]
    known_sections = sections(pack)
    for clause in pack.rules.clauses:
        for term in clause.terms:
            if pack.term(term.text) is None and term.text not in pack.by_id:
                yield codes.UNDEFINED_TERM.at(
                    clause.locate("terms", term.index), f"clause '{clause.id}' uses the term '{term.text}', which "
                    "the glossary does not define",
                    hint=did_you_mean(term.text, names) or "add it to the glossary in pack.yaml", sources=clause.sources)
        for section in clause.see:
            if section.text not in known_sections:
                yield codes.UNKNOWN_SECTION.at(
                    clause.locate("see", section.index), f"clause '{clause.id}' refers to section '{section.text}', "
                    "which does not exist", hint=did_you_mean(section.text, known_sections)
                    or f"sections: {', '.join(known_sections) or 'none'}")


def check_unique_clauses(pack: Pack) -> Iterator[Diagnostic]:
    """Clause ids, and claim ids, are each used once in the pack."""
    seen: dict[str, Location] = {}
    for clause in pack.rules.clauses:
        yield from _unique(seen, "clause", clause.id, clause.locate("id"))
        for claim in clause.claims:
            if claim.id is not None:
                yield from _unique(seen, "claim", claim.id, clause.locate(*claim.parts, "id"))


def _unique(seen: dict[str, Location], kind: str, name: str, where: Location) -> Iterator[Diagnostic]:
    key = f"{kind} {name}"
    first = seen.setdefault(key, where)
    if first is not where:
        yield codes.DUPLICATE_CLAUSE.at(where, f"{kind} id '{name}' is used twice",
                                        related=[Related(first.file, first.line, first.column, f"first {kind} '{name}'")])


def check_assumed(pack: Pack) -> Iterator[Diagnostic]:
    """An info finding for every clause, fact, file and group of entities that the pack assumes."""
    yield from _assumed_content(pack)
    for clause in pack.rules.clauses:
        if clause.assumed:
            yield codes.ASSUMED_RULE.at(clause.locate("assumed"), f"clause '{clause.id}' ({clause.section}) is "
                                        f"the pack's, not the book's: {clause.assumed}", sources=clause.sources)
        for statement in clause.facts:
            if statement.own_assumed:
                yield codes.ASSUMED_RULE.at(statement.locate("assumed"),
                                            f"fact {statement.name} of clause '{clause.id}' is the pack's, not the "
                                            f"book's: {statement.own_assumed}", sources=clause.sources)


def _assumed_content(pack: Pack) -> Iterator[Diagnostic]:
    """One finding per file marked assumed in the manifest, and per file and reason of entities that
    mark themselves assumed (a board of 110 invented fields is one finding, not 110)."""
    marked = assumed_files(pack)
    by_file: dict[str, list[Entity]] = {}
    for entity in pack.entities:
        by_file.setdefault(entity.doc.relpath, []).append(entity)
    for relpath, (index, reason) in sorted(marked.items()):
        held = by_file.get(relpath, [])
        yield codes.ASSUMED_RULE.at(pack.locate("files", index, "assumed"),
                                    f"file {relpath} ({len(held)} entities) is the pack's, not the book's: {reason}",
                                    subject=relpath)
    for relpath, entities in by_file.items():
        reasons: dict[str, list[Entity]] = {}
        for entity in entities:
            own = assumed_reason(entity.data)
            if own and relpath not in marked:
                reasons.setdefault(own, []).append(entity)
        for why, group in reasons.items():
            first = group[0]
            who = f"entity '{first.id}' ({first.type})" if len(group) == 1 else \
                f"{len(group)} entities of {relpath} ('{first.id}', ...)"
            yield codes.ASSUMED_RULE.at(first.locate("assumed"), f"{who} {'is' if len(group) == 1 else 'are'} the "
                                        f"pack's, not the book's: {why}", sources=first.sources, subject=first.id)
