"""`deckwright proof` end to end: files, page sizes and counts, fonts, boxes, selection, determinism."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.conftest import run
from tests.render.conftest import MM, form_count, text_of

PROOF = Path("build/test-game/proof.pdf")


def test_default_output_is_a4_with_a_front_and_back_page_per_card_size(laid_out: Path) -> None:
    result = run("proof", "pack")
    assert result.exit_code == 0, result.output
    reader = PdfReader(PROOF)
    # 3 poker monsters on one sheet, 2 mini items on another; each sheet a front and a back page.
    assert len(reader.pages) == 4
    for page in reader.pages:
        assert (round(float(page.mediabox.width) / MM), round(float(page.mediabox.height) / MM)) == (210, 297)
    assert "wrote build/test-game/proof.pdf: 5 cards" in result.stderr


def test_letter_landscape_and_no_backs(laid_out: Path) -> None:
    assert run("proof", "pack", "--page", "letter", "--landscape", "--backs", "none", "-o", "out.pdf").exit_code == 0
    reader = PdfReader("out.pdf")
    assert len(reader.pages) == 2
    box = reader.pages[0].mediabox
    assert (round(float(box.width) / MM, 1), round(float(box.height) / MM, 1)) == (279.4, 215.9)


def test_two_runs_are_byte_identical(laid_out: Path) -> None:
    run("proof", "pack", "-o", "a.pdf")
    run("proof", "pack", "-o", "b.pdf", "--no-cache")
    assert Path("a.pdf").read_bytes() == Path("b.pdf").read_bytes()


def test_every_font_is_embedded_truetype(laid_out: Path) -> None:
    run("proof", "pack")
    fonts = {}
    for page in PdfReader(PROOF).pages:
        resources = [page["/Resources"]]
        resources += [x.get_object()["/Resources"] for x in (page["/Resources"].get("/XObject") or {}).values()
                      if "/Resources" in x.get_object()]
        for res in resources:
            for font in (res.get_object().get("/Font") or {}).values():
                fonts[str(font.get_object()["/BaseFont"])] = font.get_object()
    assert any("DejaVuSerif-Bold" in name for name in fonts)
    for name, font in fonts.items():
        assert font["/Subtype"] == "/TrueType", name
        assert "/FontFile2" in font["/FontDescriptor"].get_object(), name


def test_one_per_page_sets_trim_and_bleed_boxes(laid_out: Path) -> None:
    assert run("proof", "pack", "--one-per-page", "--bleed", "1/8in", "--type", "monster").exit_code == 0
    reader = PdfReader(PROOF)
    assert len(reader.pages) == 6  # 3 monsters (goblin has 2 copies), front and back each
    bleed = 3.175 * MM
    for page in reader.pages:
        media, trim, bleed_box = page.mediabox, page.trimbox, page.bleedbox
        assert float(media.width) == pytest.approx((63.5 + 2 * 3.175) * MM, abs=0.01)
        assert float(media.height) == pytest.approx((88.9 + 2 * 3.175) * MM, abs=0.01)
        assert [float(v) for v in trim] == pytest.approx([bleed, bleed, float(media.width) - bleed,
                                                          float(media.height) - bleed], abs=0.01)
        assert [float(v) for v in bleed_box] == pytest.approx([0, 0, float(media.width), float(media.height)], abs=0.01)


@pytest.mark.parametrize(("args", "pages"), [
    (("--type", "item"), 2), (("--deck", "monsters"), 2), (("--id", "goblin"), 2), (("--id", "*-troll"), 2),
])
def test_selection_by_type_deck_and_id(laid_out: Path, args: tuple[str, ...], pages: int) -> None:
    assert run("proof", "pack", *args).exit_code == 0
    assert len(PdfReader(PROOF).pages) == pages


def test_selected_ids_are_the_only_cards_printed(laid_out: Path) -> None:
    run("proof", "pack", "--id", "goblin", "--backs", "none")
    text = text_of(PROOF, 0)
    assert "Goblin" in text and "Cave Troll" not in text


def test_distinct_faces_are_stored_once(workdir: Path) -> None:
    from tests.render.conftest import proof_pack

    # 90 cards, 15 distinct fronts (six copies each) and one shared back.
    cards = "".join(f"- {{id: m{i}, type: monster, name: M{i % 15}, level: 1, strength: {i % 15}, copies: 1}}\n"
                    for i in range(88))
    proof_pack(workdir, cards=cards)
    layouts = Path("pack/layouts/cards.yaml")
    layouts.write_text(layouts.read_text().replace('"BACK {{ id }}"', '"BACK"'))
    # cave-troll and goblin x2 join the 88 generated ones; make them look like generated faces too.
    run("proof", "pack", "--type", "monster", "--id", "m*")
    assert form_count(PROOF) == 15 + 1


def test_usage_errors_exit_2(laid_out: Path) -> None:
    assert run("proof", "pack", "--bleed", "three").exit_code == 2
    assert run("proof", "pack", "--deck", "nope").exit_code == 2
    result = run("proof", "pack", "--changed-since", "--evil")
    assert result.exit_code == 2


def test_output_is_written_atomically_and_replaces_the_old_file(laid_out: Path) -> None:
    PROOF.parent.mkdir(parents=True)
    PROOF.write_bytes(b"old")
    run("proof", "pack")
    assert PROOF.read_bytes().startswith(b"%PDF")
    assert [p.name for p in PROOF.parent.iterdir()] == ["proof.pdf"]


def test_pod_pdf_profile_writes_one_file_per_card_size_one_card_a_page_with_eighth_inch_bleed(laid_out: Path) -> None:
    from tests.render.conftest import unembedded_fonts

    result = run("proof", "pack", "--profile", "pod-pdf")
    assert result.exit_code == 0, result.output
    files = sorted(Path("build/test-game").glob("proof-*.pdf"))
    assert [f.name for f in files] == ["proof-44.45x63.5mm.pdf", "proof-63.5x88.9mm.pdf"]
    bleed = 25.4 / 8
    for pdf in files:
        reader = PdfReader(pdf)
        sizes = {(round(float(p.mediabox.width) / MM, 2), round(float(p.mediabox.height) / MM, 2)) for p in reader.pages}
        assert len(sizes) == 1  # one size a file
        for page in reader.pages:
            trim, bleed_box = page.trimbox, page.bleedbox
            assert round((float(trim.left) - float(bleed_box.left)) / MM, 3) == round(bleed, 3)
            assert "/TrimBox" in page and "/BleedBox" in page
        assert not unembedded_fonts(pdf)
    poker = [f for f in files if "63.5x88.9" in f.name][0]
    assert len(PdfReader(poker).pages) == 2 * 3  # three monsters: a front and a back page each
