"""Card text prints what it says: keyword values kept, words hyphenated, too-small and mostly-empty text reported."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from deckwright.model.markup import keyword_text
from deckwright.model.pack import DEFAULT_KEYWORD_MARKUP
from deckwright.render.fit import SOFT_HYPHEN, TextStyle, fit, hyphenated
from deckwright.render.fonts import family
from tests.conftest import run
from tests.render.conftest import LAYOUTS, proof_pack, text_of

PROOF = Path("build/test-game/proof.pdf")


@pytest.mark.parametrize(("pattern", "written", "shown"), [
    (DEFAULT_KEYWORD_MARKUP, "[Poison 1]", "Poison 1"),
    (DEFAULT_KEYWORD_MARKUP, "[Poison X]", "Poison X"),
    (DEFAULT_KEYWORD_MARKUP, "[Poison 12]", "Poison 12"),
    (DEFAULT_KEYWORD_MARKUP, "[Leap]", "Leap"),
    (DEFAULT_KEYWORD_MARKUP, "[Hit & Run 2]", "Hit & Run 2"),
    (DEFAULT_KEYWORD_MARKUP, "[Ranger's Mark]", "Ranger's Mark"),
    (DEFAULT_KEYWORD_MARKUP, "[leap over]", "leap over"),
    (r"\{([A-Za-z]+)(?: [0-9]+)?\}", "{Poison 3}", "Poison 3"),
    (r"<<([A-Za-z]+)(?: [+-][0-9]+)?>>", "<<Attack +2>>", "Attack +2"),
    (r"\[(?:[0-9]+ )?([A-Za-z]+)\]", "[2 Poison]", "2 Poison"),
    (r"\b([A-Z][a-z]+)!", "Leap!", "Leap"),
])
def test_keyword_text_keeps_the_value_and_drops_the_delimiters(pattern: str, written: str, shown: str) -> None:
    match = re.search(pattern, f"before {written} after")
    assert match is not None and keyword_text(match) == shown


KEYWORD_CARDS = ("- id: marked\n  type: monster\n  name: Marked\n  level: 1\n  strength: 1\n"
                 "  text: \"Bite: [Poison 1]. Sting: [Poison X]. Then [Ranger's Mark 2] and [Hit & Run].\"\n")


def test_keyword_values_print_on_the_card(workdir: Path) -> None:
    proof_pack(workdir, cards=KEYWORD_CARDS)
    assert run("proof", "pack", "--id", "marked", "--backs", "none").exit_code == 0
    text = " ".join(text_of(PROOF, 0).split())
    for shown in ("Poison 1", "Poison X", "Ranger's Mark 2", "Hit & Run"):
        assert shown in text
    assert "[" not in text and "]" not in text


def test_a_pack_keyword_markup_prints_its_values(workdir: Path) -> None:
    folder = proof_pack(workdir, cards="- {id: braced, type: monster, name: Braced, level: 1, strength: 1, "
                                       "text: \"Bite: {Poison 2}.\"}\n")
    manifest = folder / "pack.yaml"
    manifest.write_text(manifest.read_text() + 'markup: {keyword: "\\\\{([A-Za-z]+)(?: [0-9]+)?\\\\}"}\n')
    assert run("proof", "pack", "--id", "braced", "--backs", "none").exit_code == 0
    assert "Bite: Poison 2." in " ".join(text_of(PROOF, 0).split())


def _lines(markup: str, width: float, size: float = 9.0) -> list[str]:
    style = TextStyle(family("sans").face(), size, size, 1.2, "#000000", "left")
    paragraph = style.paragraph(markup, size)
    paragraph.wrap(width, 1000)
    return ["".join(_words(line)).replace(SOFT_HYPHEN, "") for line in paragraph.blPara.lines]


def _words(line: Any) -> list[str]:
    if isinstance(line, tuple):
        return [" ".join(line[1])]
    return [frag.text for frag in line.words]


def test_long_words_break_with_a_hyphen_where_the_dictionary_allows() -> None:
    words = "The incomprehensibility of encyclopaedic characterisation"
    lines = _lines(words, 60)
    # A line ends with a hyphen (the word goes on) or at the end of a word: rejoined, the words are intact.
    joined = "".join(line.removesuffix("-") if line.endswith("-") else line + " " for line in lines)
    assert joined.split() == words.split()
    assert sum(line.endswith("-") for line in lines) >= 2


def test_a_word_wider_than_its_box_shrinks_the_text_instead_of_splitting() -> None:
    style = TextStyle(family("sans").face(), 12, 6, 1.2, "#000000", "left")
    fitted = fit("Xxxxxxxxxxxxxxxxxxxxx", style, 80, 200)  # no dictionary break: it must get smaller
    assert fitted.fits and fitted.size < 12
    assert not fit("Xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", style, 80, 200).fits


def test_hyphenation_leaves_tags_and_entities_alone() -> None:
    out = hyphenated('<font name="DW-sans-bold">characterisation</font> &amp;&#39;', "en_US")
    assert out.startswith('<font name="DW-sans-bold">char') and out.endswith("</font> &amp;&#39;")
    assert SOFT_HYPHEN in out and hyphenated("characterisation", "xx_XX") == "characterisation"


@pytest.mark.parametrize("markup", ["Discard: <b>Teleport X</b>.", "Discard: become <b>Invisible</b>.",
                                    "a discarded <i>token</i>", "Characterisation, <b>then</b> more",
                                    "<b>Invisible</b> now", "Discard, &amp; <b>x</b>"])
def test_hyphenation_keeps_every_space_before_a_tag(markup: str) -> None:
    style = TextStyle(family("sans").face(), 10, 6, 1.2, "#000000", "left")
    paragraph = style.paragraph(markup, 10)
    paragraph.wrap(400, 100)
    printed = "".join(f.text for line in paragraph.blPara.lines for f in line.words).replace(SOFT_HYPHEN, "")
    assert printed == re.sub("<[^>]+>", "", markup).replace("&amp;", "&")


def _codes(result: Any, code: str) -> list[dict[str, Any]]:
    return [d for d in result.json()["diagnostics"] if d["code"] == code]


def test_an_element_set_under_the_minimum_is_reported_once_at_the_layout(workdir: Path) -> None:
    proof_pack(workdir, layouts=LAYOUTS.replace('text: "BACK {{ id }}", size: 8', 'text: "BACK {{ id }}", size: 4.5'))
    result = run("lint", "pack", "--format", "json")
    found = _codes(result, "DW609")
    assert len(found) == 1 and found[0]["file"] == "pack/layouts/cards.yaml" and "4.5 pt" in found[0]["message"]
    assert found[0]["severity"] == "warning"


def test_text_shrunk_under_the_minimum_is_reported_at_the_card(workdir: Path) -> None:
    long_text = " ".join(["word"] * 200)
    layouts = LAYOUTS.replace('size: 10, min_size: 6}', 'size: 10, min_size: 4}')
    proof_pack(workdir, layouts=layouts, cards=f"- {{id: wordy, type: monster, name: W, level: 1, strength: 1, "
                                                f"text: {long_text}}}\n")
    found = _codes(run("lint", "pack", "--format", "json"), "DW609")
    assert [(d["file"], d["pointer"]) for d in found] == [("pack/cards/extra.yaml", "/0/text")]
    assert "shrinks to" in found[0]["message"]


def test_the_minimum_size_is_a_setting_of_the_layouts_file(workdir: Path) -> None:
    layouts = "settings: {min_text_size: 4}\n" + LAYOUTS.replace('size: 8, color: white', 'size: 4.5, color: white')
    proof_pack(workdir, layouts=layouts)
    assert not _codes(run("lint", "pack", "--format", "json"), "DW609")


EMPTY = """\
layouts:
  - id: monster
    front:
      - {kind: text, x: 4, y: 4, w: 55, h: 80, text: "{{ name }}", size: 9}
  - id: item
    front:
      - {kind: text, x: 4, y: 4, w: 36, h: 10, text: "{{ name }}", size: 9}
