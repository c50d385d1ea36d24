"""The progress line: shown on a terminal after the delay, erased at the end, never with --quiet or off a terminal."""

from __future__ import annotations

import io
import time
from pathlib import Path

from deckwright.commands.progress import status
from tests.conftest import run
from tests.render.conftest import proof_pack


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_sees_the_label_and_the_line_is_erased() -> None:
    stream = Terminal()
    with status("checking content/x", stream=stream, delay=0):
        time.sleep(0.3)
    text = stream.getvalue()
    assert "checking content/x" in text
    assert text.endswith("\r")  # the line is blanked before the report is printed
    assert text.split("\r")[-2].strip() == ""


def test_quiet_or_not_a_terminal_shows_nothing() -> None:
    quiet, piped = Terminal(), io.StringIO()
    with status("checking", quiet=True, stream=quiet, delay=0):
        time.sleep(0.1)
    with status("checking", stream=piped, delay=0):
        time.sleep(0.1)
    assert quiet.getvalue() == "" and piped.getvalue() == ""


def test_a_short_run_shows_nothing() -> None:
    stream = Terminal()
    with status("checking", stream=stream, delay=5):
        pass
    assert stream.getvalue() == ""


def test_the_summary_of_what_was_written_goes_to_stderr_and_quiet_drops_it(workdir: Path) -> None:
    proof_pack(workdir)
    result = run("proof", "pack", "--format", "json")
    assert result.stderr.startswith("wrote build/test-game/proof.pdf: ")
    assert result.json()["summary"]["errors"] == 0  # stdout is the report alone
    assert run("proof", "pack", "--quiet").stderr == ""


def test_sheets_and_export_say_what_they_wrote(workdir: Path) -> None:
    proof_pack(workdir)
    exported = run("export", "pack", "--to", "json")
    assert exported.exit_code == 0 and "wrote 1 file into build/" in exported.stderr
    folder = exported.stderr.split("wrote 1 file into ", 1)[1].split()[0]
    assert folder.endswith("/json") and len(list((workdir / folder).iterdir())) == 1  # the pack's own folder
