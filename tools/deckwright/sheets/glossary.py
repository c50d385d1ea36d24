"""The glossary sheet: keywords, conditions, icons (drawn) and terms with their meanings."""

from __future__ import annotations

import re
from dataclasses import dataclass

from deckwright.diagnostic import Diagnostic
from deckwright.model.pack import Pack, Term, citations
from deckwright.sheets import codes
from deckwright.sheets.links import Cite, Link, Linker

# Only colour names and hex values reach a style attribute: nothing else can be smuggled into CSS.
SAFE_COLOR = re.compile(r"^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|[a-zA-Z]{3,30})$")
DEFAULT_COLOR = "#555555"
KIND_TITLES = {"keyword": "Keywords", "condition": "Conditions", "icon": "Icons", "token": "Tokens and pieces",
               "card": "Cards", "section": "Sections", "term": "Terms"}


@dataclass(frozen=True)
class TermView:
    term: str
    aliases: tuple[str, ...]
    meaning: str
    symbol: str
    color: str
    cites: tuple[Cite, ...]
    link: Link


@dataclass(frozen=True)
class KindGroup:
    title: str
    terms: tuple[TermView, ...]


@dataclass(frozen=True)
class GlossarySheet:
    groups: tuple[KindGroup, ...]

    @property
    def empty(self) -> str:
        """Why the sheet has nothing to print ('' when it has)."""
        return "" if self.groups else "the pack's glossary has no terms"


def safe_color(color: str | None) -> str:
    """The colour an icon is drawn in: the glossary's when it is a plain colour, else the default."""
    return color if color and SAFE_COLOR.match(color) else DEFAULT_COLOR


def check_colors(pack: Pack) -> list[Diagnostic]:
    """A warning for every glossary colour that is not a colour name or hex value."""
    return [codes.BAD_COLOR.at(pack.locate("glossary", t.index, "color"), f"colour '{t.color}' of '{t.term}'",
                               hint="write a colour name (gold) or a hex value (#cc9900)")
            for t in pack.glossary if t.color and not SAFE_COLOR.match(t.color)]


def glossary_sheet(pack: Pack, linker: Linker) -> GlossarySheet:
    """Terms grouped by kind (in KIND_TITLES order), alphabetical within a kind."""
    groups = []
    for kind, title in KIND_TITLES.items():
        terms = sorted((t for t in pack.glossary if t.kind == kind), key=lambda t: (t.term.casefold(), t.index))
        if terms:
            groups.append(KindGroup(title, tuple(_view(pack, t, linker) for t in terms)))
    return GlossarySheet(tuple(groups))


def _view(pack: Pack, term: Term, linker: Linker) -> TermView:
    raw = pack.manifest.data["glossary"][term.index]
    symbol = term.symbol or (term.term[:1].upper() if term.kind == "icon" else "")
    return TermView(term.term, term.aliases, term.meaning, symbol, safe_color(term.color),
                    linker.cites(citations(raw.get("source"))), linker.to(pack.locate("glossary", term.index)))