"""


def test_a_mostly_text_face_left_mostly_empty_is_reported(workdir: Path) -> None:
    proof_pack(workdir, layouts=EMPTY)
    found = _codes(run("lint", "pack", "--format", "json"), "DW610")
    assert sorted(d["message"].split("'")[1] for d in found) == ["cave-troll", "goblin"]
    assert all(d["severity"] == "warning" and "empty" in d["message"] for d in found)


def test_the_empty_share_allowed_is_a_setting(workdir: Path) -> None:
    proof_pack(workdir, layouts="settings: {max_empty_share: 0.95}\n" + EMPTY)
    assert not _codes(run("lint", "pack", "--format", "json"), "DW610")


def test_a_full_face_is_not_reported(workdir: Path) -> None:
    words = " ".join(["word"] * 160)
    proof_pack(workdir, layouts=EMPTY.replace('"{{ name }}", size: 9}', '"{{ text }}", size: 9, min_size: 6}', 1),
               cards=f"- {{id: full, type: monster, name: F, level: 1, strength: 1, text: {words}}}\n")
    found = _codes(run("lint", "pack", "--format", "json"), "DW610")
    assert "full" not in {d["message"].split("'")[1] for d in found}


def test_new_codes_are_explained() -> None:
    for code in ("DW609", "DW610"):
        result = run("explain", code)
        assert result.exit_code == 0 and "settings" in result.output


def test_sheets_show_keyword_values(workdir: Path) -> None:
    from deckwright.model import load_pack
    from deckwright.sheets.rich import rich

    folder = proof_pack(workdir)
    pack = load_pack(folder, "pack").pack
    assert pack is not None
    segments = rich(pack, "Bite: [Poison 1] and :coin: then :nothing:.")
    assert [(s.kind, s.text) for s in segments] == [
        ("text", "Bite: "), ("keyword", "Poison 1"), ("text", " and "), ("icon", "coin"), ("text", " then :nothing:.")]


def test_layout_settings_are_validated(workdir: Path) -> None:
    proof_pack(workdir, layouts="settings: {min_text_size: -1, colour: red}\n" + LAYOUTS)
    result = run("lint", "pack", "--format", "json")
    assert result.exit_code == 1
    assert any(d["file"] == "pack/layouts/cards.yaml" for d in result.json()["diagnostics"])


def test_the_space_before_a_tag_or_entity_survives_hyphenation() -> None:
    for markup in ("Antidote &amp; Poison", "Antidote <b>and</b> Poison", "x Antidote &lt; y"):
        style = TextStyle(family("sans").face(), 9, 9, 1.2, "#000000", "left")
        paragraph = style.paragraph(markup, 9)
        paragraph.wrap(300, 100)
        printed = "".join(_words(paragraph.blPara.lines[0])).replace(SOFT_HYPHEN, "")
        expected = markup.replace("&amp;", "&").replace("&lt;", "<").replace("<b>", "").replace("</b>", "")
        assert printed == expected
