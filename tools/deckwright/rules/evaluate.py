"""Evaluating a parsed claim against facts and functions, and explaining why it came out false."""

from __future__ import annotations

import functools
import inspect
import math
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from deckwright.diagnostic import counted_key
from deckwright.rules.builtins import GENERIC
from deckwright.rules.compiled import ARITHMETIC, Compiled, compile_node
from deckwright.rules.syntax import (
    Attribute,
    Binary,
    Call,
    Compare,
    Comprehension,
    Index,
    Literal,
    Logical,
    Name,
    Node,
    Unary,
)
from deckwright.rules.values import (
    ClaimError,
    Function,
    equal,
    is_number,
    show,
    type_name,
)
from deckwright.schema import did_you_mean

__all__ = ["ClaimError", "Function", "Result", "evaluate", "evaluator"]

MAX_ITEMS = 100_000
MAX_STEPS = 500_000  # nodes evaluated, plus items handled by calls and joins, per evaluation
MAX_SECONDS = 5.0  # one evaluation's wall-clock backstop (the step budget is what keeps results deterministic)
_CLOCK_EVERY = 4096  # steps between two looks at the clock
_ABSENT = object()
_MAPPINGS: dict[type, bool] = {}  # whether a type is a Mapping: asked of the ABC once per type, not per field


@dataclass(frozen=True)
class Result:
    """A claim's value, the facts it read (in order), the functions it called, and why it is false
    (empty when true)."""

    value: Any
    facts: tuple[str, ...]
    why: str
    calls: tuple[str, ...] = ()
    counted: tuple[str, ...] = ()  # counted_key of every count() over entities, in order


_signature = functools.lru_cache(maxsize=1024)(inspect.signature)


def signature(function: Function) -> inspect.Signature:
    """A function's signature, worked out once per function: expressions of a described game call the same
    few functions hundreds of thousands of times a check, and `inspect.signature` costs more than most of
    them. A callable that cannot be a cache key (the probes of a pack) is inspected each time."""
    try:
        return _signature(function)
    except TypeError:
        return inspect.signature(function)


def evaluate(text: str, tree: Node, facts: Mapping[str, Any], functions: Mapping[str, Function]) -> Result:
    """Evaluate `tree` (parsed from `text`); ClaimError when it cannot be evaluated."""
    evaluator = _Evaluator(text, facts, {**GENERIC, **functions})
    value = evaluator.run(tree, {})
    evaluator.restart()  # the explanation evaluates the parts again, within a budget of its own
    why = evaluator.explain(tree, {}) if value is False else ""
    return Result(value, tuple(evaluator.used), why, tuple(evaluator.called), tuple(evaluator.counted))


def evaluator(text: str, facts: Mapping[str, Any], functions: Mapping[str, Function]) -> _Evaluator:
    """A reusable evaluator of expressions parsed from `text`: `.run(tree, bindings)` gives a value, each
    run within its own budget, and computes no explanation (the YAML engine evaluates its tests this
    way, many times a game)."""
    return _Evaluator(text, facts, {**GENERIC, **functions})


