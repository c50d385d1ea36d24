"""`deckwright sheets`: each pack's check report, then its reference sheets written to build/<pack>/sheets."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from deckwright.diagnostic import Diagnostic, Location, Report
from deckwright.model import Loaded, LoadOptions, Pack, load_pack
from deckwright.output import write_atomic
from deckwright.runs.check import CheckContext, check_pack
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


def build_sheets(targets: Sequence[PackTarget], options: SheetOptions, load: LoadOptions = LoadOptions()) -> Report:
    """Build and write the sheets of every pack; the report holds the sheets' own findings."""
    found: list[Diagnostic] = []
    written = 0
    for target in targets:
        loaded = load_pack(target.folder, target.display, load)
        if loaded.pack is None:
            found.extend(loaded.diagnostics)
            continue
        out = output_folder(options, loaded.pack.id, len(targets) > 1)
        problems, count = write_sheets(loaded.pack, pack_findings(loaded, options.sources), out, options)
        found.extend(problems)
        written += count
    return Report.of(found, files=written)


def write_sheets(pack: Pack, findings: Report, out: Path, options: SheetOptions) -> tuple[list[Diagnostic], int]:
    """Render every sheet of a pack from its check report and write them to `out`; returns problems and files written."""
    rendered = render_pack(pack, findings, out, PAPERS[options.paper], options.sources)
    unwritten = write_files(out, rendered.files)
    return list(rendered.diagnostics) + unwritten, len(rendered.files) - len(unwritten)


def pack_findings(loaded: Loaded, sources: Path | None = None) -> Report:
    """What `deckwright check` reports on this pack."""
    return Report.of(check_pack(loaded, CheckContext(sources=sources)))


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
