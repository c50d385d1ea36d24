"""Card art: drawn from inside the pack; missing, escaping and low-resolution images are diagnostics."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image
from pypdf import PdfReader

from tests.conftest import run
from tests.render.conftest import LAYOUTS, proof_pack

ART_LAYOUT = LAYOUTS.replace(
    "      - {kind: frame, inset: 3, stroke: white}\n",
    "      - {kind: frame, inset: 3, stroke: white}\n"
    "      - {kind: image, x: 5, y: 15, w: 53.5, h: 25, src: \"{{ card.get('answer', '') }}\"}\n")


def _png(width: int, height: int) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), (200, 40, 40)).save(out, "PNG")
    return out.getvalue()


def _card(art: str) -> str:
    return f"- {{id: painted, type: monster, name: Painted, level: 1, strength: 1, answer: \"{art}\"}}\n"


def _codes() -> list[dict]:
    result = run("lint", "pack", "--format", "json")
    return [d for d in result.json()["diagnostics"] if d["code"].startswith("DW6")]


def test_sharp_image_is_drawn_and_stored_once(workdir: Path) -> None:
    proof_pack(workdir, layouts=ART_LAYOUT, cards=_card("art/red.png") + _card("art/red.png").replace(
        "painted", "painted-too"), art={"red.png": _png(640, 300)})
    assert _codes() == []
    assert run("proof", "pack", "--backs", "none").exit_code == 0
    reader = PdfReader("build/test-game/proof.pdf")
    images = {ref.idnum for page in reader.pages for form in page["/Resources"]["/XObject"].values()
              for ref in (form.get_object()["/Resources"].get("/XObject") or {}).values()}
    assert len(images) == 1


def test_missing_image_is_an_error_at_the_card(workdir: Path) -> None:
    proof_pack(workdir, layouts=ART_LAYOUT, cards=_card("art/none.png"))
    (found,) = _codes()
    assert (found["code"], found["file"], found["pointer"]) == ("DW602", "pack/cards/extra.yaml", "/0")


def test_image_outside_the_pack_is_refused(workdir: Path) -> None:
    (workdir / "secret.png").write_bytes(_png(10, 10))
    proof_pack(workdir, layouts=ART_LAYOUT, cards=_card("../secret.png"))
    assert [d["code"] for d in _codes()] == ["DW603"]


def test_low_resolution_image_is_a_warning(workdir: Path) -> None:
    proof_pack(workdir, layouts=ART_LAYOUT, cards=_card("art/small.png"), art={"small.png": _png(60, 30)})
    (found,) = _codes()
    assert found["code"] == "DW604" and found["severity"] == "warning" and "632x295 px" in found["message"]


def test_cards_without_art_draw_no_image(laid_out: Path) -> None:
    layouts = Path("pack/layouts/cards.yaml")
    layouts.write_text(ART_LAYOUT)
    assert _codes() == []
    run("proof", "pack", "--backs", "none")
    reader = PdfReader("build/test-game/proof.pdf")
    for page in reader.pages:
        for form in page["/Resources"]["/XObject"].values():
            assert not (form.get_object()["/Resources"].get("/XObject") or {})
