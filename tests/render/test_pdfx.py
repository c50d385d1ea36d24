"""PDF/X-4 proofs (`--profile pod-pdf`): output intent, CMYK only, boxes on every page, fonts embedded."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image
from pypdf import PdfReader

from deckwright.render.icc import output_profile, profile_bytes
from deckwright.render.pdfx import cmyk_image, to_cmyk
from tests.conftest import run
from tests.render.conftest import LAYOUTS, proof_pack
from tests.render.pdfx_check import preflight

ART = LAYOUTS.replace(
    "      - {kind: frame, inset: 3, stroke: white}\n",
    "      - {kind: frame, inset: 3, stroke: white}\n"
    "      - {kind: image, x: 5, y: 15, w: 20, h: 20, src: art/glow.png}\n"
    "      - {kind: image, x: 30, y: 15, w: 20, h: 20, src: art/photo.jpg}\n"
    "      - {kind: image, x: 5, y: 60, w: 20, h: 20, src: art/mark.svg}\n"
    "      - {kind: text, x: 5, y: 82, w: 50, h: 5, text: '<font color=\"#00aa44\">green</font> {{ name }}', size: 7}\n")
SVG = b"""<svg xmlns="http://www.w3.org/2000/svg" width="20mm" height="20mm" viewBox="0 0 20 20">
<circle cx="10" cy="10" r="8" fill="#3366cc" stroke="rgb(200,0,0)"/></svg>"""


def _image(mode: str, colour: tuple[int, ...], kind: str) -> bytes:
    out = io.BytesIO()
    Image.new(mode, (240, 240), colour).save(out, kind)
    return out.getvalue()


def _art_pack(where: Path) -> Path:
    return proof_pack(where, layouts=ART, art={"glow.png": _image("RGBA", (220, 40, 40, 128), "PNG"),
                                               "photo.jpg": _image("RGB", (40, 90, 200), "JPEG"),
                                               "mark.svg": SVG})


def test_pod_pdf_profile_writes_pdfx_with_cmyk_only(workdir: Path) -> None:
    _art_pack(workdir)
    result = run("proof", "pack", "--profile", "pod-pdf", "-o", "out")
    assert result.exit_code == 0, result.output
    files = sorted(Path("out").rglob("*.pdf"))
    assert files
    for pdf in files:
        assert preflight(pdf) == [], pdf
    reader = PdfReader(Path("out/test-game/proof-63.5x88.9mm.pdf"))  # the monsters, which carry the art
    images = [x.get_object() for page in reader.pages for form in (page["/Resources"].get("/XObject") or {}).values()
              for x in (form.get_object()["/Resources"].get("/XObject") or {}).values()]
    spaces = {str(i["/ColorSpace"]) for i in images if i.get("/Subtype") == "/Image"}
    assert spaces == {"/DeviceCMYK"}  # the PNG (with its alpha as a soft mask) and the JPEG
    assert any("/SMask" in i for i in images)


def test_the_preflight_finds_what_an_rgb_proof_breaks(workdir: Path) -> None:
    _art_pack(workdir)
    assert run("proof", "pack", "--one-per-page", "-o", "rgb.pdf").exit_code == 0
    problems = "\n".join(preflight(Path("rgb.pdf")))
    for expected in ("no /GTS_PDFX output intent", "RGB colour operator", "RGB image", "GTS_PDFXVersion"):
        assert expected in problems


def test_pdfx_proof_is_byte_identical_on_rerun(workdir: Path) -> None:
    _art_pack(workdir)
    assert run("proof", "pack", "--profile", "pod-pdf", "-o", "one").exit_code == 0
    assert run("proof", "pack", "--profile", "pod-pdf", "-o", "two").exit_code == 0
    for first in Path("one").rglob("*.pdf"):
        assert first.read_bytes() == (Path("two") / first.relative_to("one")).read_bytes()


def test_black_and_greys_print_in_black_ink_alone() -> None:
    assert to_cmyk((0, 0, 0)).cmyk() == (0, 0, 0, 1)
    grey = to_cmyk((0.5, 0.5, 0.5)).cmyk()
    assert grey[:3] == (0, 0, 0) and 0.4 < grey[3] < 0.6
    red = to_cmyk((1, 0, 0)).cmyk()
    assert red[0] < 0.05 and red[1] > 0.85 and red[2] > 0.85


def test_transparent_image_keeps_its_alpha_and_an_opaque_one_has_none() -> None:
    assert cmyk_image(_image("RGBA", (0, 0, 255, 100), "PNG")).alpha is not None
    assert cmyk_image(_image("RGBA", (0, 0, 255, 255), "PNG")).alpha is None
    converted = cmyk_image(_image("RGB", (255, 255, 255), "PNG"))
    assert set(converted.cmyk) == {0}  # white paper takes no ink


def test_committed_profile_is_the_one_the_ink_model_builds() -> None:
    data = output_profile()
    assert data == profile_bytes()
    assert data[12:24] == b"prtrCMYKLab " and int.from_bytes(data[:4], "big") == len(data)
