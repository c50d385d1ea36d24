"""Scenario sheets: set-up, winning and losing conditions of each scenario or adventure, per difficulty."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from deckwright.model.pack import Entity, Pack
from deckwright.rules.facts import assumed_reason, entity_assumed
from deckwright.sheets import table
from deckwright.sheets.links import Cite, Link, Linker
from deckwright.sheets.rich import Rich, Segment, rich
from deckwright.sheets.table import SheetTable
from deckwright.sheets.values import (
    ENVELOPE,
    assumed_fields,
    format_value,
    label,
)

# Which part of the sheet a field belongs to, by the words in its name (first match wins).
PARTS = (("Set-up", ("setup", "starting", "playable")), ("Winning", ("win", "scoring", "objective", "tie_break")),
         ("Losing", ("lose", "loss")))
OVERVIEW = "Overview"


@dataclass(frozen=True)
class FieldView:
    """One field: a line of text, a list of items, or `label: value` pairs; marked when the pack assumed it."""

    label: str
    text: Rich = ()
    items: tuple[Rich, ...] = ()
    pairs: tuple[tuple[str, str], ...] = ()
    assumed: bool = False


@dataclass(frozen=True)
class DifficultyTable:
    difficulties: tuple[str, ...]
    rows: tuple[tuple[str, tuple[str, ...]], ...]


@dataclass(frozen=True)
class PartView:
    title: str
    fields: tuple[FieldView, ...]
    table: DifficultyTable | None

    @property
    def field_table(self) -> SheetTable:
        """The part's fields: label (marked when assumed), then the value, its list items or its pairs."""
        rows = tuple(table.Row(((*table.text(f.label), *((table.Part("badge"),) if f.assumed else ())), _value(f)))
                     for f in self.fields)
        return SheetTable("fields", table.columns(("Field", 0.25), ("", 0.75)), rows)

    @property
    def difficulty_table(self) -> SheetTable | None:
        """One row per value that changes with the difficulty, one column per difficulty."""
        if self.table is None:
            return None
        shown = self.table.difficulties
        cols = table.columns(("By difficulty", 0.3), *((d, 0.7 / max(len(shown), 1)) for d in shown))
        rows = tuple(table.Row((table.text(name), *(table.text(v) for v in values))) for name, values in self.table.rows)
        return SheetTable("difficulty", cols, rows)


def _value(f: FieldView) -> tuple[table.Part, ...]:
    if f.items:
        return tuple(table.Part("item", rich=i) for i in f.items)
    if f.pairs:
        return tuple(table.Part("item", rich=(Segment("label", f"{k}:"), Segment("text", f" {v}"))) for k, v in f.pairs)
    return (table.Part("rich", rich=f.text),)


@dataclass(frozen=True)
class ScenarioView:
    name: str
    kind: str
    players: str
    parts: tuple[PartView, ...]
    assumed: str
    cites: tuple[Cite, ...]
    link: Link


@dataclass(frozen=True)
class ScenarioSheet:
    scenarios: tuple[ScenarioView, ...]

    @property
    def empty(self) -> str:
        """Why the sheet has nothing to print ('' when it has)."""
        return "" if self.scenarios else "the pack has no scenarios"


def scenario_sheet(pack: Pack, linker: Linker) -> ScenarioSheet:
    """One sheet per entity of the types the manifest marks `scenario: true`, in the order the pack lists them."""
    types = [spec.id for spec in pack.types.values() if spec.scenario]
    return ScenarioSheet(tuple(_scenario(pack, e, linker) for e in pack.of_type(*types)))


def _scenario(pack: Pack, entity: Entity, linker: Linker) -> ScenarioView:
    covered = assumed_fields(entity.get("assumed"))
    reason = entity_assumed(pack, entity) or ""
    difficulties = _difficulties(entity.data)
    fields: dict[str, list[FieldView]] = {}
    tables: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
    spec = pack.types.get(entity.type)
    refs = frozenset(path.replace("[]", "") for path, _ in spec.refs) if spec else frozenset()
    for key, raw in entity.data.items():
        if key in ENVELOPE - {"text", "notes"} or key == "players":
            continue
        value = _named(pack, raw, key, refs)
        part = _part(key)
        if "difficulty" in key and isinstance(value, dict) and difficulties:
            tables.setdefault(part, []).extend(_difficulty_rows(key, value, difficulties))
        else:
            assumed = bool(reason) and (covered is None or key in covered)
            fields.setdefault(part, []).append(_field(pack, key, value, assumed))
    parts = tuple(
        PartView(title, tuple(fields.get(title, ())),
                 DifficultyTable(difficulties, tuple(tables[title])) if title in tables else None)
        for title in (OVERVIEW, *(t for t, _ in PARTS)) if title in fields or title in tables)
    title = pack.types[entity.type].title if entity.type in pack.types else entity.type
    return ScenarioView(entity.name, title, _players(entity.get("players"), pack), parts, reason,
                        linker.cites(entity.sources), linker.to(entity.locate()))


def _named(pack: Pack, value: Any, path: str, refs: frozenset[str]) -> Any:
    """The value with every reference the type declares (at `path`) shown as the referenced entity's name."""
    if isinstance(value, list):
        return [_named(pack, v, path, refs) for v in value]
    if isinstance(value, dict):
        return {k: _named(pack, v, f"{path}.{k}", refs) for k, v in value.items()}
    if path in refs and isinstance(value, str) and value in pack.by_id:
        return pack.by_id[value].name
    return value


def _part(key: str) -> str:
    return next((title for title, words in PARTS if any(w in key for w in words)), OVERVIEW)


def _difficulties(data: Mapping[str, Any]) -> tuple[str, ...]:
    listed = data.get("difficulties")
    if isinstance(listed, list):
        return tuple(str(d) for d in listed)
    for key, value in data.items():
        if "difficulty" in key and isinstance(value, dict):
            return tuple(str(k) for k in value)
    return ()


def _difficulty_rows(key: str, value: Mapping[str, Any], difficulties: Sequence[str]
                     ) -> list[tuple[str, tuple[str, ...]]]:
    """A row for a `difficulty: value` mapping, or one per inner field of `difficulty: {field: value}`."""
    inner: dict[str, None] = {}
    for per in value.values():
        if isinstance(per, dict):
            inner.update(dict.fromkeys(per))
    if not inner:
        return [(label(key.replace("by_difficulty", "").strip("_") or key), tuple(
            format_value(value.get(d)) for d in difficulties))]
    return [(label(name), tuple(format_value((value.get(d) or {}).get(name)) for d in difficulties))
            for name in inner]


def _field(pack: Pack, key: str, value: Any, assumed: bool) -> FieldView:
    if isinstance(value, list):
        return FieldView(label(key), items=tuple(rich(pack, _item(v)) for v in value), assumed=assumed)
    if isinstance(value, dict):
        return FieldView(label(key), pairs=tuple((label(k), format_value(v)) for k, v in value.items()),
                         assumed=assumed)
    return FieldView(label(key), text=rich(pack, format_value(value)), assumed=assumed)


def _item(value: Any) -> str:
    if isinstance(value, dict):
        for name in ("text", "name", "summary"):
            if isinstance(value.get(name), str):
                return value[name]
    return format_value(value)


def _players(raw: Any, pack: Pack) -> str:
    low, high = (raw.get("min"), raw.get("max")) if isinstance(raw, dict) else pack.players
    return str(low) if low == high else f"{low}-{high}"
