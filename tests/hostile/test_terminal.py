"""The text reporter shows control characters from a pack as visible escapes: a value cannot move the
cursor, erase a line or print a forged summary."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

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


ESCAPES = ("\x1b", "\r", "\x9b", "\u202e", "\x07")
SNEAKY = "a\x1b[2K\rb\x07\u202e"


def _no_raw_escapes(text: str) -> None:
    for raw in ESCAPES:
        assert raw not in text, repr(text)


def _tiny_with_a_sneaky_fact(root: Path) -> Path:
    from tests.rules.packs import write_pack

    rules = ("section: deck\ntitle: Deck\nclauses:\n  - id: deck-name\n    summary: The deck's name.\n"
             "    source: [{doc: book, line: 2}]\n    facts: {deck.name: " + json.dumps(SNEAKY) + "}\n")
    return write_pack(root, {"01-deck.yaml": rules})


def test_facts_and_eval_escape_the_values_they_echo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DECKWRIGHT_CACHE", str(tmp_path / ".cache"))
    _tiny_with_a_sneaky_fact(tmp_path)
    listed = dw("facts", "tiny")
    assert "deck.name" in listed.stdout and "\\u202e" in listed.stdout
    evaluated = dw("eval", "tiny", "deck.name")
    assert evaluated.stdout.strip() == "a\\x1b[2K\\x0db\\x07\\u202e"
    failed = dw("eval", "tiny", "deck.name + 1")
    assert failed.exit_code == 1 and "Error" in failed.stderr
    for outcome in (listed, evaluated, failed):
        _no_raw_escapes(outcome.stdout + outcome.stderr)


def test_simulate_replay_escapes_what_the_log_says(tmp_path: Path) -> None:
    from tests.conftest import ADVENTURE_LAND

    log = tmp_path / "game.log"
    args = [str(ADVENTURE_LAND), "--scenario", "the-fellowship", "--players", "3", "--runs", "1"]
    assert dw("simulate", *args, "--record", str(log)).exit_code == 0
    lines = log.read_text(encoding="utf-8").splitlines()
    lines[lines.index("--- actions") + 3] += SNEAKY
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    replayed = dw("simulate", str(ADVENTURE_LAND), "--replay", str(log))
    assert replayed.exit_code == 1 and "replay:" in replayed.stderr
    _no_raw_escapes(replayed.stdout + replayed.stderr)
    header = log.read_text(encoding="utf-8").replace("\nscenario: ", "\nscenario: " + SNEAKY, 1)
    log.write_text(header, encoding="utf-8")
    unknown = dw("simulate", str(ADVENTURE_LAND), "--replay", str(log))
    assert unknown.exit_code == 2 and "Error" in unknown.stderr
    _no_raw_escapes(unknown.stdout + unknown.stderr)
