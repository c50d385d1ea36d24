"""Card and scenario text with its markup read: icons (`:gold:`) drawn, keywords (`[Poison 1]`) set off."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deckwright.model.markup import keyword_text, marked
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
    patterns: dict[str, Any] = {}
    for kind in ("icon", "keyword"):
        expression = pack.markup.get(kind, "")
        try:
            if expression:
                patterns[kind] = linear(expression)
        except PatternError:
            continue  # a broken markup pattern is the manifest's finding, not the sheet's
    segments: list[Segment] = []
    for kind, found in marked(value, patterns):
        segment = None if isinstance(found, str) else _segment(pack, kind, found)
        if segment is not None:
            segments.append(segment)
            continue
        text = found if isinstance(found, str) else str(found.group(0))
        if segments and segments[-1].kind == "text":  # an unknown icon stays part of its text
            text = segments.pop().text + text
        segments.append(Segment("text", text))
    return tuple(segments) or (Segment("text", value),)


def plain(segments: Rich) -> str:
    """The text as a reader says it: icons by their term, keywords without brackets."""
    return "".join(s.text for s in segments)


def _segment(pack: Pack, kind: str, match: Any) -> Segment | None:
    name = match.group(1) if match.groups() else match.group(0)
    if kind == "keyword":
        return Segment("keyword", keyword_text(match))
    term = pack.term(name)
    if term is None or term.kind != "icon":
        return None
    return Segment("icon", term.term, term.symbol or term.term[:1].upper(), safe_color(term.color))
