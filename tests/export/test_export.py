"""`deckwright export`: every format read back (rows, PNG sizes, TTS grid and card ids)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from PIL import Image

from deckwright.export.faces import pixels
from deckwright.export.tts import MAX_SHEET_WIDTH, plan_sheets
from deckwright.model.pack import Deck
from tests.minipack import write_pack

POKER = (63.5, 88.9)


def test_json_has_one_row_per_card_and_csv_expands_copies(pack: Path, run, tmp_path: Path) -> None:
    assert run("export", "mini", "--to", "json").exit_code == 0
    document = json.loads((tmp_path / "build/mini/json/mini.json").read_text())
    assert document["pack"]["id"] == "mini"
    assert [(c["id"], c["copies"], c["cost"]) for c in document["cards"]] == [("sun-one", 1, 1), ("moon-two", 2, 2)]
    assert run("export", "mini", "--to", "csv", "--expand-copies", "-o", "out").exit_code == 0
    with open(tmp_path / "out/mini.csv", newline="") as handle:
        table = list(csv.DictReader(handle))
    assert [(r["id"], r["copy"]) for r in table] == [("sun-one", "1"), ("moon-two", "1"), ("moon-two", "2")]
    assert table[0]["code"] == "1:30" and table[1]["text"] == "Pay :coin:."


def test_png_faces_are_300_dpi_with_or_without_bleed(pack: Path, run, tmp_path: Path) -> None:
    assert run("export", "mini", "--to", "png", "-o", "trim").exit_code == 0
    assert run("export", "mini", "--to", "png", "--bleed", "-o", "bleed").exit_code == 0
    with Image.open(tmp_path / "trim/sun-one.png") as image:
        assert image.size == (pixels(POKER[0], 300), pixels(POKER[1], 300)) == (750, 1050)
        assert round(image.info["dpi"][0]) == 300
    with Image.open(tmp_path / "bleed/moon-two.png") as image:
        assert image.size == (pixels(POKER[0] + 6, 300), pixels(POKER[1] + 6, 300))
    assert sorted(p.name for p in (tmp_path / "trim").iterdir()) == ["moon-two.png", "sun-one.png"]


def test_exports_are_byte_identical_across_runs(pack: Path, run, tmp_path: Path) -> None:
    for folder in ("a", "b"):
        run("export", "mini", "--to", "tts", "-o", folder, "--url-base", "https://example.org/x")
    for name in ("main-1.png", "main-back.png", "mini.json"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_tts_sheets_hold_69_cards_with_the_hidden_image_last(tmp_path: Path, run) -> None:
    cards = "".join(f"- {{id: c{i}, type: card, name: Card {i}, cost: {i % 5}, copies: {1 + i % 2}}}\n"
                    for i in range(75))
    write_pack(tmp_path, cards=cards)
    result = run("export", "mini", "--to", "tts", "--url-base", "https://example.org/tts")
    assert result.exit_code == 0, result.output
    out = tmp_path / "build/mini/tts"
    saved = json.loads((out / "mini.json").read_text())
    (deck,) = saved["ObjectStates"]
    assert deck["CustomDeck"]["1"]["NumWidth"] == 10 and deck["CustomDeck"]["1"]["NumHeight"] == 7
    assert deck["CustomDeck"]["2"]["NumWidth"] == 7 and deck["CustomDeck"]["2"]["NumHeight"] == 1
    assert deck["CustomDeck"]["2"]["FaceURL"] == "https://example.org/tts/main-2.png"
    assert deck["CustomDeck"]["2"]["BackURL"] == "https://example.org/tts/main-back.png"
    ids = [card["CardID"] for card in deck["ContainedObjects"]]
    assert ids == deck["DeckIDs"]
    assert ids[:3] == [100, 101, 101]  # c0 once, c1 twice: copies expanded, same id
    assert max(i for i in ids if i < 200) == 168 and sorted(set(i for i in ids if i >= 200)) == list(range(200, 206))
    assert len(ids) == sum(1 + i % 2 for i in range(75))
    for key, grid in (("1", (10, 7)), ("2", (7, 1))):
        with Image.open(out / f"main-{key}.png") as sheet:
            assert sheet.width <= MAX_SHEET_WIDTH
            cell = (sheet.width // grid[0], sheet.height // grid[1])
            assert sheet.size == (cell[0] * grid[0], cell[1] * grid[1])
            with Image.open(out / "main-back.png") as back:
                hidden = back.convert("RGB").resize(cell).getpixel((cell[0] // 2, 5))
            corner = ((grid[0] - 1) * cell[0] + cell[0] // 2, (grid[1] - 1) * cell[1] + 5)
            assert sheet.convert("RGB").getpixel(corner) == hidden  # the last cell is the hidden image


def test_sheet_plan_never_exceeds_the_grid() -> None:
    deck = Deck("d", "D", None, None, None, 0)
    sheets = plan_sheets(deck, [object()] * 139, 3)  # type: ignore[list-item]
    assert [(s.key, len(s.cards), s.columns, s.rows) for s in sheets] == [(3, 69, 10, 7), (4, 69, 10, 7), (5, 1, 2, 1)]
    assert sheets[1].card_id(68) == 468


def test_a_card_without_size_is_reported_not_fatal(tmp_path: Path, run) -> None:
    from tests.minipack import MANIFEST

    write_pack(tmp_path, manifest=MANIFEST.replace(", size: poker", ""))
    result = run("export", "mini", "--to", "png", "--format", "json")
    report = json.loads(result.stdout)
    # No sized type: nothing to draw, nothing wrong (DW105: loading's warning on the pack's unquoted 1:30).
    assert {d["code"] for d in report["diagnostics"]} == {"DW105"}
    result = run("export", "mini", "--to", "tts", "--format", "json")
    assert {d["code"] for d in json.loads(result.stdout)["diagnostics"]} == {"DW105", "DW810", "DW812"}
    assert result.exit_code == 0


def test_content_errors_fail_the_export_and_are_listed(pack: Path, run, tmp_path: Path) -> None:
    (pack / "cards" / "more.yaml").write_text("- id: broken\n  type: card\n  name: [unclosed\n")
    result = run("export", "mini", "--to", "json", "--format", "json")
    assert result.exit_code == 1
    found = json.loads(result.stdout)["diagnostics"]
    errors = [(d["code"], d["file"]) for d in found if d["severity"] == "error"]
    assert errors == [("DW101", "mini/cards/more.yaml")]  # reported as lint reports it (runs/acknowledge.py)
    assert [c["id"] for c in json.loads((tmp_path / "build/mini/json/mini.json").read_text())["cards"]] == [
        "sun-one", "moon-two"]


def test_pod_png_profile_writes_fronts_and_backs_at_825_by_1125_with_a_manifest(pack: Path, run,
                                                                                  tmp_path: Path) -> None:
    result = run("export", "mini", "--to", "png", "--profile", "pod-png", "-o", "pod")
    assert result.exit_code == 0, result.output
    folder = tmp_path / "pod"
    assert sorted(p.name for p in folder.iterdir()) == [
        "manifest.csv", "moon-two-back.png", "moon-two-front.png", "sun-one-back.png", "sun-one-front.png"]
    for name in ("sun-one-front.png", "sun-one-back.png", "moon-two-back.png"):
        with Image.open(folder / name) as image:
            assert image.size == (825, 1125) and round(image.info["dpi"][0]) == 300
    with Image.open(folder / "sun-one-front.png") as front, Image.open(folder / "sun-one-back.png") as back:
        assert front.tobytes() != back.tobytes()
    with open(folder / "manifest.csv", newline="") as handle:
        table = list(csv.DictReader(handle))
    assert [(r["id"], r["copies"], r["front"], r["back"], r["width_px"], r["height_px"]) for r in table] == [
        ("sun-one", "1", "sun-one-front.png", "sun-one-back.png", "825", "1125"),
        ("moon-two", "2", "moon-two-front.png", "moon-two-back.png", "825", "1125")]


def test_a_png_profile_needs_png(pack: Path, run) -> None:
    result = run("export", "mini", "--to", "csv", "--profile", "pod-png")
    assert result.exit_code == 2
