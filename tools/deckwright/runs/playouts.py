"""The check's playouts, kept in a disposable cache that `check`, `sheets` and `build` share.

Playing every scenario of a pack takes tens of seconds; the findings only change when the pack, the
code that plays it, the seed or the number of runs change. So the playout findings (and the facts the
playouts were seen to read) are stored under the parse cache's folder (`<cache>/playouts/`, gone with
`--no-cache` or `make clean`), keyed by a SHA-256 over all of that. A second run on unchanged content
plays nothing. A time budget (`--budget`) depends on the machine's speed: it is never cached.

The answers of the probes claims ask (which play games too) are kept the same way (`<cache>/probes/`),
so a second check of an unchanged pack plays no game at all.

Each pack folder and question (the playouts' settings, a probe's name and parameters) has one slot, a
file named by their SHA-256, holding the key its answer was computed for: an edited pack's answer
replaces the old one rather than piling up beside it, and a slot unused for `cachefolder.STALE_DAYS`
(its pack was deleted or moved) is removed by the next run that writes one.

An entry is JSON, read as data only; one that cannot be read, was made for another key or does not
hold well-formed findings of known codes is ignored, the playouts run again and the entry is rewritten.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from importlib.util import find_spec
from pathlib import Path
from typing import Any, TypeVar

from deckwright import __version__
from deckwright import cachefolder
from deckwright.cachefolder import mark_used, prune
from deckwright.diagnostic import Citation, Diagnostic, Related, Severity
from deckwright.errors import DeckwrightError
from deckwright.model import Pack
from deckwright.output import write_atomic
from deckwright.rules.probes import AskThrough
from deckwright.rules.readers import note_reads, recording
from deckwright.rules.values import canonical

FOLDER = "playouts"
SLOT_PREFIX = "slot-"  # the files of the playouts and probes folders this cache writes (and may remove)
PROBES = "probes"
LAYOUTS = "layouts"
# What the layout check's findings also depend on: the shipped fonts and the libraries that measure text
# (reportlab, its hyphenation through pyphen), expand card text (jinja2) and read art (Pillow, lxml, svglib).
SHIPPED_FONTS = Path(__file__).resolve().parent.parent / "render" / "fonts"
LAYOUT_LIBRARIES = ("reportlab", "pyphen", "jinja2", "PIL", "lxml", "svglib")
# Bump when what is stored changes shape.
CACHE_VERSION = "3"
_PACKAGE = Path(__file__).resolve().parent.parent
T = TypeVar("T")
_pruned: set[Path] = set()  # folders pruned by this process (once a run)


Play = Callable[[], list[Diagnostic]]


def cached_playouts(pack: Pack, folder: Path | None, settings: Mapping[str, object], play: Play) -> list[Diagnostic]:
    """The findings of `play()` for this pack and settings: from the cache when it holds them, else played and
    stored. The facts the playouts read are recorded again on a hit, so unread-fact checks see them."""
    return list(_kept(pack, folder, FOLDER, settings, play, lambda found: [_as_data(d) for d in found],
                      lambda listed: _findings(listed, pack.engine)))


def kept_layouts(pack: Pack, folder: Path | None, check: Play) -> list[Diagnostic]:
    """The findings of the layout check `check()` (every card's text fitted in its fonts, its images read), from
    `<folder>/layouts/` when kept for the same pack files, code, other files in the pack folder (art, fonts:
    their bytes), shipped fonts and installed libraries that measure and read them; else checked and stored.
    That check costs a pack with layouts 0.2 to 1.5 s of CPU (reportlab, the faces and the hyphenation
    dictionary loaded, then every text fitted); a re-check of an unchanged pack reads one file."""
    if folder is None:
        return check()
    inputs = {"files": _other_files(pack), "fonts": _stamps(sorted(SHIPPED_FONTS.glob("*"))),
              "libraries": _stamps([_origin(name) for name in LAYOUT_LIBRARIES])}
    return list(_kept(pack, folder, LAYOUTS, {"check": "layouts"}, check, lambda found: [_as_data(d) for d in found],
                      lambda listed: _findings(listed, pack.engine), inputs))


def _other_files(pack: Pack) -> list[tuple[str, str]]:
    """The files of the pack folder that are not among its documents (art, fonts, text), by relative path, with
    their SHA-256 (the documents are in every key already)."""
    documents = {doc.path.resolve() for doc in pack.documents}
    found = []
    for path in sorted(pack.root.rglob("*")):
        if path.is_file() and path.resolve() not in documents:
            found.append((path.relative_to(pack.root).as_posix(), hashlib.sha256(path.read_bytes()).hexdigest()))
    return found


def _origin(module: str) -> Path | None:
    """The file an installed library is imported from, found without importing it."""
    spec = find_spec(module)
    return Path(spec.origin) if spec is not None and spec.origin else None


def _stamps(paths: Sequence[Path | None]) -> list[tuple[str, int, int]]:
    """Name, size and modification time of each file: what changes when a library is installed or upgraded
    (reading its version would import it, or read its metadata, costing more than the check saves)."""
    stamps = []
    for path in paths:
        if path is not None and path.is_file():
            info = path.stat()
            stamps.append((str(path), info.st_size, info.st_mtime_ns))
    return stamps


def kept_probes(pack: Pack, folder: Path | None) -> AskThrough:
    """Probe answers kept beside the playouts (`<cache>/probes/`, same key: the pack's files, the code, and
    the probe's name and parameters), so a second check asks no probe again; the facts a probe read are
    recorded again on a hit. An answer that is not plain JSON data (a tuple, a key that is no string,
    a fraction) is not kept: read back it would not be the same value."""
    def through(name: str, params: Mapping[str, Any], ask: Callable[[], Any]) -> Any:
        settings = {"probe": name, "params": repr(canonical(params))}
        return _kept(pack, folder, PROBES, settings, ask, _exact_json, _plain_json)

    return through


def _kept(pack: Pack, folder: Path | None, kind: str, settings: Mapping[str, object], compute: Callable[[], T],
          to_data: Callable[[T], Any], from_data: Callable[[Any], T], inputs: Mapping[str, object] | None = None) -> T:
    """`compute()` for this pack and settings, from `<folder>/<kind>/<key>` when it holds it, else computed and
    stored there (`to_data` may raise ValueError: then it is not stored). The facts read while computing are
    stored with the value and recorded again on a hit, as if it had been computed. `inputs`, what else the
    value is made from, joins the key, not the slot (a changed input replaces the entry)."""
    key = playout_key(pack, {**settings, **(inputs or {})})
    path = folder / kind / slot(pack, settings) if folder is not None else None
    kept = read_entry(path, key, from_data) if path is not None else None
    if kept is not None:
        value, reads = kept
        for reader, names in reads.items():
            note_reads(names, reader)
        return value
    with recording() as log:
        value = compute()
    reads = {reader: tuple(sorted(n for n, rs in log.readers.items() if reader in rs))
             for reader in sorted({r for rs in log.readers.values() for r in rs})}
    for reader, names in reads.items():
        note_reads(names, reader)  # into the caller's log, as if the value had been computed inside it
    if path is not None:
        try:
            data = to_data(value)
        except ValueError:
            return value
        write_entry(path, key, data, reads)
    return value


def slot(pack: Pack, settings: Mapping[str, object]) -> str:
    """The file a pack's answer to one question is kept in: its folder and the question, hashed (the name
    shows no path)."""
    question = json.dumps({k: settings[k] for k in sorted(settings)}, sort_keys=True, default=str)
    return SLOT_PREFIX + cachefolder.slot(pack.root, question)


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


def write_entry(path: Path, key: str, value: Any, reads: Mapping[str, Sequence[str]]) -> None:
    """Store a value (as JSON data) for `key` and the facts read computing it, replacing what the slot held; a
    cache that cannot be written is not used. The first entry a run writes in a folder prunes its stale slots."""
    data = {"version": CACHE_VERSION, "key": key, "reads": {k: list(v) for k, v in sorted(reads.items())},
            "value": value}
    try:
        write_atomic(path, json.dumps(data, ensure_ascii=False))  # the value's keys in their order: it shows
    except OSError:
        return
    if path.parent not in _pruned:
        _pruned.add(path.parent)
        prune(path.parent, lambda name, stale: stale and name.startswith(SLOT_PREFIX))


def read_entry(path: Path, key: str, from_data: Callable[[Any], T]) -> tuple[T, dict[str, tuple[str, ...]]] | None:
    """The stored value and the facts read computing it; None when the entry is missing, unreadable, made for
    another key or malformed (`from_data` raises ValueError, TypeError or KeyError for a value it does not accept)."""
    try:
        with open(path, "rb") as handle:
            used = os.fstat(handle.fileno()).st_mtime
            data = json.loads(handle.read().decode("utf-8"))
        if not isinstance(data, dict) or data.get("version") != CACHE_VERSION or data.get("key") != key:
            return None
        mark_used(path, used)
        reads = data["reads"]
        if not isinstance(reads, dict) or not all(isinstance(names, list) and all(isinstance(n, str) for n in names)
                                                  for names in reads.values()):
            return None
        return from_data(data["value"]), {str(k): tuple(v) for k, v in reads.items()}
    except (OSError, UnicodeDecodeError, ValueError, TypeError, KeyError, AttributeError):
        return None


def _findings(listed: Any, game: str | None) -> list[Diagnostic]:
    """Stored findings of a pack whose engine is `game` (its codes are looked up before every game's)."""
    if not isinstance(listed, list):
        raise ValueError("not a list of findings")
    return [_from_data(item, game) for item in listed]


def _exact_json(value: Any) -> Any:
    """The value itself if JSON gives it back equal and of the same types; ValueError otherwise."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError("not a finite number")
        return value
    if isinstance(value, list):
        return [_exact_json(v) for v in value]
    if isinstance(value, dict) and all(isinstance(k, str) for k in value):
        return {k: _exact_json(v) for k, v in value.items()}
    raise ValueError(f"{type(value).__name__} is not kept")


def _plain_json(value: Any) -> Any:
    """A stored answer: JSON data only (json.loads never gives more)."""
    return value


def _as_data(d: Diagnostic) -> dict[str, Any]:
    return {"code": d.code, "severity": d.severity.value, "message": d.message, "file": d.file, "line": d.line,
            "column": d.column, "pointer": d.pointer, "hint": d.hint, "subject": d.subject,
            "related": [[r.file, r.line, r.column, r.message] for r in d.related],
            "sources": [[c.doc, c.line] for c in d.sources]}


def _from_data(item: Any, game: str | None = None) -> Diagnostic:
    """A stored finding; ValueError (or TypeError, KeyError) when it is not one deckwright could have made."""
    from deckwright.codebook import lookup

    texts = ("code", "message", "file", "pointer", "subject")
    if not isinstance(item, dict) or not all(isinstance(item[k], str) for k in texts):
        raise ValueError("not a finding")
    if lookup(item["code"], game) is None or not all(_count(item[k]) for k in ("line", "column")):
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
