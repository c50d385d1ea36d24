"""Passes over the written YAML text: root sequences at column 0, full-line comments at their key's column."""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter

from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from deckwright.loading.yaml import ComposeError, compose

ROOT_OFFSET = 2  # ruamel.yaml indents a root sequence's dashes by the sequence offset


def dedent_root_sequence(text: str) -> str:
    """A root-level sequence written with its dashes at column 0, as designers write it."""
    lines = text.splitlines(keepends=True)
    pad = " " * ROOT_OFFSET
    for line in lines:
        stripped = line.strip()
        if stripped and not stripped.startswith("#") and not line.startswith(pad):
            return text  # something sits left of the dashes: leave the text as it is
    return "".join(line[ROOT_OFFSET:] if line.startswith(pad) else line for line in lines)


def align_comments(text: str) -> str:
    """Indent each full-line comment like the line of content that follows it (column 0 at the end)."""
    lines = text.splitlines(keepends=True)
    inside = _scalar_lines(text)
    indent = 0
    for number in range(len(lines) - 1, -1, -1):
        line = lines[number]
        stripped = line.lstrip(" ")
        if number in inside or not stripped.strip():
            continue
        if stripped.startswith("#"):
            lines[number] = " " * indent + stripped
        else:
            indent = len(line) - len(stripped)
    return "".join(lines)


def comments(text: str) -> Counter[str]:
    """Every comment of a YAML text (full-line and end-of-line), as written, counted."""
    spans = sorted((node.start_mark.index, node.end_mark.index) for node in _scalars(text))
    starts = [start for start, _ in spans]
    found: Counter[str] = Counter()
    index = text.find("#")
    while index >= 0:
        end = text.find("\n", index)
        end = len(text) if end < 0 else end
        at = bisect_right(starts, index) - 1
        in_scalar = at >= 0 and spans[at][0] <= index < spans[at][1]
        if not in_scalar and (index == 0 or text[index - 1] in " \t\n"):
            found[text[index:end].rstrip()] += 1
            index = text.find("#", end)
        else:
            index = text.find("#", index + 1)
    return found


def _scalar_lines(text: str) -> set[int]:
    """0-based numbers of the lines that continue a multi-line scalar (never touched)."""
    found: set[int] = set()
    for node in _scalars(text):
        start, end = node.start_mark, node.end_mark
        last = end.line if end.column > 0 else end.line - 1
        found.update(range(start.line + 1, last + 1))
    return found


def _scalars(text: str) -> list[ScalarNode]:
    """Every scalar node of the text (keys too), each once; none if the text does not compose."""
    try:
        root = compose(text)
    except (ComposeError, RecursionError):
        return []
    found: list[ScalarNode] = []
    seen: set[int] = set()
    stack: list[Node] = [root] if root is not None else []
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, ScalarNode):
            found.append(node)
        elif isinstance(node, SequenceNode):
            stack.extend(node.value)
        elif isinstance(node, MappingNode):
            for key, value in node.value:
                stack.extend((key, value))
    return found
