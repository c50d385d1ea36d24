"""YAML 1.2 loading on the fast path: libyaml composes nodes, one Python pass builds the data.

ruamel.yaml's round-trip loader is far too slow for linting (about 6 s per MB); its C-backed
composer builds the node tree with every mark at about 0.5 s per MB. Scalars are resolved here,
under the YAML 1.2 core schema, which lets one pass also find duplicate keys, YAML 1.1 traps,
unsupported tags and alias bombs. Positions are not kept in the data: `compose` rebuilds the node
tree on demand when a diagnostic needs a line and column.
"""

from __future__ import annotations

import sys
from typing import Any

from ruamel.yaml.cyaml import CBaseLoader
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from ruamel.yaml.tag import Tag

from deckwright.loading import codes
from deckwright.loading.problem import Parsed, Problem, Spans, Trap, offsets
from deckwright.loading.scalars import differs_in_yaml11, plain_decimal, resolve_plain

_STR = "tag:yaml.org,2002:str"
_KNOWN_TAGS = {
    "tag:yaml.org,2002:str": str,
    "tag:yaml.org,2002:int": int,
    "tag:yaml.org,2002:float": float,
    "tag:yaml.org,2002:bool": bool,
    "tag:yaml.org,2002:null": type(None),
    "tag:yaml.org,2002:seq": list,
    "tag:yaml.org,2002:map": dict,
    "tag:yaml.org,2002:timestamp": str,
    "tag:yaml.org,2002:binary": str,
}
_MERGE = "<<"
# An aliased document may expand to this many nodes, or to 10 times its own node count.
_EXPANSION_FLOOR = 200_000
_EXPANSION_FACTOR = 10
_SHARED_LENGTH = 40  # strings up to this length are interned (ids, names, keys, enum values)


class ComposeError(Exception):
    """The text is not one well-formed YAML document; carries the Problem that says why."""

    def __init__(self, problem: Problem):
        super().__init__(problem.message)
        self.problem = problem


def _shared_tag(uri: str) -> Tag:
    tag = Tag(suffix=uri)
    str(tag)  # decode once; ruamel decodes a fresh Tag character by character on every `node.tag`
    return tag


_STR_TAG = _shared_tag(_STR)
_DEFAULT_TAGS = {ScalarNode: _STR_TAG, SequenceNode: _shared_tag("tag:yaml.org,2002:seq"),
                 MappingNode: _shared_tag("tag:yaml.org,2002:map")}


class _Composer(CBaseLoader):
    """libyaml's composer; implicit tags are shared objects, scalars are resolved by `_Builder`."""

    def resolve(self, kind: type[Node], value: Any, implicit: Any) -> Tag:
        return _DEFAULT_TAGS[kind]


def compose(text: str) -> Node | None:
    """The node tree of a single-document YAML text (None for an empty one), with its marks.

    The loader refers to itself (ruamel's loader classes keep `self` as their parser, composer, constructor
    and resolver), so only the cyclic collector could free it, and with libyaml's buffers (some 11 KB, and the
    text encoded) it is never freed while parsing and linting pause the collector (`collector_paused`): a lint
    that composed 10,000 records held 110 MB of them. Its attributes are dropped once the tree is built,
    which breaks the cycle and frees it at once.
    """
    loader = _Composer(text)
    try:
        return loader.get_single_node()
    except MarkedYAMLError as exc:
        raise ComposeError(_syntax_problem(text, exc)) from exc
    except YAMLError as exc:  # reader errors: control characters, bad encodings
        raise ComposeError(Problem(codes.SYNTAX.code, str(exc), 1, 1)) from exc
    finally:
        loader.__dict__.clear()


def load_yaml(text: str) -> Parsed:
    """Parse YAML text into JSON-model data, reporting problems instead of raising."""
    try:
        root = compose(text)
    except ComposeError as exc:
        return Parsed(None, (exc.problem,))
    except RecursionError:
        return Parsed(None, (Problem(codes.ALIAS_BOMB.code, "the document is nested too deeply", 1, 1),))
    if root is None:
        return Parsed(None)
    if "*" in text:
        bomb = _check_expansion(root)
        if bomb is not None:
            return Parsed(None, (bomb,))
    builder = _Builder(text)
    try:
        data = builder.build(root, ())
    except RecursionError:
        return Parsed(None, (Problem(codes.ALIAS_BOMB.code, "the document is nested too deeply", 1, 1),))
    return Parsed(data, tuple(builder.problems), tuple(builder.traps), record_spans(root))


