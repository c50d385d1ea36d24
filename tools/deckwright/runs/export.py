"""`deckwright export` as a library: each pack's content as JSON/CSV rows, PNG faces or TTS decks, written."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from deckwright.diagnostic import Diagnostic, Location, Report, Severity
from deckwright.export import codes
from deckwright.export.faces import FaceRenderer, face_renderer
from deckwright.export.run import ExportOptions, export_pack
from deckwright.lint import acknowledge
from deckwright.model import LoadOptions, load_pack
from deckwright.output import write_atomic
from deckwright.runs.targets import PackTarget

BUILD = Path("build")


def run_export(targets: Sequence[PackTarget], options: ExportOptions, load: LoadOptions = LoadOptions(),
               renderer: FaceRenderer | None = None) -> Report:
    """Export every pack that loads; the report holds what went wrong and how many files were written."""
    found: list[Diagnostic] = []
    written = 0
    for target in targets:
        loaded = load_pack(target.folder, target.display, load)
        # Errors in the content (a file that does not parse, a record that breaks its schema) are the
        # export's too: what they hide is missing from the files, and the run must say so.
        found.extend(d for d in acknowledge(loaded.pack, loaded.diagnostics, report_stale=False)
                     if d.severity is Severity.ERROR)
        if loaded.pack is None:
            continue
        folder = options.output or BUILD / loaded.pack.id / options.to
        files, diagnostics = export_pack(loaded.pack, folder, options, renderer or face_renderer())
        found.extend(diagnostics)
        for path, data in sorted(files.items()):
            try:
                write_atomic(path, data)
                written += 1
            except OSError as exc:
                found.append(codes.UNWRITABLE.at(Location(str(path)), f"cannot write: {exc.strerror or exc}"))
    return Report.of(found, files=written)
