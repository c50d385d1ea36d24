"""`deckwright proof` as a library call: load each pack, choose its cards, render and write its proof."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from deckwright.diagnostic import Diagnostic, Report
from deckwright.errors import DeckwrightError
from deckwright.lint.run import PackTarget, acknowledge
from deckwright.model import Entity, LoadOptions, Pack, load_pack
from deckwright.output import write_atomic
from deckwright.render.proof import ProofOptions, render_proof
from deckwright.render.select import CardFilter, select_cards

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


def write_proofs_by_size(pack: Pack, entities: Sequence[Entity], options: ProofOptions, path: Path
                         ) -> tuple[list[Diagnostic], list[Written]]:
    """One proof per card size, `<stem>-<width>x<height>.pdf` beside `path` (print shops take one size a file)."""
    by_size: dict[tuple[float, float], list[Entity]] = {}
    for entity in entities:
        size = pack.card_size(entity.type)
        if size is not None:
            by_size.setdefault(size, []).append(entity)
    found: list[Diagnostic] = []
    written: list[Written] = []
    for (width, height), group in by_size.items():
        problems, proof = write_proof(pack, group, options, path.with_name(f"{path.stem}-{width:g}x{height:g}mm.pdf"))
        found.extend(problems)
        written.extend([proof] if proof else [])
    return found, written


# Print-shop presets of `deckwright proof --profile`: what the shop's upload asks for.
PROFILES = {
    "pod-pdf": ProofOptions(one_per_page=True, bleed=25.4 / 8, backs="long", one_size_per_file=True),
}


def run_proofs(targets: Sequence[PackTarget], chosen: CardFilter, options: ProofOptions, output: Path | None,
               load: LoadOptions = LoadOptions()) -> tuple[Report, list[Written]]:
    """Proof every pack; a pack that fails to load, or has nothing printable selected, writes no file."""
    found: list[Diagnostic] = []
    written: list[Written] = []
    for target in targets:
        loaded = load_pack(target.folder, target.display, load)
        pack = loaded.pack
        diagnostics = list(loaded.diagnostics)
        if pack is not None:
            path = output_path(pack.id, output, len(targets))
            if options.one_size_per_file:
                problems, proofs = write_proofs_by_size(pack, select_cards(pack, chosen), options, path)
            else:
                problems, proof = write_proof(pack, select_cards(pack, chosen), options, path)
                proofs = [proof] if proof else []
            diagnostics.extend(problems)
            written.extend(proofs)
        found.extend(acknowledge(pack, diagnostics, report_stale=False))
    report = Report.of(found, packs=len(targets), proofs=[str(w.path) for w in written])
    return report, written
