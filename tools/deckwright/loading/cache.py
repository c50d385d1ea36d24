"""Parse results cached by content hash, so a re-lint reads only the files that changed.

Entries are written with `marshal` (plain data only: a cache file can never run code) and
atomically, keyed by the SHA-256 of the file's bytes and the loader's version.
"""

from __future__ import annotations

import marshal
from pathlib import Path
from typing import Any

from deckwright.loading.problem import Parsed, Problem, Trap

# Bump when the parsers change what they produce for the same bytes.
LOADER_VERSION = "5"


class ParseCache:
    """A folder of marshalled parse results; `None` folder disables caching."""

    def __init__(self, folder: Path | None):
        self.folder = folder

    def get(self, digest: str, kind: str) -> Parsed | None:
        if self.folder is None:
            return None
        try:
            raw = (self.folder / self._name(digest, kind)).read_bytes()
            data, problems, traps, spans = marshal.loads(raw)
            parsed = Parsed(
                data,
                tuple(Problem(c, m, ln, col, tuple(p), h, tuple(tuple(r) for r in rel))
                      for c, m, ln, col, p, h, rel in problems),
                tuple(Trap(tuple(p), ln, col, t, y) for p, ln, col, t, y in traps),
                tuple((tuple(path), tuple(offsets)) for path, offsets in spans),
            )
        except (OSError, EOFError, ValueError, TypeError, IndexError, KeyError, RecursionError, MemoryError):
            return None  # unreadable or malformed: parsed again, and the entry rewritten
        return parsed if _well_formed(parsed) else None

    def put(self, digest: str, kind: str, parsed: Parsed) -> None:
        if self.folder is None:
            return
        payload: Any = (
            parsed.data,
            tuple((p.code, p.message, p.line, p.column, p.pointer, p.hint, p.related) for p in parsed.problems),
            tuple((t.pointer, t.line, t.column, t.text, t.yaml11) for t in parsed.traps),
            parsed.spans,
        )
        try:
            blob = marshal.dumps(payload)
        except ValueError:  # data marshal cannot hold (it never should): simply not cached
            return
        from deckwright.output import write_atomic  # tempfile and secrets: only a run that writes an entry

        try:
            write_atomic(self.folder / self._name(digest, kind), blob)
        except OSError:
            return  # a read-only tree lints as well, only slower

    @staticmethod
    def _name(digest: str, kind: str) -> str:
        return f"{kind}-{LOADER_VERSION}-{digest}"


_DATA = (dict, list, str, int, float, bool, type(None))


def _well_formed(parsed: Parsed) -> bool:
    """Whether a cached entry holds what the parsers produce: JSON-model data, typed problems and traps."""
    from deckwright.codebook import lookup

    for problem in parsed.problems:
        if not (isinstance(problem.code, str) and lookup(problem.code) is not None and isinstance(problem.message, str)
                and isinstance(problem.line, int) and isinstance(problem.column, int)):
            return False
    for trap in parsed.traps:
        if not (isinstance(trap.line, int) and isinstance(trap.column, int) and isinstance(trap.text, str)):
            return False
    for path, offsets in parsed.spans:
        if not (all(isinstance(p, str) for p in path) and all(type(i) is int for i in offsets)):
            return False
    todo = [parsed.data]
    while todo:
        value = todo.pop()
        if not isinstance(value, _DATA):
            return False
        if isinstance(value, dict):
            if not all(isinstance(k, str) for k in value):
                return False
            todo.extend(value.values())
        elif isinstance(value, list):
            todo.extend(value)
    return True
