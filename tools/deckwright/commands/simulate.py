"""`deckwright simulate`: play a scenario many times and report win rates, lengths, scores and ends."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from deckwright.commands.options import OutputPath, workers_option
from deckwright.commands.progress import quiet_option, wanted


@click.command()
@click.argument("pack", type=click.Path(exists=True, file_okay=False))
@click.option("--scenario", required=False, help="Scenario id or name (e.g. the-fellowship). [required unless --replay]")
@click.option("--players", type=click.IntRange(min=1), default=None,
              help="Number of players. [required unless --replay]")
@click.option("--runs", type=click.IntRange(min=1), default=1000, show_default=True, help="Games to play.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first game; game i plays seed+i.")
@click.option("--policy", "policies", multiple=True, default=("random",), show_default=True,
              help="Policy by seat (repeat to give seats different policies; they cycle): random, or one the "
                   "game's engine names (greedy, heuristic, lookahead...; an unknown name lists them).")
@workers_option
@click.option("--scheduler", default=None, help="Dask scheduler address (tcp://HOST:PORT) to run playouts on.")
@click.option("--check-invariants", "check", is_flag=True, help="Check the game's invariants after every step.")
@click.option("--record", "record_to", type=OutputPath(dir_okay=False), default=None,
              help="Write the readable log of the game of --seed to this file.")
@click.option("--replay", "replay_from", type=click.Path(exists=True, dir_okay=False), default=None,
              help="Replay a recorded log and report whether it still plays the same.")
@click.option("--plot", type=OutputPath(dir_okay=False), default=None,
              help="Write histograms of game length and scores to this file: .svg, or .png for an image.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="Output format.")
@quiet_option
def simulate(pack: str, scenario: str | None, players: int | None, runs: int, seed: int, policies: tuple[str, ...],
             workers: int | None, scheduler: str | None, check: bool, record_to: str | None, replay_from: str | None,
             plot: str | None, fmt: str, quiet: bool) -> None:
    """Play seeded games of a pack's scenario and report what happened."""
    from deckwright.output import write_atomic
    from deckwright.engine.plot import histogram_png, histogram_svg
    from deckwright.engine.simulation import SimulateOptions, format_text, record, replay_log, simulate as run
    from deckwright.errors import DeckwrightError
    from deckwright.model import load_pack
    from deckwright.report.text import echo

    loaded = load_pack(Path(pack), pack)
    if loaded.pack is None:
        raise DeckwrightError(f"{pack}: the pack cannot be loaded (run deckwright lint {pack})")
    if replay_from:
        log, problems = replay_log(loaded.pack, Path(replay_from))
        echo("\n".join(log.result))
        for problem in problems:
            echo(f"replay: {problem}", err=True)
        sys.exit(1 if problems else 0)
    if scenario is None or players is None:
        raise click.UsageError("--scenario and --players are required (unless --replay)")
    options = SimulateOptions(scenario, players, runs, seed, policies, workers, scheduler, check)
    if record_to:
        write_atomic(Path(record_to), record(loaded.pack, options).text())
    with click.progressbar(length=runs, label="playing", file=sys.stderr) if wanted(sys.stderr, quiet) else _Quiet() as bar:
        summary = run(loaded.pack, options, progress=bar.update)
    if plot:
        path = Path(plot)
        write_atomic(path, histogram_png(summary) if path.suffix.lower() == ".png" else histogram_svg(summary))
    echo(json.dumps({"version": 1, **summary}, indent=2) if fmt == "json" else format_text(summary), nl=fmt == "json")


class _Quiet:
    """Stands in for the progress bar when stderr is not a terminal."""

    def __enter__(self) -> _Quiet:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def update(self, n: int) -> None:
        return None
