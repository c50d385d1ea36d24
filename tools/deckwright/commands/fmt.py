"""`deckwright fmt`: normalise a pack's YAML (layout only, never data); `--check` for CI."""

from __future__ import annotations

import click

from deckwright.commands.options import emit, load_options, report_options
from deckwright.commands.progress import say


@click.command()
@click.option("--check", is_flag=True, help="Change nothing; print a diff and exit 1 if a file would change.")
@report_options
def fmt(packs: tuple[str, ...], check: bool, fmt: str, strict: bool, no_cache: bool, workers: int | None,
        quiet: bool) -> None:
    """Format the YAML files of packs: indentation, key order from the schemas, YAML 1.1 quoting.

    Comments, blank lines and anchors are kept; every file is reloaded and compared before it is replaced.
    """
    from deckwright.report.text import echo
    from deckwright.runs.fmt import format_packs
    from deckwright.runs.targets import find_packs

    result = format_packs(find_packs(packs), check=check, options=load_options(no_cache, workers))
    if check and fmt == "text":
        for formatted in result.files:
            if formatted.changed:
                echo(formatted.diff(), nl=False)
    for display in result.reformatted:
        say(f"reformatted {display}", quiet)
    emit(result.report, fmt, strict)
