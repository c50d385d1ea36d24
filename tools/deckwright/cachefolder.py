"""Disposable cache folders: an entry's modification time says when it was last used, and entries unused
for STALE_DAYS (their file or pack was deleted or moved) are removed by the next run that writes one.

The parse cache (`loading/cache.py`) and the check's playouts and probe answers (`runs/playouts.py`) keep
their entries this way; each decides which of its folder's files it may remove.
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Callable
from pathlib import Path

STALE_DAYS = 30
DAY = 86_400.0


def slot(path: Path, *question: str) -> str:
    """The name of the entry kept for a file or folder (and a question about it): its absolute path and the
    question, hashed, so an entry is replaced when what it was made from changes and the name shows no path."""
    digest = hashlib.sha256(os.path.abspath(path).encode("utf-8", "surrogateescape"))
    for part in question:
        digest.update(b"\0" + part.encode())
    return digest.hexdigest()


def mark_used(entry: Path, used: float) -> None:
    """An entry read after a day unused (`used`, its modification time) is marked used again; a read-only cache
    is read as it is."""
    if time.time() - used > DAY:
        try:
            os.utime(entry)
        except OSError:
            pass


def prune(folder: Path, removable: Callable[[str, bool], bool]) -> None:
    """Remove the files of `folder` that `removable(name, stale)` accepts, `stale` meaning unused for STALE_DAYS.
    A file another run removed first, or a read-only folder, is left as it is."""
    oldest = time.time() - STALE_DAYS * DAY
    try:
        entries = [(entry.name, entry.stat().st_mtime) for entry in os.scandir(folder) if entry.is_file()]
    except OSError:
        return
    for name, used in entries:
        if removable(name, used < oldest):
            try:
                (folder / name).unlink()
            except OSError:
                pass
