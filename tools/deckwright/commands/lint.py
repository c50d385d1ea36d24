"""`deckwright lint`: schemas, ids, references, counts, glossary."""

from __future__ import annotations

from pathlib import Path

import click

from deckwright.commands.options import code_filter, code_options, emit, load_options, report_options


@click.command()
@report_options
@code_options
def lint(packs: tuple[str, ...], fmt: str, strict: bool, no_cache: bool, workers: int | None,
         selected: tuple[str, ...], ignored: tuple[str, ...], statistics: bool, root: Path | None) -> None:
    """Validate packs against their schemas and check ids, references, counts and glossary."""
    from deckwright.lint import run_lint
    from deckwright.model.discover import find_packs

    codes = code_filter(selected, ignored)
    report = run_lint(find_packs(packs), load_options(no_cache, workers, root))
    emit(report, fmt, strict, codes=codes, statistics=statistics)
