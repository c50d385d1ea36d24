"""Every sheet of a pack: sheet values, then HTML (jinja2) and PDF (reportlab) from them (nothing is written)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.platypus.doctemplate import LayoutError

from deckwright.diagnostic import Diagnostic, Location, Report
from deckwright.model import LoadOptions, Pack, load_pack
from deckwright.output import write_atomic
from deckwright.rules.coverage_sheet import coverage_sheet
from deckwright.sheets import codes
from deckwright.sheets.findings import findings_sheet
from deckwright.sheets.glossary import check_colors, glossary_sheet
from deckwright.sheets.inventory import checklist, component_sheet
from deckwright.sheets.links import Linker, read_books
from deckwright.sheets.pdf import ONE_PAGE, PAPERS, STORIES, Paper, pdf_bytes
from deckwright.sheets.pdf.document import MARGIN, Printed
from deckwright.sheets.rulebook import player_aid, rules_sheet
from deckwright.sheets.scenarios import scenario_sheet
from deckwright.sheets.templates import pack_templates, render_with_fallback

Builder = Callable[[Pack, Linker, Report], Any]
FIT_SCALES = (1.0, 0.92, 0.85, 0.78)


@dataclass(frozen=True)
class SheetSpec:
    """A sheet: its file name, title, what it is for, and how its value is built."""

    name: str
    title: str
    about: str
    build: Builder


SHEETS = (
    SheetSpec("rules", "Rules summary", "every clause by section, its facts, citations and assumptions",
              lambda pack, linker, _: rules_sheet(pack, linker)),
    SheetSpec("findings", "Findings", "contradictions and gaps, accepted ones with their reasons",
              lambda _, linker, report: findings_sheet(report, linker)),
    SheetSpec("components", "Component list", "printed counts against the content",
              lambda pack, linker, _: component_sheet(pack, linker)),
    SheetSpec("checklist", "Card checklist", "every card by deck, with check boxes",
              lambda pack, linker, _: checklist(pack, linker)),
    SheetSpec("glossary", "Glossary", "keywords, conditions and icons",
              lambda pack, linker, _: glossary_sheet(pack, linker)),
    SheetSpec("player-aid", "Player aid", "the round and turn structure on one page",
              lambda pack, linker, _: player_aid(pack, linker)),
    SheetSpec("scenarios", "Scenario sheets", "set-up, winning and losing per difficulty",
              lambda pack, linker, _: scenario_sheet(pack, linker)),
    SheetSpec("coverage", "Book coverage", "which lines of the cited books the clauses encode",
              lambda pack, linker, _: coverage_sheet(pack, dict(linker.books))),
)


@dataclass(frozen=True)
class PackInfo:
    id: str
    name: str
    version: str
    players: str


@dataclass(frozen=True)
class Rendered:
    """A pack's sheets as files (name -> bytes) and what went wrong on the way."""

    files: dict[str, bytes]
    diagnostics: tuple[Diagnostic, ...]


def render_pack(pack: Pack, findings: Report, out: Path, paper: Paper, sources: Path | None = None) -> Rendered:
    """Every sheet of the pack as HTML and PDF, with links relative to `out` (nothing is written)."""
    books, diagnostics = read_books(pack, sources)
    overrides, template_diagnostics = pack_templates(pack)
    diagnostics += template_diagnostics + check_colors(pack)
    if not pack.rules.clauses:
        diagnostics.append(codes.NO_RULES.at(pack.locate("files"), f"pack '{pack.id}' has no rule clauses"))
    linker = Linker(out, books)
    low, high = pack.players
    info = PackInfo(pack.id, pack.name, pack.version, str(low) if low == high else f"{low}-{high}")
    files: dict[str, bytes] = {}
    values = {spec.name: spec.build(pack, linker, findings) for spec in SHEETS}
    shown = tuple(spec for spec in SHEETS if not getattr(values[spec.name], "empty", ""))
    diagnostics += [codes.SHEET_EMPTY.at(pack.locate("files"), f"no {spec.title.lower()} written for '{pack.id}': "
                                         f"{values[spec.name].empty}") for spec in SHEETS if spec not in shown]
    context = {"pack": info, "paper": paper, "sheets": shown}
    for spec in (SheetSpec("index", pack.name, "", lambda *_: None), *shown):
        value = values.get(spec.name)
        html, failed = render_with_fallback(overrides, f"{spec.name}.html.j2",
                                            {**context, "name": spec.name, "title": spec.title, "sheet": value})
        diagnostics += failed
        files[f"{spec.name}.html"] = html.encode("utf-8")
        if spec.name in STORIES:
            try:
                printed = _pdf(spec, value, f"{pack.name} v{pack.version}", paper)
            except LayoutError as error:
                diagnostics.append(codes.SHEET_LAYOUT_FAILED.at(
                    pack.locate("files"), f"the PDF of the {spec.title.lower()} of '{pack.id}' could not be laid "
                    f"out: {' '.join(str(error).split())[:300]}"))
                continue
            files[f"{spec.name}.pdf"] = printed.data
            if spec.name in ONE_PAGE and printed.pages > 1:
                diagnostics.append(codes.PLAYER_AID_LONG.at(
                    pack.locate("files"), f"the {spec.title.lower()} of '{pack.id}' runs to {printed.pages} pages "
                    f"even in {FIT_SCALES[-1]:.0%} type"))
    return Rendered(files, tuple(diagnostics))


def _pdf(spec: SheetSpec, value: Any, header: str, paper: Paper) -> Printed:
    """The sheet's PDF; a one-page sheet is set in smaller type until it fits, down to FIT_SCALES[-1]."""
    width = paper.size[0] - 2 * MARGIN
    if spec.name not in ONE_PAGE:
        return pdf_bytes(spec.title, header, STORIES[spec.name](value, width), paper)
    for scale in FIT_SCALES:
        printed = pdf_bytes(spec.title, header, ONE_PAGE[spec.name](value, width, scale), paper)
        if printed.pages == 1:
            break
    return printed
