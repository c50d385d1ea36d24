"""Every reference resolves, or is reported where it is written with the closest id as hint."""

from __future__ import annotations

from collections.abc import Iterator

from deckwright.diagnostic import Diagnostic
from deckwright.lint import codes
from deckwright.model import Pack, walk_path
from deckwright.schema import did_you_mean


def check_references(pack: Pack) -> Iterator[Diagnostic]:
    by_id = pack.by_id
    refs = {name: [(path, target, {t.strip() for t in target.split("|")}) for path, target in spec.refs]
            for name, spec in pack.types.items() if spec.refs}
    for entity in pack.entities:
        for path, target, targets in refs.get(entity.type, ()):
            for parts, value in walk_path(entity.data, path):
                if not isinstance(value, str):
                    continue
                found = by_id.get(value)
                if found is not None and ("*" in targets or found.type in targets):
                    continue
                choices = list(by_id) if "*" in targets else [e.id for e in pack.of_type(*targets)]
                if found is not None:
                    message = f"'{value}' is a {found.type}, but {path} refers to a {target}"
                else:
                    message = f"{path} refers to '{value}', which does not exist"
                yield codes.DANGLING_REF.at(entity.locate(*parts), message,
                                            hint=did_you_mean(value, choices) or f"no {target} has this id")


def check_citations(pack: Pack) -> Iterator[Diagnostic]:
    """Citations in entities and in the manifest name declared sources."""
    declared = [s.id for s in pack.sources]
    for entity in pack.entities:
        for i, citation in enumerate(entity.data.get("source") or []):
            if isinstance(citation, dict) and isinstance(citation.get("doc"), str) and citation["doc"] not in declared:
                yield codes.UNKNOWN_SOURCE.at(entity.locate("source", i, "doc"),
                                              f"no source '{citation['doc']}' in the manifest",
                                              hint=did_you_mean(citation["doc"], declared))
