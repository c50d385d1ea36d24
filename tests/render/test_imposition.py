"""Imposed pages read back: margins kept clear, crop marks on every outer side of the cards printed
(and none for empty slots), shared cuts putting nine poker cards on A4 and Letter, balanced pages,
and backs behind their fronts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pypdfium2
import pytest

from deckwright.render.impose import balanced, plan_sheet
from deckwright.render.marks import crop_marks
from tests.conftest import run
from tests.render.conftest import MM, lines_of, placements, proof_pack, words_of

PROOF = Path("build/test-game/proof.pdf")
POKER = (63.5, 88.9)
PAGES = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


def _cards(count: int) -> str:
    return "".join(f"- {{id: m{i}, type: monster, name: Card{i}, level: 1, strength: {i}}}\n" for i in range(count))


@pytest.fixture
def nine(workdir: Path) -> Path:
    return proof_pack(workdir, cards=_cards(9))


@pytest.mark.parametrize("page", ["a4", "letter"])
def test_shared_cuts_put_nine_poker_cards_on_a_page_inside_5_mm_margins(page: str) -> None:
    sheet = plan_sheet(PAGES[page], POKER, 3.175, 0.0, 5.0, shared=True)
    assert (sheet.cols, sheet.rows) == (3, 3)


@pytest.mark.parametrize(("page", "grid"), [("a4", (2, 3)), ("letter", (3, 2))])
def test_separate_cuts_with_3_mm_bleed_fit_six(page: str, grid: tuple[int, int]) -> None:
    sheet = plan_sheet(PAGES[page], POKER, 3.0, 0.0, 5.0)
    assert (sheet.cols, sheet.rows) == grid


def test_a_gap_spreads_separately_cut_cards() -> None:
    assert plan_sheet(PAGES["a4"], (41, 63), 3.0, 0.0, 5.0).cols == 4
    assert plan_sheet(PAGES["a4"], (41, 63), 3.0, 8.0, 5.0).cols == 3


@pytest.mark.parametrize(("count", "capacity", "pages"), [
    (10, 9, [5, 5]), (9, 9, [9]), (19, 9, [7, 6, 6]), (1, 9, [1]), (0, 9, []), (16, 6, [6, 5, 5])])
def test_pages_are_balanced(count: int, capacity: int, pages: list[int]) -> None:
    assert balanced(count, capacity) == pages


def _ink_near_edges(pdf: Path, page: int, margin_mm: float) -> list[tuple[int, int]]:
    """Pixels (at 150 dpi) that are not white within `margin_mm` of the paper edge."""
    document = pypdfium2.PdfDocument(str(pdf))
    image = document[page].render(scale=150 / 72).to_pil().convert("L")
    document.close()
    band = int((margin_mm - 0.2) / 25.4 * 150)  # a fifth of a millimetre for anti-aliasing
    width, height = image.size
    pixels = image.load()
    assert pixels is not None
    return [(x, y) for y in range(height) for x in range(width)
            if (x < band or y < band or x >= width - band or y >= height - band) and pixels[x, y] < 250]


@pytest.mark.parametrize("page", ["a4", "letter"])
@pytest.mark.parametrize("shared", [False, True])
def test_nothing_prints_within_the_margin(workdir: Path, page: str, shared: bool) -> None:
    proof_pack(workdir, cards=_cards(7))
    args = ["proof", "pack", "--id", "m*", "--page", page] + (["--shared-cut"] if shared else [])
    assert run(*args).exit_code == 0
    for index in range(2):  # front and back
        assert not _ink_near_edges(PROOF, index, 5.0)


def test_a_wider_margin_is_kept_too(workdir: Path) -> None:
    proof_pack(workdir, cards=_cards(4))
    assert run("proof", "pack", "--id", "m*", "--margin", "12mm", "--shared-cut", "--backs", "none").exit_code == 0
    assert not _ink_near_edges(PROOF, 0, 12.0)


def test_a_margin_leaving_no_room_is_a_usage_error(nine: Path) -> None:
    result = run("proof", "pack", "--margin", "120mm")
    assert result.exit_code == 2 and "does not fit" in result.stderr


def _trims(page: str, shared: bool, filled: int) -> list[tuple[float, float, float, float]]:
    sheet = plan_sheet(PAGES[page], POKER, 3.0, 0.0, 5.0, shared)
    return [sheet.trim(i) for i in range(filled)]


def _marks(pdf: Path, page: int, height: float) -> list[tuple[float, float, float, float]]:
    """Crop marks read back (mm, origin bottom-left): the page's thin black lines."""
    found = []
    for m in lines_of(pdf, page):
        if m.get("stroking_color") in ((0,), (0, 0, 0), [0], [0, 0, 0], 0):
            x0, x1 = sorted((m["x0"] / MM, m["x1"] / MM))
            y0, y1 = sorted((height - m["top"] / MM, height - m["bottom"] / MM))
            found.append((x0, y0, x1, y1))
    return found


@pytest.mark.parametrize(("page", "shared"), [("a4", False), ("a4", True), ("letter", True)])
def test_crop_marks_continue_the_trim_lines_of_printed_cards_only(workdir: Path, page: str, shared: bool) -> None:
    proof_pack(workdir, cards=_cards(5 if shared else 4))  # shared: 9 slots, 5 used; separate: 6 slots, 4 used
    args = ["proof", "pack", "--id", "m*", "--page", page, "--backs", "none"] + (["--shared-cut"] if shared else [])
    assert run(*args).exit_code == 0
    trims = _trims(page, shared, 5 if shared else 4)
    marks = _marks(PROOF, 0, PAGES[page][1])
    assert marks
    for x0, y0, x1, y1 in marks:
        vertical = abs(x1 - x0) < 0.01
        # on a trim line of a printed card, within reach of that card's corner ...
        assert any(abs((x0 if vertical else y0) - edge) < 0.02 and _near_corner((x0, y0, x1, y1), t, vertical)
                   for t in trims for edge in ((t[0], t[2]) if vertical else (t[1], t[3]))), (x0, y0, x1, y1)
        # ... and never across a printed card's face
        for left, bottom, right, top in trims:
            assert x1 <= left + 0.01 or x0 >= right - 0.01 or y1 <= bottom + 0.01 or y0 >= top - 0.01


