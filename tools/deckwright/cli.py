"""The `deckwright` command group. Commands live in `deckwright.commands`, imported when invoked."""

from __future__ import annotations

import os
import sys
from importlib import import_module
from importlib.util import find_spec
from typing import Any, NoReturn

import click

from deckwright import __version__
from deckwright.errors import DeckwrightError

# Command name -> the first sentence of its help, which `deckwright --help` lists without importing
# the command (tests hold each to the command's own docstring). The command is defined in the module of
# deckwright.commands of the same name (dashes become underscores); one whose module is not there yet
# is simply not listed.
SUMMARIES = {
    "new": "Create a game repository at PATH: a pack (manifest, a card type with schema and layout, cards, a rules "
           "clause), its rulebook draft, a CI workflow and a pre-commit config.",
    "lint": "Validate packs against their schemas and check ids, references, counts and glossary.",
    "check": "Lint packs, then check their rules: contradicting facts, failing claims, undefined terms, citations.",
    "proof": "Render print-and-play PDF proofs of the packs' cards.",
    "sheets": "Render the reference sheets: rules summary, findings, components, checklist, glossary, player aid, "
              "scenarios.",
    "build": "Check packs, then write build/<pack>/proof.pdf and build/<pack>/sheets/, loading each pack once.",
    "fmt": "Format the YAML files of packs: indentation, key order from the schemas, YAML 1.1 quoting.",
    "simulate": "Play seeded games of a pack's scenario and report what happened.",
    "export": "Export packs: --to json|csv (one row per card), png (a face per card, 300 dpi), tts (deck sheets).",
    "explain": "Explain a diagnostic code (or list every code).",
    "schema": "Export the core and pack schemas with local $refs (their $id URLs are not served).",
    "watch": "Watch packs: lint on every save and print only the findings that appeared or went away; re-render "
             "proofs and sheets in the background (Ctrl-C stops).",
    "facts": "List every fact: value, clauses (with citations) and readers (engine, probe:NAME, claim:ID, content, "
             "sheet).",
    "eval": "Print the value of EXPRESSION (facts, content functions, probes) over PACK.",
    "coverage": "List the lines of each cited book that no clause cites, grouped by section, with the share covered.",
}
COMMANDS = tuple(SUMMARIES)


def _module(name: str) -> str:
    return f"deckwright.commands.{name.replace('-', '_')}"


def summary(name: str, limit: int) -> str:
    """A command's summary shortened to `limit` characters, as click shortens a command's own help."""
    return click.Command(name, help=SUMMARIES[name]).get_short_help_str(limit)


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

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The commands and their summaries, as click lists them, without importing any command."""
        names = self.list_commands(ctx)
        if not names:
            return
        limit = formatter.width - 6 - max(len(name) for name in names)
        with formatter.section("Commands"):
            formatter.write_dl([(name, summary(name, limit)) for name in names])

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except DeckwrightError as exc:
            from deckwright.report.text import echo

            echo(f"Error: {exc}", err=True)
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


def run() -> NoReturn:
    """The console script (and `python -m deckwright`): `main`, then the process ends without Python's teardown
    (every module and what it holds freed object by object: about 4 ms of a one-file re-lint's 0.3 s) once its
    output is flushed and the exit handlers (atexit: logging, temporary folders, worker pools) have run. While a
    thread other than this one is still alive, Python's own exit (which waits for it) ends the process instead."""
    code = main()
    threading = sys.modules.get("threading")
    if threading is not None and threading.active_count() > 1:
        sys.exit(code)
    import atexit

    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe or stream: nothing more can be written to it
            pass
    os._exit(code)
