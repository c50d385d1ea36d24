"""`deckwright sheets`: each pack's check report, then its reference sheets written to build/<pack>/sheets."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from deckwright.diagnostic import Diagnostic, Location, Report
from deckwright.model import Loaded, LoadOptions, Pack
from deckwright.output import write_atomic
from deckwright.runs.check import CheckContext, check_report, with_cache
from deckwright.runs.driver import Done, Job, findings, run_packs
from deckwright.runs.targets import PackTarget
from deckwright.sheets import codes
from deckwright.sheets.build import render_pack
from deckwright.sheets.pdf import PAPERS


@dataclass(frozen=True)
class SheetOptions:
    """Where sheets go (None: build/<pack>/sheets), the paper, and the folder of the cited books."""

    output: Path | None = None
    paper: str = "a4"
    sources: Path | None = None
    playouts: bool = True  # False: the findings sheet is made without playing the game (`--no-playouts`)


# The findings a pack's sheets show: the check's report (watch shows its lint report instead).
Findings = Callable[[Pack, Loaded], Report]


def build_sheets(targets: Sequence[PackTarget], options: SheetOptions, load: LoadOptions = LoadOptions()) -> Report:
    """Build and write the sheets of every pack; the report holds the sheets' own findings (and loading's)."""
    context = with_cache(CheckContext(sources=options.sources, playouts=options.playouts), load)
    several = len(targets) > 1
    runs = run_packs(targets, load, sheets_job(options, several,
                                               lambda pack, loaded: check_report(pack, loaded, context)))
    return Report.of(findings(runs), files=sum(run.artefact or 0 for run in runs),
                     folders=[str(output_folder(options, run.pack.id, several)) for run in runs
                              if run.pack is not None and run.artefact])


def sheets_job(options: SheetOptions, several: bool, findings_of: Findings) -> Job[int]:
    """The job of `deckwright sheets` on one pack: its findings (`findings_of`), then every sheet written;
    the artefact is the number of files written."""
    def job(pack: Pack, loaded: Loaded) -> Done[int]:
        problems, count = write_sheets(pack, findings_of(pack, loaded), output_folder(options, pack.id, several),
                                       options)
        return Done(problems, count)

    return job


def write_sheets(pack: Pack, findings: Report, out: Path, options: SheetOptions) -> tuple[list[Diagnostic], int]:
    """Render every sheet of a pack from its check report and write them to `out`; returns problems and files written."""
    rendered = render_pack(pack, findings, out, PAPERS[options.paper], options.sources)
    unwritten = write_files(out, rendered.files)
    return list(rendered.diagnostics) + unwritten, len(rendered.files) - len(unwritten)


def write_files(folder: Path, files: dict[str, bytes]) -> list[Diagnostic]:
    """Write every file atomically; a failure is a diagnostic, and the other files are still written."""
    problems = []
    for name, data in sorted(files.items()):
        try:
            write_atomic(folder / name, data)
        except OSError as exc:
            problems.append(codes.WRITE_FAILED.at(Location(str(folder / name)), f"cannot write: {exc.strerror or exc}"))
    return problems


def output_folder(options: SheetOptions, pack_id: str, several: bool) -> Path:
    """build/<pack>/sheets; with -o, that folder (or <folder>/<pack> when there are several packs)."""
    if options.output is None:
        return Path("build") / pack_id / "sheets"
    return options.output / pack_id if several else options.output
