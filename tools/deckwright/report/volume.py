"""Output that scales: the count of findings per code, and identical findings collapsed after the first few."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from deckwright.codebook import lookup
from deckwright.diagnostic import Diagnostic

SHOWN_ALIKE = 3  # identical findings shown per file before the rest are counted


@dataclass(frozen=True)
class Alike:
    """Findings left out: `count` more with the same code and message as one shown above, in the same file."""

    code: str
    message: str
    count: int


def statistics(diagnostics: Iterable[Diagnostic]) -> list[tuple[int, str, str]]:
    """(count, code, name) for every code found, the most frequent first (accepted findings left out)."""
    counts = Counter(d.code for d in diagnostics if not d.accepted)
    rows = []
    for code, count in counts.items():
        known = lookup(code)
        rows.append((count, code, known.name if known else ""))
    return sorted(rows, key=lambda row: (-row[0], row[1]))


def collapse(diagnostics: Iterable[Diagnostic], shown: int = SHOWN_ALIKE) -> Iterator[Diagnostic | Alike]:
    """The findings of one file, each code-and-message shown `shown` times, then one Alike with the rest's count.

    The Alike follows the last finding shown of its kind, so the reader sees where they start.
    """
    items = list(diagnostics)
    totals = Counter((d.code, d.message) for d in items)
    seen: Counter[tuple[str, str]] = Counter()
    for diagnostic in items:
        key = (diagnostic.code, diagnostic.message)
        seen[key] += 1
        if seen[key] <= shown:
            yield diagnostic
        if seen[key] == shown and totals[key] > shown:
            yield Alike(diagnostic.code, diagnostic.message, totals[key] - shown)
