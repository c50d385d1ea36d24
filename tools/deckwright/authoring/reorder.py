"""Reordering the keys of a round-trip mapping while every comment stays with the key it belongs to.

ruamel.yaml attaches the lines after a value (its end-of-line comment, then the blank lines and
full-line comments before the next key) to that value's last scalar. Moving keys naively would
move the comments written above key B to wherever key A goes. Here each attached text is split
into the end-of-line part, which stays, and the lines that follow, which are handed to whichever
key now comes before their key (or kept at the end of the mapping).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq, merge_attrib
from ruamel.yaml.error import CommentMark
from ruamel.yaml.tokens import CommentToken

_MAP_SLOT = 2  # ca.items[key][2]: the comment after a mapping value
_SEQ_SLOT = 0  # ca.items[index][0]: the comment after a sequence item


def reorder(mapping: CommentedMap, keys: Sequence[Any]) -> None:
    """Put `mapping`'s keys in the order of `keys` (a permutation of them), moving comments along."""
    old = list(mapping)
    new = list(keys)
    if old == new or getattr(mapping, merge_attrib, None):
        return  # mappings with `<<` merges keep their order: their keys are not all their own
    slots = {key: _slot(mapping, key) for key in old}
    heads: dict[Any, str] = {}
    before: dict[Any, str] = {old[0]: ""}  # lines above the first key belong to the parent
    for position, key in enumerate(old):
        head, tail = _split(_read(*slots[key]))
        heads[key] = head
        following = old[position + 1] if position + 1 < len(old) else None
        before[following] = tail
    for key in new:
        mapping.move_to_end(key)
    _prepend(mapping, before[new[0]])
    for position, key in enumerate(new):
        following = new[position + 1] if position + 1 < len(new) else None
        _write(*slots[key], heads[key] + before[following])


def _slot(container: Any, key: Any) -> tuple[Any, Any, int]:
    """Where the text after `container[key]` is attached: the deepest last item of a block value."""
    value = container[key]
    while isinstance(value, (CommentedMap, CommentedSeq)) and len(value) and not value.fa.flow_style():
        last = next(reversed(value)) if isinstance(value, CommentedMap) else len(value) - 1
        container, key = value, last
        value = container[key]
    return container, key, _SEQ_SLOT if isinstance(container, CommentedSeq) else _MAP_SLOT


def _read(container: Any, key: Any, index: int) -> str:
    entry = container.ca.items.get(key)
    token = entry[index] if entry and len(entry) > index else None
    return token.value if isinstance(token, CommentToken) else ""


def _write(container: Any, key: Any, index: int, text: str) -> None:
    entry = container.ca.items.get(key)
    if text in ("", "\n"):
        if entry and len(entry) > index:
            entry[index] = None
            if not any(entry):
                del container.ca.items[key]
        return
    if not entry:
        entry = container.ca.items[key] = [None, None, None, None]
    token = entry[index]
    if isinstance(token, CommentToken):
        token.value = text
    else:
        entry[index] = CommentToken(text if text.startswith(("#", "\n")) else "\n" + text, CommentMark(0), None)


def _prepend(mapping: CommentedMap, text: str) -> None:
    """Lines that now stand above the first key: kept as the mapping's leading comment lines."""
    if not text.strip():
        return
    if mapping.ca.comment is None:
        mapping.ca.comment = [None, []]
    elif mapping.ca.comment[1] is None:
        mapping.ca.comment[1] = []
    existing = mapping.ca.comment[1]
    if existing and (existing[-1].value.endswith("\n\n") or not existing[-1].value.strip()):
        text = text.lstrip("\n")  # one blank line between the comment groups is enough
    for line in text.splitlines(keepends=True):
        mapping.ca.comment[1].append(CommentToken(line.lstrip(" "), CommentMark(0), None))


def _split(text: str) -> tuple[str, str]:
    """The end-of-line part of attached text (up to its first newline) and the lines after it."""
    if not text:
        return "\n", ""
    cut = text.find("\n")
    if cut < 0:
        return text + "\n", ""
    return text[: cut + 1], text[cut + 1:]
