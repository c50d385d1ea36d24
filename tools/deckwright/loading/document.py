"""A loaded file: its data, its problems, and positions for any JSON pointer into it."""

from __future__ import annotations

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

    def locate(self, parts: Sequence[Any] = (), *, key: bool = False) -> Location:
        """Where the node at `parts` starts (its key, with key=True); the nearest ancestor if absent."""
        node = self.root
        mark_node: Node | None = node
        for i, part in enumerate(parts):
            if node is None:
                break
            child, key_node = _child(node, part)
            if child is None:
                break
            last = i == len(parts) - 1
            mark_node = key_node if (last and key and key_node is not None) else child
            node = child
        return self._location(mark_node, parts)

    def locate_text(self, parts: Sequence[Any], needle: str) -> Location:
        """Where `needle` is written inside the scalar at `parts` (the scalar's start if not found)."""
        start = self.locate(parts)
        node = self.root
        for part in parts:
            node = _child(node, part)[0] if node is not None else None
        if node is None or not needle:
            return start
        begin, end = node.start_mark.index, node.end_mark.index
        index = self.text.find(needle, begin, max(end, begin + 1))
        if index < 0:
            return start
        line = self.text.count("\n", 0, index) + 1
        column = index - (self.text.rfind("\n", 0, index) + 1) + 1
        return Location(self.display, line, column, start.pointer)

    def at(self, line: int, column: int, parts: Sequence[Any] = ()) -> Location:
        return Location(self.display, line, column, pointer_of(parts))

    def _location(self, node: Node | None, parts: Sequence[Any]) -> Location:
        if node is None:
            return Location(self.display, 1, 1, pointer_of(parts))
        mark = node.start_mark
        return Location(self.display, mark.line + 1, mark.column + 1, pointer_of(parts))


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
