"""Card and scenario text with its markup read: icons (`:gold:`) drawn, keywords (`[Poison 1]`) set off."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deckwright.model.pack import Pack
from deckwright.patterns import PatternError, linear
from deckwright.sheets.glossary import safe_color


@dataclass(frozen=True)
class Segment:
    """A run of text, an icon (symbol drawn in its colour) or a keyword."""

    kind: str
    text: str
    symbol: str = ""
    color: str = ""


Rich = tuple[Segment, ...]


def rich(pack: Pack, value: str) -> Rich:
    """The text split into plain runs, icons the glossary knows, and keywords."""
    found: list[tuple[int, int, Segment]] = []
    for kind in ("icon", "keyword"):
        expression = pack.markup.get(kind, "")
        try:
            pattern = linear(expression)
        except PatternError:
            continue  # a broken markup pattern is the manifest's finding, not the sheet's
        for match in pattern.finditer(value) if expression else ():
            segment = _segment(pack, kind, match)
            if segment is not None:
                found.append((match.start(), match.end(), segment))
    segments: list[Segment] = []
    at = 0
    for start, end, segment in sorted(found, key=lambda f: (f[0], -f[1])):
        if start < at:
            continue
        if start > at:
            segments.append(Segment("text", value[at:start]))
        segments.append(segment)
        at = end
    if at < len(value) or not segments:
        segments.append(Segment("text", value[at:]))
    return tuple(segments)


def plain(segments: Rich) -> str:
    """The text as a reader says it: icons by their term, keywords without brackets."""
    return "".join(s.text for s in segments)


def _segment(pack: Pack, kind: str, match: Any) -> Segment | None:
    name = match.group(1) if match.groups() else match.group(0)
    if kind == "keyword":
        return Segment("keyword", match.group(0).strip("[]{}"))
    term = pack.term(name)
    if term is None or term.kind != "icon":
        return None
    return Segment("icon", term.term, term.symbol or term.term[:1].upper(), safe_color(term.color))
