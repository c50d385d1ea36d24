"""What the sheets hold: no empty sheet written, names instead of ids, no link that breaks once a PDF travels."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from tests.sheets.conftest import Outline, run_sheets, write_pack
from tests.sheets.test_pdf import pdf_text


def test_pdf_sheets_link_nowhere_relative(built: Path) -> None:
    uris = [str(annot.get_object()["/A"].get("/URI", "")) for pdf in built.glob("*.pdf")
            for page in PdfReader(pdf).pages for annot in page.get("/Annots") or []
            if "/A" in annot.get_object()]
    assert all(uri.startswith(("http://", "https://")) for uri in uris), uris
    text = pdf_text(built / "checklist.pdf")
    assert "monsters.yaml:1" in text  # the place is still printed, as text


def test_a_sheet_with_nothing_to_print_is_not_written_and_the_run_says_so(tmp_path: Path) -> None:
    pack = write_pack(tmp_path)
    (pack / "cards" / "scenarios.yaml").unlink()
    out = tmp_path / "out"
    status, output = run_sheets(str(pack), "-o", str(out))
    assert status == 0
    assert not (out / "scenarios.pdf").exists() and not (out / "scenarios.html").exists()
    assert "DW614" in output and "no scenario sheets written for 'tiny': the pack has no scenarios" in output
    assert "scenarios.html" not in Outline((out / "index.html").read_text(encoding="utf-8")).hrefs
    assert (out / "glossary.pdf").exists()


def test_checklist_shows_a_referenced_entity_by_its_name(tmp_path: Path) -> None:
    pack = write_pack(tmp_path)
    manifest = pack / "pack.yaml"
    manifest.write_text(manifest.read_text().replace(
        "monster: {schema: monster.schema.json, title: Monster card, size: poker}",
        "monster: {schema: monster.schema.json, title: Monster card, size: poker, refs: {lair: scenario}}"))
    schema = pack / "schemas" / "monster.schema.json"
    schema.write_text(schema.read_text().replace('"kind": {"type": "string"}',
                                                 '"kind": {"type": "string"}, "lair": {"type": "string"}'))
    cards = pack / "cards" / "monsters.yaml"
    cards.write_text(cards.read_text().replace("  strength: 3\n", "  strength: 3\n  lair: night-raid\n"))
    out = tmp_path / "out"
    status, output = run_sheets(str(pack), "-o", str(out))
    assert status == 0, output
    html = (out / "checklist.html").read_text(encoding="utf-8")
    assert "Night Raid" in html and ">night-raid<" not in html
    assert "Night Raid" in pdf_text(out / "checklist.pdf")


def test_html_and_pdf_lay_a_table_out_with_the_same_columns_and_headings_never_overlap(built: Path) -> None:
    import re

    import pdfplumber

    from deckwright.sheets.pdf.document import MARGIN

    html = (built / "checklist.html").read_text(encoding="utf-8")
    first = html[html.index("<table"):html.index("</table>")]
    shares = [float(p) / 100 for p in re.findall(r'<col style="width: ([0-9.]+)%">', first)]
    labels = [re.sub(r"<[^>]+>", "", h).strip() for h in re.findall(r"<th[^>]*>(.*?)</th>", first, re.S)]
    assert abs(sum(shares) - 1) < 0.01 and len(shares) == len(labels)
    with pdfplumber.open(built / "checklist.pdf") as pdf:
        page = pdf.pages[0]
        width = float(page.width) - 2 * MARGIN
        words = page.extract_words()
        for index, label in enumerate(labels):
            if not label:
                continue
            start = MARGIN + sum(shares[:index]) * width
            end = start + shares[index] * width
            word = next(w for w in words if w["text"] == label.split()[0] and start - 1 <= w["x0"] < end)
            assert word["x1"] <= end + 0.5, (label, word, end)  # the heading stays inside its own column


def test_scenario_sheet_shows_declared_references_by_name(tmp_path: Path) -> None:
    pack = write_pack(tmp_path)
    manifest = pack / "pack.yaml"
    text = manifest.read_text()
    written = "scenario: {schema: scenario.schema.json, title: Scenario, scenario: true}"
    assert written in text
    manifest.write_text(text.replace(written, written[:-1] + ", refs: {setup.boss: monster}}"))
    scenarios = pack / "cards" / "scenarios.yaml"
    scenarios.write_text(scenarios.read_text().replace("setup: {monsters: 3,", "setup: {monsters: 3, boss: goblin,"))
    out = tmp_path / "out"
    status, output = run_sheets(str(pack), "-o", str(out))
    assert status == 0, output
    assert "Goblin" in pdf_text(out / "scenarios.pdf") and "goblin" not in pdf_text(out / "scenarios.pdf")
