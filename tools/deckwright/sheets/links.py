"""Links from a sheet to the YAML line it was built from, and citations to the book's lines."""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from deckwright.diagnostic import Citation, Diagnostic, Location
from deckwright.model.files import inside
from deckwright.model.pack import Pack
from deckwright.sheets import codes

QUOTE_LINES = 3
QUOTE_CHARS = 240


@dataclass(frozen=True)
class Link:
    """A place in the pack's files: shown as `file:line`, linked relative to the output folder."""

    label: str
    href: str
    line: int = 0


@dataclass(frozen=True)
class Cite:
    """A citation of a source document's line, linked and quoted when the book was found."""

    label: str
    href: str = ""
    quote: str = ""


@dataclass(frozen=True)
class Book:
    path: Path
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Linker:
    """Makes every link of a pack's sheets relative to the folder the sheets are written to."""

    out: Path
    books: Mapping[str, Book] = field(default_factory=dict)

    def href(self, path: str | Path) -> str:
        rel = Path(os.path.relpath(os.path.abspath(path), os.path.abspath(self.out))).as_posix()
        return rel if rel.startswith("../") else f"./{rel}"  # never read as a URL scheme

    def to(self, where: Location) -> Link:
        """The link to a location (its file's first line when the line is unknown)."""
        line = where.line or 1
        return Link(f"{where.file}:{line}", f"{self.href(where.file)}#L{line}", line)

    def cite(self, citation: Citation) -> Cite:
        label = f"{citation.doc} {citation.line}"
        book = self.books.get(citation.doc)
        first, last = _line_range(citation.line)
        if book is None or first is None or not 1 <= first <= len(book.lines):
            return Cite(label)
        last = min(last or first, first + QUOTE_LINES - 1, len(book.lines))
        quote = " ".join(line.strip() for line in book.lines[first - 1:last] if line.strip())
        if len(quote) > QUOTE_CHARS:
            quote = quote[:QUOTE_CHARS - 1].rstrip() + "…"
        return Cite(label, f"{self.href(book.path)}#L{first}", quote)

    def cites(self, citations: Iterable[Citation]) -> tuple[Cite, ...]:
        return tuple(self.cite(c) for c in citations)


def read_books(pack: Pack, folder: Path | None) -> tuple[dict[str, Book], list[Diagnostic]]:
    """The pack's source documents, shipped in the pack or found in the --sources folder, and a warning for
    each one missing (none without --sources, unless the pack ships it)."""
    from deckwright.rules.sources import shipped

    books: dict[str, Book] = {}
    missing = []
    for index, source in enumerate(pack.sources):
        if shipped(pack, source.file):  # the pack's own rulebook, beside its content
            path = pack.root / source.file
        elif folder is None:
            continue
        elif (folder / source.file).is_file() and inside(folder, folder / source.file):
            path = folder / source.file
        else:
            missing.append(codes.SOURCE_MISSING.at(
                pack.locate("sources", index, "file"), f"source '{source.id}' ({source.file}) is not in {folder}",
                hint="pass the folder that holds the book's text with --sources"))
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        books[source.id] = Book(path, tuple(text.splitlines()))
    return books, missing


def _line_range(line: int | str) -> tuple[int | None, int | None]:
    if isinstance(line, int):
        return line, line
    head, _, tail = str(line).partition("-")
    try:
        return int(head), int(tail) if tail else int(head)
    except ValueError:
        return None, None
