"""Imposed pages read back: nine poker cards on A4, crop marks at the trim lines, backs behind fronts."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckwright.render.impose import plan_sheet
from tests.conftest import run
from tests.render.conftest import MM, lines_of, placements, proof_pack, words_of

PROOF = Path("build/test-game/proof.pdf")
NINE = "".join(f"- {{id: m{i}, type: monster, name: Card{i}, level: 1, strength: {i}}}\n" for i in range(9))


@pytest.fixture
def nine(workdir: Path) -> Path:
    return proof_pack(workdir, cards=NINE)


def _trim_rects(sheet_cards: int = 9) -> list[tuple[float, float, float, float]]:
    sheet = plan_sheet((210, 297), (63.5, 88.9), 3.0, 0.0, 0.0)
    rects = []
    for i in range(sheet_cards):
        x, y = sheet.slot(i)
        rects.append((x + 3, y + 3, x + 3 + 63.5, y + 3 + 88.9))
    return rects


def test_poker_cards_on_a4_with_bleed_fit_nine() -> None:
    sheet = plan_sheet((210, 297), (63.5, 88.9), 3.0, 0.0, 0.0)
    assert (sheet.cols, sheet.rows) == (3, 3)


def test_crop_marks_lie_on_every_trim_line_and_off_every_face(nine: Path) -> None:
    assert run("proof", "pack", "--id", "m*", "--backs", "none").exit_code == 0
    marks = [(m["x0"] / MM, m["top"], m["x1"] / MM, m["bottom"], m) for m in lines_of(PROOF, 0)]
    vertical = {round(m["x0"] / MM, 2) for *_, m in marks if abs(m["x0"] - m["x1"]) < 0.01}
    horizontal = {round(m["y0"] / MM, 2) for *_, m in marks if abs(m["y0"] - m["y1"]) < 0.01}
    rects = _trim_rects()
    assert vertical == {round(v, 2) for r in rects for v in (r[0], r[2])}
    assert horizontal == {round(v, 2) for r in rects for v in (r[1], r[3])}
    for *_, m in marks:
        x0, x1 = sorted((m["x0"] / MM, m["x1"] / MM))
        y0, y1 = sorted((m["y0"] / MM, m["y1"] / MM))
        for left, bottom, right, top in rects:
            assert x1 <= left + 0.01 or x0 >= right - 0.01 or y1 <= bottom + 0.01 or y0 >= top - 0.01, (m, left, bottom)


def test_cards_sit_where_the_crop_marks_say(nine: Path) -> None:
    run("proof", "pack", "--id", "m*", "--backs", "none")
    # each card's bleed box starts 3 mm left of and below its trim corner
    corners = sorted((round(p.x / MM + 3, 2), round(p.y / MM + 3, 2)) for p in placements(PROOF, 0))
    assert corners == sorted((round(r[0], 2), round(r[1], 2)) for r in _trim_rects())


@pytest.mark.parametrize(("flip", "landscape"), [("long", False), ("short", False), ("long", True), ("short", True)])
def test_backs_print_behind_their_fronts(nine: Path, flip: str, landscape: bool) -> None:
    args = ["proof", "pack", "--id", "m*", "--backs", flip] + (["--landscape"] if landscape else [])
    assert run(*args).exit_code == 0
    front = {str(w["text"]): w for w in words_of(PROOF, 0) if str(w["text"]).startswith("Card")}
    back = {str(w["text"]): w for w in words_of(PROOF, 1) if str(w["text"]).startswith("m")}
    width, height = (297, 210) if landscape else (210, 297)
    mirror_x = (flip == "long") != landscape
    assert len(front) == len(back) > 1
    for i in range(len(front)):
        f_card = _card_centre(placements(PROOF, 0), front[f"Card{i}"], height)
        b_card = _card_centre(placements(PROOF, 1), back[f"m{i}"], height)
        expected = (width - f_card[0], f_card[1]) if mirror_x else (f_card[0], height - f_card[1])
        assert b_card == pytest.approx(expected, abs=0.05)


def _card_centre(forms: list, word: dict, page_height: float) -> tuple[float, float]:
    """Centre (mm, origin bottom-left) of the card whose bleed box holds the word."""
    cell_w, cell_h = 63.5 + 6, 88.9 + 6
    x, y = float(word["x0"]) / MM, page_height - float(word["bottom"]) / MM
    for p in forms:
        left, bottom = p.x / MM, p.y / MM
        if left <= x <= left + cell_w and bottom <= y <= bottom + cell_h:
            return left + cell_w / 2, bottom + cell_h / 2
    raise AssertionError(f"no card holds {word['text']}")
