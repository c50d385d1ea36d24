"""Property: a formatted document loads to exactly the data of the original, and formatting is stable."""

from __future__ import annotations

import json
import re
from typing import Any

from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from deckwright.authoring import FormatRefused, format_text
from deckwright.authoring.yamlfmt import first_difference
from deckwright.loading.scalars import differs_in_yaml11, resolve_plain
from deckwright.loading.yaml import load_yaml

KEYS = st.sampled_from(["id", "name", "cost", "text", "code", "tags", "source", "doc", "line", "notes", "x"])
TRICKY = st.sampled_from(["yes", "No", "on", "off", "y", "1:30", "1_000", "0b11", "010", "0x1F", "null", "~",
                          "true", "12", "1.5", ".inf", "", " lead", "trail ", "a: b", "#hash", "a #b",
                          "- dash", "[x]", "{y}", "*star", "&amp", "!bang", "%pct", "@at", "`tick", "'q'",
                          "\"dq\"", "multi\nline", "tab\there", "é ü ∑", "plain words", "Cave Troll"])
SCALARS = st.one_of(
    st.integers(-10**6, 10**6), st.booleans(), st.none(),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    TRICKY, st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=12),
)
COMMENTS = st.one_of(st.none(), st.sampled_from(["# note", "# TODO: check line 12", "#x", "# ü"]))


def documents() -> st.SearchStrategy[Any]:
    return st.recursive(
        SCALARS,
        lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(KEYS, inner, max_size=5)),
        max_leaves=14,
    ).filter(lambda d: isinstance(d, (dict, list)) and len(d) > 0)


_PLAIN_SAFE = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _.:+-]*[A-Za-z0-9._]\Z|[A-Za-z0-9]\Z")


def scalar(value: Any) -> str:
    """How a designer might write the value: plain where deckwright reads it back as written."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, (int, float)):
        return repr(value) if isinstance(value, int) else json.dumps(value)
    if _PLAIN_SAFE.match(value) and ": " not in value and resolve_plain(value) == value:
        return value  # plain, even when a YAML 1.1 reader would misread it: fmt must quote those
    return json.dumps(value, ensure_ascii=False)


def emit(value: Any, indent: int, comments: Any) -> list[str]:
    """Block-style YAML lines for a collection, with comments and blank lines drawn from `comments`."""
    pad = " " * indent
    lines: list[str] = []
    items = list(value.items()) if isinstance(value, dict) else list(enumerate(value))
    for key, item in items:
        above = comments.draw(COMMENTS)
        if above is not None:
            lines.append("" if comments.draw(st.booleans()) else pad.rstrip())
            lines.append(pad + above)
        head = f"{pad}{key}:" if isinstance(value, dict) else f"{pad}-"
        if isinstance(item, (dict, list)) and item:
            lines.append(head)
            lines.extend(emit(item, indent + 2, comments))
        else:
            text = "{}" if item == {} else "[]" if item == [] else scalar(item)
            eol = comments.draw(COMMENTS)
            lines.append(f"{head} {text}" + (f"  {eol}" if eol else ""))
    return lines


@seed(20261130)  # a fixed draw: the same examples on every run; failing cases become tests below
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None)
@given(data=documents(), comments=st.data())
def test_formatted_documents_load_to_the_same_data(data: Any, comments: st.DataObject) -> None:
    text = "\n".join(["# generated"] + emit(data, 0, comments)) + "\n"
    original = load_yaml(text)
    assert not original.problems, text
    try:
        out = format_text(text)
    except FormatRefused as refused:
        # The refusals allowed leave the file exactly as it is, which loses nothing either: ruamel.yaml
        # drops a few comments (after an empty `[]` item), or the formatter's own output fails its proof.
        assert refused.lost_comment or refused.unproven, (text, str(refused))
        return
    formatted = load_yaml(out)
    assert first_difference(original.data, formatted.data, ()) is None, (text, out)
    assert format_text(out) == out, (text, out)
    for line in text.splitlines():
        if line.strip().startswith("#"):
            assert line.strip() in out
    assert not [t for t in formatted.traps if isinstance(_at(formatted.data, t.pointer), str)], out


QUOTED_COMMENT_BEFORE_LIST = "# generated\nid: 0\nname:\n\n  # note\n  - {}\n  - 0\n  -\n    id: null\n"


def test_a_comment_between_a_key_and_its_list_is_refused_clearly() -> None:
    """Found by the property above: ruamel.yaml's layout of this file does not load; fmt refuses, saying
    that the file is left unchanged, rather than write it."""
    try:
        format_text(QUOTED_COMMENT_BEFORE_LIST)
    except FormatRefused as refused:
        assert refused.unproven and "left unchanged" in str(refused)
    else:
        raise AssertionError("fmt formatted a file whose formatted text does not load")


def _at(data: Any, pointer: tuple[str, ...]) -> Any:
    for part in pointer:
        data = data[int(part)] if isinstance(data, list) else data[part]
    return data


def test_the_generator_writes_yaml11_traps_plain() -> None:
    assert scalar("yes") == "yes" and differs_in_yaml11("yes") is not None
