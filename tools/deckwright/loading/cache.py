"""Per-file results cached by content hash, so a re-lint reads only the files that changed.

Two kinds of entry, one slot per file and kind (named by the SHA-256 of the file's absolute path,
so an edited file's entry is replaced, never left behind): a file's parse result (`yaml`, with the
hash of each record's text: an edited file re-parses only its changed records, see `records`), and
the mark that every record of the file read clean against a given set of schemas and types (`clean`).
Each entry holds the SHA-256 of the file's bytes it was made from and is used only for those
bytes; the loader's version is in the name, and entries of other versions, or unused for
STALE_DAYS, are removed by the first run that writes one.

Entries are written with `marshal` (plain data only: a cache file can never run code) and
atomically. The data is held as JSON text and the record spans as packed integers: reading them
back (`orjson.loads` or `json.loads`, `array`) can only yield JSON's types and integers, so an entry is checked
without visiting its data (a visit in Python cost more than parsing the YAML again on a warm
re-lint). A clean mark is two strings compared with the expected ones. Anything else in an entry
(a corrupt or forged file) is a miss: the file is parsed and checked again, and the entry rewritten.
"""

from __future__ import annotations

import json
import marshal
import os
from array import array
from pathlib import Path
from typing import Any

from deckwright.cachefolder import mark_used, prune, slot
from deckwright.loading.problem import Parsed, Problem, Trap, offsets
from deckwright.loading.records import Records

# Bump when the parsers change what they produce for the same bytes, or entity reading what it reports.
LOADER_VERSION = "7"
KINDS = ("yaml", "json", "clean")  # the entries this cache writes (other files in the folder are left alone)


class ParseCache:
    """A folder of marshalled per-file results; `None` folder disables caching."""

    def __init__(self, folder: Path | None):
        self.folder = folder
        self._pruned = False

    def get(self, path: Path, digest: str, kind: str) -> Parsed | None:
        """The parse of `path` when its bytes had this digest, or None."""
        found = self._parse(path, kind, digest)
        return found[0] if found is not None else None

    def previous(self, path: Path, kind: str) -> tuple[Parsed, Records] | None:
        """The parse of `path` as it was when last cached, whatever its bytes were then, with its records
        (`records`; none when it was not a list of records)."""
        return self._parse(path, kind, None)

    def _parse(self, path: Path, kind: str, digest: str | None) -> tuple[Parsed, Records] | None:
        envelope = self._read(path, kind)
        if envelope is None:
            return None
        try:
            written, text, problems, traps, spans, records, strict = envelope
            if digest is not None and written != digest:
                return None
            parsed = Parsed(
                _json_data(text, strict is True) if isinstance(text, str) else _refused(),
                tuple(Problem(c, m, ln, col, tuple(p), h, tuple(tuple(r) for r in rel))
                      for c, m, ln, col, p, h, rel in problems),
                tuple(Trap(tuple(p), ln, col, t, y) for p, ln, col, t, y in traps),
                tuple((tuple(at), _packed(offsets)) for at, offsets in spans),
            )
            hashes, starts, lines = records
            if not isinstance(hashes, bytes):
                return None
            kept = Records(hashes, _integers(starts), _integers(lines))
        except (ValueError, TypeError, IndexError, KeyError, RecursionError, MemoryError):
            return None  # malformed: parsed again, and the entry rewritten
        return (parsed, kept) if _well_formed(parsed) and kept.consistent() else None

    @property
    def enabled(self) -> bool:
        return self.folder is not None

    def put(self, path: Path, digest: str, kind: str, parsed: Parsed, records: Records = Records()) -> None:
        """Keep the parse of `path` (whose bytes have this digest), with the hashes of its records if it has any."""
        if self.folder is None:
            return
        try:
            text = json.dumps(parsed.data, ensure_ascii=False, check_circular=False)
            payload: Any = (
                digest,
                text,
                tuple((p.code, p.message, p.line, p.column, p.pointer, p.hint, p.related) for p in parsed.problems),
                tuple((t.pointer, t.line, t.column, t.text, t.yaml11) for t in parsed.traps),
                tuple((at, array("q", offsets).tobytes()) for at, offsets in parsed.spans),
                (records.hashes, array("q", records.starts).tobytes(), array("q", records.lines).tobytes()),
                _strict_json(parsed.data, text),
            )
        except (ValueError, TypeError, OverflowError, RecursionError):  # not plain data (it never should be)
            return
        self._write(path, kind, payload)

    def clean(self, path: Path, digest: str, fingerprint: str) -> bool:
        """Whether every record of `path`, with these bytes, read clean under the schemas and types `fingerprint`
        names (`mark_clean`)."""
        return self._read(path, "clean") == (digest, fingerprint)

    def mark_clean(self, path: Path, digest: str, fingerprint: str) -> None:
        if not self.clean(path, digest, fingerprint):
            self._write(path, "clean", (digest, fingerprint))

    def _read(self, path: Path, kind: str) -> Any:
        """The entry of `path` and `kind` as written (None when there is none or it cannot be read); an entry
        read after a day unused is marked used again (its time is what `STALE_DAYS` counts)."""
        if self.folder is None:
            return None
        entry = self.folder / _name(path, kind)
        try:
            with open(entry, "rb") as handle:
                used = os.fstat(handle.fileno()).st_mtime
                raw = handle.read()
            envelope = marshal.loads(raw)
        except (OSError, EOFError, ValueError, TypeError, RecursionError, MemoryError):
            return None
        mark_used(entry, used)
        return envelope

    def _write(self, path: Path, kind: str, payload: Any) -> None:
        if self.folder is None:
            return
        try:
            blob = marshal.dumps(payload)
        except (ValueError, TypeError):
            return
        from deckwright.output import write_atomic  # tempfile and secrets: only a run that writes an entry

        try:
            write_atomic(self.folder / _name(path, kind), blob)
        except OSError:
            return  # a read-only tree lints as well, only slower
        if not self._pruned:
            self._pruned = True
            self._prune()

    def _prune(self) -> None:
        """Remove the entries that can never be read again (another loader version wrote them) and those unused for
        STALE_DAYS (their file was deleted or moved); once per run, so a cold lint of many files lists the folder once."""
        assert self.folder is not None
        prune(self.folder, _removable)


