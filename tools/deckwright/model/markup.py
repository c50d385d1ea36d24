"""What marked-up card text prints: a keyword match shown as its term and value, without its delimiters.

A pack's keyword markup is a regular expression whose first group captures the glossary term; the
rest of the match may carry a value (`[Poison 1]`, `{Poison X}`, `<<Attack +2>>`). Renderers must
print that value: the delimiters are dropped, nothing else. The delimiters are the punctuation
written before the term (and their closing partners); a pattern with nothing before its term has
the punctuation after the last letter or digit as its delimiters.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

_PARTNERS = {"[": "]", "{": "}", "(": ")", "<": ">", "«": "»"}


def keyword_text(match: Any) -> str:
    """The words a keyword match prints: `[Poison 1]` -> `Poison 1`."""
    whole = match.group(0)
    if not match.groups() or match.start(1) < 0:
        return whole.strip()
    opening = whole[:match.start(1) - match.start()]
    if not opening.strip():
        tail = re.search(r"[^\w]*$", whole)
        opening = tail.group(0) if tail else ""
    delimiters = {c for c in opening if not c.isalnum() and not c.isspace()}
    delimiters |= {_PARTNERS[c] for c in delimiters if c in _PARTNERS}
    return whole.strip("".join(sorted(delimiters))).strip() or whole.strip()


def marked(text: str, patterns: Mapping[str, Any]) -> Iterator[tuple[str, Any]]:
    """The text split into plain runs (`("text", run)`) and matches of the patterns (`(kind, match)`).

    The patterns are compiled `re` or RE2 (`deckwright.patterns.linear`) patterns: both give matches
    with `start`, `end` and `group`.

    Matches are taken from the left; of two that overlap the one starting first (then the longer) wins.
    """
    found = sorted(((m.start(), -m.end(), kind, m) for kind, pattern in patterns.items()
                    for m in pattern.finditer(text) if m.end() > m.start()), key=lambda f: (f[0], f[1], f[2]))
    at = 0
    for start, _, kind, match in found:
        if start < at:
            continue
        if start > at:
            yield "text", text[at:start]
        yield kind, match
        at = match.end()
    if at < len(text):
        yield "text", text[at:]
