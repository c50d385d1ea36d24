"""Coverage of a cited book, not_rules ranges, numbers on cited lines, and `deckwright coverage`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deckwright.rules.numbers import numbers_on
from tests.conftest import run
from tests.rules.packs import check, codes, write_book, write_pack

BOOK = """\
Tiny

Tiny is a card game for two to four players.
The deck holds three cards: two wolves and one bear.

Playing

Each turn a player draws 2 cards from the deck (see page 4).
The game ends when the deck is empty.
Illustrations by somebody, 2024.
"""

RULES = {"01-play.yaml": """\
    section: play
    title: Play
    clauses:
      - {id: players, summary: Two to four people play., source: [{doc: book, line: 3}],
         facts: {players.min: 2, players.max: 4}}
      - {id: deck, summary: Three cards in the deck., source: [{doc: book, line: 4}], facts: {deck.size: 3}}
      - {id: draw, summary: A turn draws a pair of cards., source: [{doc: book, line: 8}], facts: {turn.draw: 3}}
    """}


def _pack(workdir: Path, extra: str = "", book: str = BOOK) -> Path:
    write_pack(workdir, RULES, manifest_extra=extra)
    manifest = workdir / "tiny" / "pack.yaml"
    manifest.write_text(manifest.read_text().replace("The book, lines: 6", f"The book, lines: {book.count(chr(10))}"))
    return write_book(workdir, book)


def test_uncovered_lines_are_reported_at_the_book_line_by_section(workdir: Path) -> None:
    seeds = _pack(workdir)
    _, report = check("tiny", "--sources", str(seeds))
    uncovered = codes(report, "DW420")
    assert [(d["line"], d["severity"]) for d in uncovered] == [(1, "info"), (6, "info"), (9, "info")]
    assert "section 'Playing'" in uncovered[2]["message"] and "lines 9-10" in uncovered[2]["message"]
    assert uncovered[0]["file"].endswith("book.txt")
    (share,) = codes(report, "DW429")
    assert "3 of 7 rule lines" in share["message"]


def test_not_rules_ranges_leave_the_share_and_a_setting_makes_gaps_warnings(workdir: Path) -> None:
    extra = """\
    coverage: {uncovered: warning, min: 0.9}
    not_rules:
      - {doc: book, lines: 1, reason: title}
      - {doc: book, lines: 6, reason: heading}
      - {doc: book, lines: "10-10", reason: credits}
    """
    seeds = _pack(workdir, extra)
    status, report = check("tiny", "--sources", str(seeds))
    (gap,) = codes(report, "DW420")
    assert (gap["line"], gap["severity"]) == (9, "warning")
    (share,) = codes(report, "DW429")
    assert "3 of 4 rule lines" in share["message"] and "asks for 90%" in share["message"] and share["severity"] == "error" and status == 1


def test_a_bad_not_rules_entry_and_a_cited_not_rules_line_are_reported(workdir: Path) -> None:
    extra = """\
    not_rules:
      - {doc: other, lines: 1, reason: title}
      - {doc: book, lines: "5-2", reason: backwards}
      - {doc: book, lines: "3-4", reason: flavour}
    """
    seeds = _pack(workdir, extra)
    _, report = check("tiny", "--sources", str(seeds))
    assert len(codes(report, "DW421")) == 2
    (cited,) = codes(report, "DW422")
    assert "clause 'players' cites line 3" in cited["message"]


def test_numbers_not_held_by_a_citing_clause_are_reported(workdir: Path) -> None:
    seeds = _pack(workdir)
    _, report = check("tiny", "--sources", str(seeds))
    found = [(d["line"], d["message"].split("the number ")[1].split(",")[0]) for d in codes(report, "DW423")]
    # line 4: "two" wolves and "one" bear are not facts; line 8: 2 is not the clause's 3; page 4 is a reference
    assert found == [(4, "two"), (4, "one"), (8, "2")]


def test_a_negative_fact_holds_the_number_the_book_writes_with_a_minus_or_as_a_loss(workdir: Path) -> None:
    book = "Tiny\n\nReputation never drops below -3.\nA curse costs 2 less health.\nA blessing gives 2 more.\n"
    rules = {"01-play.yaml": """\
    section: play
    title: Play
    clauses:
      - {id: floor, summary: The reputation floor., source: [{doc: book, line: 3}], facts: {reputation.min: -3}}
      - {id: curse, summary: A curse takes health., source: [{doc: book, line: 4}], facts: {curse.health: -2}}
      - {id: blessing, summary: A blessing., source: [{doc: book, line: 5}], facts: {blessing.health: 3}}
    """}
    write_pack(workdir, rules)
    manifest = workdir / "tiny" / "pack.yaml"
    manifest.write_text(manifest.read_text().replace("The book, lines: 6", f"The book, lines: {book.count(chr(10))}"))
    seeds = write_book(workdir, book)
    _, report = check("tiny", "--sources", str(seeds))
    assert [(d["line"], d["message"].split("the number ")[1].split(",")[0]) for d in codes(report, "DW423")] == [(5, "2")]


@pytest.mark.parametrize(("line", "found"), [
    ("It is the more fun one and works well.", []),
    ("That card is discarded and a new one is drawn.", []),
    ("Draw the one with the skull; a blank one.", []),
    ("Place one Plague Token on a card.", ["one"]),
    ("Take one card, then a second one card.", ["one", "one"]),
    ("You keep the dice once acquired; they refill once the bidding is over.", []),
    ("Reroll once per round, and once a game.", ["once", "once"]),
])
def test_one_standing_for_a_noun_after_an_article_is_no_number(line: str, found: list[str]) -> None:
    assert [n.text for n in numbers_on(line)] == found


def test_coverage_command_text_json_and_html(workdir: Path) -> None:
    seeds = _pack(workdir, """\
    not_rules:
      - {doc: book, lines: 10, reason: credits}
    """)
    text = run("coverage", "tiny", "--sources", str(seeds))
    assert "3 of 6 rule lines cited (50.0%); 1 line(s) marked not rules" in text.output
    assert "uncovered 9: The game ends when the deck is empty." in text.output
    assert "not rules 10: credits" in text.output
    data = json.loads(run("coverage", "tiny", "--sources", str(seeds), "--format", "json").output)
    (doc,) = data["packs"][0]["documents"]
    assert (doc["covered"], doc["rule_lines"]) == (3, 6)
    assert [s["title"] for s in doc["sections"]] == ["Tiny", "Playing"]
    out = workdir / "cov.html"
    run("coverage", "tiny", "--sources", str(seeds), "--format", "html", "-o", str(out))
    page = out.read_text()
    assert "The game ends when the deck is empty." in page and "credits" in page


def test_without_sources_nothing_is_said_about_the_book(workdir: Path) -> None:
    _pack(workdir)
    _, report = check("tiny")
    assert not [d for d in report["diagnostics"] if d["code"] in {"DW420", "DW423", "DW429"}]


def test_a_not_rules_entry_with_numbers_marks_only_those_numbers_and_a_stale_mark_is_reported(workdir: Path) -> None:
    seeds = _pack(workdir, """\
    not_rules:
      - {doc: book, lines: 4, numbers: [two], reason: the wolves are counted on the cards}
      - {doc: book, lines: "8-9", numbers: [2, 7], reason: an example draw}
    """)
    _, report = check("tiny", "--sources", str(seeds))
    found = [(d["line"], d["message"].split("the number ")[1].split(",")[0]) for d in codes(report, "DW423")]
    assert found == [(4, "one")]  # "two" and the 2 are marked; "one" on the same line is not
    (stale,) = codes(report, "DW421")
    assert "the number 7 on book:8-9" in stale["message"] and stale["file"].endswith("pack.yaml")
    assert not [d for d in codes(report, "DW420") if d["line"] in {4, 8}]  # the lines are still rule lines, cited


def test_a_number_mark_that_is_not_a_number_list_is_refused(workdir: Path) -> None:
    seeds = _pack(workdir, """\
    not_rules:
      - {doc: book, lines: 4, numbers: [], reason: nothing}
    """)
    _, report = check("tiny", "--sources", str(seeds))
    (refused,) = codes(report, "DW421")
    assert "has numbers []" in refused["message"]
    assert [d["line"] for d in codes(report, "DW423")] == [4, 4, 8]  # an empty list marks nothing, not the whole line


def test_a_book_the_pack_ships_is_shown_by_the_path_the_user_gave(workdir: Path) -> None:
    _pack(workdir)
    (workdir / "tiny" / "book.txt").write_text(BOOK)  # the pack's own copy, read without --sources
    _, report = check(str(workdir / "tiny"))
    assert {d["file"] for d in codes(report, "DW420")} == {str(workdir / "tiny" / "book.txt")}
    _, report = check("tiny")
    assert {d["file"] for d in codes(report, "DW420")} == {"tiny/book.txt"}  # not the absolute path
