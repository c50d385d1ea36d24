"""Reading a validated manifest into typed specs; invalid entries are dropped, not guessed at."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from deckwright.diagnostic import Diagnostic
from deckwright.loading import Document
from deckwright.model.files import FileRule
from deckwright.patterns import PatternError, linear
from deckwright.model.pack import (
    DEFAULT_ICON_MARKUP,
    DEFAULT_KEYWORD_MARKUP,
    Acknowledgement,
    Component,
    Deck,
    Selection,
    Source,
    Term,
    TypeSpec,
    citations,
)

_LISTS = ("files", "decks", "components", "glossary", "sources", "acknowledged")
_MAPS = ("types", "sizes")
_REQUIRED = ("id", "name", "version", "players", "files", "types")


def prune(data: dict[str, Any], errors: Iterable[Diagnostic]) -> dict[str, Any] | None:
    """The manifest without the entries that schema errors point into; None if its core is broken."""
    drop_items: dict[str, set[int]] = {}
    drop_keys: dict[str, set[str]] = {}
    for error in errors:
        parts = [p.replace("~1", "/").replace("~0", "~") for p in error.pointer.split("/")[1:]]
        if len(parts) >= 2 and parts[0] in _LISTS and parts[1].isdigit():
            drop_items.setdefault(parts[0], set()).add(int(parts[1]))
        elif len(parts) >= 2 and parts[0] in _MAPS:
            drop_keys.setdefault(parts[0], set()).add(parts[1])
        elif not parts or parts[0] in _REQUIRED:
            return None
        else:
            data = {k: v for k, v in data.items() if k != parts[0]}
    clean = dict(data)
    for key, indices in drop_items.items():
        clean[key] = [item if i not in indices else None for i, item in enumerate(clean.get(key, []))]
    for key, names in drop_keys.items():
        clean[key] = {k: v for k, v in clean.get(key, {}).items() if k not in names}
    return clean


def _items(data: dict[str, Any], key: str) -> Iterable[tuple[int, dict[str, Any]]]:
    """(index, entry) for the surviving entries of a manifest list; indices stay those of the file."""
    return ((i, item) for i, item in enumerate(data.get(key) or []) if isinstance(item, dict))


def file_rules(data: dict[str, Any]) -> list[FileRule]:
    return [FileRule.from_mapping(i, raw) for i, raw in _items(data, "files")]


def type_specs(data: dict[str, Any]) -> dict[str, TypeSpec]:
    return {
        name: TypeSpec(
            id=name,
            schema=raw["schema"],
            title=raw.get("title", name),
            size=raw.get("size"),
            layout=raw.get("layout"),
            refs=tuple((raw.get("refs") or {}).items()),
            text=tuple(raw.get("text", ["text"])),
        )
        for name, raw in (data.get("types") or {}).items()
    }


def decks(data: dict[str, Any]) -> tuple[Deck, ...]:
    return tuple(Deck(raw["id"], raw["name"], Selection.from_mapping(raw.get("select")), raw.get("count"),
                      raw.get("back"), i) for i, raw in _items(data, "decks"))


def components(data: dict[str, Any]) -> tuple[Component, ...]:
    return tuple(
        Component(raw["id"], raw["name"], raw["count"], Selection.from_mapping(raw.get("select")), i,
                  citations(raw.get("source")), (raw.get("assumed") or {}).get("reason"))
        for i, raw in _items(data, "components")
    )


def glossary(data: dict[str, Any]) -> tuple[Term, ...]:
    return tuple(Term(raw["term"], raw["kind"], raw["meaning"], i, tuple(raw.get("aliases", ())),
                      raw.get("symbol"), raw.get("color")) for i, raw in _items(data, "glossary"))


def sources(data: dict[str, Any]) -> tuple[Source, ...]:
    return tuple(Source(raw["id"], raw["file"], raw["title"], raw.get("lines")) for _, raw in _items(data, "sources"))


def acknowledgements(data: dict[str, Any]) -> tuple[Acknowledgement, ...]:
    return tuple(Acknowledgement(raw["code"], raw["reason"], i, raw.get("subject"), raw.get("values"),
                                 raw.get("count"), raw.get("match"))
                 for i, raw in _items(data, "acknowledged"))


def sizes(data: dict[str, Any]) -> dict[str, tuple[float, float]]:
    return {name: (float(s["width"]), float(s["height"])) for name, s in (data.get("sizes") or {}).items()}


def markup(data: dict[str, Any]) -> dict[str, str]:
    """The icon and keyword patterns; one the linear-time engine cannot run gives way to the default."""
    raw = data.get("markup") or {}
    found = {}
    for kind, default in (("icon", DEFAULT_ICON_MARKUP), ("keyword", DEFAULT_KEYWORD_MARKUP)):
        expression = raw.get(kind, default)
        found[kind] = expression if isinstance(expression, str) and _markup_problem(expression) is None else default
    return found


def markup_problems(man: Document, data: dict[str, Any]) -> list[Diagnostic]:
    """A diagnostic for each markup pattern that cannot run or captures no term."""
    from deckwright.schema import codes as schema_codes

    found = []
    for kind, expression in sorted((data.get("markup") or {}).items()):
        problem = _markup_problem(expression) if isinstance(expression, str) else None
        if problem is not None:
            found.append(schema_codes.UNSUPPORTED_PATTERN.at(
                man.locate(("markup", kind)), f"markup.{kind} {expression[:80]!r} {problem}; the default is used",
                hint="write it in RE2 syntax with one group capturing the term, e.g. :([a-z0-9-]+):"))
    return found


def _markup_problem(expression: str) -> str | None:
    try:
        compiled = linear(expression)
    except PatternError as exc:
        return f"cannot run on the linear-time engine: {exc}"
    return None if compiled.groups >= 1 else "has no group ( ) capturing the term"
