"""An edited YAML list re-parses only its changed records, and gives what a parse of the whole file gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckwright.loading import FileRef, ParseCache, read_documents
from deckwright.loading.problem import Parsed
from deckwright.loading.records import records_of, reparse
from deckwright.loading.yaml import load_yaml


def card(i: int, extra: str = "") -> str:
    return f"- id: card-{i}\n  name: Card {i}   # a comment\n  on: yes\n  tags: [a, {i}]\n  code: 1:{i:02d}\n{extra}"


BODY = "".join(card(i) for i in range(40))

EDITS = {
    "one value": BODY.replace("name: Card 7 ", "name: Card seven "),
    "a record inserted": BODY.replace(card(3), card(3) + card(99)),
    "a record removed": BODY.replace(card(12), ""),
    "records swapped": BODY.replace(card(1) + card(2), card(2) + card(1)),
    "a line added": BODY.replace(card(20), card(20, "  text: |\n    two\n    lines\n\n")),
    "a trap added": BODY.replace(card(5), card(5, "  country: no\n")),
    "a duplicate key": BODY.replace(card(9), card(9, "  name: again\n")),
    "a syntax error": BODY.replace(card(30), card(30, "  bad: [\n")),
    "an alias": BODY.replace(card(0), card(0, "  base: &b {x: 1}\n")).replace(card(4), card(4, "  more: *b\n")),
    "a second document": BODY + "---\n- id: z\n",
    "a leading comment": "# cards\n" + BODY,
    "the same records twice": BODY + BODY,
}


def parse_through_cache(path: Path, cache: ParseCache) -> Parsed:
    (doc,) = read_documents([FileRef(path, path.name, path.name)], cache)
    return doc.parsed


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_an_edited_file_parses_as_a_fresh_parse_of_it(tmp_path: Path, edit: str) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text(BODY)
    cache = ParseCache(tmp_path / "cache")
    parse_through_cache(path, cache)
    path.write_text(EDITS[edit])
    assert parse_through_cache(path, cache) == load_yaml(EDITS[edit])
    assert parse_through_cache(path, cache) == load_yaml(EDITS[edit])  # and as cached after the edit


def test_only_the_changed_records_are_parsed() -> None:
    old = load_yaml(BODY)
    new_text = EDITS["one value"]
    parsed: list[str] = []

    def parse(text: str) -> Parsed:
        parsed.append(text)
        return load_yaml(text)

    assert reparse(new_text, records_of(new_text), old, records_of(BODY), parse) == load_yaml(new_text)
    assert parsed == [card(7).replace("name: Card 7 ", "name: Card seven ")]


@pytest.mark.parametrize("text", ["- a: *x\n", "a: 1\n", "- a\n---\n- b\n"])
def test_files_that_do_not_split_into_independent_records_have_no_records(text: str) -> None:
    assert not records_of(text)


def test_an_edited_file_keeps_one_cache_entry(tmp_path: Path) -> None:
    path = tmp_path / "cards.yaml"
    cache = ParseCache(tmp_path / "cache")
    for edit in sorted(EDITS):
        path.write_text(EDITS[edit])
        parse_through_cache(path, cache)
    assert len(list((tmp_path / "cache").iterdir())) == 1


def test_a_forged_previous_entry_is_parsed_again(tmp_path: Path) -> None:
    """Record hashes that are not bytes, or not one per record of a list, never stand for a parse."""
    import marshal

    path = tmp_path / "cards.yaml"
    path.write_text(BODY)
    cache = ParseCache(tmp_path / "cache")
    parse_through_cache(path, cache)
    (entry,) = (tmp_path / "cache").iterdir()
    digest, data, problems, traps, spans, (hashes, starts, lines), strict = marshal.loads(entry.read_bytes())
    for forged in [(digest, data, problems, traps, spans, ("not bytes", starts, lines), strict),
                   (digest, data, problems, traps, spans, (hashes[:-16], starts, lines), strict),
                   (digest, data, problems, traps, spans, (hashes, starts, lines[:-8]), strict),
                   (digest, '{"id": "card-1"}', problems, traps, spans, (hashes, starts, lines), strict)]:
        entry.write_bytes(marshal.dumps(forged))
        path.write_text(EDITS["one value"])
        assert parse_through_cache(path, cache) == load_yaml(EDITS["one value"])
        path.write_text(BODY)
