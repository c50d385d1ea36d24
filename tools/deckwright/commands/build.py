"""`deckwright build`: check every pack and build its proofs and reference sheets into build/."""

from __future__ import annotations

from pathlib import Path

import click

from deckwright.commands.options import (OutputPath, backs_option, bleed_option, check_context, check_options,
                                         count_of, describe, emit, load_options, no_playouts_option, paper_option,
                                         plural, report_options)
from deckwright.commands.progress import say, status


@click.command()
@report_options
@check_options
@click.option("-o", "--output", type=OutputPath(file_okay=False, path_type=Path), default=None,
              help="Folder to write into instead of build/: <folder>/<pack>/proof.pdf and <folder>/<pack>/sheets/.")
@paper_option
@bleed_option
@backs_option
@no_playouts_option
def build(packs: tuple[str, ...], fmt: str, strict: bool, no_cache: bool, workers: int | None, quiet: bool,
          sources: Path | None, seed: int, runs: int | None, budget: float | None, paranoid: bool,
          output: Path | None, paper: str,
          page_alias: str | None, bleed: str, backs: str, no_playouts: bool) -> None:
    """Check packs, then write build/<pack>/proof.pdf and build/<pack>/sheets/, loading each pack once."""
    from deckwright.render.proof import ProofOptions
    from deckwright.render.units import parse_length
    from deckwright.runs.build import BuildOptions, build_packs
    from deckwright.runs.sheets import SheetOptions
    from deckwright.runs.targets import find_packs

    paper = page_alias or paper
    options = BuildOptions(check_context(sources, workers, seed, runs, budget, paranoid, playouts=not no_playouts),
                           ProofOptions(page=paper, bleed=parse_length(bleed), backs=backs),
                           SheetOptions(None, paper, sources), output)
    targets = find_packs(packs)
    with status(f"building {describe(targets)}", quiet):
        report = build_packs(targets, options, load_options(no_cache, workers))
    say(f"wrote {plural(count_of(report, 'proofs'), 'proof')} and {plural(count_of(report, 'sheets'), 'sheet file')} "
        f"under {output or 'build'}/", quiet)
    emit(report, fmt, strict)
