"""`deckwright watch` as a library: re-lint the packs a save touches and say which findings changed.

A finding is the same finding across runs when its code, file, pointer and message are the same:
its line moves as lines are added above it, and that is not a change worth printing.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from watchfiles import Change, watch

from deckwright.diagnostic import Diagnostic, Report
from deckwright.model import Loaded, LoadOptions, Pack, load_pack
from deckwright.model.files import inside
from deckwright.runs.driver import run_pack
from deckwright.runs.lint import lint_job
from deckwright.runs.targets import PackTarget

CONTENT_SUFFIXES = (".yaml", ".yml", ".json")
_DEBOUNCE_MS = 200
_STARTUP_MS = 300


@dataclass(frozen=True)
class Linted:
    """One pack's findings after a (re-)lint, and how they differ from the run before."""

    target: PackTarget
    report: Report
    added: tuple[Diagnostic, ...]
    fixed: tuple[Diagnostic, ...]
    loaded: bool
    first: bool = False
    pack: Pack | None = None  # the pack as loaded for this lint: renders reuse it (one load per save)
    loading: Loaded | None = None  # what that load returned (its diagnostics): the runs the renders call take it

    @property
    def changed(self) -> bool:
        return bool(self.added or self.fixed)


def identity(diagnostic: Diagnostic) -> tuple[str, str, str, str]:
    """What makes two findings of consecutive runs the same finding (not the line: lines move)."""
    return (diagnostic.code, diagnostic.file, diagnostic.pointer, diagnostic.message)


def compare(before: Report | None, after: Report) -> tuple[tuple[Diagnostic, ...], tuple[Diagnostic, ...]]:
    """Findings new in `after`, and findings of `before` that are gone."""
    old = {identity(d): d for d in (before.diagnostics if before else ())}
    new = {identity(d): d for d in after.diagnostics}
    return (tuple(d for key, d in new.items() if key not in old),
            tuple(d for key, d in old.items() if key not in new))


def lint_target(target: PackTarget, options: LoadOptions, before: Report | None) -> Linted:
    """Load one pack (once) and lint it, as `deckwright lint` does, and compare it with its previous report."""
    loaded = load_pack(target.folder, target.display, options)
    report = Report.of(run_pack(target, loaded, lint_job).diagnostics)
    added, fixed = compare(before, report)
    return Linted(target, report, added, fixed, loaded.pack is not None, before is None, loaded.pack, loaded)


def affected(targets: Sequence[PackTarget], changes: set[tuple[Change, str]],
             folders: Mapping[Path, Sequence[Path]]) -> list[PackTarget]:
    """The packs whose folder (or schema folder, as `folders` holds for each pack) holds a changed content file."""
    paths = [Path(path) for _, path in changes if path.endswith(CONTENT_SUFFIXES)]
    return [t for t in targets if any(inside(folder, p) for folder in folders.get(t.folder, [t.folder]) for p in paths)]


def watched_folders(target: PackTarget, pack: Pack | None) -> list[Path]:
    """The pack folder and, when they lie outside it, its database folder (`root:`) and its schema folder."""
    if pack is None:
        return [target.folder]
    return [target.folder, *(f.resolve() for f in pack.folders[1:] if f.is_dir())]


def watch_packs(targets: Sequence[PackTarget], options: LoadOptions = LoadOptions(),
                stop: threading.Event | None = None) -> Iterator[Linted]:
    """Lint every pack once, then again each time a save touches it (one load per save); ends when `stop` is set."""
    reports: dict[Path, Report] = {}
    folders = {t.folder: watched_folders(t, load_pack(t.folder, t.display, options).pack) for t in targets}
    # The first (empty) batch arrives once the watcher is in place: a save made while the packs are
    # first linted is not missed.
    for changes in watch(*sorted({str(f) for listed in folders.values() for f in listed}), stop_event=stop,
                         debounce=_DEBOUNCE_MS, watch_filter=_content_file, raise_interrupt=False,
                         yield_on_timeout=True, rust_timeout=_STARTUP_MS):
        todo = [(t, None) for t in targets] if not reports else [(t, reports[t.folder]) for t in
                                                                 affected(targets, changes, folders)]
        for target, before in todo:
            linted = lint_target(target, options, before)
            reports[target.folder] = linted.report
            if linted.pack is not None:
                folders[target.folder] = watched_folders(target, linted.pack)
            yield linted


def _content_file(change: Change, path: str) -> bool:
    name = Path(path).name
    return path.endswith(CONTENT_SUFFIXES) and not name.startswith(".")
