"""A status line on stderr while a long command runs: what it is doing and for how long.

The stages return values and never print, so the command shows this line around the library call:
after one second (short runs show nothing), only when stderr is a terminal, never with `--quiet`.
It rewrites itself in place and is erased before the report is printed. Findings go to stdout;
this line and the one-line summary of what was written go to stderr, so `--format json > out.json`
stays valid JSON.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

import click

DELAY_SECONDS = 1.0
TICK_SECONDS = 0.25
_FRAMES = "|/-\\"


def wanted(stream: TextIO, quiet: bool) -> bool:
    """Whether to show progress: a terminal, and not --quiet."""
    return not quiet and stream.isatty()


@contextmanager
def status(label: str, quiet: bool = False, stream: TextIO | None = None, delay: float = DELAY_SECONDS
           ) -> Iterator[None]:
    """Show `label ... Ns` on `stream` (stderr) while the block runs, when `wanted`."""
    from deckwright.report.text import neutral

    label = neutral(label)
    out = stream if stream is not None else sys.stderr
    if not wanted(out, quiet):
        yield
        return
    done = threading.Event()
    started = time.monotonic()
    shown = [0]

    def tick() -> None:
        if done.wait(delay):
            return
        frame = 0
        while not done.is_set():
            text = f"{_FRAMES[frame % len(_FRAMES)]} {label} {time.monotonic() - started:.0f}s"
            out.write("\r" + text.ljust(shown[0]))
            out.flush()
            shown[0] = len(text)
            frame += 1
            done.wait(TICK_SECONDS)

    thread = threading.Thread(target=tick, name="deckwright-progress", daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join()
        if shown[0]:
            out.write("\r" + " " * shown[0] + "\r")
            out.flush()


def quiet_option(func: click.decorators.FC) -> click.decorators.FC:
    """--quiet: no progress line and no summary of written files (findings are still printed)."""
    return click.option("-q", "--quiet", is_flag=True,
                        help="No progress line and no summary of what was written; findings only.")(func)


def say(message: str, quiet: bool) -> None:
    """A one-line status message (what was written where) on stderr, unless --quiet."""
    if not quiet:
        from deckwright.report.text import echo

        echo(message, err=True)
