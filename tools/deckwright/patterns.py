"""Regular expressions written by a pack (schema patterns, manifest markup) on a linear-time engine.

Python's `re` backtracks: `^(a+)+$` against thirty-odd letters runs for minutes. Every pattern a
pack supplies is compiled with RE2 (google-re2), whose matching time is linear in the text, so no
pattern can make a run hang. The price is RE2's syntax: no look-around and no back-references; a
pattern that needs them is reported instead of run. RE2 is also the syntax jsonschema-rs's
linear `regex` engine accepts, so the fast and the explaining validation paths agree.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import re2

MAX_PATTERN = 2000  # characters: longer patterns are refused before they are compiled


class PatternError(ValueError):
    """A pattern RE2 cannot run: not valid, or using a construct that needs backtracking."""


@cache
def _options() -> Any:
    options = re2.Options()
    options.log_errors = False  # RE2 would print every refused pattern on stderr
    return options


@cache
def linear(expression: str) -> Any:
    """The compiled pattern (an object with re's search/finditer/sub API); PatternError if RE2 refuses it."""
    if len(expression) > MAX_PATTERN:
        raise PatternError(f"the pattern is longer than {MAX_PATTERN} characters")
    try:
        return re2.compile(expression, _options())
    except re2.error as exc:
        reason = exc.args[0] if exc.args else exc
        text = reason.decode("utf-8", "replace") if isinstance(reason, bytes) else str(reason)
        raise PatternError(text) from None


def search(expression: str, text: str) -> bool:
    """Whether the pattern matches somewhere in the text (a refused pattern matches nothing)."""
    try:
        return linear(expression).search(text) is not None
    except PatternError:
        return False
