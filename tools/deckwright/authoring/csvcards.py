"""A spreadsheet of cards (CSV, one card a row, a header row of field names) read as typed entities.

Each column becomes a field: its header, in lower case with other characters turned into `_`, is
the key. The envelope's columns (`id`, `name`, `copies`, `text`, `flavor`, `art`, `notes`) keep
their meaning; a missing `id` is made from the name. A column whose every filled cell is a whole
number is an integer field, one of numbers a number field, and any other a string field; a
column that is mostly numbers with a few words in it is a number column with mistakes, each
reported where it is. Empty cells leave the field out. The schema follows from the columns: a field
filled on every row is required.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from deckwright.authoring import codes
from deckwright.diagnostic import Diagnostic, Location, Related, Severity

# The envelope fields a column may fill, in the envelope schema's order (the order `fmt` keeps).
ENVELOPE = ("id", "name", "copies", "text", "flavor", "art", "notes")
_INTEGER = re.compile(r"^[+-]?\d+$")
_NUMBER = re.compile(r"^[+-]?(\d+\.\d*|\.\d+|\d+)([eE][+-]?\d+)?$")
_SLUG_GAPS = re.compile(r"[^a-z0-9]+")
_KEY_GAPS = re.compile(r"[^a-z0-9]+")


@dataclass(frozen=True)
class Column:
    """One spreadsheet column: its key and the JSON Schema type its cells have."""

    key: str
    header: str
    kind: str  # integer | number | string
    required: bool


@dataclass(frozen=True)
class CsvCards:
    """The entities a spreadsheet gives, the columns they were read from, and what was wrong."""

    entities: tuple[dict[str, Any], ...]
    columns: tuple[Column, ...]
    diagnostics: tuple[Diagnostic, ...] = field(default=())

    def schema_properties(self) -> dict[str, Any]:
        """The JSON Schema `properties` of the type's own (non-envelope) fields."""
        return {c.key: {"type": c.kind} for c in self.columns if c.key not in ENVELOPE}

    def required(self) -> list[str]:
        return [c.key for c in self.columns if c.required and c.key not in ENVELOPE]


def slug(text: str) -> str:
    """A lower-case slug (`Cave Troll!` -> `cave-troll`), as ids are written."""
    return _SLUG_GAPS.sub("-", text.lower()).strip("-")


def read_cards(text: str, display: str, type_id: str) -> CsvCards:
    """The cards of a CSV text (`display` is its name in diagnostics), each of type `type_id`."""
    rows = list(_rows(text))
    if not rows:
        return CsvCards((), (), (codes.CSV_BAD_HEADER.at(Location(display, 1, 1), "the file has no header row"),))
    header_line, header = rows[0]
    found: list[Diagnostic] = []
    keys = _keys(header, Location(display, header_line, 1), found)
    body = [(line, cells) for line, cells in rows[1:] if any(cell.strip() for cell in cells)]
    kinds = {index: _kind(key, [cells[index].strip() for _, cells in body if index < len(cells)])
             for index, key in keys.items()}
    entities: list[dict[str, Any]] = []
    first_row: dict[str, int] = {}
    for line, cells in body:
        where = Location(display, line, 1)
        if len(cells) > len(header):
            found.append(codes.CSV_BAD_ROW.at(where, f"row has {len(cells)} cells, the header {len(header)}",
                                              hint="a comma inside a cell needs the cell in double quotes"))
            continue
        entity = _entity(cells, keys, kinds, where, found)
        if entity is None:
            continue
        if entity["id"] in first_row:
            found.append(codes.CSV_DUPLICATE_ID.at(
                where, f"id '{entity['id']}' is already given on line {first_row[entity['id']]}",
                related=[Related(display, first_row[entity["id"]], 1, "first given here")],
                hint="give the row its own `id` column value, or a different name"))
            continue
        first_row[entity["id"]] = line
        own = {k: v for k, v in entity.items() if k not in ENVELOPE}
        envelope = {k: entity[k] for k in ENVELOPE[2:] if k in entity}
        entities.append({"id": entity["id"], "type": type_id, "name": entity["name"], **own, **envelope})
    columns = tuple(Column(key, header[index].strip(), kinds[index],
                           all(key in e for e in entities) and bool(entities))
                    for index, key in keys.items() if key not in ("id", "type"))
    return CsvCards(tuple(entities), columns, tuple(found))


