"""The lint stage: load each pack once, run every check, apply acknowledgements."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from deckwright.diagnostic import Diagnostic, Report
from deckwright.lint.acknowledgements import acknowledge
from deckwright.lint.assets import check_assets
from deckwright.lint.counts import check_counts
from deckwright.lint.glossary import check_glossary, check_terms
from deckwright.lint.identity import check_unique_definitions, check_unique_ids
from deckwright.lint.references import check_citations, check_references
from deckwright.model import LoadOptions, Loaded, Pack, load_pack
from deckwright.plugin import load_game
from deckwright.render.check import check_layouts  # light: draws nothing unless the pack has layouts

Check = Callable[[Pack], Iterable[Diagnostic]]

CHECKS: tuple[Check, ...] = (
    check_unique_ids,
    check_unique_definitions,
    check_references,
    check_citations,
    check_counts,
    check_terms,
    check_glossary,
    check_assets,
    check_layouts,
)


@dataclass(frozen=True)
class PackTarget:
    """A pack folder to work on, and how to show its path."""

    folder: Path
    display: str


def lint_pack(loaded: Loaded) -> list[Diagnostic]:
    """Loading diagnostics plus every core and game check of one loaded pack."""
    found = list(loaded.diagnostics)
    pack = loaded.pack
    if pack is None:
        return found
    checks: list[Check] = list(CHECKS)
    if pack.engine:
        checks.extend(load_game(pack.engine).lint_checks)
    for check in checks:
        found.extend(check(pack))
    return found


def run_lint(targets: Sequence[PackTarget], options: LoadOptions = LoadOptions()) -> Report:
    """Lint every pack; the report holds every finding of every pack."""
    found: list[Diagnostic] = []
    for target in targets:
        loaded = load_pack(target.folder, target.display, options)
        found.extend(acknowledge(loaded.pack, lint_pack(loaded), report_stale=False))
    return Report.of(found, packs=len(targets))
