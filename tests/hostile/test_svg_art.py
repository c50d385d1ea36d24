"""SVG art names files only inside its pack: a reference that leads out (or to a URL) keeps the SVG
out of the proof with a DW603 at the layout, and the outside file never reaches the PDF."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hostile.conftest import SECRET, Canary, dw

XLINK = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="20" height="20"'


def _with_art(svg: str, extra: dict[str, str] | None = None) -> None:
    art = Path("mini/art")
    art.mkdir()
    (art / "a.svg").write_text(f"<svg {XLINK}>{svg}</svg>")
    for name, text in (extra or {}).items():
        (art / name).write_text(text)
    manifest = Path("mini/pack.yaml")
    manifest.write_text(manifest.read_text().replace(
        '  - {include: "layouts/*.yaml", kind: layouts}\n',
        '  - {include: "layouts/*.yaml", kind: layouts}\n  - {include: "art/*", kind: assets}\n'))
    layout = Path("mini/layouts/cards.yaml")
    layout.write_text(layout.read_text().replace(
        "    back:\n", '      - {kind: image, x: 5, y: 40, w: 20, h: 20, src: "art/a.svg"}\n    back:\n', 1))


@pytest.mark.parametrize("svg", [
    '<image xlink:href="../../../outside/secret.png" width="5" height="5"/>',
    '<use href="../../../outside/secret.svg#g"/>',
    '<image href="{outside}/secret.png" width="5" height="5"/>',
    '<image href="file://{outside}/secret.png" width="5" height="5"/>',
    '<image href="{server}/x.png" width="5" height="5"/>',
    '<rect width="5" height="5" style="fill: url(\'../../../outside/secret.svg#g\')"/>',
    '<style>@import "{server}/x.css"; rect {{ fill: url({server}/p.svg#g) }}</style><rect width="5" height="5"/>',
    '<use xlink:href="inner.svg#i"/>',  # inner.svg is in the pack, but names a file outside it
])
def test_svg_reference_outside_the_pack_is_refused(mini: Path, outside: Path, canary_server: Canary,
                                                   tmp_path: Path, svg: str) -> None:
    inner = f'<svg {XLINK}><g id="i"><image xlink:href="../../../outside/secret.png" width="5" height="5"/></g></svg>'
    _with_art(svg.format(outside=outside, server=canary_server.url), {"inner.svg": inner})
    linted = dw("lint", "mini", "--format", "json", "--no-cache")
    refused = [d for d in linted.diagnostics() if d["code"] == "DW603"]
    assert refused and refused[0]["file"] in ("mini/cards/cards.yaml", "mini/layouts/cards.yaml"), linted.stdout
    proofed = dw("proof", "mini", "--no-cache", "--force", "-o", "proof.pdf")  # written despite its errors
    assert proofed.exit_code == 1
    pdf = Path("proof.pdf").read_bytes()
    assert SECRET.encode() not in pdf and b"/Width 7" not in pdf  # secret.png is 7x13


def test_svg_reference_inside_the_pack_is_drawn(mini: Path) -> None:
    inner = f'<svg {XLINK}><g id="i"><rect width="5" height="5" fill="#123456"/></g></svg>'
    _with_art('<use xlink:href="inner.svg#i"/><rect width="4" height="4" style="fill: url(#none)"/>',
              {"inner.svg": inner})
    linted = dw("lint", "mini", "--format", "json", "--no-cache")
    assert "DW603" not in linted.codes()
