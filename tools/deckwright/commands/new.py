"""`deckwright new PATH`: a new game repository whose pack lints clean and prints a proof at once."""

from __future__ import annotations

import re
from pathlib import Path

import click

from deckwright.commands.options import emit
from deckwright.report import REPORTERS


@click.command()
@click.argument("path", type=click.Path(file_okay=False, path_type=Path))
@click.option("--name", "title", default=None, help="The game's name (default: from PATH's folder name).")
@click.option("--from-csv", "csv_file", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
              help="Spreadsheet of cards (CSV with a header row): one card a row, columns become typed fields.")
@click.option("--type", "type_id", default="card", show_default=True, help="Id of the card type.")
@click.option("--format", "fmt", type=click.Choice(sorted(REPORTERS)), default="text", show_default=True,
              help="Output format of the findings.")
def new(path: Path, title: str | None, csv_file: Path | None, type_id: str, fmt: str) -> None:
    """Create a game repository at PATH: a pack (manifest, a card type with schema and layout, cards, a
    rules clause), its rulebook draft, a CI workflow and a pre-commit config.

    With --from-csv the cards, the schema's fields and the layout come from the spreadsheet; a row
    that cannot be read is reported and nothing is written.
    """
    from deckwright.authoring.csvcards import read_cards, slug
    from deckwright.authoring.scaffold import EXAMPLE, scaffold
    from deckwright.diagnostic import Report
    from deckwright.errors import DeckwrightError
    from deckwright.output import write_atomic

    if path.exists() and any(path.iterdir()):
        raise DeckwrightError(f"{path} is not empty; name a new folder")
    pack_id = slug(path.resolve().name)
    if not pack_id or not pack_id[0].isalpha():
        raise click.BadParameter(f"no pack id can be made from '{path.name}'", param_hint="PATH")
    if not re.fullmatch(r"[a-z][a-z0-9-]*", type_id):
        raise click.BadParameter("lower-case letters, digits and dashes, starting with a letter", param_hint="--type")
    cards = EXAMPLE
    if csv_file is not None:
        try:
            text = csv_file.read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as exc:
            raise DeckwrightError(f"{csv_file}: cannot read it as UTF-8 text ({exc})") from None
        cards = read_cards(text, str(csv_file), type_id)
    report = Report.of(cards.diagnostics)
    if report.errors:
        emit(report, fmt, strict=False)  # exits 1, having written nothing
    if not cards.entities:
        raise DeckwrightError(f"{csv_file}: no card rows under the header")
    made = scaffold(pack_id, title or path.resolve().name.replace("-", " ").title(), type_id, cards)
    for relative, contents in made.files.items():
        write_atomic(path / relative, contents)
    click.echo(f"wrote {len(made.files)} files into {path}: the pack content/{pack_id} with "
               f"{len(cards.entities)} card{'s' * (len(cards.entities) != 1)} of type {type_id}", err=True)
    click.echo(f"next: cd {path} && deckwright lint && deckwright proof", err=True)
    if report.diagnostics or fmt != "text":
        emit(report, fmt, strict=False)
