"""The component list (printed count against the content) and the card checklist of a print run."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from deckwright.model.pack import Entity, Pack, citations
from deckwright.rules.facts import assumed_reason, entity_assumed
from deckwright.sheets import table
from deckwright.sheets.links import Cite, Link, Linker
from deckwright.sheets.table import SheetTable
from deckwright.sheets.values import ENVELOPE, format_value, label

MAX_STATS = 6
MAX_STAT_CHARS = 40


@dataclass(frozen=True)
class CountRow:
    """A component or deck: the count the rulebook prints, the count in the content, and whether they agree."""

    name: str
    printed: int | None
    in_content: int | None
    agrees: bool | None
    cites: tuple[Cite, ...]
    assumed: str
    link: Link


@dataclass(frozen=True)
class ComponentSheet:
    components: tuple[CountRow, ...]
    decks: tuple[CountRow, ...]
    disagree: int

    @property
    def tables(self) -> tuple[tuple[str, SheetTable], ...]:
        """The components' and the decks' tables, under their headings (a heading with no rows is left out)."""
        return tuple((title, _counts(rows, what)) for title, what, rows in
                     (("Components", "Component", self.components), ("Decks", "Deck", self.decks)) if rows)

    @property
    def empty(self) -> str:
        """Why the sheet has nothing to print ('' when it has)."""
        return "" if self.components or self.decks else "the pack lists no components and no decks"


@dataclass(frozen=True)
class CardRow:
    name: str
    id: str
    copies: int
    stats: tuple[str, ...]
    assumed: bool
    link: Link


@dataclass(frozen=True)
class TypeTable:
    """The cards of one type within a deck, with that type's key stats as columns."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[CardRow, ...]
    copies: int

    @property
    def table(self) -> SheetTable:
        """The check box, card, copies, key stats and source of each card."""
        # The stats share 45 % of the width by the longest word each column holds, so a long name gets room.
        longest = [max(len(w) for text in (c, *(r.stats[i] for r in self.rows)) for w in f"{text} x".split())
                   for i, c in enumerate(self.columns)]
        weights = [min(max(n, 4), 16) for n in longest]
        cols = table.columns(("", 0.04), ("Card", 0.26), ("Copies", 0.08, "center"),
                             *((c, 0.45 * w / sum(weights)) for c, w in zip(self.columns, weights)), ("Source", 0.17))
        rows = tuple(table.Row((CHECK, table.text(c.name), table.text(c.copies), *(table.text(s) for s in c.stats),
                                (table.src(replace(c.link, label=c.link.label.rpartition("/")[2])),)),
                               "assumed" if c.assumed else "") for c in self.rows)
        return SheetTable("checklist", cols, rows, f"{self.title} ({self.copies})")


@dataclass(frozen=True)
class DeckList:
    name: str
    printed: int | None
    copies: int
    tables: tuple[TypeTable, ...]


@dataclass(frozen=True)
class Checklist:
    decks: tuple[DeckList, ...]
    copies: int

    @property
    def empty(self) -> str:
        """Why the sheet has nothing to print ('' when it has)."""
        return "" if self.decks else "the pack has no decks and no card with a size"


def component_sheet(pack: Pack, linker: Linker) -> ComponentSheet:
    """Every component and deck with its printed count and the count the content gives."""
    raw = pack.manifest.data
    components = tuple(
        _row(c.name, c.count, pack.count(c.select) if c.select else None,
             linker.cites(c.sources), c.assumed or "", linker.to(pack.locate("components", c.index)))
        for c in pack.components)
    decks = tuple(
        _row(d.name, d.count, pack.count(d.select), linker.cites(citations(raw["decks"][d.index].get("source"))),
             assumed_reason(raw["decks"][d.index]) or "", linker.to(pack.locate("decks", d.index)))
        for d in pack.decks)
    return ComponentSheet(components, decks, sum(1 for r in components + decks if r.agrees is False))


