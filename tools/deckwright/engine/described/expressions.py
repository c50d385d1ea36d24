"""Numbers and tests of an engine description: claim-language expressions, parsed once when the
description is compiled and evaluated many times a game (never `eval`).

An expression sees the pack's facts by name and the bindings the engine gives it: `me` (the acting
player), `players`, `round`, `chosen` (the card or player an action chose) and `card` (the card a
test is asked about).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from deckwright.rules.evaluate import ClaimError, evaluator
from deckwright.rules.syntax import Name, Node
from deckwright.rules.values import is_number, show


class DescriptionError(Exception):
    """A mistake in the description found while compiling it: a message and where (a path in the file)."""

    def __init__(self, message: str, parts: tuple[Any, ...], *, hint: str | None = None, code: str = "invalid",
                 needle: str | None = None):
        super().__init__(message)
        self.parts = parts
        self.hint = hint
        self.code = code
        self.needle = needle  # the text at fault inside the value, when known


class PlayError(Exception):
    """An expression that cannot be evaluated in a position (a card without the field it reads...)."""

    def __init__(self, message: str, parts: tuple[Any, ...]):
        super().__init__(message)
        self.parts = parts


CHOICE = frozenset({"chosen", "card"})  # the bindings that differ between the options of one decision
Memo = dict[str, Any]  # expression text -> its value, in one position for one player, whatever is chosen
_ABSENT = object()


@dataclass(frozen=True)
class Expr:
    """A parsed expression with the facts it reads; `parts` is where it is written. `reads_choice`: whether
    it names `chosen` or `card` (else every option of a decision gives it the same value)."""

    text: str
    tree: Node
    facts: Mapping[str, Any]
    parts: tuple[Any, ...]
    _run: Any = field(default=None, compare=False, repr=False)
    reads_choice: bool = field(default=True, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_run", evaluator(self.text, self.facts, {}).runner(self.tree))
        object.__setattr__(self, "reads_choice", any(isinstance(node, Name) and node.parts[0] in CHOICE
                                                     for node in nodes(self.tree)))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Expr, (self.text, self.tree, self.facts, self.parts))

    def __call__(self, bindings: Mapping[str, Any]) -> Any:
        try:
            return self._run(bindings)
        except (ClaimError, RecursionError) as exc:
            raise self.failed(exc) from None

    def run(self, bindings: Mapping[str, Any]) -> Any:
        """The value, a ClaimError (or RecursionError) raised as it is: for a caller that reports it as the failure
        of a larger expression this one is part of."""
        return self._run(bindings)

    def failed(self, exc: Exception) -> PlayError:
        return PlayError(f"'{self.text}': {exc}", self.parts)

    def value(self, bindings: Mapping[str, Any], memo: Memo | None) -> Any:
        """The value in a position, evaluated once per `memo` unless it reads the choice. The text is the key:
        the same text reads the same facts, so two copies of one test give one value."""
        if memo is None or self.reads_choice:
            try:  # `self(bindings)`, inline: the engine evaluates an expression at nearly every step
                return self._run(bindings)
            except (ClaimError, RecursionError) as exc:
                raise self.failed(exc) from None
        found = memo.get(self.text, _ABSENT)
        if found is _ABSENT:
            found = memo[self.text] = self(bindings)
        return found


Amount = int | Expr


def number(amount: Amount, bindings: Mapping[str, Any], memo: Memo | None = None) -> int:
    """The whole number an amount gives in a position (`memo`: see `Expr.value`)."""
    if isinstance(amount, int):
        return amount
    value = amount.value(bindings, memo)
    if type(value) is int:
        return value
    if not is_number(value) or int(value) != value:
        raise PlayError(f"'{amount.text}' gives {show(value)}, not a whole number", amount.parts)
    return int(value)


def test(expr: Expr | None, bindings: Mapping[str, Any], memo: Memo | None = None) -> bool:
    """Whether a test holds (no test: it does; `memo`: see `Expr.value`)."""
    if expr is None:
        return True
    value = expr.value(bindings, memo)
    if value is True or value is False:
        return value
    raise PlayError(f"'{expr.text}' gives {show(value)}, not true or false", expr.parts)


def nodes(node: Node) -> list[Node]:
    """Every node of a syntax tree, the root first."""
    found = [node]
    for child in vars(node).values():
        for item in child if isinstance(child, tuple) else (child,):
            for sub in item if isinstance(item, tuple) else (item,):
                if isinstance(sub, Node):
                    found.extend(nodes(sub))
    return found
