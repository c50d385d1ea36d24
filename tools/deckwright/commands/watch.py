"""`deckwright watch`: re-lint on every save, re-render the pack's proof and sheets in the background,
print only what changed. A save during a render cancels that (now stale) render."""

from __future__ import annotations

import multiprocessing
import signal
import sys
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

import click

from deckwright.commands.options import load_options, no_cache_option, packs_argument, sources_option

if TYPE_CHECKING:
    from deckwright.runs.watch import Linted
    from deckwright.diagnostic import Diagnostic


@click.command()
@packs_argument
@click.option("--no-render", is_flag=True, help="Only lint; do not re-render proofs and sheets.")
@no_cache_option
@sources_option
def watch(packs: tuple[str, ...], no_render: bool, no_cache: bool, sources: Path | None) -> None:
    """Watch packs: lint on every save and print only the findings that appeared or went away; re-render
    proofs and sheets in the background (Ctrl-C stops)."""
    from deckwright.runs.watch import watch_packs
    from deckwright.runs.targets import find_packs

    renders = Renders(sources)
    try:
        for linted in watch_packs(find_packs(packs), load_options(no_cache, None)):
            print_change(linted)
            if not no_render and linted.loading is not None and linted.pack is not None:  # any save may change a face, even with the same findings
                renders.start(linted)
    except KeyboardInterrupt:
        pass  # Ctrl-C is how watch ends: exit 0, no "Aborted!"
    finally:
        renders.stop_all()


class Renders:
    """One background render process per pack; a newer save terminates the stale one."""

    def __init__(self, sources: Path | None, stream: TextIO | None = None) -> None:
        self.sources = sources
        self.stream = stream
        self.running: dict[str, BaseProcess] = {}
        forks = "fork" in multiprocessing.get_all_start_methods()  # the Pack is inherited, not pickled
        self.context = multiprocessing.get_context("fork") if forks else multiprocessing.get_context("spawn")

    def start(self, linted: Linted) -> None:
        name = linted.target.display
        if self._stop(name):
            click.echo(f"{name}: render cancelled (a newer save is being rendered)", file=self.stream)
        sys.stdout.flush()  # a forked child must not inherit (and print again) unflushed output
        process = self.context.Process(target=render_pack, args=(linted, self.sources),
                                       name=f"deckwright-render-{name}", daemon=True)
        process.start()
        self.running[name] = process

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the renders (tests)."""
        for process in self.running.values():
            process.join(timeout)

    def stop_all(self) -> None:
        for name in list(self.running):
            self._stop(name)

    def _stop(self, name: str) -> bool:
        """Terminate the pack's render if it still runs; whether it did."""
        process = self.running.pop(name, None)
        if process is None or not process.is_alive():
            return False
        process.terminate()
        process.join()
        return True


def render_pack(linted: Linted, sources: Path | None) -> None:
    """The child's job: the proof run (not while the lint report has errors) and the sheets run on the pack
    watch loaded, the sheets' findings being the lint report just printed; one line each."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent ends renders; Ctrl-C must not print tracebacks
    from deckwright.render import CardFilter, ProofOptions
    from deckwright.runs.driver import run_pack
    from deckwright.runs.proof import Written, proof_job
    from deckwright.runs.sheets import SheetOptions, output_folder, sheets_job

    assert linted.loading is not None and linted.pack is not None
    pack = linted.pack
    if linted.report.errors:
        click.echo(f"{pack.display}: proof not written while the pack has errors")
    else:
        proofed = run_pack(linted.target, linted.loading, proof_job(CardFilter(), ProofOptions(), None, 1, force=False))
        for outcome in proofed.artefact or ():
            click.echo(f"{pack.display}: wrote {outcome.path}" if isinstance(outcome, Written)
                       else f"{pack.display}: {outcome.reason}")
    options = SheetOptions(None, "a4", sources)
    sheets = run_pack(linted.target, linted.loading, sheets_job(options, False, lambda *_: linted.report))
    count = sheets.artefact or 0
    click.echo(f"{pack.display}: wrote {count} sheet file{'s' * (count != 1)} into {output_folder(options, pack.id, False)}")
    sys.stdout.flush()


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
    from deckwright.report.text import neutral

    return neutral(f"{d.file}:{d.line}:{d.column}: {d.severity.value} {d.code} {d.message}")
