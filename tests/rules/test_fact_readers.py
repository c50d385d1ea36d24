"""Fact reads are recorded with their reader; `deckwright facts` lists every fact with its readers;
`check` reports facts nothing reads (DW418) and claims that read nothing (DW417)."""

from __future__ import annotations

import json
from pathlib import Path

from deckwright.model import load_pack
from deckwright.rules.facts import fact, fact_index, facts_with_prefix, with_facts
from deckwright.rules.readers import ReadLog, reading_as, recording
from tests.conftest import run
from tests.rules.packs import check, codes, write_pack

RULES = {"01-play.yaml": """\
    section: play
    title: Play
    clauses:
      - id: draw
        summary: Two cards a turn.
        source: [{doc: book, line: 4}]
        facts:
          turn.cards_drawn: 2
          turn.hand.max: 5
          deck.size: {value: 3, content: "count(deck('main'))"}
        claims:
          - {id: hand-holds-draw, expr: "turn.cards_drawn <= turn.hand.max"}
      - id: colours
        summary: Colours.
        source: [{doc: book, line: 2}]
        facts:
          card.colour: red
          card.back: plain
    """}


def test_reads_are_recorded_for_the_reader_in_force_and_only_while_recording(workdir: Path) -> None:
    pack = load_pack(write_pack(workdir, RULES), "tiny").pack
    assert pack is not None
    assert fact(pack, "turn.cards_drawn") == 2  # outside recording: nothing to record, no error
    with recording() as log:
        with reading_as("engine"):
            fact(pack, "turn.cards_drawn")
        with reading_as("probe:odds"):
            assert facts_with_prefix(pack, "turn") == {"turn.cards_drawn": 2, "turn.hand.max": 5}
        assert fact(pack, "missing.fact", None) is None
    assert log.snapshot() == {"turn.cards_drawn": ("engine", "probe:odds"), "turn.hand.max": ("probe:odds",)}


def test_index_is_built_once_per_pack_and_what_if_packs_see_other_values(workdir: Path) -> None:
    pack = load_pack(write_pack(workdir, RULES), "tiny").pack
    assert pack is not None
    assert fact_index(pack) is fact_index(pack)
    changed = with_facts(pack, {"turn.cards_drawn": 3})
    assert (fact(changed, "turn.cards_drawn"), fact(pack, "turn.cards_drawn")) == (3, 2)
    assert fact_index(changed).statements is fact_index(pack).statements


def test_check_reports_unread_facts_and_prints_the_shares(workdir: Path) -> None:
    write_pack(workdir, RULES)
    status, report = check("tiny")
    unread = codes(report, "DW418")
    assert [(d["message"].split(" (")[0], d["severity"]) for d in unread] == [
        ("fact card.colour", "info"), ("fact card.back", "info")]
    assert report["summary"]["facts"] == {"total": 5, "read by engine": 0, "read by claims": 2,
                                          "read by nothing": 2}
    assert status == 0
    text = run("check", "tiny").output
    assert "5 facts, read by engine 0%, read by claims 40%, read by nothing 40%" in text


def test_manifest_can_make_unread_facts_errors(workdir: Path) -> None:
    write_pack(workdir, RULES, manifest_extra="unread_facts: error\n")
    status, report = check("tiny")
    assert {d["severity"] for d in codes(report, "DW418")} == {"error"} and status == 1


def test_facts_command_lists_values_clauses_and_readers(workdir: Path) -> None:
    write_pack(workdir, RULES)
    result = run("facts", "tiny", "--format", "json")
    (pack,) = result.json()["packs"]
    by_name = {f["name"]: f for f in pack["facts"]}
    assert by_name["turn.hand.max"]["readers"] == ["claim:hand-holds-draw"]
    assert by_name["deck.size"]["readers"] == ["content"]
    assert by_name["card.back"]["readers"] == []
    (stated,) = by_name["turn.cards_drawn"]["clauses"]
    assert (stated["clause"], stated["file"], stated["line"], stated["sources"]) == (
        "draw", "tiny/rules/01-play.yaml", 8, [{"doc": "book", "line": 4}])
    text = run("facts", "tiny").output
    assert "  card.back = \"plain\"\n      read by: NOTHING\n" in text


def test_claim_reading_no_fact_content_or_probe_is_flagged(workdir: Path) -> None:
    write_pack(workdir, {"01-play.yaml": """\
        section: play
        title: Play
        clauses:
          - id: draw
            summary: Two cards a turn.
            source: [{doc: book, line: 4}]
            facts: {turn.cards_drawn: 2}
            claims:
              - {id: always, expr: "2 + 1 == 3"}
              - {id: about-content, expr: "count(entities('card')) == 3"}
              - {id: about-facts, expr: "turn.cards_drawn == 2"}
        """})
    _, report = check("tiny")
    (constant,) = codes(report, "DW417")
    assert constant["message"].startswith("claim 'always' of clause 'draw' reads no fact, content or probe")


def test_read_log_orders_readers_engine_first() -> None:
    log = ReadLog()
    for reader in ("claim:b", "content", "probe:x", "engine", "claim:a"):
        log.add("f", reader)
    assert log.of("f") == ["engine", "probe:x", "claim:a", "claim:b", "content"]