def record_spans(root: Node) -> Spans:
    """Where each item of the document's lists of records is written: the items of a top-level list, or of
    a list under a top-level key (`cards: [...]`)."""
    lists: list[tuple[tuple[str, ...], Node]] = []
    if type(root) is SequenceNode:
        lists.append(((), root))
    elif type(root) is MappingNode:
        lists += [((key.value,), value) for key, value in root.value
                  if type(key) is ScalarNode and type(value) is SequenceNode]
    return tuple((path, offsets(i for item in node.value
                               for i in (item.start_mark.index, item.end_mark.index, item.start_mark.line)))
                 for path, node in lists if node.value)


def _syntax_problem(text: str, exc: MarkedYAMLError) -> Problem:
    mark = exc.problem_mark or exc.context_mark
    line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    problem = exc.problem or "invalid YAML"
    if "expected a single document" in str(exc.context):
        return Problem(codes.MULTIPLE_DOCUMENTS.code, "a second YAML document starts here", line, column)
    if mark is not None and 0 <= mark.index < len(text) and text[mark.index] == "\t":
        return Problem(
            codes.TAB.code, "tab character in indentation", line, column,
            hint="indent YAML with spaces; configure your editor to insert spaces for .yaml files",
        )
    context = f" {exc.context}" if exc.context else ""
    hint = _flow_word_hint(text, mark.index) if mark is not None and "flow" in context else None
    return Problem(codes.SYNTAX.code, f"{problem}{context}".strip(), line, column, hint=hint)


_FLOW_INDICATORS = "[]{},"


def _flow_word_hint(text: str, index: int) -> str | None:
    """A hint when a plain word inside `{...}` or `[...]` holds a bracket, as in `{drops[]: item}`."""
    if not (0 <= index < len(text)) or text[index] not in _FLOW_INDICATORS:
        return None
    start = index
    while start > 0 and text[start - 1] not in _FLOW_INDICATORS + "\n" and text[start - 2:start] != ": ":
        start -= 1
    while start < index and text[start] == " ":
        start += 1
    if start == index:  # the indicator does not continue a word: a genuinely missing comma or bracket
        return None
    end = index
    while end < len(text) and not text[end].isspace() and text[end] not in ",{}" and text[end:end + 2] != ": ":
        end += 1
    word = text[start:end].rstrip(":")
    return (f'quote it: "{word}" (inside {{ }} and [ ], the characters [ ] {{ }} and , '
            "end a plain word)")


def _position(node: Node) -> tuple[int, int]:
    mark = node.start_mark
    return mark.line + 1, mark.column + 1


def _check_expansion(root: Node) -> Problem | None:
    """Refuse recursive aliases and documents that expand far beyond their own size."""
    sizes: dict[int, int] = {}
    active: set[int] = set()

    def size(node: Node) -> int:
        key = id(node)
        if key in sizes:
            return sizes[key]
        if key in active:
            raise _Recursive(node)
        active.add(key)
        total = 1
        if isinstance(node, SequenceNode):
            total += sum(size(child) for child in node.value)
        elif isinstance(node, MappingNode):
            total += sum(size(k) + size(v) for k, v in node.value)
        active.discard(key)
        sizes[key] = total
        return total

    try:
        expanded = size(root)
    except _Recursive as exc:
        line, column = _position(exc.node)
        return Problem(codes.ALIAS_BOMB.code, "an alias refers to a node that contains it", line, column)
    limit = max(_EXPANSION_FLOOR, _EXPANSION_FACTOR * len(sizes))
    if expanded > limit:
        return Problem(
            codes.ALIAS_BOMB.code,
            f"aliases expand {len(sizes)} nodes to {expanded}; refusing more than {limit}",
            1, 1,
        )
    return None


class _Recursive(Exception):
    def __init__(self, node: Node):
        super().__init__("recursive alias")
        self.node = node


def _shared(text: str) -> str:
    """One object for all equal short strings: keys and enum-like values repeat on every record of a pack."""
    return sys.intern(text) if len(text) <= _SHARED_LENGTH else text


