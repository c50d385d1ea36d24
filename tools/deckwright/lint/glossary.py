"""Icons and keywords in card text are defined in the glossary; unused entries are reported."""

from __future__ import annotations

import re
from collections.abc import Iterator

from deckwright.diagnostic import Diagnostic, Related
from deckwright.lint import codes
from deckwright.model import Pack
from deckwright.schema import did_you_mean


def marked_terms(pack: Pack, text: str) -> Iterator[tuple[str, str, str]]:
    """(kind, term, written) for every icon and keyword the pack's markup finds in a text."""
    for kind in ("icon", "keyword"):
        for match in re.finditer(pack.markup[kind], text):
            yield kind, match.group(1).strip(), match.group(0)


def check_terms(pack: Pack) -> Iterator[Diagnostic]:
    names = [n for t in pack.glossary for n in t.names]
    for entity in pack.entities:
        spec = pack.types.get(entity.type)
        for field in spec.text if spec else ("text",):
            text = entity.data.get(field)
            if not isinstance(text, str):
                continue
            for kind, term, written in marked_terms(pack, text):
                if pack.term(term) is None:
                    yield codes.UNDEFINED_TERM.at(
                        entity.doc.locate_text(entity.parts + (field,), written),
                        f"{kind} '{term}' is not in the glossary",
                        hint=did_you_mean(term, names) or "add it to the glossary in pack.yaml")


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
    used = _used_words(pack)
    for term in pack.glossary:
        if not any(name.casefold() in used or _mentioned(name, used) for name in term.names):
            yield codes.UNUSED_TERM.at(pack.locate("glossary", term.index, "term"),
                                       f"glossary term '{term.term}' is used nowhere in the pack")


def _mentioned(name: str, used: set[str]) -> bool:
    words = name.casefold().split()
    return len(words) > 1 and all(w in used for w in words)


def _used_words(pack: Pack) -> set[str]:
    """Every word (and marked term) written in entity strings and rule clauses."""
    used: set[str] = set()
    word = re.compile(r"[\w'-]+")

    def visit(value: object) -> None:
        if isinstance(value, str):
            lowered = value.casefold()
            used.update(word.findall(lowered))
            used.update(t.casefold() for _, t, _ in marked_terms(pack, value))
            used.add(lowered)
        elif isinstance(value, dict):
            for item in value.values():
                visit(item)
        elif isinstance(value, list):
            for item in value:
                visit(item)

    for entity in pack.entities:
        visit(dict(entity.data))
    for doc in pack.rules:
        visit(doc.data)
    for doc in pack.layouts:
        visit(doc.data)
    for spec in pack.types.values():
        used.add(spec.id)
        used.update(spec.id.split("-"))
    for deck in pack.decks:
        visit(deck.name)
    for component in pack.components:
        visit(component.name)
    return used
