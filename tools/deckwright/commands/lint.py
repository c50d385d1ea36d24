"""`deckwright lint`: schemas, ids, references, counts, glossary."""

from __future__ import annotations

from pathlib import Path

import click

from deckwright.commands.options import code_filter, code_options, describe, emit, load_options, report_options
from deckwright.commands.progress import status


@click.command()
@report_options
@code_options
def lint(packs: tuple[str, ...], fmt: str, strict: bool, no_cache: bool, workers: int | None, quiet: bool,
         selected: tuple[str, ...], ignored: tuple[str, ...], statistics: bool, root: Path | None) -> None:
    """Validate packs against their schemas and check ids, references, counts and glossary."""
    from deckwright.loading.read import collector_paused
    from deckwright.runs.lint import run_lint
    from deckwright.runs.targets import find_packs

    codes = code_filter(selected, ignored)
    targets = find_packs(packs)
    # A lint builds entities, indexes and findings, none of them cycles: the collector would only walk them.
    with status(f"linting {describe(targets)}", quiet), collector_paused():
        report = run_lint(targets, load_options(no_cache, workers, root))
    emit(report, fmt, strict, codes=codes, statistics=statistics)
