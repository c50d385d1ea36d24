"""Acknowledged findings as the loader reads them from the manifest: typed, with where each is written."""

from __future__ import annotations

from pathlib import Path

from deckwright.model import load_pack
from tests.rules.packs import MANIFEST, write_pack

ACKNOWLEDGED = """\
acknowledged:
  - {code: DW400, subject: turn.draw, values: 0123456789ab, reason: the book says both}
  - {code: DW505, reason: an old form, match: wolf, count: 2}
"""


def test_acknowledgements_are_typed_and_located(tmp_path: Path) -> None:
    pack = load_pack(write_pack(tmp_path, {}, manifest_extra=ACKNOWLEDGED), "tiny").pack
    assert pack is not None
    first, second = pack.acknowledged
    assert (first.code, first.subject, first.values, first.reason, first.count, first.match) == (
        "DW400", "turn.draw", "0123456789ab", "the book says both", None, None)
    assert (second.subject, second.count, second.match) == (None, 2, "wolf")
    line = MANIFEST.count("\n") + 2
    assert (first.locate().line, second.locate().line) == (line, line + 1)
    assert first.locate("subject").pointer == "/acknowledged/0/subject"
