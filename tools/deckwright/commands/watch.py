"""`deckwright watch`: re-lint on every save, re-render the affected proofs and sheets, print what changed."""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

import click

from deckwright.commands.options import load_options, no_cache_option, packs_argument

if TYPE_CHECKING:
    from deckwright.authoring.watch import Linted
    from deckwright.diagnostic import Diagnostic

# Commands re-run for a pack after each save that leaves it loadable, when they are installed.
RENDER_COMMANDS = ("proof", "sheets")


@click.command()
@packs_argument
@click.option("--no-render", is_flag=True, help="Only lint; do not re-render proofs and sheets.")
@no_cache_option
def watch(packs: tuple[str, ...], no_render: bool, no_cache: bool) -> None:
    """Watch packs: lint on every save and print only the findings that appeared or went away (Ctrl-C stops)."""
    from deckwright.authoring.watch import watch_packs
    from deckwright.model.discover import find_packs

    for linted in watch_packs(find_packs(packs), load_options(no_cache, None)):
        print_change(linted)
        if not no_render and linted.loaded:  # any save may change a face, even with the same findings
            _render(linted.target.display)


def print_change(linted: Linted, stream: TextIO | None = None) -> None:
    """The first report of a pack in full (one line per finding); later only what changed."""
    if linted.first:
        click.echo(_summary(linted), file=stream)
        for diagnostic in linted.report.diagnostics:
            click.echo(f"  {_line(diagnostic)}", file=stream)
        return
    if not linted.changed:
        click.echo(f"{linted.target.display}: no change in findings", file=stream)
        return
    for diagnostic in linted.added:
        click.echo(f"+ {_line(diagnostic)}", file=stream)
    for diagnostic in linted.fixed:
        click.echo(f"- {_line(diagnostic)} (gone)", file=stream)
    click.echo(_summary(linted), file=stream)


def _summary(linted: Linted) -> str:
    errors, warnings = linted.report.errors, linted.report.warnings
    return f"{linted.target.display}: {errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}"


def _line(d: Diagnostic) -> str:
    return f"{d.file}:{d.line}:{d.column}: {d.severity.value} {d.code} {d.message}"


def _render(pack: str) -> None:
    from deckwright.cli import cli

    for name in RENDER_COMMANDS:
        command = cli.get_command(click.Context(cli), name)
        if command is None:
            continue
        try:
            command.main([pack], prog_name=f"deckwright {name}", standalone_mode=False)
        except SystemExit:
            pass
        except click.ClickException as exc:
            click.echo(f"{name}: {exc.format_message()}", err=True)
