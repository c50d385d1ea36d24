"""Options every reporting command shares, and the one place that writes a report and exits."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from deckwright.diagnostic import Report
from deckwright.lint import PackTarget
from deckwright.model import LoadOptions
from deckwright.report import REPORTERS

if TYPE_CHECKING:
    from deckwright.rules.check import CheckContext

F = TypeVar("F", bound=Callable[..., Any])

CACHE_ENV = "DECKWRIGHT_CACHE"
DEFAULT_CACHE = ".deckwright-cache"


def report_options(func: F) -> F:
    """PACKS arguments plus --format, --strict, --no-cache, --workers and --quiet."""
    from deckwright.commands.progress import quiet_option

    func = quiet_option(func)
    func = click.option("--format", "fmt", type=click.Choice(sorted(REPORTERS)), default="text",
                        show_default=True, help="Output format of the findings.")(func)
    func = click.option("--strict", is_flag=True, help="Exit 1 on warnings too.")(func)
    func = click.option("--no-cache", is_flag=True, help="Parse every file again, ignoring the parse cache.")(func)
    func = click.option("--workers", type=click.IntRange(min=1), default=None,
                        help="Processes used for parsing and playouts (default: one per core).")(func)
    func = click.argument("packs", nargs=-1, type=click.Path(file_okay=True, dir_okay=True))(func)
    return func


def describe(targets: Sequence[PackTarget]) -> str:
    """The packs a command works on, for a progress line: one by name, several by count."""
    return targets[0].display if len(targets) == 1 else f"{len(targets)} packs"


def load_options(no_cache: bool, workers: int | None) -> LoadOptions:
    """Where the parse cache lives (DECKWRIGHT_CACHE, default .deckwright-cache) and how many workers parse."""
    cache = None if no_cache else Path(os.environ.get(CACHE_ENV, DEFAULT_CACHE))
    return LoadOptions(cache=cache, workers=workers)


def emit(report: Report, fmt: str, strict: bool, stream: Any = None, status: int = 0) -> None:
    """Write the report with the chosen reporter and exit with its status (at least `status`: 2 when the
    run wrote nothing it was asked to write)."""
    stream = stream or sys.stdout
    color = fmt == "text" and stream.isatty() and "NO_COLOR" not in os.environ
    REPORTERS[fmt](stream, color=color).emit(report)
    sys.stdout.flush()
    raise SystemExit(max(report.exit_code(strict), status))


def count_of(report: Report, key: str) -> int:
    """A count a run put in its report's summary (`files`, `sheets`), 0 when absent."""
    value = report.extra.get(key)
    return value if isinstance(value, int) else len(value) if isinstance(value, list) else 0


def plural(count: int, noun: str) -> str:
    """`1 card`, `3 cards`."""
    return f"{count} {noun}{'s' * (count != 1)}"


def check_options(func: F) -> F:
    """--sources, --seed, --runs and --budget: what `check` (and `build`, which checks) needs."""
    func = click.option("--budget", type=click.FloatRange(min=0), default=None,
                        help="Instead of --runs: seconds of playouts per pack, as many as fit (the report then "
                             "depends on the machine's speed).")(func)
    func = click.option("--runs", type=click.IntRange(min=1), default=None,
                        help="Playouts per scenario and player count [default: 50; the same report on every "
                             "machine].")(func)
    func = click.option("--seed", type=int, default=0, show_default=True,
                        help="Seed of every random choice the checks make.")(func)
    func = click.option("--sources", type=click.Path(exists=True, file_okay=False, path_type=Path), default=None,
                        help="Folder holding the rulebooks the packs cite: checks citations and copied text "
                             "against them; sheets quote the cited lines.")(func)
    return func


def check_context(sources: Path | None, workers: int | None, seed: int, runs: int | None,
                  budget: float | None) -> CheckContext:
    """The CheckContext of the check options; a usage error if both --runs and --budget are given."""
    from deckwright.rules.check import DEFAULT_RUNS, CheckContext

    if runs is not None and budget is not None:
        raise click.UsageError("give --runs or --budget, not both")
    return CheckContext(sources=sources, workers=workers, seed=seed, budget_seconds=budget, runs=runs or DEFAULT_RUNS)
