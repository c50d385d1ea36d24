"""`deckwright watch` as a library: re-lint the packs a save touches and say which findings changed.

A finding is the same finding across runs when its code, file, pointer and message are the same:
its line moves as lines are added above it, and that is not a change worth printing.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from watchfiles import Change, watch

from deckwright.diagnostic import Diagnostic, Report
from deckwright.lint import PackTarget, acknowledge, lint_pack
from deckwright.model import LoadOptions, Pack, load_pack
from deckwright.model.files import inside

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
    """Lint one pack and compare it with its previous report."""
    loaded = load_pack(target.folder, target.display, options)
    report = Report.of(acknowledge(loaded.pack, lint_pack(loaded), report_stale=False))
    added, fixed = compare(before, report)
    return Linted(target, report, added, fixed, loaded.pack is not None, before is None, loaded.pack)


def affected(targets: Sequence[PackTarget], changes: set[tuple[Change, str]]) -> list[PackTarget]:
    """The packs whose folder (or schema folder) holds a changed content file."""
    paths = [Path(path) for _, path in changes if path.endswith(CONTENT_SUFFIXES)]
    return [t for t in targets if any(inside(folder, p) for folder in watched_folders(t) for p in paths)]


def watched_folders(target: PackTarget) -> list[Path]:
    """The pack folder and, when they lie outside it, its database folder (`root:`) and its schema folder."""
    loaded = load_pack(target.folder, target.display)
    if loaded.pack is None:
        return [target.folder]
    return [target.folder, *(f.resolve() for f in loaded.pack.folders[1:] if f.is_dir())]


def watch_packs(targets: Sequence[PackTarget], options: LoadOptions = LoadOptions(),
                stop: threading.Event | None = None) -> Iterator[Linted]:
    """Lint every pack once, then again each time a save touches it; ends when `stop` is set."""
    reports: dict[Path, Report] = {}
    folders = sorted({str(f) for t in targets for f in watched_folders(t)})
    # The first (empty) batch arrives once the watcher is in place: a save made while the packs are
    # first linted is not missed.
    for changes in watch(*folders, stop_event=stop, debounce=_DEBOUNCE_MS, watch_filter=_content_file,
                         raise_interrupt=False, yield_on_timeout=True, rust_timeout=_STARTUP_MS):
        if not reports:
            for target in targets:
                linted = lint_target(target, options, None)
                reports[target.folder] = linted.report
                yield linted
        for target in affected(targets, changes):
            linted = lint_target(target, options, reports.get(target.folder))
            reports[target.folder] = linted.report
            yield linted


def _content_file(change: Change, path: str) -> bool:
    name = Path(path).name
    return path.endswith(CONTENT_SUFFIXES) and not name.startswith(".")
