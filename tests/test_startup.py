"""Start-up: `deckwright --help` and `deckwright explain` import no command's heavy libraries."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import click
import click.testing
import pytest

from deckwright.cli import COMMANDS, cli, summary

HEAVY = ("reportlab", "jsonschema", "jinja2", "jsonschema_rs", "ruamel.yaml", "PIL")

PROBE = """\
import sys
from deckwright.cli import main
main(sys.argv[1:])
print(" ".join(sorted(m for m in {heavy!r} if m in sys.modules)) or "none", file=sys.stderr)
"""


def imported_by(*argv: str) -> str:
    done = subprocess.run([sys.executable, "-c", PROBE.format(heavy=HEAVY), *argv], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stderr.strip().splitlines()[-1]


@pytest.mark.parametrize("argv", [("--help",), ("explain", "DW101"), ("explain", "dw201")])
def test_help_and_explain_import_no_heavy_library(argv: tuple[str, ...]) -> None:
    assert imported_by(*argv) == "none"


def test_help_lists_every_command_with_its_own_summary() -> None:
    ctx = click.Context(cli)
    for name in COMMANDS:
        command = cli.get_command(ctx, name)
        assert command is not None, name
        for limit in (45, 60, 1000):
            assert summary(name, limit) == command.get_short_help_str(limit), name


def test_lint_of_one_pack_imports_no_process_pool(tmp_path: Path) -> None:
    """A one-pack lint (the re-lint of an edited file) starts no worker process: multiprocessing, tens of
    milliseconds to import, is imported only by a run that starts one."""
    from tests.minipack import write_pack

    pack = write_pack(tmp_path)
    probe = PROBE.format(heavy=("multiprocessing", "concurrent.futures.process"))
    done = subprocess.run([sys.executable, "-c", probe, "lint", "--workers", "1", str(pack)], capture_output=True,
                          text=True, env={**os.environ, "DECKWRIGHT_CACHE": str(tmp_path / "cache")})
    assert done.stderr.strip().splitlines()[-1] == "none", done.stderr


def test_the_console_script_keeps_every_line_and_the_exit_status(tmp_path: Path) -> None:
    """`python -m deckwright` (as the console script, `cli.run`) ends the process without Python's teardown: its
    output is still written in full through a pipe (every code listed: more than Python's output buffer holds), and
    the status is the run's: 0, 1 for a pack with errors, 2 for an unknown code."""
    from tests.minipack import CARDS, write_pack

    def console(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "deckwright", *argv], capture_output=True, text=True,
                              env={**os.environ, "DECKWRIGHT_CACHE": str(tmp_path / "cache"), "NO_COLOR": "1"})

    listed = console("explain")
    in_process = click.testing.CliRunner().invoke(cli, ["explain"]).output
    assert listed.returncode == 0 and listed.stdout == in_process and len(listed.stdout) > 8192
    unknown = console("explain", "DW999")
    assert unknown.returncode == 2 and "no diagnostic code DW999" in unknown.stderr
    broken = write_pack(tmp_path, cards=CARDS.replace("cost: 2", "cost: -2"))
    linted = console("lint", str(broken))
    assert linted.returncode == 1 and linted.stdout.rstrip().endswith("1 error, 1 warning, 1 pack"), linted.stdout
