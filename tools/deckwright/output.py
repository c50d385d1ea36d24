"""Writing output files atomically: a temporary file beside the target, then a rename.

A reader sees the old file or the new one, never half of one: an interrupted run, a full disk or
a folder that cannot be written leaves the previous file as it was and no temporary file behind.
A write that fails raises OutputError, which names the path and the reason (the CLI prints it as
one `Error: ...` line and exits 2). New files get the mode a plain open() would give them (0666
less the umask), and a replaced file keeps its own mode.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from deckwright.errors import DeckwrightError

_NEW_FILE_MODE = 0o666  # narrowed by the umask, as open() does


class OutputError(DeckwrightError, OSError):
    """An output file could not be written; `path` names it (an OSError, so callers may treat it as one)."""

    def __init__(self, path: Path, reason: OSError | str):
        text = reason if isinstance(reason, str) else (reason.strerror or str(reason))
        errno = None if isinstance(reason, str) else reason.errno
        OSError.__init__(self, errno, text)
        self.path = path
        self.strerror = text

    def __str__(self) -> str:
        return f"cannot write {self.path}: {self.strerror}"


def write_atomic(path: Path, data: bytes | str, *, mode: int | None = None) -> None:
    """Write `data` to `path` so that readers see the old file or the new one, never half of one."""
    payload = data.encode("utf-8") if isinstance(data, str) else data
    path = Path(path)
    if not path.name or path.name in (".", ".."):
        raise OutputError(path, "not a file name")
    if path.is_dir():
        raise OutputError(path, "it is a folder")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise OutputError(path, f"{path.parent} is not a folder") from None
    except OSError as exc:
        raise OutputError(path, exc) from exc
    if mode is None:
        mode = _existing_mode(path)
    tmp, fd = _create_temporary(path)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise OutputError(path, exc) from exc
        raise


def _existing_mode(path: Path) -> int | None:
    """The permission bits of the file being replaced (None when there is none to keep)."""
    try:
        info = path.stat()
    except OSError:
        return None
    return stat.S_IMODE(info.st_mode) if stat.S_ISREG(info.st_mode) else None


def _create_temporary(path: Path) -> tuple[Path, int]:
    """A new, exclusive temporary file beside `path`, created with the mode open() would give."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOFOLLOW", 0)
    for _ in range(100):
        tmp = path.parent / f".{path.name[:200]}.{os.urandom(4).hex()}.tmp"
        try:
            return tmp, os.open(tmp, flags, _NEW_FILE_MODE)
        except FileExistsError:
            continue
        except OSError as exc:
            raise OutputError(path, exc) from exc
    raise OutputError(path, "no free temporary file name beside it")
