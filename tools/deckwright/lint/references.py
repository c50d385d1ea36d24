"""Every reference resolves, or is reported where it is written with the closest id as hint."""

from __future__ import annotations

from collections.abc import Collection, Iterator
from typing import Any, NamedTuple

from deckwright.diagnostic import Diagnostic, Location
from deckwright.lint import codes
from deckwright.model import Pack, walk_path
from deckwright.model.pack import is_key_path, ref_targets
from deckwright.schema import did_you_mean


def check_references(pack: Pack) -> Iterator[Diagnostic]:
    """Each reference resolves among the types it declares (`set`, `set | cycle`, `*` for any)."""
    refs: dict[str, list[_Ref]] = {}
    for name, spec in pack.types.items():
        for path, target in spec.refs:
            targets = ref_targets(target)
            wanted = set(pack.types) if "*" in targets else set(targets)
            if pack.unreadable & wanted:
                continue  # a file of the target type does not parse: that is the finding, not its missing ids
            indexes = [pack.by_id] if "*" in targets else [pack.by_type.get(t, {}) for t in targets]
            ids: Collection[str] = indexes[0] if len(indexes) == 1 else {i for index in indexes for i in index}
            field = path[:-2] if path.endswith("[]") else path
            plain = not any(c in field for c in ".*{[")
            refs.setdefault(name, []).append(_Ref(path, target, targets, is_key_path(path), ids, field if plain else None))
    if _all_resolve(pack, refs):
        return
    for entity in pack.entities:
        for ref in refs.get(entity.type, ()):
            if ref.field is not None:  # one plain field (`a` or `a[]`), by far the most common: no path to walk
                value = entity.data.get(ref.field)
                if isinstance(value, list):
                    for i, item in enumerate(value):
                        if isinstance(item, str) and item not in ref.ids:
                            yield _dangling(pack, entity.locate(ref.field, i), ref.path, ref.target, ref.targets, item)
                elif isinstance(value, str) and ref.field == ref.path and value not in ref.ids:  # `a[]` wants a list
                    yield _dangling(pack, entity.locate(ref.field), ref.path, ref.target, ref.targets, value)
                continue
            for parts, value in walk_path(entity.data, ref.path):
                if isinstance(value, str) and value not in ref.ids:
                    yield _dangling(pack, entity.locate(*parts, key=ref.key), ref.path, ref.target, ref.targets, value)


def _all_resolve(pack: Pack, refs: dict[str, list[_Ref]]) -> bool:
    """Whether every reference resolves, found by a quick pass over plain fields (`a`, `a[]`) that gathers their
    values and looks them up all at once; False (the caller looks at each) when one does not, or may not: a path
    to walk, a value that is not a string."""
    if any(ref.field is None for declared in refs.values() for ref in declared):
        return False
    values: dict[int, set[Any]] = {id(ref): set() for declared in refs.values() for ref in declared}
    try:
        for entity in pack.entities:
            for ref in refs.get(entity.type, ()):
                value = entity.data.get(ref.field)  # type: ignore[arg-type]
                if type(value) is list:
                    values[id(ref)].update(value)
                elif value is not None and ref.field == ref.path:
                    values[id(ref)].add(value)
    except TypeError:  # an unhashable item: not a string, which the look at each skips
        return False
    return not any(values[id(ref)].difference(ref.ids) for declared in refs.values() for ref in declared)


class _Ref(NamedTuple):
    """A declared reference field: its path, target types, the ids it resolves among, and the field when the path
    is one plain field name (`a`, or `a[]`: each item of it)."""

    path: str
    target: str
    targets: tuple[str, ...]
    key: bool
    ids: Collection[str]
    field: str | None


def _dangling(pack: Pack, where: Location, path: str, target: str, targets: tuple[str, ...],
              value: str) -> Diagnostic:
    other = pack.by_id.get(value)
    if other is not None:
        message = f"'{value}' is a {other.type}, but {path} refers to a {target}"
    else:
        message = f"{path} refers to '{value}', which does not exist"
    choices = list(pack.by_id) if "*" in targets else [e.id for e in pack.of_type(*targets)]
    return codes.DANGLING_REF.at(where, message, hint=did_you_mean(value, choices) or f"no {target} has this id")


def check_citations(pack: Pack) -> Iterator[Diagnostic]:
    """Citations in entities and in the manifest name declared sources."""
    declared = [s.id for s in pack.sources]
    known = set(declared)
    for entity in pack.entities:
        for i, citation in enumerate(entity.data.get("source") or ()):
            if isinstance(citation, dict) and isinstance(citation.get("doc"), str) and citation["doc"] not in known:
                yield codes.UNKNOWN_SOURCE.at(entity.locate("source", i, "doc"),
                                              f"no source '{citation['doc']}' in the manifest",
                                              hint=did_you_mean(citation["doc"], declared))