def _near_corner(mark: tuple[float, float, float, float], trim: tuple[float, float, float, float],
                 vertical: bool) -> bool:
    ends = (mark[1], mark[3]) if vertical else (mark[0], mark[2])
    corners = (trim[1], trim[3]) if vertical else (trim[0], trim[2])
    return min(abs(e - c) for e in ends for c in corners) <= 4.0


@pytest.mark.parametrize("shared", [False, True])
def test_every_outer_side_has_its_crop_marks(shared: bool) -> None:
    sheet = plan_sheet(PAGES["letter"], POKER, 3.175, 0.0, 5.0, shared)
    marks = crop_marks(sheet, sheet.capacity)
    left, bottom, right, top = sheet.grid
    xs = {round(v, 3) for i in range(sheet.capacity) for v in (sheet.trim(i)[0], sheet.trim(i)[2])}
    ys = {round(v, 3) for i in range(sheet.capacity) for v in (sheet.trim(i)[1], sheet.trim(i)[3])}
    for x in xs:  # every vertical trim line has a mark above the grid and one below it
        on = [m for m in marks if abs(m[0] - x) < 1e-3 and abs(m[2] - x) < 1e-3]
        assert any(m[1] >= top for m in on) and any(m[3] <= bottom for m in on)
    for y in ys:
        on = [m for m in marks if abs(m[1] - y) < 1e-3 and abs(m[3] - y) < 1e-3]
        assert any(m[0] >= right for m in on) and any(m[2] <= left for m in on)


def test_an_empty_slot_gets_no_crop_marks() -> None:
    sheet = plan_sheet(PAGES["a4"], POKER, 3.0, 0.0, 5.0, shared=True)
    x0, y0, x1, y1 = sheet.trim(8)  # the last slot, left empty with 8 cards
    inside = [m for m in crop_marks(sheet, 8) if x0 + 0.5 < m[0] < x1 - 0.5 and y0 + 0.5 < m[1] < y1 - 0.5]
    assert not inside
    assert len(crop_marks(sheet, 8)) < len(crop_marks(sheet, 9)) + 4


def test_shared_cuts_print_bleed_only_at_outer_edges() -> None:
    sheet = plan_sheet(PAGES["a4"], POKER, 3.0, 0.0, 5.0, shared=True)
    middle = sheet.print_box(4, 9)
    assert middle == pytest.approx(sheet.trim(4))
    corner = sheet.print_box(0, 9)
    trim = sheet.trim(0)
    assert corner[0] < trim[0] and corner[3] > trim[3] and corner[2] == pytest.approx(trim[2])
    assert sheet.print_box(7, 8)[2] == pytest.approx(sheet.trim(7)[2] + 3.0)  # beside the empty slot


def test_ten_cards_go_five_and_five(workdir: Path) -> None:
    proof_pack(workdir, cards=_cards(10))
    assert run("proof", "pack", "--id", "m*", "--shared-cut", "--backs", "none").exit_code == 0
    assert [len(placements(PROOF, i)) for i in range(2)] == [5, 5]


@pytest.mark.parametrize(("flip", "landscape", "shared"), [
    ("long", False, False), ("short", False, False), ("long", True, False), ("short", True, False),
    ("long", False, True), ("short", True, True)])
def test_backs_print_behind_their_fronts(nine: Path, flip: str, landscape: bool, shared: bool) -> None:
    args = ["proof", "pack", "--id", "m*", "--backs", flip] + (["--landscape"] if landscape else [])
    assert run(*args + (["--shared-cut"] if shared else [])).exit_code == 0
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


def _card_centre(forms: list[Any], word: dict[str, Any], page_height: float) -> tuple[float, float]:
    """Centre (mm, origin bottom-left) of the card whose face holds the word."""
    cell_w, cell_h = 63.5 + 6, 88.9 + 6
    x, y = float(word["x0"]) / MM, page_height - float(word["bottom"]) / MM
    for p in forms:
        left, bottom = p.x / MM, p.y / MM
        if left + 3 <= x <= left + cell_w - 3 and bottom + 3 <= y <= bottom + cell_h - 3:
            return left + cell_w / 2, bottom + cell_h / 2
    raise AssertionError(f"no card holds {word['text']}")


def test_with_a_small_margin_ink_reaches_nearer_the_edge(workdir: Path) -> None:
    proof_pack(workdir, cards=_cards(9))
    assert run("proof", "pack", "--id", "m*", "--margin", "1mm", "--shared-cut", "--backs", "none").exit_code == 0
    assert _ink_near_edges(PROOF, 0, 5.0)  # the margin check above can fail


def test_reduced_outer_bleed_is_noted(nine: Path) -> None:
    result = run("proof", "pack", "--id", "m*", "--page", "letter", "--shared-cut", "--format", "json")
    notes = [d for d in result.json()["diagnostics"] if d["code"] == "DW611"]
    assert result.exit_code == 0 and len(notes) == 1 and notes[0]["severity"] == "info"
    assert not [d for d in run("proof", "pack", "--id", "m*", "--landscape", "--format", "json").json()["diagnostics"]
                if d["code"] == "DW611"]
