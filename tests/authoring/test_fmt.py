"""`deckwright fmt`: normal form, comments and anchors kept, YAML 1.1 quoting, --check, refusals."""

from __future__ import annotations

import json
from pathlib import Path

from deckwright.authoring import FormatRefused, format_text
from deckwright.loading.yaml import load_yaml

import pytest


def test_fmt_orders_keys_from_the_schema_and_keeps_comments(pack: Path, run) -> None:
    result = run("fmt", "mini")
    assert result.exit_code == 0, result.output
    text = (pack / "cards" / "cards.yaml").read_text()
    assert text == (
        "# The cards of the mini pack.\n"
        "\n"
        "- id: sun-one\n"
        "  type: card\n"
        "  name: Sun One   # the first\n"
        "  cost: 1\n"
        "  suit: sun\n"
        "  code: '1:30'\n"
        "\n"
        "- id: moon-two\n"
        "  type: card\n"
        "  name: Moon Two\n"
        "  cost: 2\n"
        "  suit: moon\n"
        "  copies: 2\n"
        "  text: \"Pay :coin:.\"\n"
    )
    assert "1 reformatted" in result.output


def test_fmt_is_idempotent_and_check_passes_after_it(pack: Path, run) -> None:
    run("fmt", "mini")
    first = (pack / "cards" / "cards.yaml").read_text()
    again = run("fmt", "--check", "mini")
    assert again.exit_code == 0, again.output
    assert (pack / "cards" / "cards.yaml").read_text() == first


def test_check_prints_a_diff_exits_1_and_changes_nothing(pack: Path, run) -> None:
    before = (pack / "cards" / "cards.yaml").read_text()
    result = run("fmt", "--check", "mini")
    assert result.exit_code == 1
    assert "--- a/mini/cards/cards.yaml" in result.output
    assert "+  code: '1:30'" in result.output
    assert "-  code: 1:30" in result.output
    assert "DW801" in result.output
    assert (pack / "cards" / "cards.yaml").read_text() == before


def test_check_json_reports_the_first_changed_line(pack: Path, run) -> None:
    result = run("fmt", "--check", "--format", "json", "mini")
    report = json.loads(result.stdout)
    (finding,) = [d for d in report["diagnostics"] if d["severity"] == "error"]  # and loading's warning (1:30)
    assert (finding["code"], finding["file"], finding["line"]) == ("DW801", "mini/cards/cards.yaml", 3)


def test_anchors_aliases_and_merges_survive() -> None:
    text = (
        "base: &base {cost: 1, suit: sun}  # shared\n"
        "copy: *base\n"
        "merged:\n"
        "  <<: *base\n"
        "  name: x\n"
    )
    out = format_text(text)
    assert "&base" in out and "copy: *base" in out and "<<: *base" in out and "# shared" in out
    assert load_yaml(out).data == load_yaml(text).data


@pytest.mark.parametrize("plain", ["yes", "No", "on", "OFF", "y", "1:30", "1_000", "0b101", "190:20:30"])
def test_strings_a_yaml11_reader_would_misread_are_quoted(plain: str) -> None:
    out = format_text(f"code: {plain}\n")
    assert out == f"code: '{plain}'\n"
    assert load_yaml(out).data == {"code": plain}


@pytest.mark.parametrize("number", ["010", "0o10", "12", "1.5", "true", "null"])
def test_values_that_are_not_strings_are_never_quoted(number: str) -> None:
    assert format_text(f"value: {number}\n") == f"value: {number}\n"


def test_null_is_written_out() -> None:
    assert format_text("a:\nb: ~\nc: [~, null]\n") == "a: null\nb: null\nc: [null, null]\n"


def test_comments_travel_with_their_keys_and_blank_lines_stay() -> None:
    from deckwright.authoring.yamlfmt import Root
    from tests.authoring.schemas import node

    text = (
        "# header\n"
        "\n"
        "b:\n"
        "  y: 1\n"
        "  # about x\n"
        "  x: 2\n"
        "\n"
        "# about a\n"
        "a: 1  # eol a\n"
    )
    out = format_text(text, [Root((), node({"properties": {"a": {}, "b": {"properties": {"x": {}, "y": {}}}}}))])
    assert out == (
        "# header\n"
        "\n"
        "# about a\n"
        "a: 1  # eol a\n"
        "b:\n"
        "  # about x\n"
        "  x: 2\n"
        "  y: 1\n"
    )


def test_a_file_that_does_not_load_is_refused_and_left_alone(pack: Path, run) -> None:
    broken = pack / "cards" / "broken.yaml"
    broken.write_text("- id: x\n  id: y\n")
    result = run("fmt", "--format", "json", "mini")
    codes = {(d["code"], d["file"]) for d in json.loads(result.stdout)["diagnostics"]}
    assert ("DW803", "mini/cards/broken.yaml") in codes
    assert broken.read_text() == "- id: x\n  id: y\n"
    assert result.exit_code == 1


def test_refusal_when_the_round_trip_would_change_data() -> None:
    # A plain multi-line scalar whose folding libyaml and the writer agree on is fine...
    assert load_yaml(format_text("a: one\n  two\n")).data == {"a": "one two"}
    # ...while a document ruamel cannot write back is refused, never written half-right.
    with pytest.raises(FormatRefused):
        format_text("a: !!python/name:os.system x\n")


def test_empty_and_comment_only_files_are_left_as_they_are() -> None:
    assert format_text("") == ""
    assert format_text("# nothing yet\n") == "# nothing yet\n"


def test_fmt_names_the_files_it_reformatted(pack: Path, run) -> None:
    result = run("fmt", "mini")
    assert result.exit_code == 0
    assert "reformatted mini/cards/cards.yaml" in result.stderr
    assert result.stdout.strip().endswith("1 reformatted")
    assert run("fmt", "mini").stderr == ""
