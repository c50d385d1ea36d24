"""A large YAML file that is one top-level list, parsed in pieces of whole records.

The node tree libyaml composes is about 40 times the size of its text, and exists whole until the
data is built: a 30 MB file of cards would hold more than a gigabyte at once, a piece about 10 MB. A top-level block
list splits cleanly before every line that starts with `- `, so each piece of about CHUNK_CHARS is
parsed on its own (in worker processes when that pays) and the pieces' data, traps and record
spans are shifted back to where they sit in the file. A piece that reports anything at all (an
alias to an anchor in another piece, a syntax error) sends the whole file back to the ordinary parse,
so what is reported never depends on the split.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from deckwright.loading.problem import Parsed, Trap, offsets

CHUNK_CHARS = 250_000
_ITEM = re.compile(r"^- ", re.MULTILINE)


class Piece(NamedTuple):
    """A run of whole records of a file: the file's text, the character offsets where the run starts and ends
    in it, and the line where it starts. Its own text is cut out only when it is parsed, so the pieces of
    every file of a pack do not hold a second copy of the pack's text while they wait."""

    source: str
    offset: int
    end: int
    line: int

    @property
    def text(self) -> str:
        return self.source[self.offset:self.end]

    @property
    def size(self) -> int:
        return self.end - self.offset


def plain_list(text: str) -> bool:
    """Whether a text is one top-level block list that splits before every line starting with `- ` (one document)."""
    return text.startswith("- ") and "\n---" not in text and "\n..." not in text


def record_starts(text: str) -> list[int] | None:
    """Where each record of a plain top-level block list starts (None for any other text)."""
    return [found.start() for found in _ITEM.finditer(text)] if plain_list(text) else None


def split(text: str, size: int = CHUNK_CHARS) -> list[Piece] | None:
    """Pieces of about `size` characters, each starting at a record, or None when the file is small, is not
    a plain top-level block list, or may hold several documents."""
    if len(text) < 2 * size or not plain_list(text):
        return None
    pieces: list[Piece] = []
    start, line = 0, 0
    while start < len(text):
        found = _ITEM.search(text, start + size) if len(text) - start > 2 * size else None
        end = found.start() if found else len(text)
        pieces.append(Piece(text, start, end, line))
        line += text.count("\n", start, end)
        start = end
    return pieces if len(pieces) > 1 else None


def join(pieces: list[Piece], parsed: list[Parsed]) -> Parsed | None:
    """The file's parse from its pieces' (None when a piece reported a problem or is not a list)."""
    data: list[object] = []
    traps: list[Trap] = []
    spans = offsets()
    for piece, part in zip(pieces, parsed):
        if part.problems or not isinstance(part.data, list):
            return None
        first = len(data)
        data.extend(part.data)
        traps += [Trap((str(int(t.pointer[0]) + first), *t.pointer[1:]), t.line + piece.line, t.column, t.text,
                       t.yaml11) for t in part.traps]
        for path, values in part.spans:
            if path == ():
                spans.extend(value + (piece.offset if i % 3 < 2 else piece.line) for i, value in enumerate(values))
    return Parsed(data, (), tuple(traps), (((), spans),) if spans else ())
