"""`deckwright sheets`: printable reference sheets (HTML and PDF) of each pack."""

from __future__ import annotations

from pathlib import Path

import click

from deckwright.commands.options import (OutputPath, count_of, describe, emit, load_options, no_playouts_option,
                                         paper_option, plural, report_options, sources_option,
                                         written_into)
from deckwright.commands.progress import say, status


@click.command()
@report_options
@click.option("-o", "--output", type=OutputPath(file_okay=False, path_type=Path), default=None,
              help="Folder for the sheets (default build/<pack>/sheets; with several packs, one subfolder each).")
@paper_option
@sources_option
@no_playouts_option
def sheets(packs: tuple[str, ...], fmt: str, strict: bool, no_cache: bool, workers: int | None, quiet: bool,
           output: Path | None, paper: str, page_alias: str | None, sources: Path | None, no_playouts: bool) -> None:
    """Render the reference sheets: rules summary, findings, components, checklist, glossary, player aid, scenarios."""
    from deckwright.runs.targets import find_packs
    from deckwright.runs.sheets import SheetOptions, build_sheets

    targets = find_packs(packs)
    with status(f"rendering the sheets of {describe(targets)}", quiet):
        report = build_sheets(targets, SheetOptions(output, page_alias or paper, sources, not no_playouts),
                              load_options(no_cache, workers))
    say(f"wrote {plural(count_of(report, 'files'), 'sheet file')} into "
        f"{written_into(report, str(output or 'build/<pack>/sheets'))}", quiet)
    emit(report, fmt, strict)
