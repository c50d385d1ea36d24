"""Markup in the text fields the manifest names captures terms that exist; unused glossary entries are reported."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from deckwright.diagnostic import Diagnostic, Related
from deckwright.lint import codes
from deckwright.model import Pack, walk_path
from deckwright.model.pack import Markup
from deckwright.schema import did_you_mean


def marked_terms(pack: Pack, text: str) -> Iterator[tuple[str, str, str]]:
    """(markup name, term, written) for every piece of markup in a text that captures a term.

    Patterns are tried in the manifest's order and each claims its text: `[[Tome]]` read as a trait
    is not read again as the icon `[Tome]`.
    """
    for mark, match in _matches(pack.marks, text):
        if match.groups():
            yield mark.name, (match.group(1) or "").strip(), match.group(0)


def _matches(marks: Sequence[Markup], text: str) -> Iterator[tuple[Markup, re.Match[str]]]:
    claimed: list[tuple[int, int]] = []
    for mark in marks:
        for match in _pattern(mark.pattern).finditer(text):
            start, end = match.span()
            if any(start < e and s < end for s, e in claimed):
                continue
            claimed.append((start, end))
            yield mark, match


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
