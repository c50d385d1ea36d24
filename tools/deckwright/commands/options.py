"""Options every reporting command shares, and the one place that writes a report and exits."""

from __future__ import annotations

import math
import os
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from deckwright.diagnostic import CodeFilter, Report
from deckwright.runs.targets import PackTarget
from deckwright.model import LoadOptions
from deckwright.report import REPORTERS

if TYPE_CHECKING:
    from deckwright.runs.check import CheckContext

F = TypeVar("F", bound=Callable[..., Any])

PAPERS = ("a4", "letter")
CACHE_ENV = "DECKWRIGHT_CACHE"
DEFAULT_CACHE = ".deckwright-cache"


class OutputPath(click.Path):
    """A click.Path for files and folders a command writes: an empty name is a usage error, not '.'."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and not value.strip():
            self.fail("an output path cannot be empty", param, ctx)
        return super().convert(value, param, ctx)


def finite(ctx: click.Context, param: click.Parameter, value: float | None) -> float | None:
    """Callback refusing NaN and infinity, which FloatRange lets through."""
    if value is not None and not math.isfinite(value):
        raise click.BadParameter(f"{value} is not a finite number", ctx=ctx, param=param)
    return value


def report_options(func: F) -> F:
    """PACKS arguments plus --format, --strict, --no-cache, --workers and --quiet."""
    from deckwright.commands.progress import quiet_option

    func = quiet_option(func)
    func = format_option(func)
    func = click.option("--strict", is_flag=True, help="Exit 1 on warnings too.")(func)
    func = no_cache_option(func)
    func = workers_option(func)
    func = packs_argument(func)
    return func


def packs_argument(func: F) -> F:
    """PACKS: pack folders (every pack under content/ when none is given)."""
    return click.argument("packs", nargs=-1, type=click.Path(file_okay=True, dir_okay=True))(func)


def no_cache_option(func: F) -> F:
    return click.option("--no-cache", is_flag=True,
                        help="Ignore the caches: parse every file again (and play again where the command plays).")(func)


def workers_option(func: F) -> F:
    return click.option("--workers", type=click.IntRange(min=1), default=None,
                        help="Worker processes (default: one per core; for parsing, one per core the load "
                             "average leaves idle): parsing large packs, playouts where the command plays the game, "
                             "and packs checked side by side when `check` has several.")(func)


def sources_option(func: F) -> F:
    return click.option("--sources", type=click.Path(exists=True, file_okay=False, path_type=Path), default=None,
                        help="Folder holding the rulebooks the packs cite: checks citations and copied text "
                             "against them; sheets quote the cited lines.")(func)


def paper_option(func: F) -> F:
    """--paper (the old --page of `proof` is kept as a hidden alias)."""
    func = click.option("--page", "page_alias", type=click.Choice(PAPERS), default=None, hidden=True,
                        help="Old name of --paper.")(func)
    return click.option("--paper", type=click.Choice(PAPERS), default="a4", show_default=True,
                        help="Paper size of the proofs and sheets.")(func)


def bleed_option(func: F) -> F:
    return click.option("--bleed", default="3mm", show_default=True,
                        help="Bleed around each card, e.g. 3mm or 1/8in.")(func)


def backs_option(func: F) -> F:
    return click.option("--backs", type=click.Choice(["none", "long", "short"]), default="long", show_default=True,
                        help="Card backs on duplex pages, lined up for flipping on the long or short edge; "
                             "or none.")(func)


def format_option(func: F) -> F:
    return click.option("--format", "fmt", type=click.Choice(sorted(REPORTERS)), default="text",
                        show_default=True, help="Output format of the findings.")(func)


def describe(targets: Sequence[PackTarget]) -> str:
    """The packs a command works on, for a progress line: one by name, several by count."""
    return targets[0].display if len(targets) == 1 else f"{len(targets)} packs"


def load_options(no_cache: bool, workers: int | None, root: Path | None = None) -> LoadOptions:
    """Where the parse cache lives (DECKWRIGHT_CACHE, default .deckwright-cache), how many workers parse,
    and the database folder the packs' globs read (None: each manifest's `root:`)."""
    cache = None if no_cache else Path(os.environ.get(CACHE_ENV, DEFAULT_CACHE))
    return LoadOptions(cache=cache, workers=workers, root=root)


def code_options(func: F) -> F:
    """--select, --ignore and --statistics (which findings to show, or only their count per code) and --root."""
    func = click.option("--root", type=click.Path(exists=True, file_okay=False, path_type=Path), default=None,
                        help="Folder of the database the pack describes (overrides the manifest's `root:`).")(func)
    func = click.option("--statistics", is_flag=True, help="Print the number of findings per code.")(func)
    func = click.option("--ignore", "ignored", multiple=True, metavar="CODES",
                        help="Leave out these codes or prefixes (DW303, DW2); repeat or separate with commas.")(func)
    func = click.option("--select", "selected", multiple=True, metavar="CODES",
                        help="Report only these codes or prefixes; repeat or separate with commas.")(func)
    return func


def code_filter(selected: tuple[str, ...], ignored: tuple[str, ...]) -> CodeFilter:
    """The --select/--ignore choice; a usage error for something that is not a code or a code prefix."""
    def split(values: tuple[str, ...]) -> tuple[str, ...]:
        codes = tuple(c.strip().upper() for v in values for c in v.split(",") if c.strip())
        bad = [c for c in codes if not re.fullmatch(r"DW[0-9]{0,3}", c)]
        if bad:
            raise click.UsageError(f"not a diagnostic code or prefix: {', '.join(bad)} (codes look like DW201)")
        return codes

    return CodeFilter(split(selected), split(ignored))


def emit(report: Report, fmt: str, strict: bool, stream: Any = None, status: int = 0, *,
         codes: CodeFilter | None = None, statistics: bool = False) -> None:
    """Write the report (only the codes chosen) with the chosen reporter and exit with its status (at least
    `status`: 2 when the run wrote nothing it was asked to write)."""
    stream = stream or sys.stdout
    if codes is not None:
        report = Report.of(codes.apply(report.diagnostics), **report.extra)
    color = fmt == "text" and stream.isatty() and "NO_COLOR" not in os.environ
    REPORTERS[fmt](stream, color=color, statistics=statistics).emit(report)
    sys.stdout.flush()
    raise SystemExit(max(report.exit_code(strict), status))


def count_of(report: Report, key: str) -> int:
    """A count a run put in its report's summary (`files`, `sheets`), 0 when absent."""
    value = report.extra.get(key)
    return value if isinstance(value, int) else len(value) if isinstance(value, list) else 0


