"""Each kind of rules finding, on a small pack, with exact locations and citations in the JSON report."""

from __future__ import annotations

from pathlib import Path

from tests.rules.packs import CARDS, check, codes, write_pack


def test_contradicting_facts_reported_at_second_clause_with_both_citations(workdir: Path) -> None:
    write_pack(workdir, {"01-play.yaml": """\
        section: play
        title: Play
        clauses:
          - id: draw-two
            summary: Draw two cards per turn.
            source: [{doc: book, line: 4}]
            facts: {turn.cards_drawn: 2}
          - id: draw-again
            summary: The draw is repeated later in the book with another number.
            source: [{doc: book, line: 5}]
            facts:
              turn.cards_drawn: 3
        """})
    status, report = check("tiny")
    assert status == 1
    (found,) = codes(report, "DW400")
    assert (found["file"], found["line"], found["column"]) == ("tiny/rules/01-play.yaml", 12, 25)
    assert found["pointer"] == "/clauses/1/facts/turn.cards_drawn"
    assert found["message"] == ("clause 'draw-again' states turn.cards_drawn = 3, but clause 'draw-two' "
                                "states turn.cards_drawn = 2")
    assert found["related"] == [{"file": "tiny/rules/01-play.yaml", "line": 7, "column": 31,
                                 "message": "clause 'draw-two' states turn.cards_drawn = 2"}]
    assert found["sources"] == [{"doc": "book", "line": 4}, {"doc": "book", "line": 5}]


def test_same_value_written_differently_is_no_contradiction(workdir: Path) -> None:
    write_pack(workdir, {"01-play.yaml": """\
        section: play
        title: Play
        clauses:
          - {id: a, summary: One., source: [{doc: book, line: 4}], facts: {turn.cards_drawn: 2}}
          - {id: b, summary: Two., source: [{doc: book, line: 4}], facts: {turn.cards_drawn: {value: 2.0, unit: cards}}}
        """})
    status, report = check("tiny")
    assert codes(report, "DW400") == [] and status == 0


def test_units_match_whatever_their_case(workdir: Path) -> None:
    """`Air` and `air` are one unit (issue #20); `air` and `water` are not."""
    write_pack(workdir, {"01-play.yaml": """\
        section: play
        title: Play
        clauses:
          - {id: a, summary: One., source: [{doc: book, line: 4}], facts: {turn.moves: {value: 2, unit: Air}}}
          - {id: b, summary: Two., source: [{doc: book, line: 4}], facts: {turn.moves: {value: 2, unit: "air "}}}
          - {id: c, summary: Three., source: [{doc: book, line: 4}], facts: {turn.swims: {value: 1, unit: air}}}
          - {id: d, summary: Four., source: [{doc: book, line: 4}], facts: {turn.swims: {value: 1, unit: water}}}
        """})
    _, report = check("tiny")
    assert [d["message"].split(",")[0] for d in codes(report, "DW400")] == ["clause 'd' states turn.swims = 1 water"]


def test_failing_claim_shows_values_and_cites_every_clause_it_used(workdir: Path) -> None:
    write_pack(workdir, {"01-deck.yaml": """\
        section: deck
        title: Deck
        clauses:
          - id: deck-wolves
            summary: Two wolves.
            source: [{doc: book, line: 2}]
            facts: {deck.wolves: 2}
          - id: deck-total
            summary: Three cards in all, of which one bear.
            source: [{doc: book, line: "2-3"}]
            facts: {deck.total: 3, deck.bears: 2}
            claims:
              - id: deck-adds-up
                expr: "deck.wolves + deck.bears == deck.total"
        """})
    status, report = check("tiny")
    assert status == 1
    (found,) = codes(report, "DW401")
    assert (found["line"], found["column"], found["pointer"]) == (14, 15, "/clauses/1/claims/0/expr")
    assert found["message"] == ("claim 'deck-adds-up' of clause 'deck-total' does not hold: "
                                "deck.wolves + deck.bears (4) == deck.total (3) is false")
    assert found["sources"] == [{"doc": "book", "line": "2-3"}, {"doc": "book", "line": 2}]
    assert [r["line"] for r in found["related"]] == [7, 11, 11]


def test_claims_over_content_and_fact_content_expressions(workdir: Path) -> None:
    write_pack(workdir, {"01-deck.yaml": """\
        section: deck
        title: Deck
        clauses:
          - id: deck-size
            summary: The deck has four cards.
            source: [{doc: book, line: 2}]
            facts:
              deck.total: {value: 4, type: integer, content: "count(deck('main'))"}
            claims:
              - id: strong-enough
                expr: "all(c.strength >= 4 for c in entities('card'))"
              - id: names
                expr: "values(entities('card'), 'name') == ['Bear', 'Wolf'] and printed('main') == 3"
        """})
    status, report = check("tiny")
    (mismatch,) = codes(report, "DW406")
    assert (mismatch["line"], mismatch["column"]) == (8, 54)
    assert mismatch["message"] == ("clause 'deck-size' states deck.total = 4, but the content gives 3 "
                                   "(count(deck('main')))")
    (failed,) = codes(report, "DW401")
    assert failed["message"].endswith("for c = wolf: c.strength (3) >= 4 is false")
    assert status == 1