def checklist(pack: Pack, linker: Linker) -> Checklist:
    """Every card by deck, then the cards no deck holds, one compact table per card type."""
    groups: list[tuple[str, int | None, list[Entity]]] = [(d.name, d.count, pack.select(d.select)) for d in pack.decks]
    in_decks = {e.id for _, _, members in groups for e in members}
    loose = [e for e in pack.entities if pack.types.get(e.type) and pack.types[e.type].size and e.id not in in_decks]
    if loose:
        groups.append(("Cards in no deck", None, loose))
    decks = tuple(DeckList(name, printed, sum(e.copies for e in members), _tables(pack, members, linker))
                  for name, printed, members in groups)
    return Checklist(decks, sum(d.copies for d in decks))


CHECK = (table.Part("check"),)


def _counts(rows: Sequence[CountRow], what: str) -> SheetTable:
    def dash(value: int | None) -> tuple[table.Part, ...]:
        return table.text("-" if value is None else value)

    cols = table.columns((what, 0.34), ("Printed", 0.1, "right"), ("In content", 0.12, "right"), ("Agree", 0.08),
                         ("Source", 0.36))
    body = tuple(table.Row(
        ((*table.text(r.name), *table.assumed(r.assumed)), dash(r.printed), dash(r.in_content),
         table.text("-" if r.agrees is None else "yes") if r.agrees is not False else (table.Part("strong", "NO"),),
         (table.cites(r.cites), table.src(r.link))),
        "disagree" if r.agrees is False else "assumed" if r.assumed else "") for r in rows)
    return SheetTable("counts", cols, body)


def _row(name: str, printed: int | None, in_content: int | None, cites: tuple[Cite, ...], assumed: str,
         link: Link) -> CountRow:
    agrees = None if printed is None or in_content is None else printed == in_content
    return CountRow(name, printed, in_content, agrees, cites, assumed, link)


def _tables(pack: Pack, members: Sequence[Entity], linker: Linker) -> tuple[TypeTable, ...]:
    by_type: dict[str, list[Entity]] = {}
    for entity in members:
        by_type.setdefault(entity.type, []).append(entity)
    tables = []
    for type_id, entities in by_type.items():
        columns = _stat_columns(entities)
        spec = pack.types.get(type_id)
        refs = {path.removesuffix("[]") for path, _ in spec.refs} if spec else set()
        rows = tuple(CardRow(e.name, e.id, e.copies, tuple(_stat(pack, e, c, c in refs) for c in columns),
                             bool(entity_assumed(pack, e)), linker.to(e.locate())) for e in entities)
        tables.append(TypeTable(spec.title if spec else type_id, tuple(label(c) for c in columns), rows,
                                sum(e.copies for e in entities)))
    return tuple(tables)


def _stat_columns(entities: Iterable[Entity]) -> tuple[str, ...]:
    """The short scalar fields of a type, in the order they are first written."""
    columns: dict[str, None] = {}
    for entity in entities:
        for key, value in entity.data.items():
            if key not in ENVELOPE and _is_stat(value):
                columns.setdefault(key)
    return tuple(columns)[:MAX_STATS]


def _is_stat(value: object) -> bool:
    if isinstance(value, list):
        return all(isinstance(v, (str, int, float)) for v in value) and len(format_value(value)) <= MAX_STAT_CHARS
    return isinstance(value, (str, int, float)) and len(str(value)) <= MAX_STAT_CHARS


def _stat(pack: Pack, entity: Entity, column: str, reference: bool) -> str:
    """The field as the checklist shows it; a reference field shows the referenced entities' names, not ids."""
    value = entity.get(column)
    if not _is_stat(value):
        return ""
    if reference:
        named = [pack.by_id[v].name if isinstance(v, str) and v in pack.by_id else v
                 for v in (value if isinstance(value, list) else [value])]
        value = named if isinstance(value, list) else named[0]
    return format_value(value)