def _rows(text: str) -> Sequence[tuple[int, list[str]]]:
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff"), newline=""), delimiter=_delimiter(text))
    rows = []
    line = 1
    for cells in reader:
        rows.append((line, cells))
        line = reader.line_num + 1
    return rows


def _delimiter(text: str) -> str:
    """Commas by default; semicolons or tabs when the header row uses them (as some spreadsheets export)."""
    first = text.lstrip("\ufeff").split("\n", 1)[0]
    return max(("\t", ";", ","), key=lambda d: (first.count(d), d == ","))


def _keys(header: list[str], where: Location, found: list[Diagnostic]) -> dict[int, str]:
    """Column index -> field key, for the columns that can be read."""
    keys: dict[int, str] = {}
    for index, title in enumerate(header):
        key = _KEY_GAPS.sub("_", title.strip().lower()).strip("_")
        if not key or not key[0].isalpha():
            found.append(codes.CSV_BAD_HEADER.at(where, f"column {index + 1} ('{title}') has no usable name; "
                                                        "it is left out", hint="name it with a word"))
        elif key in keys.values():
            found.append(codes.CSV_BAD_HEADER.at(where, f"column {index + 1} ('{title}') repeats the field "
                                                        f"'{key}'; it is left out"))
        elif key == "type":
            found.append(codes.CSV_BAD_HEADER.at(where, "the column 'type' is left out: every row gets the "
                                                        "type the import names", severity=Severity.WARNING))
        else:
            keys[index] = key
    if "name" not in keys.values():
        found.append(codes.CSV_BAD_HEADER.at(where, "no 'name' column", hint="every card needs a name"))
    return keys


def _kind(key: str, cells: list[str]) -> str:
    filled = [c for c in cells if c]
    if key == "copies" or (filled and all(_INTEGER.match(c) for c in filled)):
        return "integer"
    numbers = [c for c in filled if _NUMBER.match(c)]
    if key in ENVELOPE or len(numbers) * 2 <= len(filled):
        return "string"
    return "integer" if all(_INTEGER.match(c) for c in numbers) else "number"


def _entity(cells: list[str], keys: dict[int, str], kinds: dict[int, str], where: Location,
            found: list[Diagnostic]) -> dict[str, Any] | None:
    """One row as an entity (without its type), or None when it cannot be one (reported)."""
    entity: dict[str, Any] = {}
    for index, key in keys.items():
        cell = cells[index].strip() if index < len(cells) else ""
        if not cell:
            continue
        value = _value(cell, kinds[index])
        if key == "copies" and (value is None or value < 1):
            found.append(codes.CSV_NOT_A_NUMBER.at(where, f"'copies' is '{cell}'",
                                                   hint="copies is a whole number from 1"))
            continue
        if value is None:
            found.append(codes.CSV_NOT_A_NUMBER.at(
                where, f"'{key}' is '{cell}', not {'a whole number' if kinds[index] == 'integer' else 'a number'}"
                       " as in the column's other rows", hint="write a number, or leave the cell empty"))
            continue
        entity[key] = value
    if "name" not in entity:
        found.append(codes.CSV_BAD_ROW.at(where, "the row has no name", hint="fill in the 'name' cell"))
        return None
    entity["id"] = slug(str(entity.get("id") or entity["name"]))
    if not entity["id"] or not entity["id"][0].isalpha():
        found.append(codes.CSV_BAD_ROW.at(where, f"no id can be made from '{entity['name']}'",
                                          hint="add an `id` column: lower-case letters, digits and dashes"))
        return None
    return entity


def _value(cell: str, kind: str) -> Any:
    if kind == "integer":
        return int(cell) if _INTEGER.match(cell) else None
    if kind == "number":
        if not _NUMBER.match(cell):
            return None
        return int(cell) if _INTEGER.match(cell) else float(cell)
    return cell