def test_undefined_term_and_unknown_section_with_hints(workdir: Path) -> None:
    write_pack(workdir, {"01-play.yaml": """\
        section: play
        title: Play
        clauses:
          - id: poison
            summary: Poison hurts every turn.
            source: [{doc: book, line: 3}]
            terms: [Poisond, card, wolf]
            see: [ending]
        """, "02-end.yaml": """\
        section: end
        title: End
        clauses:
          - {id: end, summary: The game stops with the deck., source: [{doc: book, line: 5}]}
        """})
    _, report = check("tiny")
    (term,) = codes(report, "DW408")
    assert (term["line"], term["column"], term["hint"]) == (7, 13, "did you mean 'Poisoned'?")
    assert term["sources"] == [{"doc": "book", "line": 3}]
    (section,) = codes(report, "DW409")
    assert (section["line"], section["column"], section["hint"]) == (8, 11, "did you mean 'end'?")


def test_duplicate_clause_ids(workdir: Path) -> None:
    write_pack(workdir, {"01-play.yaml": """\
        section: play
        title: Play
        clauses:
          - {id: same, summary: One., source: [{doc: book, line: 4}]}
          - {id: same, summary: Two., source: [{doc: book, line: 5}]}
        """})
    _, report = check("tiny")
    (found,) = codes(report, "DW410")
    assert (found["line"], found["related"][0]["line"]) == (5, 4)


def test_assumed_rules_are_info_and_do_not_fail(workdir: Path) -> None:
    write_pack(workdir, {"01-play.yaml": """\
        section: play
        title: Play
        clauses:
          - id: reshuffle
            summary: An empty deck is reshuffled from the discards.
            source: [{doc: book, line: 5}]
            assumed: {reason: The book does not say.}
            facts:
              deck.reshuffle: {value: true, assumed: {reason: Nor this.}}
        """})
    status, report = check("tiny")
    found = codes(report, "DW411")
    assert [(d["severity"], d["line"]) for d in found] == [("info", 7), ("info", 9)]
    assert found[0]["message"] == "clause 'reshuffle' (play) is the pack's, not the book's: The book does not say."
    assert status == 0


def test_fact_of_the_wrong_type(workdir: Path) -> None:
    write_pack(workdir, {"01-play.yaml": """\
        section: play
        title: Play
        clauses:
          - id: colour
            summary: The first player is chosen by colour.
            source: [{doc: book, line: 4}]
            facts:
              turn.first: {value: purple, type: enum, of: [red, blue]}
              turn.count: {value: many, type: integer}
        """})
    _, report = check("tiny")
    assert [d["message"] for d in codes(report, "DW407")] == [
        """fact turn.first of clause 'colour' is "purple", which is not one of ["red", "blue"]""",
        """fact turn.count of clause 'colour' is "many" (word), not of its type 'integer'""",
    ]


def test_one_miscount_is_one_finding_with_related_locations(workdir: Path) -> None:
    """A card with one copy too many breaks the deck count, the component count, a fact's content and a
    claim counting the same cards: one finding, the other three as its related locations (issue #20)."""
    write_pack(workdir, {"01-deck.yaml": """\
        section: deck
        title: Deck
        clauses:
          - id: deck-total
            summary: Three cards in all.
            source: [{doc: book, line: 2}]
            facts: {deck.total: {value: 3, content: "count(entities('card'))"}}
            claims:
              - {id: deck-adds-up, expr: "count(deck('main')) == deck.total"}
              - {id: two-wolves, expr: "count(entities('card', where={'name': 'Wolf'})) == 2"}
        """}, manifest_extra="""\
        components:
          - {id: cards, name: Cards, count: 3, select: {type: card}, source: [{doc: book, line: 2}]}
        """, cards=CARDS.replace("strength: 5,", "strength: 5, copies: 2,"))
    _, report = check("tiny")
    counts = [d for d in report["diagnostics"] if d["code"] in ("DW322", "DW323", "DW401", "DW406")]
    assert len(counts) == 1, counts
    (merged,) = counts
    assert merged["code"] == "DW322" and "one miscount, also found at 3 other places" in merged["message"]
    shown = " | ".join(r["message"] for r in merged["related"])
    for part in ("component 'cards' has 4", "but the content gives 4", "claim 'deck-adds-up'"):
        assert part in shown, shown
