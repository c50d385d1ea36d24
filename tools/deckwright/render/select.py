"""Choosing the cards to print: by type, deck and id, or those changed since a git revision."""

from __future__ import annotations

import fnmatch
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deckwright.errors import DeckwrightError
from deckwright.loading import parse_text
from deckwright.model import Pack
from deckwright.model.pack import Entity


class BadRevision(DeckwrightError):
    """`--changed-since` named a revision git does not know, or the pack is not in a git work tree."""


@dataclass(frozen=True)
class CardFilter:
    """What to print; empty tuples choose everything. Ids may be globs (`card-a*`)."""

    types: tuple[str, ...] = ()
    decks: tuple[str, ...] = ()
    ids: tuple[str, ...] = ()
    changed_since: str | None = None

    def describe(self) -> str:
        """The filter as the options that give it (`--id nope --type monster`), or `the pack`."""
        given = [f"--type {t}" for t in self.types] + [f"--deck {d}" for d in self.decks]
        given += [f"--id {i}" for i in self.ids]
        given += [f"--changed-since {self.changed_since}"] if self.changed_since else []
        return " ".join(given) or "the pack"


def select_cards(pack: Pack, chosen: CardFilter) -> list[Entity]:
    """The pack's entities the filter chooses, in pack order."""
    unknown = [d for d in chosen.decks if d not in {deck.id for deck in pack.decks}]
    if unknown:
        raise DeckwrightError(f"{pack.display}: no deck {', '.join(unknown)} "
                              f"(decks: {', '.join(d.id for d in pack.decks) or 'none'})")
    decks = [d for d in pack.decks if d.id in chosen.decks]
    changed = _changed(pack, chosen.changed_since) if chosen.changed_since else None
    return [e for e in pack.entities
            if (not chosen.types or e.type in chosen.types)
            and (not decks or any(d.select is not None and d.select.matches(e) for d in decks))
            and (not chosen.ids or any(fnmatch.fnmatchcase(e.id, pattern) for pattern in chosen.ids))
            and (changed is None or changed(e))]


def _changed(pack: Pack, revision: str) -> Any:
    """A predicate: whether an entity differs from the revision (new, edited, or its layout file edited)."""
    if revision.startswith("-"):
        raise BadRevision(f"--changed-since: '{revision}' is not a revision")
    top = _git(pack.root, "rev-parse", "--show-toplevel").strip()
    prefix = Path(pack.root).resolve().relative_to(Path(top).resolve())
    _git(pack.root, "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}")
    old_records: dict[str, dict[str, Any]] = {}
    seen: set[str] = set()
    for entity in pack.entities:
        rel = entity.doc.relpath
        if rel not in seen:
            seen.add(rel)
            old_records.update(_records(_show(pack.root, revision, prefix / rel), entity.doc.kind))
    layouts_changed = any(_show(pack.root, revision, prefix / doc.relpath) != doc.text for doc in pack.layouts.files)
    laid_out = {t.id for t in pack.types.values() if t.layout is not None}

    def changed(entity: Entity) -> bool:
        if layouts_changed and entity.type in laid_out:
            return True
        return old_records.get(entity.id) != dict(entity.data)

    return changed


def _records(text: str | None, kind: str) -> dict[str, dict[str, Any]]:
    if text is None:
        return {}
    data = parse_text(text, kind).data
    items: Sequence[Any] = data if isinstance(data, list) else [data]
    return {r["id"]: r for r in items if isinstance(r, dict) and isinstance(r.get("id"), str)}


def _show(root: Path, revision: str, path: Path) -> str | None:
    result = subprocess.run(["git", "show", f"{revision}:{path.as_posix()}"], cwd=root, capture_output=True,
                            text=True, check=False)
    return result.stdout if result.returncode == 0 else None


def _git(root: Path, *args: str) -> str:
    try:
        result = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, check=False)
    except OSError as exc:
        raise BadRevision(f"--changed-since needs git: {exc}") from None
    if result.returncode != 0:
        raise BadRevision(f"--changed-since: git {' '.join(args)} failed: "
                          f"{result.stderr.strip() or 'unknown revision'}")
    return result.stdout
