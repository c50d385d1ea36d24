"""Golden op logs: what every shipped layout draws, as text, so a rendering change shows in review.

For each layout a card type of a shipped pack uses, the first card of that type is drawn (front and
back, 3 mm bleed) and its operations are logged (render.ops.op_log) beside this file under
golden/<pack>/<layout>.txt. The test compares; only `pytest --refresh-golden` writes the files, and a
missing file fails the test.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from deckwright.model import Pack, load_pack
from deckwright.render.ops import op_log
from deckwright.render.plan import plan_faces, printable

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).parent / "golden"
PACKS = sorted(p.parent for p in (ROOT / "content").glob("**/pack.yaml"))
BLEED = 3.0


def _load(folder: Path) -> Pack:
    pack = load_pack(folder, str(folder.relative_to(ROOT))).pack
    assert pack is not None
    return pack


def layout_logs(pack: Pack) -> dict[str, str]:
    """Each used layout's op log, drawn for the first card of the first type that uses it."""
    logs: dict[str, str] = {}
    root = str(pack.root.resolve())
    for entity in pack.entities:
        layout = pack.types[entity.type].layout if entity.type in pack.types else None
        if layout is None or layout in logs or not printable(pack, entity):
            continue
        plan = plan_faces(pack, [entity], BLEED)
        if not plan.cards:
            continue
        card = plan.cards[0]
        lines = [f"# layout {layout}: card '{entity.id}' (type {entity.type}), {card.size[0]:g}x{card.size[1]:g} mm, "
                 f"bleed {BLEED:g} mm", "## front", *op_log(plan.faces[card.front][0], root)]
        if card.back is not None:
            lines += ["## back", *op_log(plan.faces[card.back][0], root)]
        logs[layout] = "\n".join(lines) + "\n"
    return logs


@pytest.mark.parametrize("folder", PACKS, ids=[str(p.relative_to(ROOT / "content")) for p in PACKS])
def test_every_shipped_layout_draws_its_golden_ops(folder: Path, request: pytest.FixtureRequest) -> None:
    pack = _load(folder)
    logs = layout_logs(pack)
    where = GOLDEN / pack.id
    if request.config.getoption("--refresh-golden"):
        where.mkdir(parents=True, exist_ok=True)
        for stale in where.glob("*.txt"):
            stale.unlink()
        for layout, text in logs.items():
            (where / f"{layout}.txt").write_text(text, encoding="utf-8")
    assert sorted(p.stem for p in where.glob("*.txt")) == sorted(logs), \
        f"golden op logs of {pack.id} are missing or stale; rerun with --refresh-golden and review the diff"
    for layout, text in logs.items():
        golden = (where / f"{layout}.txt").read_text(encoding="utf-8")
        assert text.splitlines() == golden.splitlines(), f"{pack.id} layout {layout} draws differently"


def test_every_shipped_pack_has_a_layout_logged() -> None:
    assert len(PACKS) >= 3
    assert all(layout_logs(_load(folder)) for folder in PACKS if (folder / "layouts").is_dir())
