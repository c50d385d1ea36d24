"""`deckwright fmt` as a library: format every YAML file of a pack, or say which ones would change."""

from __future__ import annotations

import stat
from collections.abc import Sequence
from dataclasses import dataclass

from deckwright.authoring import codes
from deckwright.authoring.fmt import Formatted, format_document, roots, yaml_documents
from deckwright.diagnostic import Diagnostic, Location, Report, Severity
from deckwright.model import LoadOptions, load_pack
from deckwright.output import write_atomic
from deckwright.runs.targets import PackTarget


@dataclass(frozen=True)
class FmtResult:
    """Every file looked at, and the report (refusals; unformatted files when checking)."""

    files: tuple[Formatted, ...]
    report: Report
    reformatted: tuple[str, ...] = ()  # the files rewritten, as displayed


def format_packs(targets: Sequence[PackTarget], *, check: bool, options: LoadOptions = LoadOptions()) -> FmtResult:
    """Format the YAML files of every pack (in place, unless `check`); nothing is written on refusal."""
    files: list[Formatted] = []
    found: list[Diagnostic] = []
    written: list[str] = []
    for target in targets:
        loaded = load_pack(target.folder, target.display, options)
        if loaded.pack is None or loaded.store is None:
            found.extend(d for d in loaded.diagnostics if d.severity is Severity.ERROR)
            continue
        for doc in yaml_documents(loaded.pack):
            result = format_document(doc, roots(loaded.pack, loaded.store, doc))
            if isinstance(result, Diagnostic):
                found.append(result)
                continue
            files.append(result)
            if result.changed and check:
                found.extend(_unformatted(result))
            elif result.changed:
                refused = _write(result)
                found.extend(refused)
                written.extend([] if refused else [result.display])
    return FmtResult(tuple(files), Report.of(found, reformatted=len(written)), tuple(written))


def _unformatted(formatted: Formatted) -> list[Diagnostic]:
    before, after = formatted.before.splitlines(), formatted.after.splitlines()
    line = next((i for i, (a, b) in enumerate(zip(before, after)) if a != b), min(len(before), len(after))) + 1
    return [codes.UNFORMATTED.at(Location(formatted.display, line, 1), "file is not formatted",
                                 hint="run `deckwright fmt` on the pack")]


def _write(formatted: Formatted) -> list[Diagnostic]:
    """Replace the file atomically, unless it changed on disk since it was read."""
    where = Location(formatted.display, 1, 1)
    try:
        current = formatted.path.read_bytes().decode("utf-8").removeprefix("\ufeff")
        if current != formatted.before:
            return [codes.UNWRITABLE.at(where, "the file changed while it was being formatted; run fmt again")]
        write_atomic(formatted.path, formatted.after, mode=stat.S_IMODE(formatted.path.stat().st_mode))
    except (OSError, UnicodeDecodeError) as exc:
        return [codes.UNWRITABLE.at(where, f"cannot write the file: {getattr(exc, 'strerror', None) or exc}")]
    return []
