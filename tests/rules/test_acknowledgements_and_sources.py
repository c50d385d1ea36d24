"""Acknowledged findings are accepted with their reason, stale acknowledgements are reported, and
--sources checks citations and copied text against the documents."""

from __future__ import annotations

from pathlib import Path

from tests.rules.packs import check, codes, write_book, write_pack

CONTRADICTION = {"01-play.yaml": """\
    section: play
    title: Play
    clauses:
      - {id: draw-two, summary: Two cards a turn., source: [{doc: book, line: 4}], facts: {turn.cards_drawn: 2}}
      - {id: draw-three, summary: Three cards a turn., source: [{doc: book, line: 4}], facts: {turn.cards_drawn: 3}}
    """}


def test_acknowledged_finding_is_accepted_and_does_not_fail(workdir: Path) -> None:
    write_pack(workdir, CONTRADICTION, manifest_extra="""\
        acknowledged:
          - {code: DW400, match: turn.cards_drawn, reason: The book misprints 3; we play 2.}
        """)
    status, report = check("tiny")
    (found,) = codes(report, "DW400")
    assert (found["accepted"], found["reason"]) == (True, "The book misprints 3; we play 2.")
    assert report["summary"]["accepted"] == 1 and report["summary"]["errors"] == 0
    assert status == 0


def test_stale_acknowledgement_is_reported_by_check(workdir: Path) -> None:
    write_pack(workdir, CONTRADICTION, manifest_extra="""\
        acknowledged:
          - {code: DW400, match: turn.cards_drawn, reason: Known.}
          - {code: DW401, match: claim 'gone', reason: Fixed long ago.}
        """)
    status, report = check("tiny", "--strict")
    (stale,) = codes(report, "DW330")
    assert (stale["file"], stale["line"], stale["column"]) == ("tiny/pack.yaml", 19, 26)
    assert stale["message"] == "acknowledgement of DW401 'claim 'gone'' matches no finding"
    assert status == 1


def test_summary_copying_the_book_and_citations_past_the_end(workdir: Path) -> None:
    write_pack(workdir, {"01-play.yaml": """\
        section: play
        title: Play
        clauses:
          - id: poison
            summary: A poisoned player loses one life at the start of every turn.
            source: [{doc: book, line: 3}]
          - id: beyond
            summary: Something the book never says.
            source: [{doc: book, line: 9}, {doc: book, line: "5-4"}]
        """}, cards="- {id: bear, type: card, name: Bear, source: [{doc: book, line: 40}]}\n")
    seeds = write_book(workdir)
    _, report = check("tiny", "--sources", str(seeds))
    (copied,) = codes(report, "DW412")
    assert (copied["file"], copied["line"], copied["column"]) == ("tiny/rules/01-play.yaml", 5, 14)
    assert copied["message"] == ("the summary of clause 'poison' repeats 11 words of the lines it cites: "
                                 "\"a poisoned player loses one life at the start of every\"")
    past = codes(report, "DW413")
    assert [(d["file"], d["line"], d["column"], d["message"]) for d in past] == [
        ("tiny/cards/cards.yaml", 1, 65, "entity 'bear' cites book:40, but the document has 6 lines"),
        ("tiny/rules/01-play.yaml", 9, 32, "clause 'beyond' cites book:9, but the document has 6 lines"),
        ("tiny/rules/01-play.yaml", 9, 54, "clause 'beyond' cites book:5-4, a range that runs backwards"),
    ]


def test_citations_past_the_end_use_the_manifest_line_count_without_sources(workdir: Path) -> None:
    write_pack(workdir, {}, cards="- {id: bear, type: card, name: Bear, source: [{doc: book, line: 7}]}\n")
    _, report = check("tiny")
    assert [d["message"] for d in codes(report, "DW413")] == ["entity 'bear' cites book:7, but the document has 6 lines"]


def test_wrong_line_count_and_missing_document(workdir: Path) -> None:
    write_pack(workdir, {}, manifest_extra="""\
        acknowledged: []
        """)
    seeds = write_book(workdir, "only\nthree\nlines\n")
    _, report = check("tiny", "--sources", str(seeds))
    (lines,) = codes(report, "DW415")
    assert (lines["line"], lines["hint"]) == (6, "lines: 3")
    (seeds / "book.txt").unlink()
    _, report = check("tiny", "--sources", str(seeds))
    (missing,) = codes(report, "DW414")
    assert (missing["line"], missing["column"]) == (6, 22)
    assert missing["message"].startswith("no file 'book.txt' in the --sources folder")
