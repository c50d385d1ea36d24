"""The `deckwright` command group. Commands live in `deckwright.commands`, imported when invoked."""

from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec
from typing import Any

import click

from deckwright import __version__
from deckwright.errors import DeckwrightError

# Command name -> module in deckwright.commands that defines a click command of the same name
# (dashes become underscores). A command whose module is not there yet is simply not listed.
COMMANDS = ("new", "lint", "check", "proof", "sheets", "build", "fmt", "simulate", "export", "explain", "schema",
            "watch", "facts", "eval", "coverage")


def _module(name: str) -> str:
    return f"deckwright.commands.{name.replace('-', '_')}"


class DeckwrightGroup(click.Group):
    """Loads commands lazily, and turns DeckwrightError into `Error: ...` with exit status 2."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [name for name in COMMANDS if find_spec(_module(name)) is not None]

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS or find_spec(_module(name)) is None:
            return None
        command = getattr(import_module(_module(name)), name.replace("-", "_"))
        assert isinstance(command, click.Command), name
        return command

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except DeckwrightError as exc:
            click.echo(f"Error: {exc}", err=True)
            ctx.exit(2)


@click.group(cls=DeckwrightGroup)
@click.version_option(__version__, prog_name="deckwright")
def cli() -> None:
    """Lint, check, proof and export tabletop game content kept as YAML.

    Every command takes pack folders as arguments; with none, it works on every pack under content/.
    """


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script: runs the group and returns its exit status."""
    try:
        cli.main(args=argv, prog_name="deckwright", standalone_mode=True)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    return 0