class _Evaluator:
    """Evaluates nodes of one text against facts and functions. Each node is compiled once into a closure
    (`rules/compiled.py`) that charges the budget and checks exactly as this class says."""

    def __init__(self, text: str, facts: Mapping[str, Any], functions: Mapping[str, Function]):
        self.text = text
        self.facts = facts
        self.functions = functions
        self.used: dict[str, None] = {}
        self.called: dict[str, None] = {}
        self.counted: dict[str, None] = {}
        self.steps = 0
        self.max_steps = MAX_STEPS
        self.limit = 0  # the step count at which a charge looks at the budget and the clock (`over`)
        self.deadline = math.inf
        self.shapes: dict[tuple[Any, ...], str | None] = {}  # (function, positional count, keywords) -> refusal
        self.compiled: dict[int, tuple[Node, Compiled]] = {}  # id(node) -> (node, its closure)
        self.resolved: dict[tuple[str, ...], tuple[str, int]] = {}  # a name's parts -> (fact, parts it spans)
        self.restart()

    def source(self, node: Node) -> str:
        return self.text[node.start:node.end]

    def run(self, node: Node, scope: Mapping[str, Any]) -> Any:
        """The value of `node`, evaluated within a fresh step and time budget."""
        self.deadline = time.monotonic() + MAX_SECONDS
        self.restart()
        entry = self.compiled.get(id(node))
        return (entry[1] if entry is not None and entry[0] is node else self.compile(node))(scope)

    def runner(self, node: Node) -> Compiled:
        """`run` of one node as a function of the scope, its closure found once: what an expression the YAML
        engine evaluates many times a game calls."""
        closure = self.compile(node)
        monotonic = time.monotonic

        def run(scope: Mapping[str, Any]) -> Any:
            self.deadline = monotonic() + MAX_SECONDS
            self.restart()
            return closure(scope)
        return run

    def restart(self) -> None:
        """A fresh step budget (the clock's deadline is left as it is); `MAX_STEPS` read now, not at import."""
        self.steps = 0
        self.max_steps = MAX_STEPS
        self.limit = min(self.max_steps + 1, _CLOCK_EVERY)

    def compile(self, node: Node) -> Compiled:
        """The closure evaluating `node`, compiled at its first evaluation."""
        entry = self.compiled.get(id(node))
        if entry is None or entry[0] is not node:
            entry = (node, compile_node(self, node))
            self.compiled[id(node)] = entry
        return entry[1]

    def charge(self, steps: int, node: Node) -> None:
        """Count `steps` against the budget: a ClaimError at `node` once it is spent."""
        self.steps += steps
        if self.steps >= self.limit:
            self.over(node, steps)

    def tick(self, node: Node) -> None:
        """One node evaluated (the compiled closures do this inline)."""
        self.charge(1, node)

    def over(self, node: Node, steps: int) -> None:
        """A charge of `steps` reached `limit`: past the budget, or time to look at the clock (whenever the
        count enters another block of `_CLOCK_EVERY` steps)."""
        if self.steps > self.max_steps:
            raise ClaimError(f"evaluation took more than {self.max_steps:,} steps; simplify the claim "
                             "(nested comprehensions multiply their lists' lengths)", node)
        if (self.steps - steps) // _CLOCK_EVERY != self.steps // _CLOCK_EVERY and time.monotonic() > self.deadline:
            raise ClaimError(f"evaluation took more than {MAX_SECONDS:g} s; simplify the claim", node)
        self.limit = min(self.max_steps + 1, (self.steps // _CLOCK_EVERY + 1) * _CLOCK_EVERY)

    def value(self, node: Node, scope: Mapping[str, Any]) -> Any:
        return self.compile(node)(scope)

    def name(self, node: Name, scope: Mapping[str, Any]) -> Any:
        if node.parts[0] in scope:
            return self.descend(scope[node.parts[0]], node.parts[1:], node)
        known = self.resolved.get(node.parts)
        if known is not None:
            name, size = known
            self.used[name] = None
            return self.descend(self.facts[name], node.parts[size:], node)
        for size in range(len(node.parts), 0, -1):
            name = ".".join(node.parts[:size])
            if name in self.facts:
                self.used[name] = None
                self.resolved[node.parts] = (name, size)  # the facts do not change while an evaluator lives
                return self.descend(self.facts[name], node.parts[size:], node)
        full = ".".join(node.parts)
        family = {name[len(full) + 1:]: value for name, value in self.facts.items() if name.startswith(full + ".")}
        if family:
            self.used.update(dict.fromkeys(f"{full}.{rest}" for rest in family))
            return family
        hint = did_you_mean(full, [*self.facts, *scope]) or (
            f"'{full}' is not a function: call it with ()" if full in self.functions else None)
        raise ClaimError(f"no clause states the fact '{full}'", node, kind="unknown-fact", hint=hint)

    def descend(self, value: Any, parts: tuple[Any, ...], node: Node) -> Any:
        for part in parts:
            if type(value) is dict and type(part) is str:  # a record's field: the common case, one lookup
                found = value.get(part, _ABSENT)
                if found is not _ABSENT:
                    value = found
                    continue
            kind = type(value)
            mapping = _MAPPINGS.get(kind)
            if mapping is None:
                mapping = _MAPPINGS[kind] = isinstance(value, Mapping)
            if mapping:
                key = part if isinstance(part, str) or part in value else str(part)
                try:  # one look-up, not `in` then `[]`: a mapping of the YAML engine's answers both in Python
                    value = value[key]
                except KeyError:
                    raise ClaimError(f"{show(value)} has no field {show(part)}", node,
                                     hint=did_you_mean(str(part), [str(k) for k in value])) from None
            elif isinstance(value, list) and (isinstance(part, int) or str(part).lstrip("-").isdigit()):
                position = int(part)
                if not -len(value) <= position < len(value):
                    raise ClaimError(f"index {position} is outside a list of {len(value)}", node)
                value = value[position]
            else:
                raise ClaimError(f"{show(value)} ({type_name(value)}) has no field {show(part)}", node)
        return value

    def key(self, value: Any, node: Node) -> Any:
        if isinstance(value, (str, int, float, bool)) or value is None:
            return value
        raise ClaimError(f"a mapping key must be a word or number, not {type_name(value)}", node)

    def boolean(self, value: Any, node: Node, op: str) -> bool:
        if not isinstance(value, bool):
            raise ClaimError(f"'{op}' needs true or false, but {self.source(node)} is {show(value)}", node)
        return value

    def number(self, value: Any, node: Node, op: str) -> None:
        kind = type(value)
        if kind is not int and kind is not float and not is_number(value):
            raise ClaimError(f"'{op}' needs a number, but {self.source(node)} is {show(value)}", node)

    def binary(self, node: Binary, left: Any, right: Any) -> Any:
        if node.op == "+" and type_name(left) == type_name(right) in ("word", "list"):
            self.charge(len(left) + len(right), node)
            return left + right
        self.number(left, node.left, node.op)
        self.number(right, node.right, node.op)
        if node.op in ("/", "//", "%") and right == 0:
            raise ClaimError(f"division by zero: {self.source(node.right)} is 0", node.right)
        try:
            result = ARITHMETIC[node.op](left, right)
        except OverflowError:
            raise ClaimError(f"{_clipped(self.source(node))} is too large to compute", node) from None
        if isinstance(result, float) and not math.isfinite(result):
            raise ClaimError(f"{self.source(node)} is not a finite number", node)
        return result

    def bindings(self, node: Comprehension, scope: Mapping[str, Any]) -> list[dict[str, Any]]:
        condition = None if node.condition is None else self.compile(node.condition)
        return self.choose(node, self.compile(node.source), condition, scope)

    def choose(self, node: Comprehension, source_of: Compiled, condition: Compiled | None,
               scope: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The scopes a comprehension's element is evaluated in: one per item of its source that passes."""
        source = source_of(scope)
        if type(source) is not list and isinstance(source, Mapping):  # a list needs no (slow) ABC test
            source = list(source)
        if not isinstance(source, list):
            raise ClaimError(f"'for {node.variable} in' needs a list, but {self.source(node.source)} is {show(source)}",
                             node.source)
        chosen = []
        variable = node.variable
        for item in source[:MAX_ITEMS]:
            inner = {**scope, variable: item}
            if condition is None:
                chosen.append(inner)
                continue
            passed = condition(inner)
            if passed is True or (passed is not False and self.boolean(passed, node.condition, "if")):  # type: ignore[arg-type]
                chosen.append(inner)
        return chosen

    def no_function(self, node: Call) -> ClaimError:
        return ClaimError(f"there is no function '{node.function}'", node,
                          hint=did_you_mean(node.function, self.functions) or "the README lists the functions")

    def note_counted(self, args: list[Any], value: Any) -> None:
        """count() over entities: which ones it counted, and how many pieces they made."""
        if args and isinstance(args[0], list) and isinstance(value, int) and all(
                isinstance(item, Mapping) and "type" in item and "id" in item for item in args[0]):
            self.counted[counted_key((str(item["id"]) for item in args[0]), value)] = None

    def refused(self, function: Function, args: list[Any], kwargs: dict[str, Any]) -> str | None:
        """Why the function's signature refuses these arguments (None: it takes them). That depends only on
        how many are positional and the keywords' names, so it is worked out once per function and shape
        (a described game calls the same few functions hundreds of thousands of times a check)."""
        shape: tuple[Any, ...] | None = (function, len(args), tuple(kwargs))
        try:
            if shape in self.shapes:
                return self.shapes[shape]
        except TypeError:  # a callable that cannot be a key (the probes of a pack): bound each time
            shape = None
        try:
            signature(function).bind(*args, **kwargs)
            why = None
        except TypeError as exc:
            why = str(exc)
        if shape is not None:
            self.shapes[shape] = why
        return why

    def fact(self, node: Call, scope: Mapping[str, Any]) -> Any:
        """fact("name") and fact("name", default): a fact by a name that may be computed."""
        args = [self.value(arg, scope) for arg in node.args]
        if node.keywords or not 1 <= len(args) <= 2 or not isinstance(args[0], str):
            raise ClaimError("fact() takes a fact name and, optionally, a default value", node)
        name = args[0]
        if name not in self.facts and len(args) == 2:
            return args[1]
        return self.name(Name(node.start, node.end, tuple(name.split("."))), {})

    def explain(self, node: Node, scope: Mapping[str, Any]) -> str:
        """Why `node`, which is false in `scope`, is false: the values of its parts."""
        if isinstance(node, Logical) and node.op == "and":
            for operand in node.operands:
                if self.value(operand, scope) is False:
                    return self.explain(operand, scope)
        if isinstance(node, Logical):
            return " and ".join(self.explain(operand, scope) for operand in node.operands)
        if isinstance(node, Unary) and node.op == "not":
            return f"{self.source(node.operand)} is true{self.parts(node.operand, scope)}"
        if isinstance(node, Compare):
            shown = [self.shown(operand, scope) for operand in node.operands]
            text = shown[0]
            for op, right in zip(node.ops, shown[1:]):
                text += f" {op} {right}"
            return f"{text} is false"
        if isinstance(node, Call) and node.function in ("all", "any") and len(node.args) == 1 \
                and isinstance(node.args[0], Comprehension):
            return self.counterexample(node.function, node.args[0], scope)
        return f"{self.source(node)} is false{self.parts(node, scope)}"

    def counterexample(self, function: str, comprehension: Comprehension, scope: Mapping[str, Any]) -> str:
        bindings = self.bindings(comprehension, scope)
        if function == "any":
            return f"no {comprehension.variable} in {self.shown(comprehension.source, scope)} has " \
                   f"{self.source(comprehension.element)}"
        for inner in bindings:
            if self.value(comprehension.element, inner) is False:
                item = inner[comprehension.variable]
                return f"for {comprehension.variable} = {show(item)}: {self.explain(comprehension.element, inner)}"
        return f"{self.source(comprehension.element)} is false for some {comprehension.variable}"

    def shown(self, node: Node, scope: Mapping[str, Any]) -> str:
        value = show(self.value(node, scope))
        return value if isinstance(node, Literal) else f"{self.source(node)} ({value})"

    def parts(self, node: Node, scope: Mapping[str, Any]) -> str:
        names = [n for n in _names(node) if not isinstance(n, Literal)]
        if not names or names == [node]:
            return ""
        return " (" + ", ".join(f"{self.source(n)} = {show(self.value(n, scope))}" for n in names) + ")"


def _clipped(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _names(node: Node) -> list[Node]:
    """Fact names and calls directly inside a node, for explaining a false boolean."""
    if isinstance(node, (Name, Call, Attribute, Index)):
        return [node]
    found: list[Node] = []
    for child in vars(node).values():
        if isinstance(child, Node):
            found.extend(_names(child))
        elif isinstance(child, tuple):
            found.extend(n for c in child if isinstance(c, Node) for n in _names(c))
    return found
