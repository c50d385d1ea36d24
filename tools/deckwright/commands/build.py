"""`deckwright build`: check every pack and build its proofs and reference sheets into build/."""

from __future__ import annotations

from pathlib import Path

import click

from deckwright.commands.options import check_context, check_options, count_of, describe, emit, load_options, plural, report_options
from deckwright.commands.progress import say, status


@click.command()
@report_options
@check_options
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True,
              help="Paper of the proofs and the sheets.")
def build(packs: tuple[str, ...], fmt: str, strict: bool, no_cache: bool, workers: int | None, quiet: bool,
          sources: Path | None, seed: int, runs: int | None, budget: float | None, paper: str) -> None:
    """Check packs, then write build/<pack>/proof.pdf and build/<pack>/sheets/, loading each pack once."""
    from deckwright.model.discover import find_packs
    from deckwright.pipeline import BuildOptions, build_packs
    from deckwright.render.proof import ProofOptions
    from deckwright.sheets.build import SheetOptions

    options = BuildOptions(check_context(sources, workers, seed, runs, budget), ProofOptions(page=paper),
                           SheetOptions(None, paper, sources))
    targets = find_packs(packs)
    with status(f"building {describe(targets)}", quiet):
        report = build_packs(targets, options, load_options(no_cache, workers))
    say(f"wrote {plural(count_of(report, 'proofs'), 'proof')} and {plural(count_of(report, 'sheets'), 'sheet file')} "
        "under build/", quiet)
    emit(report, fmt, strict)
