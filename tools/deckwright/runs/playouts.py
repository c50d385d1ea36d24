"""The check's playouts, kept in a disposable cache that `check`, `sheets` and `build` share.

Playing every scenario of a pack takes tens of seconds; the findings only change when the pack, the
code that plays it, the seed or the number of runs change. So the playout findings (and the facts the
playouts were seen to read) are stored under the parse cache's folder (`<cache>/playouts/`, gone with
`--no-cache` or `make clean`), keyed by a SHA-256 over all of that. A second run on unchanged content
plays nothing. A time budget (`--budget`) depends on the machine's speed: it is never cached.

An entry is JSON, read as data only; one that cannot be read or does not hold well-formed findings
of known codes is ignored, the playouts run again and the entry is rewritten.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from deckwright import __version__
from deckwright.diagnostic import Citation, Diagnostic, Related, Severity
from deckwright.errors import DeckwrightError
from deckwright.model import Pack
from deckwright.output import write_atomic
from deckwright.rules.readers import note_reads, recording

FOLDER = "playouts"
# Bump when what is stored changes shape.
CACHE_VERSION = "1"
_PACKAGE = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Played:
    """Findings of one pack's playouts, and the facts read while they ran (reader -> fact names)."""

    diagnostics: tuple[Diagnostic, ...]
    reads: Mapping[str, tuple[str, ...]]


Play = Callable[[], list[Diagnostic]]


def cached_playouts(pack: Pack, folder: Path | None, settings: Mapping[str, object], play: Play) -> list[Diagnostic]:
    """The findings of `play()` for this pack and settings: from the cache when it holds them, else played and
    stored. The facts the playouts read are recorded again on a hit, so unread-fact checks see them."""
    key = playout_key(pack, settings) if folder is not None else None
    path = folder / FOLDER / key if folder is not None and key is not None else None
    played = read_entry(path) if path is not None else None
    if played is not None:
        for reader, names in played.reads.items():
            note_reads(names, reader)
        return list(played.diagnostics)
    with recording() as log:
        diagnostics = play()
    reads = {reader: tuple(sorted(n for n, rs in log.readers.items() if reader in rs))
             for reader in sorted({r for rs in log.readers.values() for r in rs})}
    for reader, names in reads.items():
        note_reads(names, reader)  # into the caller's log, as if the playouts had run inside it
    if path is not None:
        write_entry(path, Played(tuple(diagnostics), reads))
    return diagnostics


def playout_key(pack: Pack, settings: Mapping[str, object]) -> str:
    """SHA-256 of every file the pack was read from (as displayed: findings carry those paths), the engine's
    name and code, deckwright's version and the settings that change what is played (seed, runs)."""
    digest = hashlib.sha256()
    head = {"cache": CACHE_VERSION, "deckwright": __version__, "engine": pack.engine, "code": engine_code(pack),
            "settings": {k: settings[k] for k in sorted(settings)}}
    digest.update(json.dumps(head, sort_keys=True, default=str).encode())
    for doc in pack.documents:
        digest.update(f"\0{doc.display}\0{doc.digest or hashlib.sha256(doc.text.encode()).hexdigest()}".encode())
    return digest.hexdigest()


def engine_code(pack: Pack) -> str:
    """A hash of the code that plays the pack: deckwright's own modules and, for a game installed from
    elsewhere, that game's package."""
    from deckwright.plugin import load_game

    folders = [_PACKAGE]
    if pack.engine:
        try:
            engine = load_game(pack.engine).engine
        except DeckwrightError:  # the engine check reports a game that cannot load; the key only needs a value
            engine = None
        module = sys.modules.get(type(engine).__module__) if engine is not None else None
        origin = getattr(module, "__file__", None)
        if origin:
            folder = Path(origin).resolve().parent
            if _PACKAGE not in folder.parents and folder != _PACKAGE:
                folders.append(folder)
    return "".join(_source_hash(folder) for folder in folders)


@cache
def _source_hash(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*.py")):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def write_entry(path: Path, played: Played) -> None:
    """Store the playout findings; a cache that cannot be written is simply not used."""
    data = {"version": CACHE_VERSION, "reads": {k: list(v) for k, v in played.reads.items()},
            "diagnostics": [_as_data(d) for d in played.diagnostics]}
    try:
        write_atomic(path, json.dumps(data, ensure_ascii=False, sort_keys=True))
    except OSError:
        return


def read_entry(path: Path) -> Played | None:
    """The stored playout findings; None when the entry is missing, unreadable or malformed."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or data.get("version") != CACHE_VERSION:
            return None
        reads = data["reads"]
        if not isinstance(reads, dict) or not all(isinstance(names, list) and all(isinstance(n, str) for n in names)
                                                  for names in reads.values()):
            return None
        listed = data["diagnostics"]
        if not isinstance(listed, list):
            return None
        return Played(tuple(_from_data(item) for item in listed), {str(k): tuple(v) for k, v in reads.items()})
    except (OSError, UnicodeDecodeError, ValueError, TypeError, KeyError, AttributeError):
        return None


def _as_data(d: Diagnostic) -> dict[str, Any]:
    return {"code": d.code, "severity": d.severity.value, "message": d.message, "file": d.file, "line": d.line,
            "column": d.column, "pointer": d.pointer, "hint": d.hint, "subject": d.subject,
            "related": [[r.file, r.line, r.column, r.message] for r in d.related],
            "sources": [[c.doc, c.line] for c in d.sources]}


def _from_data(item: Any) -> Diagnostic:
    """A stored finding; ValueError (or TypeError, KeyError) when it is not one deckwright could have made."""
    from deckwright.codebook import lookup

    texts = ("code", "message", "file", "pointer", "subject")
    if not isinstance(item, dict) or not all(isinstance(item[k], str) for k in texts):
        raise ValueError("not a finding")
    if lookup(item["code"]) is None or not all(_count(item[k]) for k in ("line", "column")):
        raise ValueError("not a finding")
    if item["hint"] is not None and not isinstance(item["hint"], str):
        raise ValueError("not a finding")
    related = tuple(Related(*_typed(r, (str, int, int, str))) for r in item["related"])
    sources = tuple(Citation(*_typed(c, (str, (int, str)))) for c in item["sources"])
    return Diagnostic(item["code"], Severity(item["severity"]), item["message"], item["file"], item["line"],
                      item["column"], item["pointer"], related, sources, item["hint"], subject=item["subject"])


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _typed(values: Any, types: Sequence[type | tuple[type, ...]]) -> list[Any]:
    if not isinstance(values, list) or len(values) != len(types) or not all(
            isinstance(v, t) for v, t in zip(values, types)):
        raise ValueError("not a finding")
    return values
