"""Reading a validated manifest into typed specs; invalid entries are dropped, not guessed at."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from deckwright.diagnostic import CodeFilter, Diagnostic
from deckwright.loading import Document
from deckwright.model.files import FileRule
from deckwright.patterns import PatternError, linear
from deckwright.model.pack import (
    DEFAULT_MARKUP,
    Acknowledgement,
    Component,
    Deck,
    Markup,
    Selection,
    Source,
    Term,
    TypeSpec,
    citations,
    ref_targets,
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
            schema=raw.get("schema"),
            title=raw.get("title", name),
            size=raw.get("size"),
            layout=raw.get("layout"),
            refs=tuple((raw.get("refs") or {}).items()),
            text=tuple(raw.get("text", ())),
            translatable=tuple(raw["translatable"]) if "translatable" in raw else None,
            scenario=raw.get("scenario") is True,
        )
        for name, raw in (data.get("types") or {}).items()
    }


def namespaces(data: dict[str, Any]) -> dict[str, str]:
    """Type id to the name of the id namespace it shares with other types (types not named have their own)."""
    types = sorted(data.get("types") or {})
    result: dict[str, str] = {}
    for group in data.get("namespaces") or []:
        members = types if "*" in group else sorted(set(group))
        for member in members:
            result[member] = " + ".join(members)
    return result


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


def acknowledgements(data: dict[str, Any], man: Document) -> tuple[Acknowledgement, ...]:
    """The manifest's acknowledged findings, each with where it is written."""
    return tuple(Acknowledgement(raw["code"], raw["reason"], i, man, raw.get("subject"), raw.get("values"),
                                 raw.get("count"), raw.get("match"))
                 for i, raw in _items(data, "acknowledged"))


def sizes(data: dict[str, Any]) -> dict[str, tuple[float, float]]:
    return {name: (float(s["width"]), float(s["height"])) for name, s in (data.get("sizes") or {}).items()}


def markup(data: dict[str, Any]) -> dict[str, str]:
    """Markup patterns by name (renderers read `icon` and `keyword`)."""
    return {mark.name: mark.pattern for mark in marks(data)}


def marks(data: dict[str, Any]) -> tuple[Markup, ...]:
    """The pack's inline markup, in the order the manifest declares it (the first declared wins at a place).

    Without `markup`, deckwright's own: `:icon:` and `[Keyword]`, both glossary terms. A pattern
    written as a plain string is a glossary term; a mapping says what its term must name. A pattern
    the linear-time engine refuses is left out (reported by `markup_problems`).
    """
    raw = data.get("markup")
    if raw is None:
        return DEFAULT_MARKUP
    defaults = {mark.name: mark for mark in DEFAULT_MARKUP}
    found = []
    for name, spec in raw.items():
        if isinstance(spec, str):
            mark = Markup(name, spec)
        elif isinstance(spec.get("check"), dict):
            mark = Markup(name, spec["pattern"], "type", spec["check"]["type"], spec["check"].get("field"))
        else:
            mark = Markup(name, spec["pattern"], spec.get("check"))
        if _markup_problem(mark) is None:
            found.append(mark)
        elif name in defaults:
            found.append(defaults[name])  # a refused icon or keyword pattern gives way to deckwright's own
    return tuple(found)


def markup_problems(man: Document, data: dict[str, Any]) -> list[Diagnostic]:
    """A diagnostic for each markup pattern that cannot run or captures no term."""
    from deckwright.schema import codes as schema_codes

    found = []
    defaults = {mark.name for mark in DEFAULT_MARKUP}
    for mark in _declared(data):
        problem = _markup_problem(mark)
        if problem is not None:
            where = ("markup", mark.name) if mark.pattern == data["markup"][mark.name] else ("markup", mark.name, "pattern")
            outcome = "the default is used" if mark.name in defaults else "it is not read"
            found.append(schema_codes.UNSUPPORTED_PATTERN.at(
                man.locate(where), f"markup.{mark.name} {mark.pattern[:80]!r} {problem}; {outcome}",
                hint="write it in RE2 syntax with one group capturing the term, e.g. :([a-z0-9-]+):"))
    return found


def _declared(data: dict[str, Any]) -> list[Markup]:
    found = []
    for name, spec in sorted((data.get("markup") or {}).items()):
        if isinstance(spec, str):
            found.append(Markup(name, spec))
        elif isinstance(spec, dict) and isinstance(spec.get("pattern"), str):
            found.append(Markup(name, spec["pattern"], "glossary" if spec.get("check") else None))
    return found


def _markup_problem(mark: Markup) -> str | None:
    try:
        compiled = linear(mark.pattern)
    except PatternError as exc:
        return f"cannot run on the linear-time engine: {exc}"
    return None if compiled.groups >= 1 or mark.check is None else "has no group ( ) capturing the term"



def code_filter(data: dict[str, Any]) -> CodeFilter:
    raw = data.get("codes") or {}
    return CodeFilter(tuple(raw.get("select") or ()), tuple(raw.get("ignore") or ()))


def type_names(data: dict[str, Any]) -> list[tuple[tuple[Any, ...], str]]:
    """(manifest path, type id) for every type named outside `types` that must be declared there:
    in `namespaces`, in a markup check, and as the target of a reference."""
    named: list[tuple[tuple[Any, ...], str]] = []
    for i, group in enumerate(data.get("namespaces") or []):
        named += [(("namespaces", i, j), t) for j, t in enumerate(group) if t != "*"]
    for name, spec in (data.get("markup") or {}).items():
        check = spec.get("check") if isinstance(spec, dict) else None
        if isinstance(check, dict):
            named.append((("markup", name, "check", "type"), check["type"]))
    for name, spec in (data.get("types") or {}).items():
        for path, target in (spec.get("refs") or {}).items():
            named += [(("types", name, "refs", path), t) for t in ref_targets(target) if t != "*"]
    return named
