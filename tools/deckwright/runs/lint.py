"""`deckwright lint`: load each pack once, run every lint check (core, layouts, the game's), apply acknowledgements."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from deckwright.diagnostic import Diagnostic, Report
from deckwright.lint.assets import check_assets
from deckwright.lint.counts import check_counts
from deckwright.lint.glossary import check_glossary, check_terms
from deckwright.lint.identity import check_unique_definitions, check_unique_ids
from deckwright.lint.references import check_citations, check_references
from deckwright.model import LoadOptions, Loaded, Pack
from deckwright.plugin import load_game
from deckwright.render.check import check_layouts, prints  # light: draws nothing unless the pack has layouts
from deckwright.runs.driver import Done, findings, run_packs
from deckwright.runs.targets import PackTarget

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


def lint_pack(pack: Pack, cache: Path | None = None) -> list[Diagnostic]:
    """Every core and game lint check of one loaded pack (loading's findings and the policy: `runs.driver`).
    With a `cache` folder, the layout check's findings are kept there for the next run (`kept_layouts`)."""
    found: list[Diagnostic] = []
    checks: list[Check] = list(CHECKS)
    if pack.engine:
        checks.extend(load_game(pack.engine).lint_checks)
    for check in checks:
        if check is check_layouts and cache is not None and prints(pack):
            from deckwright.runs.playouts import kept_layouts  # the rules' modules: only for a pack that prints

            found.extend(kept_layouts(pack, cache, lambda: check_layouts(pack)))
        else:
            found.extend(check(pack))
    return found


@dataclass(frozen=True)
class LintJob:
    """The job of `deckwright lint` on one pack: its lint checks (the layout check's findings kept in `cache`)."""

    cache: Path | None = None

    def __call__(self, pack: Pack, loaded: Loaded) -> Done[None]:
        return Done(lint_pack(pack, self.cache))


lint_job = LintJob()  # without a cache


def run_lint(targets: Sequence[PackTarget], options: LoadOptions = LoadOptions()) -> Report:
    """Lint every pack; the report holds every finding of every pack, and how much of each locale is translated."""
    runs = run_packs(targets, options, LintJob(options.cache))
    return Report.of(findings(runs), packs=len(targets),
                     **translation_summary(run.pack.locales for run in runs if run.pack is not None))


def translation_summary(packs: Iterable[Mapping[str, Mapping[str, int]]]) -> dict[str, object]:
    """`translations`: translated and translatable records per locale, summed over every pack's `locales`
    (nothing without translations)."""
    locales: dict[str, dict[str, int]] = {}
    for pack in packs:
        for locale, counts in pack.items():
            total = locales.setdefault(locale, {"translated": 0, "records": 0})
            for key, value in counts.items():
                total[key] += value
    return {"translations": dict(sorted(locales.items()))} if locales else {}
