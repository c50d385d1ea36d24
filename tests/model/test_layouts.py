"""The typed layouts the loader builds: id, size, palettes, settings and elements with their positions."""

from __future__ import annotations

from pathlib import Path

from deckwright.model import Pack, load_pack
from deckwright.model.layouts import Settings
from tests.conftest import make_pack, write

LAYOUTS = """\
settings: {language: de_DE, min_text_size: 5}
palettes:
  kingdom: {north: "#335577", south: "#775533"}
layouts:
  - id: base
    size: {width: 60, height: 90}
    palettes:
      rank: {low: "#111111", high: 3}
    front:
      - {kind: frame, inset: 3, name: border}
      - not an element
      - {kind: text, x: 5, y: 5, w: 50, h: 10, text: "{{ name }}"}
    back:
      - {kind: rect, x: 0, y: 0, w: 60, h: 90}
  - id: monster
    extends: base
    size: poker
    front:
      - {name: border, remove: true}
  - {size: mini}
"""

SECOND = """\
layouts:
  - id: token
    front: [{kind: ellipse, x: 0, y: 0, w: 20, h: 20}]
"""


def _pack(where: Path, files: dict[str, str]) -> Pack:
    folder = make_pack(where)
    manifest = folder / "pack.yaml"
    manifest.write_text(manifest.read_text().replace(
        '  - {include: "cards/*.yaml", kind: entities}\n',
        '  - {include: "cards/*.yaml", kind: entities}\n  - {include: "layouts/*.yaml", kind: layouts}\n'))
    for name, text in files.items():
        write(folder / "layouts" / name, text)
    pack = load_pack(folder, "pack").pack
    assert pack is not None
    return pack


def test_layouts_are_read_once_in_file_order(workdir: Path) -> None:
    layouts = _pack(workdir, {"a.yaml": LAYOUTS, "b.yaml": SECOND}).layouts
    assert [doc.relpath for doc in layouts.files] == ["layouts/a.yaml", "layouts/b.yaml"]
    assert [layout.id for layout in layouts.layouts] == ["base", "monster", "token"]


def test_a_layout_is_typed_as_written(workdir: Path) -> None:
    base, monster, token = _pack(workdir, {"a.yaml": LAYOUTS, "b.yaml": SECOND}).layouts.layouts
    assert base.size == (60.0, 90.0) and monster.size == "poker" and token.size is None
    assert (base.extends, monster.extends) == (None, "base")
    assert base.palettes == {"kingdom": {"north": "#335577", "south": "#775533"}, "rank": {"low": "#111111"}}
    assert monster.palettes == {"kingdom": {"north": "#335577", "south": "#775533"}}
    assert base.settings == Settings("de_DE", 5.0, 0.5) and token.settings == Settings()


def test_elements_stay_as_written_with_their_positions(workdir: Path) -> None:
    base, monster, _ = _pack(workdir, {"a.yaml": LAYOUTS, "b.yaml": SECOND}).layouts.layouts
    frame, text = base.front
    assert frame.get("kind") == "frame" and frame.get("inset") == 3 and frame.parts == ("layouts", 0, "front", 0)
    assert text.parts == ("layouts", 0, "front", 2) and text.locate().line == 12
    assert text.locate("text").line == 12 and base.locate("id").line == 5
    assert [e.get("kind") for e in base.back] == ["rect"]
    assert monster.front[0].data == {"name": "border", "remove": True}


def test_a_pack_without_layouts_has_none(workdir: Path) -> None:
    folder = make_pack(workdir)
    pack = load_pack(folder, "pack").pack
    assert pack is not None and pack.layouts.files == () and pack.layouts.layouts == ()
