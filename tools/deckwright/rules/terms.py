"""Game terms and cross-references of clauses resolve; clause and claim ids are unique."""

from __future__ import annotations

from collections.abc import Iterator

from deckwright.diagnostic import Diagnostic, Location, Related
from deckwright.model import Entity, Pack
from deckwright.rules import codes
from deckwright.rules.facts import assumed_files, assumed_reason, clauses
from deckwright.schema import did_you_mean


def sections(pack: Pack) -> list[str]:
    """Section names of the pack's rules files, in file order."""
    return [str(doc.data["section"]) for doc in pack.rules
            if isinstance(doc.data, dict) and isinstance(doc.data.get("section"), str)]


def check_terms(pack: Pack) -> Iterator[Diagnostic]:
    """Every `terms` entry is a glossary term (or alias) or an entity id; every `see` is a section."""
    names = [n for t in pack.glossary for n in t.names]
    known_sections = sections(pack)
    for clause in clauses(pack):
        listed = clause.data.get("terms")
        for index, term in enumerate(listed if isinstance(listed, list) else []):
            if isinstance(term, str) and pack.term(term) is None and term not in pack.by_id:
                yield codes.UNDEFINED_TERM.at(
                    clause.locate("terms", index), f"clause '{clause.id}' uses the term '{term}', which the "
                    "glossary does not define", hint=did_you_mean(term, names) or "add it to the glossary in pack.yaml",
                    sources=clause.sources)
        see = clause.data.get("see")
        for index, section in enumerate(see if isinstance(see, list) else []):
            if isinstance(section, str) and section not in known_sections:
                yield codes.UNKNOWN_SECTION.at(
                    clause.locate("see", index), f"clause '{clause.id}' refers to section '{section}', which "
                    "does not exist", hint=did_you_mean(section, known_sections)
                    or f"sections: {', '.join(known_sections) or 'none'}")


def check_unique_clauses(pack: Pack) -> Iterator[Diagnostic]:
    """Clause ids, and claim ids, are each used once in the pack."""
    seen: dict[str, Location] = {}
    for clause in clauses(pack):
        yield from _unique(seen, "clause", clause.id, clause.locate("id"))
        listed = clause.data.get("claims")
        for index, claim in enumerate(listed if isinstance(listed, list) else []):
            if isinstance(claim, dict) and isinstance(claim.get("id"), str):
                yield from _unique(seen, "claim", claim["id"], clause.locate("claims", index, "id"))


def _unique(seen: dict[str, Location], kind: str, name: str, where: Location) -> Iterator[Diagnostic]:
    key = f"{kind} {name}"
    first = seen.setdefault(key, where)
    if first is not where:
        yield codes.DUPLICATE_CLAUSE.at(where, f"{kind} id '{name}' is used twice",
                                        related=[Related(first.file, first.line, first.column, f"first {kind} '{name}'")])


def check_assumed(pack: Pack) -> Iterator[Diagnostic]:
    """An info finding for every clause, fact, file and group of entities that the pack assumes."""
    yield from _assumed_content(pack)
    for clause in clauses(pack):
        reason = assumed_reason(clause.data)
        if reason:
            yield codes.ASSUMED_RULE.at(clause.locate("assumed"), f"clause '{clause.id}' ({clause.section}) is "
                                        f"the pack's, not the book's: {reason}", sources=clause.sources)
        stated = clause.data.get("facts")
        for name, raw in (stated if isinstance(stated, dict) else {}).items():
            fact_reason = assumed_reason(raw) if isinstance(raw, dict) else None
            if fact_reason:
                yield codes.ASSUMED_RULE.at(clause.locate("facts", name, "assumed"),
                                            f"fact {name} of clause '{clause.id}' is the pack's, not the book's: "
                                            f"{fact_reason}", sources=clause.sources)


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
