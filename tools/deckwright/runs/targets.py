"""Which packs a command works on: the folders named, or every pack under content/."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from deckwright.errors import PackNotFound
from deckwright.model.files import MANIFEST

CONTENT = "content"


class PackTarget(NamedTuple):
    """A pack folder to work on, and how to show its path."""

    folder: Path
    display: str


def find_packs(names: Sequence[str], cwd: Path | None = None) -> list[PackTarget]:
    """Targets for the folders (or pack.yaml files) named; every pack under content/ when none is."""
    cwd = cwd or Path.cwd()
    if not names:
        found = content_packs(cwd / CONTENT)
        if not found:
            raise PackNotFound(f"no packs under {CONTENT}/ (looked for {CONTENT}/*/{MANIFEST}); name a pack folder")
        return [PackTarget(p, os.path.join(CONTENT, p.relative_to(cwd / CONTENT).as_posix())) for p in found]
    targets = []
    for name in names:
        path = cwd / name
        if path.name == MANIFEST and path.is_file():
            path = path.parent
            name = os.path.dirname(name) or "."
        if not (path / MANIFEST).is_file():
            raise PackNotFound(f"{name}: not a pack folder (no {MANIFEST})")
        targets.append(PackTarget(path, os.path.normpath(name)))
    return targets


def content_packs(content: Path) -> list[Path]:
    """Pack folders under `content`: `content/<pack>/`, and `content/<group>/<pack>/` where the group
    folder (such as `examples/`) is not a pack itself."""
    top = sorted(p.parent for p in content.glob(f"*/{MANIFEST}"))
    grouped = sorted(p.parent for p in content.glob(f"*/*/{MANIFEST}") if not (p.parent.parent / MANIFEST).is_file())
    return sorted(top + grouped)
