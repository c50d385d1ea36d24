"""Shipped faces are measured from their metrics tables, which must be what reportlab parses from the files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from reportlab.pdfbase.ttfonts import TTFont

from deckwright.render.fonts import FONT_DIR
from deckwright.render.metrics import MEASURED, MeasuredFace, TABLES, entry_of, measured_font

FACES = sorted(FONT_DIR.glob("*.ttf"))


@pytest.mark.parametrize("path", FACES, ids=[p.stem for p in FACES])
def test_each_table_is_what_reportlab_parses_from_the_file(path: Path) -> None:
    written = (TABLES / f"{path.stem}.json").read_text(encoding="utf-8")
    assert written.strip() == json.dumps(entry_of(path), separators=(",", ":")), \
        "stale table: run python -m deckwright.render.metrics"


@pytest.mark.parametrize("path", FACES, ids=[p.stem for p in FACES])
def test_a_measured_font_is_set_up_as_reportlab_sets_up_a_parsed_one(path: Path) -> None:
    measured, parsed = measured_font("DW-test", path), TTFont("DW-test", str(path))
    assert isinstance(measured.face, MeasuredFace)
    assert set(vars(measured)) == set(vars(parsed))
    for name in set(vars(parsed)) - {"face", "encoding", "state"}:
        assert getattr(measured, name) == getattr(parsed, name), name
    for name in MEASURED:
        assert getattr(measured.face, name) == getattr(parsed.face, name), name
    assert measured.face.name.ustr == parsed.face.name.ustr
    assert measured.face.coverage == frozenset(parsed.face.charToGlyph)
    text = "Déjà vu: ŁÓDŹ → 12½ ✓ \u00a0"
    for size in (6, 9.75, 12):
        assert measured.stringWidth(text, size) == parsed.stringWidth(text, size)
    assert measured.face._parsed is None  # measuring parsed nothing
    assert measured.face.numGlyphs == parsed.face.numGlyphs  # anything else is read from the parsed file
    assert measured.face._parsed is not None


def test_a_face_outside_the_shipped_folder_is_parsed(tmp_path: Path) -> None:
    copy = tmp_path / FACES[0].name
    copy.write_bytes(FACES[0].read_bytes())
    assert not isinstance(measured_font("DW-copy", copy).face, MeasuredFace)
