"""The HTML sheets: structure, links to the YAML lines, assumed marks, escaping, determinism."""

from __future__ import annotations

import re
from pathlib import Path

from tests.sheets.conftest import HOSTILE, Outline, run_sheets

SHEET_TITLES = {"rules": "Rules summary", "findings": "Findings", "components": "Component list",
                "checklist": "Card checklist", "glossary": "Glossary", "player-aid": "Player aid",
                "scenarios": "Scenario sheets"}


def page(out: Path, name: str) -> tuple[str, Outline]:
    html = (out / f"{name}.html").read_text(encoding="utf-8")
    return html, Outline(html)


def test_every_sheet_has_its_title_as_the_one_h1(built: Path) -> None:
    for name, title in SHEET_TITLES.items():
        _, outline = page(built, name)
        assert [h for h in outline.headings if h[0] == "h1"] == [("h1", title)]


def test_content_cannot_inject_markup(built: Path) -> None:
    for name in [*SHEET_TITLES, "index"]:
        html, outline = page(built, name)
        assert "<script" not in html and "<b>bold" not in html and "<i>brute" not in html
        assert "url(evil)" not in html
    html, outline = page(built, "rules")
    assert "&lt;script&gt;" in html
    assert any(HOSTILE in h for _, h in outline.headings)  # shown as text, exactly as written


def test_rules_summary_lists_clauses_facts_citations_and_marks_assumptions(built: Path) -> None:
    html, outline = page(built, "rules")
    text = "".join(outline.text)
    assert "turn.direction" in text and "game.rounds" in text and "6 rounds" in " ".join(text.split())
    assert "book 4" in text and "book 5-6" in text
    assert html.count('class="badge-assumed"') >= 2  # the lead's legend and the hand.size fact
    assert "Not printed &lt;script&gt;" in html
    assert 'title="Turns go clockwise."' in html  # the cited line, quoted from --sources


def test_links_point_at_yaml_lines_relative_to_the_output(built: Path) -> None:
    for name in ("rules", "checklist", "findings", "glossary", "components", "scenarios"):
        _, outline = page(built, name)
        yaml_links = [h for h in outline.hrefs if ".yaml#L" in h]
        assert yaml_links, name
        for href in yaml_links:
            target, _, line = href.partition("#L")
            assert (built / target).resolve().is_file() and int(line) >= 1
    _, outline = page(built, "rules")
    assert "../tiny/rules/01-playing.yaml#L5" in outline.hrefs  # clause turn-order
    _, outline = page(built, "checklist")
    assert "../tiny/cards/monsters.yaml#L1" in outline.hrefs  # the troll


def test_components_compare_printed_and_content_counts(built: Path) -> None:
    html, outline = page(built, "components")
    assert '<tr class="disagree">' in html  # 5 printed, 3 in the content
    rows = " ".join("".join(outline.text).split())
    assert "Monster cards 5 3 NO" in rows and "Rulebook 1 - -" in rows


def test_checklist_groups_cards_by_deck_with_copies_and_stats(built: Path) -> None:
    html, outline = page(built, "checklist")
    assert ("h2", "Monster deck 3 cards, 4 printed") in [(t, " ".join(h.split())) for t, h in outline.headings]
    assert html.count('class="checkbox"') == 2
    assert "<th>Strength</th>" in html and "&lt;i&gt;brute&lt;/i&gt;" in html


def test_glossary_draws_icons_in_safe_colours(built: Path) -> None:
    html, _ = page(built, "glossary")
    assert re.search(r'style="background-color: gold"[^>]*>●</span>', html)
    assert re.search(r'style="background-color: #555555"[^>]*>☠</span>', html)


def test_findings_show_the_report_with_related_places(built: Path) -> None:
    _, outline = page(built, "findings")
    text = " ".join("".join(outline.text).split())
    # one miscount, one finding: the component's count is a related place of the deck's
    assert "DW322" in text and "cites book 2" in text and "1 error, 1 warning open" in text
    assert "component 'monster-cards' has 3 in the content; the printed count is 5" in text


def test_scenarios_show_setup_and_conditions_per_difficulty(built: Path) -> None:
    html, outline = page(built, "scenarios")
    assert [h for t, h in outline.headings if t == "h3"] == ["Overview", "Set-up", "Winning", "Losing"]
    packed = re.sub(r">\s+<", "><", html)
    assert "<th>easy</th><th>hard</th>" in packed and "<td>3</td><td>5</td>" in packed
    assert 'class="icon inline"' in html  # :coin: in a win condition is drawn


def test_same_content_gives_byte_identical_files(tiny: Path, tmp_path: Path) -> None:
    outputs = []
    for n in (1, 2):
        out = tmp_path / f"run{n}"
        status, _ = run_sheets(str(tiny), "-o", str(out))
        assert status == 0
        outputs.append({p.name: p.read_bytes() for p in sorted(out.iterdir())})
    assert outputs[0] == outputs[1] and len(outputs[0]) == 17
