"""What a parser found wrong in one file, before the file has a display name (picklable, cacheable)."""

from __future__ import annotations

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
# flattened: character offsets and 0-based line). A position inside one record is found by composing that
# record's text alone.
Spans = tuple[tuple[tuple[str, ...], tuple[int, ...]], ...]


@dataclass(frozen=True)
class Parsed:
    """A file's data in JSON's data model (None when it could not be read), with its problems."""

    data: Any
    problems: tuple[Problem, ...] = ()
    traps: tuple[Trap, ...] = ()
    spans: Spans = ()
