"""A loaded file: its data, its problems, and positions for any JSON pointer into it."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from typing import TYPE_CHECKING

from deckwright.diagnostic import Location
from deckwright.loading.json import json_as_yaml
from deckwright.loading.problem import Parsed

if TYPE_CHECKING:  # ruamel.yaml is imported only when a position is asked for: a cached re-lint never needs it
    from ruamel.yaml.nodes import Node


# Records composed alone that a Document keeps (each a node tree some 40 times its text): a file whose every
# record has a finding would otherwise hold the node trees of all of them.
RECORDS_KEPT = 64


def pointer_of(parts: Iterable[Any]) -> str:
    """RFC 6901 JSON pointer of a path."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


@dataclass(frozen=True)
class Document:
    """One file of a pack. `display` is the path as the user gave it; `relpath` is inside the pack."""

    path: Path
    display: str
    relpath: str
    text: str
    parsed: Parsed
    kind: str = "yaml"
    digest: str = ""

    @classmethod
    def unheld(cls, path: Path, display: str, relpath: str, parsed: Parsed, kind: str, digest: str) -> Document:
        """A document read from `path` whose text is not kept: read again the first time it is asked for
        (positions, formatting), as most files of a pack never need it after parsing (100,000 cards: 27 MB)."""
        doc = object.__new__(_Unheld)
        doc.__dict__.update(path=path, display=display, relpath=relpath, parsed=parsed, kind=kind, digest=digest)
        return doc

    @property
    def data(self) -> Any:
        return self.parsed.data

    @cached_property
    def root(self) -> Node | None:
        """The composed node tree, built the first time a position is asked for."""
        from deckwright.loading.yaml import ComposeError, compose

        text = json_as_yaml(self.text) if self.kind == "json" else self.text
        try:
            return compose(text)
        except (ComposeError, RecursionError):
            return None

    @cached_property
    def _records(self) -> dict[int, _Subtree | None]:
        """Records composed alone, by their start offset (None: the record's text does not compose alone)."""
        return {}

    def _start(self, parts: Sequence[Any]) -> tuple[_Subtree | None, int]:
        """The tree to walk `parts` from and how many of the parts it already stands for.

        Until the whole file has been composed, a path into a record of a list the parser noted
        (`Parsed.spans`) composes only that record's text: an error in one card of ten thousand
        costs one card's parsing, not the file's.
        """
        if "root" not in self.__dict__:
            for prefix, offsets in self._spans():
                depth = len(prefix)
                if len(parts) <= depth or tuple(str(p) for p in parts[:depth]) != prefix:
                    continue
                index = parts[depth]
                if isinstance(index, int) or (isinstance(index, str) and index.isdigit()):
                    index = int(index)
                    if 0 <= index < len(offsets) // 3:
                        record = self._record(*offsets[3 * index:3 * index + 3])
                        if record is not None:
                            return record, depth + 1
                break
        root = self.root
        return (_Subtree(root, 0, 0) if root is not None else None), 0

    def _spans(self) -> Sequence[tuple[tuple[str, ...], Sequence[int]]]:
        """Where the parser found each record of a list, as offsets into `text`."""
        return self.parsed.spans

    def _record(self, start: int, end: int, line: int) -> _Subtree | None:
        if start not in self._records:
            if len(self._records) >= RECORDS_KEPT:  # the oldest goes: findings come record after record
                del self._records[next(iter(self._records))]
            from deckwright.loading.yaml import ComposeError, compose

            line_start = self.text.rfind("\n", 0, start) + 1
            pad = start - line_start  # spaces in place of what precedes the record on its line: same columns
            try:
                node = compose(" " * pad + self.text[start:end])
            except (ComposeError, RecursionError):  # an alias to an anchor outside the record, say
                node = None
            self._records[start] = None if node is None else _Subtree(node, line, start - pad)
        return self._records[start]

    def locate(self, parts: Sequence[Any] = (), *, key: bool = False) -> Location:
        """Where the node at `parts` starts (its key, with key=True); the nearest ancestor if absent."""
        found = self._find(parts, key)
        return self._location(found[0], parts, found[2])

    def _find(self, parts: Sequence[Any], key: bool = False) -> tuple[Node | None, Node | None, _Subtree | None]:
        """The node to mark for `parts`, the node at `parts` itself (None if absent), and their tree."""
        tree, used = self._start(parts)
        node = tree.node if tree is not None else None
        mark_node: Node | None = node
        for i, part in enumerate(parts[used:], used):
            if node is None:
                break
            child, key_node = _child(node, part)
            if child is None:
                node = None
                break
            last = i == len(parts) - 1
            mark_node = key_node if (last and key and key_node is not None) else child
            node = child
        return mark_node, node, tree

    def locate_text(self, parts: Sequence[Any], needle: str) -> Location:
        """Where `needle` is written inside the scalar at `parts` (the scalar's start if not found)."""
        mark_node, node, tree = self._find(parts)
        start = self._location(mark_node, parts, tree)
        if node is None or tree is None or not needle:
            return start
        begin, end = node.start_mark.index + tree.index, node.end_mark.index + tree.index
        index = self.text.find(needle, begin, max(end, begin + 1))
        if index < 0:
            return start
        line = self.text.count("\n", 0, index) + 1
        column = index - (self.text.rfind("\n", 0, index) + 1) + 1
        return Location(self.display, line, column, start.pointer)

    def at(self, line: int, column: int, parts: Sequence[Any] = ()) -> Location:
        return Location(self.display, line, column, pointer_of(parts))

    def _location(self, node: Node | None, parts: Sequence[Any], tree: _Subtree | None = None) -> Location:
        if node is None:
            return Location(self.display, 1, 1, pointer_of(parts))
        mark = node.start_mark
        return Location(self.display, mark.line + 1 + (tree.line if tree else 0), mark.column + 1, pointer_of(parts))


class _Unheld(Document):
    """A Document whose text is read from its file when first asked for (`Document.unheld`): the text the file
    holds then, which is the text parsed unless the file was edited since. An edited file's positions then
    follow the edit: the whole new text is composed, since the parser's record offsets no longer fit it."""

    @cached_property
    def text(self) -> str:
        try:
            raw = self.path.read_bytes()
        except OSError:
            raw = b""
        if self.digest and hashlib.sha256(raw).hexdigest() != self.digest:
            self.__dict__["edited"] = True
        text = raw.decode("utf-8", errors="replace")
        return text[1:] if text.startswith("\ufeff") else text

    def _spans(self) -> Sequence[tuple[tuple[str, ...], Sequence[int]]]:
        text = self.text  # read first: reading it tells whether the file changed since it was parsed
        return () if self.__dict__.get("edited") or not text else self.parsed.spans

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without its text, read or not: the same bytes either way."""
        return {name: value for name, value in self.__dict__.items() if name != "text"}


@dataclass(frozen=True)
class _Subtree:
    """A composed node tree and where its text sits in the file: lines before it, offset of its first character."""

    node: Node
    line: int
    index: int


def _child(node: Node, part: Any) -> tuple[Node | None, Node | None]:
    from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode

    if isinstance(node, SequenceNode):
        try:
            return node.value[int(part)], None
        except (ValueError, IndexError):
            return None, None
    if isinstance(node, MappingNode):
        found: tuple[Node | None, Node | None] = (None, None)
        for key_node, value_node in node.value:
            if isinstance(key_node, ScalarNode) and key_node.value == str(part):
                found = (value_node, key_node)
                break  # duplicates are reported at the second key; the data keeps the first
        return found
    return None, None
