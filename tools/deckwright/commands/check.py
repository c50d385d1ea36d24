"""`deckwright check`: lint, rules consistency (facts, claims, terms, citations), one report."""

from __future__ import annotations

from pathlib import Path

import click

from deckwright.commands.options import emit, load_options, report_options


@click.command()
@report_options
@click.option("--sources", "sources", type=click.Path(exists=True, file_okay=False, path_type=Path), default=None,
              help="Folder holding the rulebooks the packs cite: checks citations and copied text against them.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of every random choice the checks make.")
@click.option("--budget", "budget", type=click.FloatRange(min=0), default=None,
              help="Seconds of engine playouts per pack (default: the engine's own).")
def check(packs: tuple[str, ...], fmt: str, strict: bool, no_cache: bool, workers: int | None,
          sources: Path | None, seed: int, budget: float | None) -> None:
    """Lint packs, then check their rules: contradicting facts, failing claims, undefined terms, citations."""
    from deckwright.model.discover import find_packs
    from deckwright.rules.check import CheckContext, run_check

    context = CheckContext(sources=sources, workers=workers, seed=seed, budget_seconds=budget)
    report = run_check(find_packs(packs), load_options(no_cache, workers), sources, context=context)
    emit(report, fmt, strict)
