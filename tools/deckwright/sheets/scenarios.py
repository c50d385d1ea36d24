"""Scenario sheets: set-up, winning and losing conditions of each scenario or adventure, per difficulty."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from deckwright.model.pack import Entity, Pack
from deckwright.rules.facts import assumed_reason, entity_assumed
from deckwright.sheets.links import Cite, Link, Linker
from deckwright.sheets.rich import Rich, rich
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
    for key, value in entity.data.items():
        if key in ENVELOPE - {"text", "notes"} or key == "players":
            continue
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
