"""Formatting one YAML text: ruamel.yaml round trip, schema key order, YAML 1.1 quoting, then proof.

The normal form: two-space indentation, block sequences indented under their key (root sequences
at column 0), keys in schema order, strings a YAML 1.1 reader would misread quoted, everything
else (comments, blank lines, anchors, flow style, quotes already written) as the author wrote it.
Long lines are never wrapped. The result is loaded again with deckwright's own loader and must
give exactly the data of the original, or `format_text` refuses.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq, merge_attrib
from ruamel.yaml.error import YAMLError
from ruamel.yaml.representer import RoundTripRepresenter
from ruamel.yaml.scalarfloat import ScalarFloat
from ruamel.yaml.scalarstring import SingleQuotedScalarString
from ruamel.yaml.tokens import CommentToken

from deckwright.authoring.order import SchemaNode, child, item, key_order
from deckwright.authoring.reorder import reorder
from deckwright.authoring.text import ROOT_OFFSET, align_comments, comments, dedent_root_sequence
from deckwright.loading import Parsed, Problem
from deckwright.loading.scalars import resolve_plain
from deckwright.loading.yaml import load_yaml
from deckwright.model.entities import value_at

_SETTLE = 2
WIDTH = 1 << 16  # never fold long lines: one changed value stays one changed line in a diff


class FormatRefused(Exception):
    """The text cannot be formatted safely: it does not load cleanly, or formatting would change its data."""

    def __init__(self, message: str, problem: Problem | None = None, line: int = 1, lost_comment: bool = False,
                 unproven: bool = False):
        super().__init__(message)
        self.problem = problem
        self.line = problem.line if problem else line
        self.lost_comment = lost_comment
        self.unproven = unproven  # the formatter's own output failed the proof: the file is left as it is


@dataclass(frozen=True)
class Root:
    """A node of the document (by its path) whose keys are ordered by `schema`."""

    parts: tuple[Any, ...]
    schema: SchemaNode


def format_text(text: str, roots: Iterable[Root] = ()) -> str:
    """The normal form of a YAML text; FormatRefused when that cannot be done without changing its data."""
    roots = tuple(roots)
    result = _format_once(text, roots)
    for _ in range(_SETTLE):  # a comment between nested sequences can take a second pass to settle
        again = _format_once(result, roots)
        if again == result:
            break
        result = again
    return result


def _format_once(text: str, roots: Sequence[Root]) -> str:
    before = load_yaml(text)
    if before.problems:
        raise FormatRefused(before.problems[0].message, before.problems[0])
    if before.data is None:
        return text  # empty, or comments only: nothing to normalise
    written = comments(text)
    result = _write(text, before, roots)
    if comments(result) != written and roots:
        result = _write(text, before, ())  # keep the author's key order rather than lose a comment
    lost = written - comments(result)
    if lost:
        raise FormatRefused(f"formatting would lose the comment '{next(iter(lost))}'", lost_comment=True)
    _prove(before, result)
    return result


def _write(text: str, before: Parsed, roots: Sequence[Root]) -> str:
    """The formatted text (not yet proven)."""
    yaml = _round_trip()
    try:
        data = yaml.load(text)
    except YAMLError as exc:
        raise FormatRefused(f"the round-trip reader refuses the file: {str(exc).splitlines()[0]}") from exc
    _quote_traps(data, before)
    for root in roots:
        node = _at(data, root.parts)
        if node is not None:
            _order(node, root.schema)
    if isinstance(data, CommentedSeq):
        _shift_comments(data, ROOT_OFFSET)  # written indented, then dedented: comments keep their column
        written = _dump(yaml, data)
        result = dedent_root_sequence(written)
        if result != written:
            return align_comments(result)
        _shift_comments(data, -ROOT_OFFSET)  # the dedent declined: write the comments where they were
    return align_comments(_dump(yaml, data))


def _dump(yaml: YAML, data: Any) -> str:
    out = io.StringIO()
    yaml.dump(data, out)
    return out.getvalue()


def _shift_comments(node: Any, columns: int) -> None:
    """Move every comment of a round-trip document by `columns` (an end-of-line comment is written at its
    column, or one space after its line where that column is taken)."""
    seen: set[int] = set()

    def shift(held: Any) -> None:
        if isinstance(held, CommentToken) and id(held) not in seen:
            seen.add(id(held))
            held.start_mark.column = max(0, held.start_mark.column + columns)
        elif isinstance(held, (list, tuple)):
            for part in held:
                shift(part)

    def walk(value: Any) -> None:
        if isinstance(value, (CommentedMap, CommentedSeq)):
            shift([value.ca.comment, list(value.ca.items.values()), value.ca.end])
            for child_value in (value.values() if isinstance(value, CommentedMap) else value):
                walk(child_value)

    walk(node)


class _Representer(RoundTripRepresenter):
    """The round-trip representer, writing `key: null` and floats that read back exactly."""

    def represent_none(self, data: None) -> Any:
        return self.represent_scalar("tag:yaml.org,2002:null", "null")

    def represent_exact_float(self, data: Any) -> Any:
        node = self.represent_scalar_float(data)
        value = resolve_plain(node.value)
        if not isinstance(value, float) or (value != float(data) and not math.isnan(float(data))):
            node.value = _float_text(float(data))  # the author's precision cannot be kept exactly
        return node


_Representer.add_representer(type(None), _Representer.represent_none)
_Representer.add_representer(ScalarFloat, _Representer.represent_exact_float)


def _float_text(value: float) -> str:
    if math.isnan(value):
        return ".nan"
    if math.isinf(value):
        return "-.inf" if value < 0 else ".inf"
    return repr(value)


def _round_trip() -> YAML:
    yaml = YAML(typ="rt")
    yaml.Representer = _Representer
    yaml.preserve_quotes = True
    yaml.width = WIDTH
    yaml.indent(mapping=2, sequence=4, offset=2)
    return yaml


def _quote_traps(data: Any, parsed: Parsed) -> None:
    """Quote the plain strings that a YAML 1.1 reader would read as booleans or numbers."""
    for trap in parsed.traps:
        if not isinstance(value_at(parsed.data, trap.pointer), str):
            continue  # a number under YAML 1.2 too: quoting would change the data
        parent = _at(data, trap.pointer[:-1])
        if parent is None:
            continue
        key = _key(parent, trap.pointer[-1])
        if key is not None:
            parent[key] = SingleQuotedScalarString(trap.text)


def _order(node: Any, schema: SchemaNode) -> None:
    """Order every mapping under `node` the way its schema names its properties."""
    if isinstance(node, CommentedMap):
        named = key_order(schema)
        rank = {k: i for i, k in enumerate(named)}
        keys = sorted(node, key=lambda k: rank.get(str(k), len(rank)))  # stable: unnamed keep their order
        reorder(node, keys)
        for key in list(node):
            sub = child(schema, str(key))
            if sub is not None:
                _order(node[key], sub)
    elif isinstance(node, CommentedSeq):
        sub = item(schema)
        if sub is not None:
            for value in node:
                _order(value, sub)


def _at(data: Any, parts: Sequence[Any]) -> Any:
    for part in parts:
        if isinstance(data, CommentedSeq):
            index = int(part) if str(part).isdigit() else -1
            data = data[index] if 0 <= index < len(data) else None
        elif isinstance(data, CommentedMap):
            key = _key(data, part)
            data = data[key] if key is not None else None
        else:
            return None
    return data


def _key(container: Any, part: Any) -> Any:
    """The key (or index) of `container` a pointer part names; None for keys merged in with `<<`."""
    if isinstance(container, CommentedSeq):
        index = int(part) if str(part).isdigit() else -1
        return index if 0 <= index < len(container) else None
    merged = getattr(container, merge_attrib, None)
    own = dict(container.non_merged_items()) if merged else container
    for key in own:
        if key == part or str(key) == str(part):
            return key
    return None


def _prove(before: Parsed, text: str) -> None:
    """Refuse unless `text` loads cleanly to exactly the data `before` holds."""
    after = load_yaml(text)
    if after.problems:
        raise FormatRefused(f"fmt cannot lay this file out safely (its formatted text would not load: "
                            f"{after.problems[0].message}); the file is left unchanged", unproven=True)
    difference = first_difference(before.data, after.data, ())
    if difference is not None:
        where = "/".join(str(p) for p in difference) or "the document"
        raise FormatRefused(f"formatting would change the value at /{where}; the file is left unchanged",
                            unproven=True)


def first_difference(a: Any, b: Any, at: tuple[Any, ...]) -> tuple[Any, ...] | None:
    """The path of the first place two loaded documents differ (types count: 1, 1.0 and true differ)."""
    if type(a) is not type(b):
        return at
    if isinstance(a, dict):
        if set(a) != set(b):
            return at
        for key in a:
            found = first_difference(a[key], b[key], at + (key,))
            if found is not None:
                return found
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return at
        for index, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, at + (index,))
            if found is not None:
                return found
        return None
    if isinstance(a, float) and math.isnan(a) and math.isnan(b):
        return None
    return None if a == b else at
