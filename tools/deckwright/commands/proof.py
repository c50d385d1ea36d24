"""`deckwright proof`: print-and-play PDF card proofs into build/<pack>/proof.pdf."""

from __future__ import annotations

from pathlib import Path

import click

from deckwright.commands.options import (OutputPath, backs_option, bleed_option, describe, emit, load_options,
                                         paper_option, plural, report_options)
from deckwright.commands.progress import say, status
from deckwright.report.text import echo, neutral


@click.command()
@report_options
@click.option("-o", "--output", type=OutputPath(path_type=Path), default=None,
              help="PDF file (one pack) or folder to write into instead of build/.")
@paper_option
@click.option("--landscape", is_flag=True, help="Turn the page to landscape.")
@bleed_option
@click.option("--margin", default="5mm", show_default=True,
              help="Paper edge kept free of bleed, crop marks and text (home printers cannot print there).")
@click.option("--gap", "--gutter", "gap", default="0mm", show_default=True,
              help="Extra space between cards, beyond their bleed (separate cuts only).")
@click.option("--shared-cut", is_flag=True,
              help="Butt cards together so one cut separates two; bleed only at the outer edges "
                   "(9 poker cards on A4 or Letter).")
@backs_option
@click.option("--one-per-page", is_flag=True, help="One card per page at trim size plus bleed (for print shops).")
@click.option("--type", "types", multiple=True, help="Print only cards of this type (repeatable).")
@click.option("--deck", "decks", multiple=True, help="Print only cards of this deck (repeatable).")
@click.option("--id", "ids", multiple=True, help="Print only this card id or glob (repeatable).")
@click.option("--changed-since", metavar="REV", default=None, help="Print only cards changed since a git revision.")
@click.option("--proof-mode", is_flag=True, help="Add safe-area guides and each card's id beside it.")
@click.option("--profile", type=click.Choice(["pod-pdf"]), default=None,
              help="A print shop's upload: pod-pdf = one card a page, 1/8 in bleed, backs after fronts, one file per "
                   "card size (proof-<w>x<h>mm.pdf).")
@click.option("--force", is_flag=True, help="Write the proof even when it has errors.")
def proof(packs: tuple[str, ...], fmt: str, strict: bool, no_cache: bool, workers: int | None, quiet: bool,
          output: Path | None, paper: str, page_alias: str | None, landscape: bool, bleed: str, margin: str, gap: str,
          shared_cut: bool, backs: str, one_per_page: bool, types: tuple[str, ...], decks: tuple[str, ...],
          ids: tuple[str, ...], changed_since: str | None, proof_mode: bool, profile: str | None,
          force: bool) -> None:
    """Render print-and-play PDF proofs of the packs' cards."""
    from deckwright.runs.targets import find_packs
    from deckwright.render import CardFilter, ProofOptions
    from deckwright.runs.proof import PROFILES, run_proofs
    from deckwright.render.units import parse_length

    options = ProofOptions(page=page_alias or paper, landscape=landscape, bleed=parse_length(bleed), backs=backs,
                           one_per_page=one_per_page, proof_mode=proof_mode, gap=parse_length(gap),
                           margin=parse_length(margin), shared_cut=shared_cut)
    if profile:
        options = PROFILES[profile]
    chosen = CardFilter(types=types, decks=decks, ids=ids, changed_since=changed_since)
    targets = find_packs(packs)
    with status(f"printing {describe(targets)}", quiet):
        run = run_proofs(targets, chosen, options, output, load_options(no_cache, workers), force)
    if not run.written and run.skipped and all(s.selection for s in run.skipped):
        raise click.UsageError(neutral("; ".join(dict.fromkeys(s.reason for s in run.skipped))))
    for skipped in run.skipped:
        echo(f"{skipped.pack}: {skipped.reason}", err=True)
    for proof_file in run.written:
        say(f"wrote {proof_file.path}: {plural(proof_file.cards, 'card')}, "
            f"{plural(proof_file.faces, 'distinct face')}, {plural(proof_file.pages, 'page')}", quiet)
    emit(run.report, fmt, strict, status=0 if run.written or run.report.errors else 2)
