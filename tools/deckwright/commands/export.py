"""`deckwright export`: a pack's content as JSON or CSV rows, PNG faces, or Tabletop Simulator decks."""

from __future__ import annotations

from pathlib import Path

import click

from deckwright.commands.options import (OutputPath, count_of, describe, emit, format_option, load_options,
                                         no_cache_option, packs_argument, plural, written_into)
from deckwright.commands.progress import quiet_option, say, status
from deckwright.export.run import FORMATS


@click.command()
@packs_argument
@click.option("--to", "to", type=click.Choice(FORMATS), required=True, help="What to export.")
@click.option("-o", "--output", type=OutputPath(file_okay=False), default=None,
              help="Output folder (default: build/<pack>/<format>).")
@click.option("--expand-copies", is_flag=True, help="json/csv: one row per physical copy (numbered in `copy`).")
@click.option("--language", default=None, help="json/csv: overlay this translation.")
@click.option("--bleed", is_flag=False, flag_value="3mm", default=None,
              help="png: include a bleed around each face, e.g. 3mm or 1/8in (`--bleed` alone: 3mm).")
@click.option("--profile", type=click.Choice(["pod-png"]), default=None,
              help="png: a print shop's upload: pod-png = front and back per card, 1/8 in bleed, manifest.csv.")
@click.option("--url-base", default=None, help="tts: URL the sheets will be served from (default: file URLs).")
@format_option
@no_cache_option
@quiet_option
def export(packs: tuple[str, ...], to: str, output: str | None, expand_copies: bool, language: str | None,
           bleed: str | None, profile: str | None, url_base: str | None, fmt: str, no_cache: bool,
           quiet: bool) -> None:
    """Export packs: --to json|csv (one row per card), png (a face per card, 300 dpi), tts (deck sheets)."""
    from deckwright.export import ExportOptions
    from deckwright.runs.export import run_export
    from deckwright.runs.targets import find_packs

    from deckwright.render.units import parse_length

    if profile and to != "png":
        raise click.BadParameter(f"--profile {profile} is a png profile; use it with --to png", param_hint="--profile")
    options = ExportOptions(to, Path(output) if output else None, expand_copies, language,
                            parse_length(bleed) if bleed else 0.0, url_base, profile)
    targets = find_packs(packs)
    with status(f"exporting {describe(targets)} to {to}", quiet):
        report = run_export(targets, options, load_options(no_cache, None))
    say(f"wrote {plural(count_of(report, 'files'), 'file')} into {written_into(report, output or f'build/<pack>/{to}')}", quiet)
    emit(report, fmt, strict=False)
