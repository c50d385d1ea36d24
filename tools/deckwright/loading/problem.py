"""What a parser found wrong in one file, before the file has a display name (picklable, cacheable)."""

from __future__ import annotations

from array import array
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Problem:
    """A finding inside one file: code, message, 1-based position, and optional related positions."""

    code: str
    message: str
    line: int
    column: int
    pointer: tuple[str, ...] = ()
    hint: str | None = None
    related: tuple[tuple[int, int, str], ...] = ()


@dataclass(frozen=True)
class Trap:
    """A plain scalar that a YAML 1.1 reader would read as `yaml11` instead."""

    pointer: tuple[str, ...]
    line: int
    column: int
    text: str
    yaml11: Any


# Where the items of a file's record lists are written: (path of the list, (start, end, line) of each item,
# flattened: character offsets and 0-based line, `offsets`). A position inside one record is found by
# composing that record's text alone.
Spans = tuple[tuple[tuple[str, ...], "array[int]"], ...]


def offsets(values: Iterable[int] = ()) -> array[int]:
    """Span offsets packed as 64-bit integers: 100,000 records have 300,000 of them, 8 bytes each this way
    against some 36 as int objects in a tuple."""
    return array("q", values)


@dataclass(frozen=True)
class Parsed:
    """A file's data in JSON's data model (None when it could not be read), with its problems."""

    data: Any
    problems: tuple[Problem, ...] = ()
    traps: tuple[Trap, ...] = ()
    spans: Spans = ()