def written_into(report: Report, several: str) -> str:
    """The folder a run wrote its files into, as its report names it (`folders`); `several` when it
    wrote into more than one (or none)."""
    folders = report.extra.get("folders")
    return folders[0] if isinstance(folders, list) and len(folders) == 1 else several


def plural(count: int, noun: str) -> str:
    """`1 card`, `3 cards`."""
    return f"{count} {noun}{'s' * (count != 1)}"


def check_options(func: F) -> F:
    """--sources, --seed, --runs, --budget and --paranoid: what `check` (and `build`, which checks) needs."""
    func = click.option("--paranoid", is_flag=True,
                        help="Check the game's invariants after every step of every playout (by default every "
                             "64 steps and at the end; a broken game is replayed step by step).")(func)
    func = click.option("--budget", type=click.FloatRange(min=0), default=None, callback=finite,
                        help="Instead of --runs: seconds of playouts per pack, as many as fit (the report then "
                             "depends on the machine's speed).")(func)
    func = click.option("--runs", type=click.IntRange(min=1), default=None,
                        help="Playouts per scenario and player count [default: 50; the same report on every "
                             "machine].")(func)
    func = click.option("--seed", type=int, default=0, show_default=True,
                        help="Seed of every random choice the checks make.")(func)
    func = sources_option(func)
    return func


def no_playouts_option(func: F) -> F:
    return click.option("--no-playouts", is_flag=True,
                        help="Play no games: no findings from playouts. Without it, the playouts a check made "
                             "of the same content, seed and runs are reused from the cache.")(func)


def check_context(sources: Path | None, workers: int | None, seed: int, runs: int | None,
                  budget: float | None, paranoid: bool = False, *, playouts: bool = True) -> CheckContext:
    """The CheckContext of the check options; a usage error if both --runs and --budget are given."""
    from deckwright.runs.check import DEFAULT_RUNS, CheckContext

    if runs is not None and budget is not None:
        raise click.UsageError("give --runs or --budget, not both")
    return CheckContext(sources=sources, workers=workers, seed=seed, budget_seconds=budget, runs=runs or DEFAULT_RUNS,
                        paranoid=paranoid, playouts=playouts)
