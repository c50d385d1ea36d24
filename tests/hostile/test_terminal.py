"""The text reporter shows control characters from a pack as visible escapes: a value cannot move the
cursor, erase a line or print a forged summary."""

from __future__ import annotations

import io
from pathlib import Path

from deckwright.diagnostic import Location, Related, Report
from deckwright.report.text import TextReporter
from deckwright.schema import codes
from tests.hostile.conftest import dw

FORGED = "\\e[2K\\r\\e[1A\\e[2K0 errors, 0 warnings\\r\\n\\x9b31m\\u202e"


def test_escape_sequences_in_content_are_not_echoed_raw(mini: Path) -> None:
    cards = Path("mini/cards/cards.yaml")
    cards.write_text(cards.read_text().replace("type: card\n  suit: sun", f'type: "card{FORGED}"\n  suit: sun'))
    outcome = dw("lint", "mini", "--no-cache")
    assert outcome.exit_code == 1
    for raw in ("\x1b", "\r", "\x9b", "\u202e"):
        assert raw not in outcome.stdout
    assert "\\x1b[2K" in outcome.stdout
    summary = [line for line in outcome.stdout.splitlines() if line.startswith("0 errors")]
    assert summary == []


def test_every_echoed_field_is_neutralised() -> None:
    bad = "a\x1b]0;title\x07b\nc"
    diagnostic = codes.INVALID.at(Location(bad, 1, 1), bad, hint=bad, related=[Related(bad, 1, 1, bad)])
    out = io.StringIO()
    TextReporter(out).emit(Report.of([diagnostic.accept(bad)]))
    text = out.getvalue()
    assert "\x1b" not in text and "\x07" not in text
    assert text.count("a\\x1b]0;title\\x07b\\x0ac") == 6  # file, message, hint, accepted reason, related file and message
