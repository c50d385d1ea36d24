"""The rules summary (every clause, in rulebook order) and the one-page player aid."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from deckwright.model import Clause, Pack, Section
from deckwright.sheets import table
from deckwright.sheets.links import Cite, Link, Linker
from deckwright.sheets.table import SheetTable
from deckwright.sheets.values import format_value

# Sections whose id or title has one of these words describe the round and turn structure.
AID_WORDS = re.compile(r"\b(turns?|rounds?|phases?|play|playing|end|winning|cleanup|scoring)\b", re.IGNORECASE)
# Sections a player aid leaves out: what is done once before play, or belongs to one scenario.
NOT_AID_WORDS = re.compile(r"\b(introduction|components?|set ?up|setup|scenarios?|vocabulary)\b", re.IGNORECASE)


@dataclass(frozen=True)
class FactRow:
    """A fact as one clause states it; `assumed` is the pack's reason when the book does not give it."""

    name: str
    value: str
    unit: str
    assumed: str
    link: Link


@dataclass(frozen=True)
class ClauseView:
    id: str
    summary: str
    link: Link
    cites: tuple[Cite, ...]
    facts: tuple[FactRow, ...]
    assumed: str
    notes: str

    @property
    def fact_table(self) -> SheetTable:
        """Each fact's name, value (with its own assumption when it differs from the clause's) and line."""
        rows = tuple(table.Row((table.text(f.name), (
            *table.text(f"{f.value} {f.unit}".strip()), *table.assumed(f.assumed, f.assumed != self.assumed)),
            (table.line(f.link),)), "assumed" if f.assumed else "") for f in self.facts)
        return SheetTable("facts", table.columns(("Fact", 0.35), ("Value", 0.53), ("Source", 0.12)), rows)


@dataclass(frozen=True)
class SectionView:
    id: str
    title: str
    link: Link
    clauses: tuple[ClauseView, ...]


@dataclass(frozen=True)
class RulesSheet:
    """Sections in rulebook order, with how many facts there are and how many of them are assumed."""

    sections: tuple[SectionView, ...]
    facts: int
    assumed: int

    @property
    def empty(self) -> str:
        """Why the sheet has nothing to print ('' when it has)."""
        return "" if self.sections else "the pack has no rule clauses"


@dataclass(frozen=True)
class PlayerAid:
    """The sections about rounds, turns and phases in full; the other play sections by their first clause."""

    game: str
    players: str
    sections: tuple[SectionView, ...]
    glance: tuple[SectionView, ...]

    @property
    def empty(self) -> str:
        """Why the sheet has nothing to print ('' when it has)."""
        return "" if self.sections or self.glance else "no rules section describes the rounds or turns"


def rules_sheet(pack: Pack, linker: Linker) -> RulesSheet:
    """Every clause of the pack by section, sections in the order the rulebook gives them."""
    sections = _sections(pack, linker)
    rows = [row for section in sections for clause in section.clauses for row in clause.facts]
    return RulesSheet(sections, len(rows), sum(1 for row in rows if row.assumed))


def player_aid(pack: Pack, linker: Linker) -> PlayerAid:
    """The rules sections about the round and turn structure."""
    chosen, glance = [], []
    for section in _sections(pack, linker):
        words = f"{section.id.replace('-', ' ')} {section.title}"
        if AID_WORDS.search(words):
            chosen.append(section)
        elif not NOT_AID_WORDS.search(words) and section.clauses:
            glance.append(replace(section, clauses=section.clauses[:1]))
    low, high = pack.players
    return PlayerAid(pack.name, f"{low}-{high}" if low != high else str(low), tuple(chosen), tuple(glance))


def _sections(pack: Pack, linker: Linker) -> tuple[SectionView, ...]:
    ordered = sorted((section for section in pack.rules.sections if section.clauses), key=_order)
    return tuple(SectionView(section.id, section.title, linker.to(section.locate("section")),
                             tuple(_clause(clause, linker) for clause in section.clauses))
                 for section in ordered)


def _order(section: Section) -> tuple[int, str]:
    return (section.order if section.order is not None else 1 << 30, section.doc.relpath)


def _clause(clause: Clause, linker: Linker) -> ClauseView:
    facts = tuple(FactRow(s.name, format_value(s.value), s.unit or "", s.assumed or "", linker.to(s.locate()))
                  for s in clause.facts)
    return ClauseView(clause.id, clause.summary, linker.to(clause.locate()), linker.cites(clause.sources), facts,
                      clause.assumed or "", clause.notes)
