"""`deckwright proof` as a library call: load each pack, choose its cards, render and write its proof."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from deckwright.diagnostic import Diagnostic, Report, Severity
from deckwright.errors import DeckwrightError
from deckwright.model import Entity, Loaded, LoadOptions, Pack
from deckwright.output import write_atomic
from deckwright.render.plan import printable
from deckwright.render.proof import ProofOptions, render_proof
from deckwright.render.select import CardFilter, select_cards
from deckwright.runs.driver import Done, Job, findings, run_packs
from deckwright.runs.targets import PackTarget

BUILD = Path("build")
PROOF_NAME = "proof.pdf"


@dataclass(frozen=True)
class Written:
    """A proof written to disk, with what it holds."""

    path: Path
    cards: int
    faces: int
    pages: int


def output_path(pack_id: str, output: Path | None, packs: int) -> Path:
    """build/<pack>/proof.pdf; or the file -o names (one pack); or <folder>/<pack>/proof.pdf."""
    if output is None:
        return BUILD / pack_id / PROOF_NAME
    if output.suffix.lower() == ".pdf":
        if packs > 1:
            raise DeckwrightError(f"-o {output} names one file, but {packs} packs are proofed; name a folder")
        return output
    return output / pack_id / PROOF_NAME


def write_proof(pack: Pack, entities: Sequence[Entity], options: ProofOptions, path: Path
                ) -> tuple[list[Diagnostic], Written | None]:
    """Render the proof of `entities` and write it to `path` (nothing is written if no card is printable)."""
    proof = render_proof(pack, entities, options)
    if not proof.cards:
        return list(proof.diagnostics), None
    write_atomic(path, proof.pdf)
    return list(proof.diagnostics), Written(path, proof.cards, proof.faces, proof.pages)


def by_card_size(pack: Pack, entities: Sequence[Entity], path: Path) -> list[tuple[list[Entity], Path]]:
    """The cards split by size, each group to `<stem>-<width>x<height>mm.pdf` beside `path` (print shops take
    one size a file); all of them to `path` when none has a size (the proof then says why nothing prints)."""
    by_size: dict[tuple[float, float], list[Entity]] = {}
    for entity in entities:
        size = pack.card_size(entity.type)
        if size is not None:
            by_size.setdefault(size, []).append(entity)
    if not by_size:
        return [(list(entities), path)]
    return [(group, path.with_name(f"{path.stem}-{width:g}x{height:g}mm.pdf"))
            for (width, height), group in by_size.items()]


# Print-shop presets of `deckwright proof --profile`: what the shop's upload asks for.
PROFILES = {
    "pod-pdf": ProofOptions(one_per_page=True, bleed=25.4 / 8, backs="long", one_size_per_file=True, pdfx=True),
}


@dataclass(frozen=True)
class Skipped:
    """A pack whose proof was not written, and why (said to the user: a proof is never silently absent)."""

    pack: str
    reason: str
    selection: bool = False  # the cards chosen by the filter were none: a usage error if no pack prints


@dataclass(frozen=True)
class ProofRun:
    """What `deckwright proof` did: its findings, the files it wrote, the packs it wrote nothing for."""

    report: Report
    written: tuple[Written, ...]
    skipped: tuple[Skipped, ...]


def run_proofs(targets: Sequence[PackTarget], chosen: CardFilter, options: ProofOptions, output: Path | None,
               load: LoadOptions = LoadOptions(), force: bool = False) -> ProofRun:
    """Proof every pack. A pack that fails to load, selects nothing printable, or whose proof has errors
    (unless `force`) writes no file, and the run says why."""
    runs = run_packs(targets, load, proof_job(chosen, options, output, len(targets), force))
    outcomes = [outcome for run in runs for outcome in run.artefact or ()]
    written = tuple(o for o in outcomes if isinstance(o, Written))
    skipped = tuple(o for o in outcomes if isinstance(o, Skipped))
    report = Report.of(findings(runs), packs=len(targets), proofs=[str(w.path) for w in written])
    return ProofRun(report, written, skipped)


def proof_job(chosen: CardFilter, options: ProofOptions, output: Path | None, packs: int,
              force: bool) -> Job[list[Written | Skipped]]:
    """The job of `deckwright proof` on one pack: its cards chosen, each group of them proofed and written
    (or why not); nothing is written after errors in the content, unless `force`."""
    def job(pack: Pack, loaded: Loaded) -> Done[list[Written | Skipped]]:
        diagnostics: list[Diagnostic] = []
        outcomes: list[Written | Skipped] = []
        entities = select_cards(pack, chosen)
        path = output_path(pack.id, output, packs)
        errors_before = any(d.severity is Severity.ERROR for d in loaded.diagnostics)
        groups = by_card_size(pack, entities, path) if options.one_size_per_file else [(list(entities), path)]
        for group, group_path in groups:
            problems, outcome = proof_of(pack, group, chosen, options, group_path, force, errors_before)
            diagnostics.extend(problems)
            outcomes.append(outcome)
        return Done(diagnostics, outcomes)

    return job


def proof_of(pack: Pack, entities: Sequence[Entity], chosen: CardFilter, options: ProofOptions, path: Path,
              force: bool, errors_before: bool) -> tuple[list[Diagnostic], Written | Skipped]:
    """Render one pack's proof and write it, or say why it is not written."""
    if not any(printable(pack, e) for e in pack.entities):
        return [], Skipped(pack.display, "nothing to print: no card type has both a `size` and a `layout`")
    if not entities:
        return [], Skipped(pack.display, f"no card matches {chosen.describe()}", selection=True)
    if not any(printable(pack, e) for e in entities):
        return [], Skipped(pack.display, f"no card matching {chosen.describe()} has a layout "
                                         f"({len(entities)} matched)", selection=True)
    proof = render_proof(pack, entities, options)
    problems = list(proof.diagnostics)
    if not proof.cards:
        return problems, Skipped(pack.display, "no card could be drawn")
    if not force and (errors_before or any(d.severity is Severity.ERROR for d in problems)):
        return problems, Skipped(pack.display, f"{path} not written: the proof has errors (--force writes it anyway)")
    write_atomic(path, proof.pdf)
    return problems, Written(path, proof.cards, proof.faces, proof.pages)
