"""The resolved content of a pack as rows: one per card (or per physical copy), for JSON and CSV."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from typing import Any

from deckwright.model import Pack

FIRST_COLUMNS = ("id", "type", "name", "copies")


def rows(pack: Pack, *, expand_copies: bool = False, language: str | None = None) -> list[dict[str, Any]]:
    """One row per entity (per copy with `expand_copies`, numbered in `copy`), translated if asked."""
    overlay = pack.translations.get(language, {}) if language else {}
    found: list[dict[str, Any]] = []
    for entity in pack.entities:
        row = {"id": entity.id, "type": entity.type, "name": entity.name, "copies": entity.copies,
               **{k: v for k, v in entity.data.items() if k not in FIRST_COLUMNS}}
        row.update({k: v for k, v in overlay.get((entity.type, entity.id), {}).items()})
        if expand_copies:
            found.extend({**row, "copy": n} for n in range(1, entity.copies + 1))
        else:
            found.append(row)
    return found


def to_json(pack: Pack, table: Sequence[dict[str, Any]]) -> str:
    """The rows as one JSON document, with the pack they come from."""
    document = {"pack": {"id": pack.id, "name": pack.name, "version": pack.version}, "cards": list(table)}
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def to_csv(table: Sequence[dict[str, Any]]) -> str:
    """The rows as CSV: a column per field (first use order), lists and mappings as JSON text."""
    columns = list(dict.fromkeys(k for row in table for k in row))
    out = io.StringIO()
    writer = csv.DictWriter(out, columns, lineterminator="\n")
    writer.writeheader()
    for row in table:
        writer.writerow({k: _cell(v) for k, v in row.items()})
    return out.getvalue()


def _cell(value: Any) -> Any:
    if isinstance(value, (list, dict)):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else value
