"""Markup in the text fields the manifest names captures terms that exist; unused glossary entries are reported."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from deckwright.diagnostic import Diagnostic, Related
from deckwright.lint import codes
from deckwright.model import Pack, walk_path
from deckwright.model.pack import Markup
from deckwright.schema import did_you_mean


def marked_terms(pack: Pack, text: str) -> Iterator[tuple[str, str, str]]:
    """(markup name, term, written) for every piece of markup in a text that captures a term.

    The text is read left to right, each piece of markup once; where several patterns match at the
    same place, the one the manifest declares first wins: `[[Tome]]` read as a trait is not read
    again as the icon `[Tome]`.
    """
    scanner = _scanner(tuple(mark.pattern for mark in pack.marks))
    if scanner is None:
        return
    combined, starts = scanner
    for match in combined.finditer(text):
        index = match.lastindex or 0
        which = max(i for i, start in enumerate(starts) if start <= index)
        if _pattern(pack.marks[which].pattern).groups:
            yield pack.marks[which].name, (match.group(starts[which] + 1) or "").strip(), match.group(0)


@cache
def _scanner(patterns: tuple[str, ...]) -> tuple[re.Pattern[str], tuple[int, ...]] | None:
    """One expression for every pattern (each in its own group, in order) and the group number of each."""
    if not patterns:
        return None
    starts, parts, group = [], [], 1
    for n, pattern in enumerate(patterns):
        starts.append(group)
        parts.append("(" + _renumbered(pattern, n, group) + ")")
        group += 1 + _pattern(pattern).groups
    return re.compile("|".join(parts)), tuple(starts)


def _renumbered(pattern: str, n: int, wrapper: int) -> str:
    """The pattern as the n-th alternative, its group at `wrapper`: named groups and back-references kept apart."""
    pattern = re.sub(r"\(\?P([<=])(\w+)", lambda m: f"(?P{m.group(1)}m{n}_{m.group(2)}", pattern)
    return re.sub(r"(?<!\\)\\([1-9][0-9]?)", lambda m: f"\\{int(m.group(1)) + wrapper}", pattern)


@cache
def _pattern(expression: str) -> re.Pattern[str]:
    return re.compile(expression)


def check_terms(pack: Pack) -> Iterator[Diagnostic]:
    """Markup in the text fields each type names captures terms that exist (glossary terms or entities)."""
    lookups = {mark.name: _lookup(pack, mark) for mark in pack.marks if mark.check}
    for entity in pack.entities:
        spec = pack.types.get(entity.type)
        for field in spec.text if spec else ():
            for parts, text in walk_path(entity.data, field):
                if not isinstance(text, str):
                    continue
                for name, term, written in marked_terms(pack, text):
                    lookup = lookups.get(name)
                    if lookup is None or term.casefold() in lookup.known:
                        continue
                    yield codes.UNDEFINED_TERM.at(
                        entity.doc.locate_text(entity.parts + parts, written), f"{name} '{term}' {lookup.missing}",
                        hint=did_you_mean(term, lookup.names) or lookup.fix)


@dataclass(frozen=True)
class _Lookup:
    """The names a markup's terms may take (casefolded for lookup), and how to say one is missing."""

    known: frozenset[str]
    names: tuple[str, ...]
    missing: str
    fix: str


def _lookup(pack: Pack, mark: Markup) -> _Lookup:
    if mark.check == "type" and mark.type is not None:
        entities = list(pack.of_type(mark.type))
        names = tuple(str(e.data.get(mark.field)) if mark.field else e.id for e in entities
                      if not mark.field or mark.field in e.data)
        return _Lookup(frozenset(n.casefold() for n in names), names, f"is not a {mark.type}",
                       f"no {mark.type} has this {mark.field or 'id'}")
    names = tuple(n for t in pack.glossary for n in t.names)
    return _Lookup(frozenset(n.casefold() for n in names), names, "is not in the glossary",
                   "add it to the glossary in pack.yaml")


def check_glossary(pack: Pack) -> Iterator[Diagnostic]:
    seen: dict[str, int] = {}
    for term in pack.glossary:
        for name in term.names:
            key = name.casefold()
            if key in seen and seen[key] != term.index:
                first = pack.locate("glossary", seen[key], "term")
                yield codes.DUPLICATE_TERM.at(pack.locate("glossary", term.index, "term"),
                                              f"glossary term '{name}' is defined twice",
                                              related=[Related(first.file, first.line, first.column, "first definition")])
            seen.setdefault(key, term.index)
    corpus = _corpus(pack)
    for term in pack.glossary:
        if not any(_mentioned(name, corpus) for name in term.names):
            yield codes.UNUSED_TERM.at(pack.locate("glossary", term.index, "term"),
                                       f"glossary term '{term.term}' is used nowhere in the pack")


def _mentioned(name: str, corpus: str) -> bool:
    """Whether the term appears as whole words (any case) in the corpus."""
    return re.search(r"(?<![\w-])" + re.escape(name.casefold()) + r"(?![\w-])", corpus) is not None


def _corpus(pack: Pack) -> str:
    """The pack's entities, rule clauses, layouts, type ids, deck and component names as one lower-cased text.

    json.dumps walks the data in C, far faster than a Python visit; keys come along, which can
    only make a term look used, never unused.
    """
    data = [dict(e.data) for e in pack.entities] + [doc.data for doc in (*pack.rules, *pack.layouts)]
    names = [spec.id.replace("-", " ") for spec in pack.types.values()]
    names += [deck.name for deck in pack.decks] + [component.name for component in pack.components]
    text = json.dumps(data, ensure_ascii=False, default=str).replace("\\n", " ")
    return (text + "\n" + "\n".join(names)).casefold()
