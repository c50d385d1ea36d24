"""Acknowledged findings are accepted with their reason, stale acknowledgements are reported, and
--sources checks citations and copied text against the documents."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import run
from tests.rules.packs import check, codes, write_book, write_pack

CONTRADICTION = {"01-play.yaml": """\
    section: play
    title: Play
    clauses:
      - {id: draw-two, summary: Two cards a turn., source: [{doc: book, line: 4}], facts: {turn.cards_drawn: 2}}
      - {id: draw-three, summary: Three cards a turn., source: [{doc: book, line: 4}], facts: {turn.cards_drawn: 3}}
    """}


def _ack(workdir: Path, *entries: str) -> None:
    write_pack(workdir, CONTRADICTION, manifest_extra="acknowledged:\n" + "".join(f"  - {e}\n" for e in entries))


def test_acknowledged_finding_is_accepted_and_does_not_fail(workdir: Path) -> None:
    _ack(workdir, f'{{code: DW400, subject: turn.cards_drawn, values: "{FINGERPRINT}", reason: The book misprints 3; we play 2.}}')
    status, report = check("tiny")
    (found,) = codes(report, "DW400")
    assert (found["accepted"], found["reason"], found["subject"]) == (True, "The book misprints 3; we play 2.",
                                                                      "turn.cards_drawn")
    assert report["summary"]["accepted"] == 1 and report["summary"]["errors"] == 0
    assert status == 0


FINGERPRINT = "cdcf9013f577"


def test_changed_values_reopen_the_finding_and_the_acknowledgement_is_stale(workdir: Path) -> None:
    _ack(workdir, f'{{code: DW400, subject: turn.cards_drawn, values: "{FINGERPRINT}", reason: Known.}}')
    rules = workdir / "tiny" / "rules" / "01-play.yaml"
    rules.write_text(rules.read_text().replace("turn.cards_drawn: 3", "turn.cards_drawn: 4"))
    status, report = check("tiny")
    (found,) = codes(report, "DW400")
    assert not found["accepted"] and status == 1
    (stale,) = codes(report, "DW330")
    assert stale["message"].startswith(f"acknowledgement of DW400 'turn.cards_drawn' accepted values {FINGERPRINT}; "
                                       "the finding now shows ")
    assert stale["hint"].startswith('{code: DW400, subject: turn.cards_drawn, values: "')


def test_stale_acknowledgement_fails_strict_check(workdir: Path) -> None:
    _ack(workdir, f'{{code: DW400, subject: turn.cards_drawn, values: "{FINGERPRINT}", reason: Known.}}',
         '{code: DW401, subject: gone, values: "0123456789ab", reason: Fixed long ago.}')
    assert check("tiny")[0] == 0
    status, report = check("tiny", "--strict")
    (stale,) = codes(report, "DW330")
    assert (stale["file"], stale["line"], stale["column"]) == ("tiny/pack.yaml", 19, 5)
    assert stale["message"] == "acknowledgement of DW401 'gone' matches no finding"
    assert status == 1


def test_an_acknowledgement_of_a_retired_code_is_stale_and_names_the_code_that_reports_it_now(workdir: Path) -> None:
    _ack(workdir, f'{{code: DW400, subject: turn.cards_drawn, values: "{FINGERPRINT}", reason: Known.}}',
         '{code: DW927, subject: olm-infestation/1, values: "0123456789ab", reason: Never won.}')
    (stale,) = codes(check("tiny")[1], "DW330")
    assert stale["message"] == "acknowledgement of DW927 'olm-infestation/1' matches no finding"
    assert stale["hint"].startswith("DW927 is retired: its findings are DW511 now; accept the DW511 finding")


def test_blanket_and_text_matching_acknowledgements_are_refused(workdir: Path) -> None:
    _ack(workdir, '{code: DW400, match: "rules/", reason: Everything in rules.}',
         "{code: DW400, reason: Every contradiction.}",
         "{code: DW400, subject: turn.cards_drawn, reason: No fingerprint.}")
    status, report = check("tiny")
    refused = codes(report, "DW331")
    assert [d["message"] for d in refused] == [
        "acknowledgement of DW400 matches on `match:` text: refused",
        "acknowledgement of DW400 names no subject (a code alone accepts every finding of it): refused",
        "acknowledgement of DW400 gives no `values:` fingerprint: refused"]
    assert refused[0]["hint"] == f'{{code: DW400, subject: turn.cards_drawn, values: "{FINGERPRINT}"}}'
    assert not codes(report, "DW400")[0]["accepted"] and status == 1
    lint = run("lint", "tiny", "--format", "json").json()
    assert len(codes(lint, "DW331")) == 3  # refused by lint too, before any rules check runs


def test_acknowledgement_matching_more_findings_needs_their_count(workdir: Path) -> None:
    write_pack(workdir, {"01-play.yaml": """\
        section: play
        title: Play
        clauses:
          - {id: a, summary: Two., source: [{doc: book, line: 4}], facts: {turn.cards_drawn: 2}}
          - {id: b, summary: Three., source: [{doc: book, line: 4}], facts: {turn.cards_drawn: 3}}
          - {id: c, summary: Four., source: [{doc: book, line: 4}], facts: {turn.cards_drawn: 4}}
        """}, manifest_extra="""\
        acknowledged:
          - {code: DW400, subject: turn.cards_drawn, values: "0123456789ab", reason: Both.}
        """)
    _, report = check("tiny")
    (wrong,) = codes(report, "DW332")
    assert wrong["message"] == "acknowledgement of DW400 'turn.cards_drawn' matches 2 findings, not 1: it accepts none"
    hint = wrong["hint"]
    assert hint.endswith(", count: 2}")
    pack = workdir / "tiny" / "pack.yaml"
    pack.write_text(pack.read_text().replace('values: "0123456789ab"', hint[hint.index("values:"):-1]))
    status, report = check("tiny")
    assert [d["accepted"] for d in codes(report, "DW400")] == [True, True] and status == 0


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


def test_card_text_may_repeat_the_book_word_for_word(workdir: Path) -> None:
    """Card text is the book's by nature (issue #20): only clause summaries must be paraphrased."""
    write_pack(workdir, {"01-play.yaml": """\
        section: play
        title: Play
        clauses:
          - id: poison
            summary: Poison costs a life each turn.
            source: [{doc: book, line: 3}]
        """}, cards='- {id: bear, type: card, name: Bear, flavor: "A poisoned player loses one life at the start of '
                    'every turn.", source: [{doc: book, line: 3}]}\n')
    _, report = check("tiny", "--sources", str(write_book(workdir)))
    assert codes(report, "DW412") == []