class _Builder:
    """Builds plain data from a node tree, collecting problems and YAML 1.1 traps on the way."""

    def __init__(self, text: str):
        self.text = text
        self.problems: list[Problem] = []
        self.traps: list[Trap] = []

    def build(self, node: Node, path: tuple[str, ...]) -> Any:
        if type(node) is ScalarNode:
            return self._scalar(node, path)
        if type(node) is SequenceNode:
            self._check_tag(node, list)
            return [self.build(item, path + (str(i),)) for i, item in enumerate(node.value)]
        return self._mapping(node, path)

    def _scalar(self, node: ScalarNode, path: tuple[str, ...]) -> Any:
        value: str = node.value
        if node.ctag is not _STR_TAG and node.tag != _STR:
            return self._tagged_scalar(node, path)
        if node.style:  # quoted or block: always a string
            return _shared(value)
        if self._explicit_tag(node):  # `!!str 3`
            return _shared(value)
        result = self._plain(node, path)
        if result is value:
            if value and value[0] in "yYnNoO0123456789-+.":
                self._note_trap(node, path)
            return _shared(value)
        if type(result) is int and plain_decimal(value):
            return result  # the most common number: a YAML 1.1 reader reads it the same
        self._note_trap(node, path)
        return result

    def _plain(self, node: ScalarNode, path: tuple[str, ...]) -> Any:
        """The plain scalar's value; an integer past the interpreter's digit limit is a problem, kept as text."""
        try:
            return resolve_plain(node.value)
        except ValueError:
            line, column = _position(node)
            self.problems.append(Problem(codes.NUMBER.code, f"a number of {len(node.value):,} characters is too "
                                         "long to read", line, column, path, hint="shorten it, or quote it"))
            return node.value

    def _note_trap(self, node: ScalarNode, path: tuple[str, ...]) -> None:
        yaml11 = differs_in_yaml11(node.value)
        if yaml11 is not None:
            line, column = _position(node)
            self.traps.append(Trap(path, line, column, node.value, yaml11))

    def _explicit_tag(self, node: Node) -> bool:
        index = node.start_mark.index
        return 0 <= index < len(self.text) and self.text[index] == "!"

    def _tagged_scalar(self, node: ScalarNode, path: tuple[str, ...]) -> Any:
        kind = self._check_tag(node, None)
        value: str = node.value
        if kind is None:
            return value if node.style else self._plain(node, path)
        result = self._plain(node, path)
        if kind is float and isinstance(result, int) and not isinstance(result, bool):
            return float(result)
        if not isinstance(result, kind) or (kind is int and isinstance(result, bool)):
            line, column = _position(node)
            self.problems.append(Problem(
                codes.SYNTAX.code, f"'{value[:40]}' is not a valid {kind.__name__}", line, column, path,
            ))
            return value
        return result

    def _check_tag(self, node: Node, default: type | None) -> type | None:
        if node.ctag is _DEFAULT_TAGS.get(type(node)):
            return default
        tag = node.tag
        if tag in _KNOWN_TAGS:
            return _KNOWN_TAGS[tag]
        line, column = _position(node)
        self.problems.append(Problem(
            codes.UNSUPPORTED_TAG.code, f"tag {tag} is not supported; the value is read as plain data",
            line, column, hint="remove the tag",
        ))
        return default

    def _mapping(self, node: Node, path: tuple[str, ...]) -> dict[str, Any]:
        self._check_tag(node, dict)
        result: dict[str, Any] = {}
        first_seen: dict[str, ScalarNode] = {}
        merges: list[Node] = []
        for key_node, value_node in node.value:
            if type(key_node) is not ScalarNode:
                line, column = _position(key_node)
                self.problems.append(Problem(codes.BAD_KEY.code, "a mapping key must be a string", line, column, path))
                continue
            key = _shared(key_node.value)
            if key == _MERGE and not key_node.style:
                merges.append(value_node)
                continue
            if key in first_seen:
                line, column = _position(key_node)
                first_line, first_column = _position(first_seen[key])
                self.problems.append(Problem(
                    codes.DUPLICATE_KEY.code, f"duplicate key '{key}'", line, column, path + (key,),
                    hint=f"'{key}' is already set at line {first_line}",
                    related=((first_line, first_column, f"first '{key}'"),),
                ))
                continue
            first_seen[key] = key_node
            result[key] = self.build(value_node, path + (key,))
        for merge in merges:
            self._merge(result, merge, path)
        return result

    def _merge(self, result: dict[str, Any], merge: Node, path: tuple[str, ...]) -> None:
        sources = merge.value if isinstance(merge, SequenceNode) else [merge]
        for source in sources:
            if not isinstance(source, MappingNode):
                line, column = _position(source)
                self.problems.append(Problem(codes.SYNTAX.code, "'<<' merges mappings only", line, column, path))
                continue
            for key, value in self._mapping(source, path).items():
                result.setdefault(key, value)
