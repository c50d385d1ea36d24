"""An edited YAML list re-parsed record by record: records whose text is unchanged keep their parse.

A file that is one top-level block list splits before every line that starts with `- ` (as
`chunks` splits large files), and each record's data depends on its text alone when the file has
no alias (`*`). The cache keeps a hash of every record's text beside the file's parse; when the
file changes, the records whose text the old file had take their old data, traps and span (shifted
to where they now sit), and only runs of new or edited records are parsed. The pieces are joined as
`chunks` joins them, and a piece that reports anything at all sends the whole file back to the
ordinary parse, so what is reported never depends on what changed.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from deckwright.loading.chunks import Piece, join, record_starts
from deckwright.loading.problem import Parsed, Trap, offsets

HASH_BYTES = 16  # blake2b digest size per record: collisions between a file's records are out of reach


@dataclass(frozen=True)
class Records:
    """A file's records as the cache keeps them: the hash of each one's text (concatenated), where each starts
    (character offset) and on which line (0-based)."""

    hashes: bytes = b""
    starts: tuple[int, ...] = ()
    lines: tuple[int, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.hashes)

    def consistent(self) -> bool:
        return len(self.hashes) == HASH_BYTES * len(self.starts) and len(self.starts) == len(self.lines)


def records_of(text: str) -> Records:
    """The records of a text (none when it cannot be re-parsed by record: not a plain list, or with aliases)."""
    starts = _starts(text)
    if starts is None:
        return Records()
    ends = [*starts[1:], len(text)]
    return Records(b"".join(_hash(text[start:end]) for start, end in zip(starts, ends)), tuple(starts),
                   tuple(_lines(text, starts)))


def reparse(text: str, new: Records, old: Parsed, old_records: Records,
            parse: Callable[[str], Parsed]) -> Parsed | None:
    """The parse of `text` (whose records are `new`), re-using the records of an earlier parse (`old`, of a text
    whose records were `old_records`) whose text is unchanged and parsing the rest with `parse`; None when the file
    does not allow it (the caller parses it whole)."""
    spans = _record_spans(old, old_records)
    if spans is None or not new:
        return None
    hashes = old_records.hashes
    known = {hashes[i:i + HASH_BYTES]: i // HASH_BYTES for i in range(0, len(hashes), HASH_BYTES)}
    starts, lines = new.starts, new.lines
    ends = [*starts[1:], len(text)]
    pieces: list[Piece] = []
    parsed: list[Parsed] = []
    run: list[int] = []  # records of the run of new ones, parsed together

    def parse_run() -> None:
        if run:
            piece = Piece(text, starts[run[0]], ends[run[-1]], lines[run[0]])
            pieces.append(piece)
            parsed.append(parse(piece.text))
            run.clear()

    for n, (start, end) in enumerate(zip(starts, ends)):
        index = known.get(new.hashes[n * HASH_BYTES:(n + 1) * HASH_BYTES])
        if index is None:
            run.append(n)
            continue
        parse_run()
        pieces.append(Piece(text, start, end, lines[n]))
        parsed.append(_alone(old, index, spans, old_records.starts[index], old_records.lines[index]))
    parse_run()
    return join(pieces, parsed)


def _starts(text: str) -> list[int] | None:
    """Where each record starts, when every record's data depends on its own text alone (no alias)."""
    return None if "*" in text else record_starts(text)


def _hash(record: str) -> bytes:
    return hashlib.blake2b(record.encode("utf-8", "surrogatepass"), digest_size=HASH_BYTES).digest()


def _lines(text: str, starts: list[int]) -> list[int]:
    """The 0-based line of each record's start."""
    lines, line, previous = [], 0, 0
    for start in starts:
        line += text.count("\n", previous, start)
        lines.append(line)
        previous = start
    return lines


def _record_spans(old: Parsed, records: Records) -> Sequence[int] | None:
    """The old parse's record spans, when it is a clean list with a record for every item."""
    if old.problems or not isinstance(old.data, list) or not records.consistent() \
            or len(records.starts) != len(old.data):
        return None
    spans = dict(old.spans).get(())
    return spans if spans is not None and len(spans) == 3 * len(old.data) else None


def _alone(old: Parsed, index: int, spans: Sequence[int], start: int, line: int) -> Parsed:
    """Record `index` of the old parse, whose text started at `start` on `line`, as the parse of its own text: its
    data, and its traps and span moved to the record's own start."""
    begin, end, first = spans[3 * index:3 * index + 3]
    traps = tuple(Trap(("0", *t.pointer[1:]), t.line - line, t.column, t.text, t.yaml11)
                  for t in old.traps if t.pointer[:1] == (str(index),))
    return Parsed([old.data[index]], (), traps, (((), offsets((begin - start, end - start, first - line))),))
