"""Which files of a pack folder the manifest reads, and which it leaves unread."""

from __future__ import annotations

import fnmatch
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from deckwright.diagnostic import Diagnostic
from deckwright.loading import Document, FileRef
from deckwright.model import codes

MANIFEST = "pack.yaml"


@dataclass(frozen=True)
class FileRule:
    """A `files` entry of the manifest, with its position in the list."""

    index: int
    include: tuple[str, ...]
    kind: str
    type: str | None = None
    id_field: str | None = "id"
    records: str = ""
    schema: str | None = None
    language: str | None = None
    untranslated: bool = False

    @classmethod
    def from_mapping(cls, index: int, raw: dict[str, Any]) -> FileRule:
        include = raw["include"]
        return cls(
            index=index,
            include=(include,) if isinstance(include, str) else tuple(include),
            kind=raw["kind"],
            type=raw.get("type"),
            id_field=raw.get("id_field", "id"),
            records=raw.get("records", ""),
            schema=raw.get("schema"),
            language=raw.get("language"),
            untranslated=bool(raw.get("untranslated", False)),
        )

    def locale_of(self, relpath: str) -> str | None:
        """The `{locale}` part of the first include pattern that names one and matches the path."""
        for pattern in self.include:
            if LOCALE in pattern:
                found = _pattern_regex(pattern).fullmatch(relpath)
                if found:
                    return found.group("locale")
        return None


LOCALE = "{locale}"


def _pattern_regex(pattern: str) -> re.Pattern[str]:
    """A glob (`*`, `?`, `**/`, `{locale}` for one folder or file name) as a regular expression."""
    parts = []
    for token in re.split(r"(\*\*/|\*\*|\*|\?|\{locale\})", pattern):
        parts.append({"**/": "(?:.*/)?", "**": ".*", "*": "[^/]*", "?": "[^/]",
                      LOCALE: "(?P<locale>[^/]+)"}.get(token, re.escape(token)))
    return re.compile("".join(parts))


def glob_of(pattern: str) -> str:
    """The glob a pattern reads (`{locale}` matches any one name)."""
    return pattern.replace(LOCALE, "*")


def display_path(pack_display: str, relpath: str) -> str:
    """A pack file's path as the user would type it from the working directory."""
    return os.path.normpath(os.path.join(pack_display, relpath))


def inside(root: Path, path: Path, *, resolved: bool = False) -> bool:
    """Whether `path`, with symbolic links followed, lies inside `root` (already resolved, with resolved=True)."""
    try:
        path.resolve().relative_to(root if resolved else root.resolve())
    except (ValueError, OSError):
        return False
    return True


def _inside_resolved(real_root: Path, path: Path, folders: dict[Path, Path]) -> bool:
    """`inside(real_root, path, resolved=True)`, each folder resolved once (`folders`): a file that is not a
    link resolves to its folder's resolution and its own name; a link is followed all the way."""
    try:
        if path.is_symlink():
            resolved = path.resolve()
        else:
            if path.parent not in folders:
                folders[path.parent] = path.parent.resolve()
            resolved = folders[path.parent] / path.name
    except (OSError, RuntimeError):
        return False
    return resolved.is_relative_to(real_root)


def escapes(pattern: str) -> bool:
    pure = PurePosixPath(pattern)
    return pure.is_absolute() or ".." in pure.parts or pattern.startswith("~")


def expand_rules(root: Path, display: str, rules: Sequence[FileRule], manifest: Document,
                 ignore: Sequence[str]) -> tuple[list[tuple[FileRule, FileRef]], list[Diagnostic]]:
    """The files each rule reads (each file once, by its first rule), and what is wrong with the rules."""
    found: list[tuple[FileRule, FileRef]] = []
    diagnostics: list[Diagnostic] = []
    taken: set[str] = set()
    real_root = root.resolve()
    folders: dict[Path, Path] = {}  # each folder resolved once
    for rule in rules:
        matched = 0
        for n, pattern in enumerate(rule.include):
            parts = ("files", rule.index, "include") + ((n,) if len(rule.include) > 1 else ())
            if escapes(pattern):
                diagnostics.append(codes.ESCAPES_PACK.at(
                    manifest.locate(parts), f"glob '{pattern}' leads outside the pack folder",
                    hint="globs are relative to the folder that holds pack.yaml"))
                continue
            for path in sorted(root.glob(glob_of(pattern))):
                if not path.is_file() or _hidden(path.relative_to(root)):
                    continue
                rel = path.relative_to(root).as_posix()
                if not _inside_resolved(real_root, path, folders):
                    diagnostics.append(codes.ESCAPES_PACK.at(
                        manifest.locate(parts), f"'{rel}' is a link to a file outside the pack folder"))
                    continue
                matched += 1
                if rel in taken or rel == MANIFEST:
                    continue
                taken.add(rel)
                found.append((rule, FileRef(path, display_path(display, rel), rel)))
        if matched == 0 and rule.include:
            diagnostics.append(codes.EMPTY_INCLUDE.at(
                manifest.locate(("files", rule.index, "include")),
                f"no file matches {', '.join(rule.include)}"))
    return found, diagnostics


def unread_files(root: Path, display: str, read: set[str], ignore: Sequence[str]) -> list[Diagnostic]:
    """A warning for every file under the pack folder that nothing reads (hidden files excepted)."""
    diagnostics = []
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = sorted(d for d in subfolders if not d.startswith("."))
        for name in sorted(files):
            if name.startswith("."):
                continue
            rel = (Path(folder) / name).relative_to(root).as_posix()
            if rel == MANIFEST or rel in read or any(fnmatch.fnmatch(rel, g) for g in ignore):
                continue
            diagnostics.append(codes.UNREAD_FILE.at(
                _file_location(display, rel), f"no `files` rule of the manifest reads {rel}",
                hint="add a files rule for it, or list it under `ignore` in pack.yaml"))
    return diagnostics


def _hidden(rel: Path) -> bool:
    return any(part.startswith(".") for part in rel.parts)


def _file_location(display: str, rel: str) -> Any:
    from deckwright.diagnostic import Location

    return Location(display_path(display, rel), 1, 1)