def _removable(name: str, stale: bool) -> bool:
    kind, _, rest = name.partition("-")
    version = rest.partition("-")[0]
    return kind in KINDS and version.isdigit() and (version != LOADER_VERSION or stale)


def _name(path: Path, kind: str) -> str:
    """The slot of a file's entry of one kind: the file's absolute path, hashed (the folder names no path)."""
    return f"{kind}-{LOADER_VERSION}-{slot(path)}"


def _strict_json(data: Any, text: str) -> bool:
    """Whether orjson reads `text` (json.dumps of `data`) back as json does: no NaN or Infinity (strict JSON has
    none; json writes them bare), and every integer and string orjson can write itself (it refuses integers
    beyond 64 bits, which it would read as floats, and lone surrogates)."""
    if "NaN" in text or "Infinity" in text:  # inside a string too: read by json, only slower
        return False
    import orjson

    try:
        orjson.dumps(data)
    except TypeError:
        return False
    return True


def _json_data(text: str, strict: bool) -> Any:
    """JSON text back to data: with orjson when the text is strict JSON (`_strict_json`), about twice as fast as
    json (reading the cache is most of a warm re-lint's reading), else with json."""
    if strict:
        import orjson

        try:
            return orjson.loads(text)
        except orjson.JSONDecodeError:
            pass  # a cache entry that says so wrongly is read as any other
    return json.loads(text)


def _refused() -> Any:
    raise ValueError("not a cache entry")


def _integers(packed: Any) -> tuple[int, ...]:
    """Offsets packed as 64-bit integers (ValueError for anything else)."""
    return tuple(_packed(packed))


def _packed(packed: Any) -> array[int]:
    """Offsets packed as 64-bit integers, kept packed (`loading.problem.offsets`; ValueError for anything else)."""
    if not isinstance(packed, bytes):
        raise ValueError("offsets are not packed integers")
    return offsets(packed)


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
