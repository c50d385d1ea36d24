"""A parsed claim turned once into nested closures, one per node, which the evaluator then calls as often
as it likes: the YAML engine evaluates the same few tests hundreds of thousands of times a check, and
walking the tree each time (a chain of isinstance tests per node) cost most of that.

Each closure does exactly what the evaluator's walk did for its node, in the same order: one step charged
against the evaluation's budget before anything else, the same checks and the same errors at the same
nodes. What is worked out once instead of each time is only what cannot change between two runs of the
evaluator: which function a call names, which fact a dotted name reads, which operator a node applies.
Every closure opens with the same two lines charging its step (`_Evaluator.charge` inline: a call there
would cost as much as the rest of most closures).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from deckwright.rules.syntax import (
    Attribute,
    Binary,
    Call,
    Compare,
    Comprehension,
    Index,
    ListOf,
    Literal,
    Logical,
    MappingOf,
    Name,
    Node,
    Unary,
)
from deckwright.rules.values import ClaimError, equal, is_number, show

if TYPE_CHECKING:
    from deckwright.rules.evaluate import _Evaluator

Compiled = Callable[[Mapping[str, Any]], Any]

_ORDER: dict[str, Callable[[Any, Any], bool]] = {
    "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}
ARITHMETIC: dict[str, Callable[[Any, Any], Any]] = {
    "+": operator.add, "-": operator.sub, "*": operator.mul,
    "/": operator.truediv, "//": operator.floordiv, "%": operator.mod}
_PLAIN = (int, str, float, bool)  # types whose equality is `==` between two values of the same type


def compile_node(ev: _Evaluator, node: Node) -> Compiled:
    """The closure evaluating `node` for `ev` (its budget, facts, functions and records)."""
    build = _BUILDERS.get(type(node))
    if build is None:
        def unknown(scope: Mapping[str, Any]) -> Any:
            ev.tick(node)
            raise ClaimError(f"cannot evaluate {ev.source(node)!r}", node)
        return unknown
    return build(ev, node)


def same(left: Any, right: Any) -> bool:
    """`equal`, without building canonical forms for two numbers or two words of one type."""
    kind = type(left)
    if kind is type(right) and kind in _PLAIN:
        return left is right or bool(left == right)
    return equal(left, right)


def _literal(ev: _Evaluator, node: Node) -> Compiled:
    assert isinstance(node, Literal)
    value = node.value

    def literal(scope: Mapping[str, Any]) -> Any:
        ev.steps += 1
        if ev.steps >= ev.limit:
            ev.over(node, 1)
        return value
    return literal


def _name(ev: _Evaluator, node: Node) -> Compiled:
    assert isinstance(node, Name)
    first, rest = node.parts[0], node.parts[1:]
    descend = ev.descend

    fact: list[Any] = []  # (name, value) of a whole fact the name reads, once read: the facts never change

    def name(scope: Mapping[str, Any]) -> Any:
        ev.steps += 1
        if ev.steps >= ev.limit:
            ev.over(node, 1)
        if first in scope:
            return descend(scope[first], rest, node) if rest else scope[first]
        if fact:
            ev.used[fact[0]] = None
            return fact[1]
        value = ev.name(node, scope)
        known = ev.resolved.get(node.parts)
        if known is not None and known[1] == len(node.parts):
            fact.extend((known[0], value))
        return value
    return name


def _unary(ev: _Evaluator, node: Node) -> Compiled:
    assert isinstance(node, Unary)
    operand_node = node.operand
    operand = ev.compile(operand_node)
    if node.op == "not":
        def negation(scope: Mapping[str, Any]) -> Any:
            ev.steps += 1
            if ev.steps >= ev.limit:
                ev.over(node, 1)
            value = operand(scope)
            if value is True or value is False:
                return not value
            return not ev.boolean(value, operand_node, "not")
        return negation

    def minus(scope: Mapping[str, Any]) -> Any:
        ev.steps += 1
        if ev.steps >= ev.limit:
            ev.over(node, 1)
        value = operand(scope)
        ev.number(value, operand_node, "-")
        return -value
    return minus


def _binary(ev: _Evaluator, node: Node) -> Compiled:
    assert isinstance(node, Binary)
    left, right = ev.compile(node.left), ev.compile(node.right)
    apply = ev.binary

    def binary(scope: Mapping[str, Any]) -> Any:
        ev.steps += 1
        if ev.steps >= ev.limit:
            ev.over(node, 1)
        return apply(node, left(scope), right(scope))
    return binary


def _compare(ev: _Evaluator, node: Node) -> Compiled:
    assert isinstance(node, Compare)
    first = ev.compile(node.operands[0])
    rest = [(relation(op), ev.compile(right_node), right_node)
            for op, right_node in zip(node.ops, node.operands[1:])]

    def compare(scope: Mapping[str, Any]) -> bool:
        ev.steps += 1
        if ev.steps >= ev.limit:
            ev.over(node, 1)
        left = first(scope)
        for holds, right_of, right_node in rest:
            right = right_of(scope)
            if not holds(left, right, right_node):
                return False
            left = right
        return True
    return compare


def relation(op: str) -> Callable[[Any, Any, Node], bool]:
    """What `left op right` is, as `_Evaluator.relation` says, for one operator (a ClaimError at the node for
    values it cannot relate)."""
    if op in ("==", "!="):
        wanted = op == "=="
        return lambda left, right, node: same(left, right) is wanted
    if op in ("in", "not in"):
        inside = op == "in"

        def member(left: Any, right: Any, node: Node) -> bool:
            if isinstance(right, str) and isinstance(left, str):
                found = left in right
            elif isinstance(right, Mapping):
                found = any(same(left, k) for k in right)
            elif isinstance(right, list):
                found = any(same(left, item) for item in right)
            else:
                raise ClaimError(f"'{op}' needs a list, mapping or word on its right, not {show(right)}", node)
            return found is inside
        return member
    ordered = _ORDER[op]

    def order(left: Any, right: Any, node: Node) -> bool:
        if type(left) is int and type(right) is int:
            return bool(ordered(left, right))
        if not ((is_number(left) and is_number(right)) or (isinstance(left, str) and isinstance(right, str))):
            raise ClaimError(f"cannot order {show(left)} and {show(right)} with '{op}'", node)
        return bool(ordered(left, right))
    return order


def _logical(ev: _Evaluator, node: Node) -> Compiled:
    assert isinstance(node, Logical)
    operands = [(ev.compile(operand), operand) for operand in node.operands]
    stop = node.op == "or"  # the outcome that decides
    boolean = ev.boolean
    op = node.op

    def logical(scope: Mapping[str, Any]) -> bool:
        ev.steps += 1
        if ev.steps >= ev.limit:
            ev.over(node, 1)
        for run, operand in operands:
            outcome = run(scope)
            if outcome is not True and outcome is not False:
                outcome = boolean(outcome, operand, op)
            if outcome is stop:
                return stop
        return not stop
    return logical


def _attribute(ev: _Evaluator, node: Node) -> Compiled:
    assert isinstance(node, Attribute)
    target, parts = ev.compile(node.target), node.parts
    descend = ev.descend

    def attribute(scope: Mapping[str, Any]) -> Any:
        ev.steps += 1
        if ev.steps >= ev.limit:
            ev.over(node, 1)
        return descend(target(scope), parts, node)
    return attribute


def _index(ev: _Evaluator, node: Node) -> Compiled:
    assert isinstance(node, Index)
    target, index = ev.compile(node.target), ev.compile(node.index)
    descend = ev.descend

    def indexed(scope: Mapping[str, Any]) -> Any:
        ev.steps += 1
        if ev.steps >= ev.limit:
            ev.over(node, 1)
        value = target(scope)
        return descend(value, (index(scope),), node)
    return indexed


def _list(ev: _Evaluator, node: Node) -> Compiled:
    assert isinstance(node, ListOf)
    items = [ev.compile(item) for item in node.items]

    def listed(scope: Mapping[str, Any]) -> list[Any]:
        ev.steps += 1
        if ev.steps >= ev.limit:
            ev.over(node, 1)
        return [item(scope) for item in items]
    return listed


def _mapping(ev: _Evaluator, node: Node) -> Compiled:
    assert isinstance(node, MappingOf)
    pairs = [(ev.compile(k), k, ev.compile(v)) for k, v in node.pairs]
    key = ev.key

    def mapping(scope: Mapping[str, Any]) -> dict[Any, Any]:
        ev.steps += 1
        if ev.steps >= ev.limit:
            ev.over(node, 1)
        return {key(k(scope), k_node): v(scope) for k, k_node, v in pairs}
    return mapping


def _comprehension(ev: _Evaluator, node: Node) -> Compiled:
    assert isinstance(node, Comprehension)
    element, source = ev.compile(node.element), ev.compile(node.source)
    condition = None if node.condition is None else ev.compile(node.condition)
    choose = ev.choose

    def comprehension(scope: Mapping[str, Any]) -> list[Any]:
        ev.steps += 1
        if ev.steps >= ev.limit:
            ev.over(node, 1)
        return [element(inner) for inner in choose(node, source, condition, scope)]
    return comprehension


def _call(ev: _Evaluator, node: Node) -> Compiled:
    assert isinstance(node, Call)
    if node.function == "fact":
        def fact(scope: Mapping[str, Any]) -> Any:
            ev.tick(node)
            return ev.fact(node, scope)
        return fact
    function = ev.functions.get(node.function)
    if function is None:
        def missing(scope: Mapping[str, Any]) -> Any:
            ev.tick(node)
            raise ev.no_function(node)
        return missing
    args = [ev.compile(arg) for arg in node.args]
    keywords = [(key, ev.compile(arg)) for key, arg in node.keywords]
    name = node.function
    refusal: list[str | None] = []  # worked out at the first call: the shape of a node's arguments never changes
    counts = name == "count"  # count() also notes the entities it counted
    called = ev.called

    def call(scope: Mapping[str, Any]) -> Any:
        ev.steps += 1
        if ev.steps >= ev.limit:
            ev.over(node, 1)
        values = [arg(scope) for arg in args]
        kwargs = {key: arg(scope) for key, arg in keywords}
        size = 0
        for value in (*values, *kwargs.values()) if kwargs else values:
            kind = type(value)
            if kind is list or kind is dict or (kind not in _PLAIN and isinstance(value, (list, Mapping))):
                size += len(value)
        if size:
            ev.charge(size, node)
        if not refusal:
            refusal.append(ev.refused(function, values, kwargs))
        if refusal[0] is not None:
            raise ClaimError(f"{name}(): {refusal[0]}", node)
        called[name] = None
        try:
            value = function(*values, **kwargs)
        except ClaimError as exc:
            raise ClaimError(str(exc), exc.node or node, kind=exc.kind, hint=exc.hint) from None
        if counts:
            ev.note_counted(values, value)
        return value
    return call


_BUILDERS: dict[type, Callable[[_Evaluator, Node], Compiled]] = {
    Literal: _literal, Name: _name, Unary: _unary, Binary: _binary, Compare: _compare, Logical: _logical,
    Attribute: _attribute, Index: _index, ListOf: _list, MappingOf: _mapping, Comprehension: _comprehension,
    Call: _call,
}
