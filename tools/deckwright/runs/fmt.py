"""`deckwright fmt` as a library: format every YAML file of a pack, or say which ones would change."""

from __future__ import annotations

import stat
from collections.abc import Sequence
from dataclasses import dataclass

from deckwright.authoring import codes
from deckwright.authoring.fmt import Formatted, format_document, roots, yaml_documents
from deckwright.diagnostic import Diagnostic, Location, Report, Severity
from deckwright.model import Loaded, LoadOptions, Pack
from deckwright.output import write_atomic
from deckwright.runs.driver import Done, Job, findings, run_packs
from deckwright.runs.targets import PackTarget


@dataclass(frozen=True)
class FmtResult:
    """Every file looked at, and the report (refusals; unformatted files when checking)."""

    files: tuple[Formatted, ...]
    report: Report
    reformatted: tuple[str, ...] = ()  # the files rewritten, as displayed


def format_packs(targets: Sequence[PackTarget], *, check: bool, options: LoadOptions = LoadOptions()) -> FmtResult:
    """Format the YAML files of every pack (in place, unless `check`); nothing is written on refusal."""
    runs = run_packs(targets, options, fmt_job(check))
    done = [run.artefact for run in runs if run.artefact is not None]
    files = tuple(f for formatted, _ in done for f in formatted)
    written = tuple(display for _, rewritten in done for display in rewritten)
    return FmtResult(files, Report.of(findings(runs), reformatted=len(written)), written)


def fmt_job(check: bool) -> Job[tuple[list[Formatted], list[str]]]:
    """The job of `deckwright fmt` on one pack: each YAML file formatted and (unless `check`) rewritten; the
    artefact is every file looked at and the ones rewritten."""
    def job(pack: Pack, loaded: Loaded) -> Done[tuple[list[Formatted], list[str]]]:
        found: list[Diagnostic] = []
        files: list[Formatted] = []
        written: list[str] = []
        if loaded.store is None:
            return Done()
        for doc in yaml_documents(pack):
            result = format_document(doc, roots(pack, loaded.store, doc))
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
        return Done(found, (files, written))

    return job


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
