"""`deckwright build`: the whole job for each pack, loaded once: check, proof, reference sheets.

The check report (lint, rules, playouts) is computed once and handed to the findings sheet, so a
build costs one set of playouts, not two.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from deckwright.diagnostic import Diagnostic, Report, Severity
from deckwright.runs.targets import PackTarget
from deckwright.model import LoadOptions, load_pack
from deckwright.render.proof import ProofOptions
from deckwright.runs.proof import output_path, write_proof
from deckwright.render.select import CardFilter, select_cards
from deckwright.runs.check import CheckContext, check_pack
from deckwright.runs.sheets import SheetOptions, output_folder, write_sheets


@dataclass(frozen=True)
class BuildOptions:
    """How each stage of a build runs."""

    context: CheckContext = field(default_factory=CheckContext)
    proof: ProofOptions = field(default_factory=ProofOptions)
    sheets: SheetOptions = field(default_factory=SheetOptions)
    output: Path | None = None  # instead of build/: <output>/<pack>/proof.pdf and <output>/<pack>/sheets/


def build_packs(targets: Sequence[PackTarget], options: BuildOptions, load: LoadOptions = LoadOptions()) -> Report:
    """Check, proof and write the sheets of every pack; one report of every finding."""
    found: list[Diagnostic] = []
    proofs: list[str] = []
    files = 0
    for target in targets:
        loaded = load_pack(target.folder, target.display, load)
        checked = check_pack(loaded, options.context)
        found.extend(checked)
        pack = loaded.pack
        if pack is None:
            continue
        problems, written = write_proof(pack, select_cards(pack, CardFilter()), options.proof,
                                        output_path(pack.id, options.output, len(targets)))
        found.extend(problems)
        proofs.extend([str(written.path)] if written else [])
        out = options.output / pack.id / "sheets" if options.output else output_folder(options.sheets, pack.id, False)
        sheet_problems, count = write_sheets(pack, Report.of(checked), out, options.sheets)
        found.extend(d for d in sheet_problems if d.severity is not Severity.INFO)
        files += count
    return Report.of(found, packs=len(targets), proofs=proofs, sheets=files)


