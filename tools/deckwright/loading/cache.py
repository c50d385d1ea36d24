"""Parse results cached by content hash, so a re-lint reads only the files that changed.

Entries are written with `marshal` (plain data only: a cache file can never run code) and
atomically, keyed by the SHA-256 of the file's bytes and the loader's version. The data is held
as JSON text and the record spans as packed integers: reading them back (`json.loads`, `array`)
can only yield JSON's types and integers, so an entry is checked without visiting its data
(a visit in Python cost more than parsing the YAML again on a warm re-lint).
"""

from __future__ import annotations

import json
import marshal
import os
from array import array
from pathlib import Path
from typing import Any

from deckwright.loading.problem import Parsed, Problem, Trap

# Bump when the parsers change what they produce for the same bytes.
LOADER_VERSION = "6"


class ParseCache:
    """A folder of marshalled parse results; `None` folder disables caching."""

    def __init__(self, folder: Path | None):
        self.folder = folder
        self._pruned = False

    def get(self, digest: str, kind: str) -> Parsed | None:
        if self.folder is None:
            return None
        try:
            raw = (self.folder / self._name(digest, kind)).read_bytes()
            text, problems, traps, spans = marshal.loads(raw)
            parsed = Parsed(
                json.loads(text) if isinstance(text, str) else _refused(),
                tuple(Problem(c, m, ln, col, tuple(p), h, tuple(tuple(r) for r in rel))
                      for c, m, ln, col, p, h, rel in problems),
                tuple(Trap(tuple(p), ln, col, t, y) for p, ln, col, t, y in traps),
                tuple((tuple(path), _integers(offsets)) for path, offsets in spans),
            )
        except (OSError, EOFError, ValueError, TypeError, IndexError, KeyError, RecursionError, MemoryError):
            return None  # unreadable or malformed: parsed again, and the entry rewritten
        return parsed if _well_formed(parsed) else None

    def put(self, digest: str, kind: str, parsed: Parsed) -> None:
        if self.folder is None:
            return
        try:
            payload: Any = (
                json.dumps(parsed.data, ensure_ascii=False, check_circular=False),
                tuple((p.code, p.message, p.line, p.column, p.pointer, p.hint, p.related) for p in parsed.problems),
                tuple((t.pointer, t.line, t.column, t.text, t.yaml11) for t in parsed.traps),
                tuple((path, array("q", offsets).tobytes()) for path, offsets in parsed.spans),
            )
            blob = marshal.dumps(payload)
        except (ValueError, TypeError, OverflowError, RecursionError):  # not plain data (it never should be)
            return
        from deckwright.output import write_atomic  # tempfile and secrets: only a run that writes an entry

        try:
            write_atomic(self.folder / self._name(digest, kind), blob)
        except OSError:
            return  # a read-only tree lints as well, only slower
        if not self._pruned:
            self._pruned = True
            self._prune_other_versions()

    def _prune_other_versions(self) -> None:
        """Entries another loader version wrote can never be read again: the first write of a run removes
        them (once per run, so a cold lint of many files lists the folder once)."""
        assert self.folder is not None
        try:
            names = [entry.name for entry in os.scandir(self.folder) if entry.is_file()]
        except OSError:
            return
        for name in names:
            kind, _, rest = name.partition("-")
            version = rest.partition("-")[0]
            if kind in ("yaml", "json") and version.isdigit() and version != LOADER_VERSION:
                try:
                    (self.folder / name).unlink()
                except OSError:
                    pass  # another run removed it, or the folder is read-only

    @staticmethod
    def _name(digest: str, kind: str) -> str:
        return f"{kind}-{LOADER_VERSION}-{digest}"


def _refused() -> Any:
    raise ValueError("not a cache entry")


def _integers(packed: Any) -> tuple[int, ...]:
    """Offsets packed as 64-bit integers (ValueError for anything else)."""
    if not isinstance(packed, bytes):
        raise ValueError("offsets are not packed integers")
    return tuple(array("q", packed))


def _well_formed(parsed: Parsed) -> bool:
    """Whether a cached entry holds what the parsers produce: typed problems, traps and span paths (the data and
    the offsets were read back as JSON and as integers, which can hold nothing else)."""
    from deckwright.codebook import lookup

    for problem in parsed.problems:
        if not (isinstance(problem.code, str) and lookup(problem.code) is not None and isinstance(problem.message, str)
                and isinstance(problem.line, int) and isinstance(problem.column, int)):
            return False
    for trap in parsed.traps:
        if not (isinstance(trap.line, int) and isinstance(trap.column, int) and isinstance(trap.text, str)):
            return False
    return all(all(isinstance(p, str) for p in path) for path, _ in parsed.spans)
