"""`deckwright build`: the whole job for each pack, loaded once: check, proof, reference sheets.

The check report (lint, rules, playouts) is computed once and handed to the findings sheet, so a
build costs one set of playouts, not two.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from deckwright.diagnostic import Report, Severity
from deckwright.model import Loaded, LoadOptions, Pack
from deckwright.render.proof import ProofOptions
from deckwright.render.select import CardFilter, select_cards
from deckwright.runs.acknowledge import settle
from deckwright.runs.check import CheckContext, check_findings, with_cache
from deckwright.runs.driver import Done, findings, run_packs
from deckwright.runs.proof import output_path, write_proof
from deckwright.runs.sheets import SheetOptions, output_folder, write_sheets
from deckwright.runs.targets import PackTarget


@dataclass(frozen=True)
class BuildOptions:
    """How each stage of a build runs."""

    context: CheckContext = field(default_factory=CheckContext)
    proof: ProofOptions = field(default_factory=ProofOptions)
    sheets: SheetOptions = field(default_factory=SheetOptions)
    output: Path | None = None  # instead of build/: <output>/<pack>/proof.pdf and <output>/<pack>/sheets/


@dataclass(frozen=True)
class Built:
    """What a build wrote for one pack: its proof (if any) and how many sheet files."""

    proofs: tuple[str, ...] = ()
    sheets: int = 0


def build_packs(targets: Sequence[PackTarget], options: BuildOptions, load: LoadOptions = LoadOptions()) -> Report:
    """Check, proof and write the sheets of every pack; one report of every finding."""
    options = replace(options, context=with_cache(options.context, load))
    runs = run_packs(targets, load, lambda pack, loaded: build_pack(pack, loaded, options, len(targets)), stale=True)
    built = [run.artefact for run in runs if run.artefact is not None]
    return Report.of(findings(runs), packs=len(targets), proofs=[p for b in built for p in b.proofs],
                     sheets=sum(b.sheets for b in built))


def build_pack(pack: Pack, loaded: Loaded, options: BuildOptions, packs: int) -> Done[Built]:
    """The job of `deckwright build` on one pack: its check, then its proof, then its sheets from the check's report."""
    checked = check_findings(pack, loaded, options.context)
    found = list(checked.diagnostics)
    problems, written = write_proof(pack, select_cards(pack, CardFilter()), options.proof,
                                    output_path(pack.id, options.output, packs))
    found.extend(problems)
    report = Report.of(settle(pack, [*loaded.diagnostics, *checked.diagnostics], stale=True))
    out = options.output / pack.id / "sheets" if options.output else output_folder(options.sheets, pack.id, False)
    sheet_problems, count = write_sheets(pack, report, out, options.sheets)
    found.extend(d for d in sheet_problems if d.severity is not Severity.INFO)
    return Done(found, Built(tuple([str(written.path)] if written else []), count))
