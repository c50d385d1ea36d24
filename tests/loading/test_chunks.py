"""A large YAML list parsed in pieces gives exactly the parse of the whole file."""

from __future__ import annotations

from deckwright.loading import parse_text
from deckwright.loading.chunks import join, split

CARD = "- id: card-{i}\n  name: Card {i}\n  code: 0{i}\n  text: |\n    - not an item\n  tags: [a, b]\n"


def pieces_parse(text: str, size: int) -> object:
    parts = split(text, size)
    assert parts is not None and len(parts) > 2
    return join(parts, [parse_text(part.text, "yaml") for part in parts])


def test_pieces_join_to_the_whole_files_parse() -> None:
    text = "".join(CARD.format(i=i) for i in range(300))
    assert pieces_parse(text, 2_000) == parse_text(text, "yaml")


def test_every_piece_starts_at_a_record() -> None:
    text = "".join(CARD.format(i=i) for i in range(300))
    parts = split(text, 2_000)
    assert parts is not None
    assert all(part.text.startswith("- id: card-") for part in parts)
    assert "".join(part.text for part in parts) == text


def test_an_alias_across_pieces_sends_the_file_to_the_whole_parse() -> None:
    text = "- &first {id: a}\n" + "".join(CARD.format(i=i) for i in range(300)) + "- *first\n"
    parts = split(text, 2_000)
    assert parts is not None
    assert join(parts, [parse_text(part.text, "yaml") for part in parts]) is None


def test_small_files_and_mappings_are_not_split() -> None:
    assert split("- a\n- b\n", 2_000) is None
    assert split("cards:\n" + "".join(CARD.format(i=i) for i in range(300)), 2_000) is None
