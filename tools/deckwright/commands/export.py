"""`deckwright export`: a pack's content as JSON or CSV rows, PNG faces, or Tabletop Simulator decks."""

from __future__ import annotations

from pathlib import Path

import click

from deckwright.commands.options import count_of, describe, emit, load_options, plural
from deckwright.commands.progress import quiet_option, say, status
from deckwright.export.run import FORMATS


@click.command()
@click.argument("packs", nargs=-1, type=click.Path(file_okay=True, dir_okay=True))
@click.option("--to", "to", type=click.Choice(FORMATS), required=True, help="What to export.")
@click.option("-o", "--output", type=click.Path(file_okay=False), default=None,
              help="Output folder (default: build/<pack>/<format>).")
@click.option("--expand-copies", is_flag=True, help="json/csv: one row per physical copy (numbered in `copy`).")
@click.option("--language", default=None, help="json/csv: overlay this translation.")
@click.option("--bleed", is_flag=True, help="png: include the 3 mm bleed around each face.")
@click.option("--url-base", default=None, help="tts: URL the sheets will be served from (default: file URLs).")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "github", "sarif"]), default="text",
              help="Output format of the findings.")
@click.option("--no-cache", is_flag=True, help="Parse every file again, ignoring the parse cache.")
@quiet_option
def export(packs: tuple[str, ...], to: str, output: str | None, expand_copies: bool, language: str | None,
           bleed: bool, url_base: str | None, fmt: str, no_cache: bool, quiet: bool) -> None:
    """Export packs: --to json|csv (one row per card), png (a face per card, 300 dpi), tts (deck sheets)."""
    from deckwright.export import ExportOptions, run_export
    from deckwright.model.discover import find_packs

    options = ExportOptions(to, Path(output) if output else None, expand_copies, language, bleed, url_base)
    targets = find_packs(packs)
    with status(f"exporting {describe(targets)} to {to}", quiet):
        report = run_export(targets, options, load_options(no_cache, None))
    say(f"wrote {plural(count_of(report, 'files'), 'file')} into {output or f'build/<pack>/{to}'}", quiet)
    emit(report, fmt, strict=False)
