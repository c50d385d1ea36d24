"""`deckwright export` as a library: each pack's content as JSON/CSV rows, PNG faces or TTS decks, written."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from deckwright.diagnostic import Location, Report
from deckwright.export import codes
from deckwright.export.faces import FaceRenderer, face_renderer
from deckwright.export.run import ExportOptions, export_pack
from deckwright.model import Loaded, LoadOptions, Pack
from deckwright.output import write_atomic
from deckwright.runs.driver import Done, Job, findings, run_packs
from deckwright.runs.targets import PackTarget

BUILD = Path("build")


def run_export(targets: Sequence[PackTarget], options: ExportOptions, load: LoadOptions = LoadOptions(),
               renderer: FaceRenderer | None = None) -> Report:
    """Export every pack that loads; the report holds what went wrong and how many files were written."""
    runs = run_packs(targets, load, export_job(options, renderer or face_renderer()))
    return Report.of(findings(runs), files=sum(run.artefact or 0 for run in runs),
                     folders=[str(export_folder(options, run.pack.id)) for run in runs
                              if run.pack is not None and run.artefact])


def export_folder(options: ExportOptions, pack_id: str) -> Path:
    """build/<pack>/<format>, or the folder -o names."""
    return options.output or BUILD / pack_id / options.to


def export_job(options: ExportOptions, renderer: FaceRenderer) -> Job[int]:
    """The job of `deckwright export` on one pack: its files made and written; the artefact counts them.
    Errors in the content (a file that does not parse) are reported by the driver: what they hide is
    missing from the files, and the run says so."""
    def job(pack: Pack, loaded: Loaded) -> Done[int]:
        folder = export_folder(options, pack.id)
        files, found = export_pack(pack, folder, options, renderer)
        written = 0
        for path, data in sorted(files.items()):
            try:
                write_atomic(path, data)
                written += 1
            except OSError as exc:
                found.append(codes.UNWRITABLE.at(Location(str(path)), f"cannot write: {exc.strerror or exc}"))
        return Done(found, written)

    return job
