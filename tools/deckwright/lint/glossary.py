"""Icons and keywords in card text are defined in the glossary; unused entries are reported."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

from deckwright.diagnostic import Diagnostic, Related
from deckwright.lint import codes
from deckwright.model import Pack
from deckwright.patterns import linear
from deckwright.schema import did_you_mean


def marked_terms(pack: Pack, text: str) -> Iterator[tuple[str, str, str]]:
    """(kind, term, written) for every icon and keyword the pack's markup finds in a text."""
    for kind in ("icon", "keyword"):
        for match in linear(pack.markup[kind]).finditer(text):
            yield kind, (match.group(1) or "").strip(), match.group(0)


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
