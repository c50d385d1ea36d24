"""YAML is read as 1.2 with positions, and every way a file can be broken is a Problem, not an exception."""

from __future__ import annotations

import math

import pytest

from deckwright.loading.scalars import differs_in_yaml11, resolve_plain
from deckwright.loading.yaml import load_yaml


@pytest.mark.parametrize(("text", "value"), [
    ("yes", "yes"), ("no", "no"), ("on", "on"), ("1:30", "1:30"), ("01008", 1008), ("010", 10),
    ("0o17", 15), ("0x1F", 31), ("1_000", "1_000"), ("true", True), ("False", False), ("~", None),
    ("null", None), ("1.5", 1.5), ("-.inf", -math.inf), ("2024-01-01", "2024-01-01"), ("card", "card"),
])
def test_plain_scalars_follow_the_yaml_12_core_schema(text: str, value: object) -> None:
    assert resolve_plain(text) == value


@pytest.mark.parametrize(("text", "yaml11"), [
    ("yes", True), ("off", False), ("1:30", 90), ("010", 8), ("01008", "01008"), ("1_000", 1000), ("y", True),
])
def test_yaml11_readings_that_differ_are_found(text: str, yaml11: object) -> None:
    assert differs_in_yaml11(text) == yaml11


@pytest.mark.parametrize("text", ["12", "1.5", "true", "name", "null"])
def test_scalars_both_versions_agree_on_are_not_traps(text: str) -> None:
    assert differs_in_yaml11(text) is None


def test_quoted_values_stay_strings_and_are_never_traps() -> None:
    parsed = load_yaml("a: '01008'\nb: \"yes\"\nc: !!str 12\n")
    assert parsed.data == {"a": "01008", "b": "yes", "c": "12"}
    assert parsed.traps == ()


def test_trap_records_pointer_and_position() -> None:
    parsed = load_yaml("cards:\n  - code: yes\n")
    (trap,) = parsed.traps
    assert (trap.pointer, trap.line, trap.column, trap.yaml11) == (("cards", "0", "code"), 2, 11, True)


def test_duplicate_key_is_reported_at_the_second_key_and_the_first_value_kept() -> None:
    parsed = load_yaml("a: 1\nb: 2\na: 3\n")
    assert parsed.data == {"a": 1, "b": 2}
    (problem,) = parsed.problems
    assert (problem.code, problem.line, problem.column, problem.related[0][:2]) == ("DW103", 3, 1, (1, 1))


def test_syntax_error_has_line_and_column() -> None:
    (problem,) = load_yaml("a: [1, 2\nb: 3\n").problems
    assert problem.code == "DW101"
    assert problem.line == 2


def test_tab_indentation_has_its_own_message() -> None:
    (problem,) = load_yaml("a:\n\t- 1\n").problems
    assert (problem.code, problem.line, problem.column) == ("DW102", 2, 1)


def test_second_document_is_refused() -> None:
    (problem,) = load_yaml("a: 1\n---\nb: 2\n").problems
    assert (problem.code, problem.line) == ("DW104", 2)


def test_merge_keys_merge_and_explicit_keys_win() -> None:
    parsed = load_yaml("base: &b {hp: 3, str: 1}\ncard:\n  <<: *b\n  str: 5\n")
    assert parsed.data["card"] == {"str": 5, "hp": 3}


def test_billion_laughs_is_refused_quickly() -> None:
    lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, 10):
        name, prev = chr(97 + i), chr(96 + i)
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]")
    parsed = load_yaml("\n".join(lines) + "\n")
    assert parsed.data is None
    assert parsed.problems[0].code == "DW106"


def test_recursive_alias_is_refused() -> None:
    parsed = load_yaml("a: &a [1, *a]\n")
    assert parsed.data is None
    assert parsed.problems[0].code == "DW106"


def test_deep_nesting_is_a_problem_not_a_crash() -> None:
    parsed = load_yaml("a: " + "[" * 3000 + "]" * 3000 + "\n")
    assert parsed.data is None
    assert parsed.problems[0].code in ("DW101", "DW106")


def test_language_tags_are_never_constructed() -> None:
    parsed = load_yaml("a: !!python/object/apply:os.system ['echo pwned']\n")
    assert parsed.data == {"a": ["echo pwned"]}
    assert parsed.problems[0].code == "DW109"


def test_explicit_int_tag_on_a_quoted_value_converts() -> None:
    assert load_yaml("a: !!int '4'\nb: !!float 2\n").data == {"a": 4, "b": 2.0}


def test_empty_file_has_no_data_and_no_problem() -> None:
    parsed = load_yaml("# only a comment\n")
    assert (parsed.data, parsed.problems) == (None, ())


def test_a_bracket_in_a_plain_flow_key_gets_a_hint_to_quote_it() -> None:
    problem = load_yaml("types:\n  monster: {size: poker, refs: {drops[]: item}}\n").problems[0]
    assert problem.code == "DW101"
    assert problem.hint is not None and 'quote it: "drops[]"' in problem.hint


def test_a_missing_closing_brace_gets_no_quoting_hint() -> None:
    problem = load_yaml("a: {b: c\n").problems[0]
    assert problem.code == "DW101" and problem.hint is None


def test_plain_decimals_are_never_yaml11_traps_and_other_numbers_still_are() -> None:
    """The builder's shortcut for plain decimals (read alike by YAML 1.1) keeps every other trap."""
    from deckwright.loading.yaml import load_yaml

    parsed = load_yaml("a: 12\nb: 0\nc: 012\nd: 1_000\ne: 1:30\nf: 0o17\ng: -3\n")
    assert parsed.data == {"a": 12, "b": 0, "c": 12, "d": "1_000", "e": "1:30", "f": 15, "g": -3}
    assert [t.pointer for t in parsed.traps] == [("c",), ("d",), ("e",), ("f",)]
