"""Markup in the text fields the manifest names captures terms that exist; unused glossary entries are reported."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from functools import cache
from typing import Any, NamedTuple

from deckwright.diagnostic import Diagnostic, Related
from deckwright.lint import codes
from deckwright.model import Pack, walk_path
from deckwright.model.pack import Markup
from deckwright.patterns import PatternError, linear
from deckwright.schema import did_you_mean


def marked_terms(pack: Pack, text: str) -> Iterator[tuple[str, str, str]]:
    """(markup name, term, written) for every piece of markup in a text that captures a term.

    The text is read left to right, each piece of markup once; where several patterns match at the
    same place, the one the manifest declares first wins: `[[Tome]]` read as a trait is not read
    again as the icon `[Tome]`. Patterns run on the linear-time engine (a pack's regex cannot hang a run).
    """
    marks = pack.marks
    scanner = _scanner(tuple(mark.pattern for mark in marks))
    if scanner is None:
        found = _one_by_one(marks, text)
    else:
        combined, starts = scanner
        found = []
        for match in combined.finditer(text):
            which = max(i for i, start in enumerate(starts) if start <= (match.lastindex or 0))
            found.append((marks[which], match.group(starts[which] + 1) if linear(marks[which].pattern).groups else None,
                          match.group(0)))
    for mark, term, written in found:
        if term is not None:
            yield mark.name, term.strip(), written


@cache
def _scanner(patterns: tuple[str, ...]) -> tuple[Any, tuple[int, ...]] | None:
    """One expression for every pattern (each in its own group, in order) and the group number of each;
    None when there are none, or when together they are more than the engine takes."""
    if not patterns:
        return None
    starts, parts, group = [], [], 1
    for n, pattern in enumerate(patterns):
        starts.append(group)
        parts.append("(" + re.sub(r"\(\?P<(\w+)>", lambda m: f"(?P<m{n}_{m.group(1)}>", pattern) + ")")
        group += 1 + linear(pattern).groups
    try:
        return linear("|".join(parts)), tuple(starts)
    except PatternError:
        return None


def _one_by_one(marks: tuple[Markup, ...], text: str) -> list[tuple[Markup, str | None, str]]:
    """The same reading, pattern by pattern (for patterns too long to join): each claims its text in order."""
    claimed: list[tuple[int, int, Markup, str | None, str]] = []
    for mark in marks:
        compiled = linear(mark.pattern)
        for match in compiled.finditer(text):
            start, end = match.span()
            if not any(start < e and s < end for s, e, *_ in claimed):
                claimed.append((start, end, mark, match.group(1) if compiled.groups else None, match.group(0)))
    return [(mark, term, written) for _, _, mark, term, written in sorted(claimed, key=lambda c: c[0])]


def check_terms(pack: Pack) -> Iterator[Diagnostic]:
    """Markup in the text fields each type names captures terms that exist (glossary terms or entities)."""
    lookups = {mark.name: _lookup(pack, mark) for mark in pack.marks if mark.check}
    unknown: dict[str, list[tuple[str, str, str]]] = {}  # card texts repeat: each distinct text is read once
    fields = {name: [(field, not any(c in field for c in ".*{[")) for field in spec.text]
              for name, spec in pack.types.items() if spec.text}
    for entity in pack.entities:
        for field, plain in fields.get(entity.type, ()):
            value = entity.data.get(field) if plain else None  # one field holding a text, the usual case: no walk
            found: Iterable[tuple[tuple[Any, ...], Any]] = (
                [((field,), value)] if isinstance(value, str) else walk_path(entity.data, field))
            for parts, text in found:
                if not isinstance(text, str):
                    continue
                if text not in unknown:
                    unknown[text] = [(name, term, written) for name, term, written in marked_terms(pack, text)
                                     if name in lookups and term.casefold() not in lookups[name].known]
                for name, term, written in unknown[text]:
                    lookup = lookups[name]
                    yield codes.UNDEFINED_TERM.at(
                        entity.doc.locate_text(entity.parts + parts, written), f"{name} '{term}' {lookup.missing}",
                        hint=did_you_mean(term, lookup.names) or lookup.fix)


class _Lookup(NamedTuple):
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
    unused = [term for term in pack.glossary if not _cites_a_book(pack, term.index)]
    for text in _corpus(pack) if unused else ():
        unused = [term for term in unused if not any(_mentioned(name, text) for name in term.names)]
        if not unused:
            break
    for term in unused:  # a term citing the book is the book's own word: whether the book uses it is DW426's
        yield codes.UNUSED_TERM.at(pack.locate("glossary", term.index, "term"),
                                   f"glossary term '{term.term}' is used nowhere in the pack")


def _cites_a_book(pack: Pack, index: int) -> bool:
    """Whether glossary entry `index` cites a line of a book (`source:`), documenting the book's vocabulary."""
    listed = pack.manifest.data.get("glossary") if isinstance(pack.manifest.data, dict) else None
    entry = listed[index] if isinstance(listed, list) and 0 <= index < len(listed) else None
    return isinstance(entry, dict) and isinstance(entry.get("source"), list) and bool(entry["source"])


def _mentioned(name: str, corpus: str) -> bool:
    """Whether the term appears as whole words (any case) in the corpus."""
    return re.search(r"(?<![\w-])" + re.escape(name.casefold()) + r"(?![\w-])", corpus) is not None


CORPUS_RECORDS = 500  # records dumped at a time: most packs use every term within the first few hundred


def _corpus(pack: Pack) -> Iterator[str]:
    """The pack's type ids, deck and component names, entities, rule clauses and layouts as lower-cased texts, a
    few hundred records at a time, so that the search stops once every term is found.

    json.dumps walks the data in C, far faster than a Python visit; keys come along, which can
    only make a term look used, never unused. A term is found inside one record, so splitting the
    records into texts finds the same terms.
    """
    names = [spec.id.replace("-", " ") for spec in pack.types.values()]
    names += [deck.name for deck in pack.decks] + [component.name for component in pack.components]
    yield "\n".join(names).casefold()
    data = [e.data if type(e.data) is dict else dict(e.data) for e in pack.entities]
    data += [doc.data for doc in (*pack.rules.files, *pack.layouts.files)]
    for start in range(0, len(data), CORPUS_RECORDS):
        text = json.dumps(data[start:start + CORPUS_RECORDS], ensure_ascii=False, default=str)
        yield text.replace("\\n", " ").casefold()
