"""The PDF sheets: their text, escaping, paper sizes and byte-identical output."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.sheets.conftest import HOSTILE, run_sheets

A4_POINTS = (595, 842)
LETTER_POINTS = (612, 792)


def pdf_text(path: Path) -> str:
    return " ".join(" ".join(page.extract_text() for page in PdfReader(path).pages).split())


def test_every_sheet_has_a_pdf_with_its_title_and_content(built: Path) -> None:
    expected = {"rules": ["Rules summary", "turn.direction", "clockwise", "6 rounds", "[ASSUMED]"],
                "findings": ["Findings", "DW322", "the printed count is 5"],
                "components": ["Component list", "Monster cards", "NO"],
                "checklist": ["Card checklist", "Monster deck", "Goblin", "Strength"],
                "glossary": ["Glossary", "coin", "Lose 1 health each turn."],
                "player-aid": ["Player aid", "Players take turns clockwise"],
                "scenarios": ["Scenario sheets", "Night Raid", "easy", "hard", "All heroes fall"]}
    for name, words in expected.items():
        text = pdf_text(built / f"{name}.pdf")
        for word in words:
            assert word in text, (name, word)


def test_content_markup_is_printed_as_text(built: Path) -> None:
    text = pdf_text(built / "rules.pdf")
    assert " ".join(HOSTILE.split()) in text  # not interpreted as paragraph markup


@pytest.mark.parametrize(("paper", "points"), [("a4", A4_POINTS), ("letter", LETTER_POINTS)])
def test_paper_size_is_chosen(tiny: Path, tmp_path: Path, paper: str, points: tuple[int, int]) -> None:
    out = tmp_path / paper
    status, _ = run_sheets(str(tiny), "-o", str(out), "--paper", paper)
    assert status == 0
    box = PdfReader(out / "glossary.pdf").pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == points
    assert f"size: {'A4' if paper == 'a4' else 'letter'};" in (out / "glossary.html").read_text(encoding="utf-8")


def test_the_player_aid_fits_one_page(built: Path) -> None:
    assert len(PdfReader(built / "player-aid.pdf").pages) == 1


def test_every_sheet_embeds_every_font_it_uses(built: Path) -> None:
    from tests.render.conftest import unembedded_fonts

    pdfs = sorted(built.glob("*.pdf"))
    assert len(pdfs) == 8
    for pdf in pdfs:
        assert unembedded_fonts(pdf) == [], pdf.name


def test_column_headings_wrap_between_words_and_never_split_one(built: Path) -> None:
    import pdfplumber

    with pdfplumber.open(built / "checklist.pdf") as pdf:
        words = {w["text"] for page in pdf.pages for w in page.extract_words()}
    assert "Strength" in words and "Copies" in words
    assert not {"Strengt", "Copie"} & words


@pytest.mark.slow
def test_a_coverage_row_taller_than_a_page_splits_across_pages(tiny: Path, tmp_path: Path) -> None:
    # one section (no headings) whose every other line is uncovered: its row lists hundreds of runs
    book = "Tiny rulebook\nThere are 5 monster cards.\nCoins are money.\nTurns go clockwise.\nHands hold 5.\nOr so.\n"
    book += "".join(f"Rule number line {n} says something.\n" for n in range(7, 807))
    (tiny.parent / "books" / "tiny-book.txt").write_text(book, encoding="utf-8")
    cited = ", ".join(f"{{doc: book, line: {n}}}" for n in range(8, 807, 2))
    (tiny / "rules" / "02-long.yaml").write_text(
        f"section: long\ntitle: Long\nclauses:\n  - {{id: long, summary: Every other line., source: [{cited}]}}\n")
    out = tmp_path / "long"
    status, output = run_sheets(str(tiny), "-o", str(out), "--sources", str(tiny.parent / "books"))
    assert status == 0, output
    reader = PdfReader(out / "coverage.pdf")
    assert len(reader.pages) > 2
    assert "805: Rule number line 805" in " ".join(page.extract_text() for page in reader.pages)


def test_a_sheet_that_cannot_be_laid_out_is_a_diagnostic_and_the_others_are_written(
        tiny: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from reportlab.platypus.doctemplate import LayoutError

    import deckwright.sheets.build as build
    real = build._pdf

    def failing(spec: build.SheetSpec, *args: object) -> object:
        if spec.name == "glossary":
            raise LayoutError("Flowable too large on page 1")
        return real(spec, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(build, "_pdf", failing)
    out = tmp_path / "failing"
    status, output = run_sheets(str(tiny), "-o", str(out))
    assert status == 1 and "DW710" in output and "glossary" in output
    assert not (out / "glossary.pdf").exists() and (out / "glossary.html").is_file() and (out / "rules.pdf").is_file()
