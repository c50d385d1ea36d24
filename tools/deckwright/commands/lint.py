"""`deckwright lint`: schemas, ids, references, counts, glossary."""

from __future__ import annotations

import click

from deckwright.commands.options import emit, load_options, report_options


@click.command()
@report_options
def lint(packs: tuple[str, ...], fmt: str, strict: bool, no_cache: bool, workers: int | None) -> None:
    """Validate packs against their schemas and check ids, references, counts and glossary."""
    from deckwright.lint import run_lint
    from deckwright.model.discover import find_packs

    report = run_lint(find_packs(packs), load_options(no_cache, workers))
    emit(report, fmt, strict)
