"""`deckwright check`: lint, rules consistency (facts, claims, terms, citations), playouts, one report."""

from __future__ import annotations

from pathlib import Path

import click

from deckwright.commands.options import (
    check_context,
    check_options,
    code_filter,
    code_options,
    emit,
    load_options,
    report_options,
)
from deckwright.commands.options import describe
from deckwright.commands.progress import status


@click.command()
@report_options
@check_options
@code_options
def check(packs: tuple[str, ...], fmt: str, strict: bool, no_cache: bool, workers: int | None, quiet: bool,
          sources: Path | None, seed: int, runs: int | None, budget: float | None, paranoid: bool,
          selected: tuple[str, ...], ignored: tuple[str, ...], statistics: bool, root: Path | None) -> None:
    """Lint packs, then check their rules: contradicting facts, failing claims, undefined terms, citations."""
    from deckwright.runs.targets import find_packs
    from deckwright.runs.check import run_check

    codes = code_filter(selected, ignored)
    context = check_context(sources, workers, seed, runs, budget, paranoid)
    targets = find_packs(packs)
    with status(f"checking {describe(targets)}", quiet):
        report = run_check(targets, load_options(no_cache, workers, root), sources, context=context)
    emit(report, fmt, strict, codes=codes, statistics=statistics)
