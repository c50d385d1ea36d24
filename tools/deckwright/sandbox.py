"""Budgets for the jinja2 sandbox that renders pack-written templates (layout text, sheet templates).

jinja2's sandbox stops a template from reaching Python internals, not from doing too much work:
`range(100000)` nested in itself loops 10^10 times, so does a loop over a long string nested in
itself, `((10**64)**64)**64` builds a number of millions of digits, `(['x'*100000]*100000)|join` a
string of 10^10 characters. Every render gets a budget instead:

- steps: at most MAX_STEPS items drawn from `range` and by `{% for %}` loops in all (every loop's
  iterable is wrapped by the code generator, whatever it loops over);
- sizes: numbers of at most MAX_BITS bits from `*` and `**`; sequences of at most MAX_SEQUENCE items
  from `*` and `+`; strings of at most MAX_JOIN characters from `join`, `~`, `+` and any filter or
  method call (checked before the call where its arguments say the size, as for `replace` or
  `center`, and on every result); an output of at most a given size (render_bounded);
- time: a render that is still running after MAX_SECONDS stops at its next step, call or output
  chunk (a backstop only: the step and size budgets are what keep results deterministic).

Going past one raises jinja2's SecurityError, which the caller reports as a diagnostic at the
template's line.
"""

from __future__ import annotations

import functools
import math
import operator
import re
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextvars import ContextVar
from typing import Any

from jinja2 import Template, nodes, pass_context, pass_eval_context
from jinja2.compiler import CodeGenerator, Frame
from jinja2.filters import do_join
from jinja2.runtime import Context
from jinja2.sandbox import MAX_RANGE, SandboxedEnvironment, SecurityError

MAX_STEPS = 250_000
MAX_BITS = 4096
MAX_SEQUENCE = 100_000
MAX_JOIN = 1_000_000
MAX_OUTPUT = 1_000_000  # characters one layout text renders to
MAX_SECONDS = 5.0  # one render's wall-clock backstop
_SEQUENCES = (str, list, tuple)
_deadline: ContextVar[float | None] = ContextVar("template_deadline", default=None)


class _BudgetedCode(CodeGenerator):
    """jinja2's code generator, with every loop's iterable drawn through `environment.budget_loop` and
    every `~` concatenation's result measured by `environment.budget_size`."""

    def visit_For(self, node: nodes.For, frame: Frame) -> None:
        if not getattr(node, "budgeted", False):
            node.iter = nodes.Call(nodes.EnvironmentAttribute("budget_loop"), [node.iter], [], None, None,
                                   lineno=node.lineno)
            node.budgeted = True  # type: ignore[attr-defined]  # a For is visited again for `loop` checks
        super().visit_For(node, frame)

    def visit_Concat(self, node: nodes.Concat, frame: Frame) -> None:
        self.write("environment.budget_size(")
        super().visit_Concat(node, frame)
        self.write(")")


class BudgetedSandbox(SandboxedEnvironment):
    """A sandbox whose `*`, `**`, `range` and `join` stay within the budgets above."""

    intercepted_binops = frozenset({"*", "**", "+", "%"})
    code_generator_class = _BudgetedCode

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.globals["range"] = _range
        self.filters["join"] = _join
        self.filters.update({name: _measured(name, f) for name, f in self.filters.items()})
        self.budget_loop = _loop
        self.budget_size = _sized

    def call(__self, __context: Context, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        """A call from the template, within the time budget, its size foreseen where its arguments
        tell it (str.center, str.replace...) and its result measured."""
        _check_time()
        name = getattr(__obj, "__name__", "")
        if isinstance(getattr(__obj, "__self__", None), str) and name in _GROWING:
            _GROWING[name](__obj.__self__, *args, **kwargs)
        return _sized(super().call(__context, __obj, *args, **kwargs))

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """jinja2's sandboxed str.format, refused when its format string asks for a huge width."""
        wrapped = super().wrap_str_format(value)
        if wrapped is not None:
            _check_widths(value.__self__, printf=False)
        return wrapped

    def call_binop(self, context: Context, operator_name: str, left: Any, right: Any) -> Any:
        _check_time()
        if operator_name == "%" and isinstance(left, str):
            _check_widths(left, printf=True)
            return operator.mod(left, right)
        if operator_name == "+":
            if isinstance(left, _SEQUENCES) and isinstance(right, _SEQUENCES):
                _sized(left, len(right))
            return operator.add(left, right)
        if operator_name == "**":
            _check_power(left, right)
            return operator.pow(left, right)
        if operator_name == "*":
            for seq, times in ((left, right), (right, left)):
                if isinstance(seq, _SEQUENCES) and isinstance(times, int) and len(seq) * times > MAX_SEQUENCE:
                    raise SecurityError(f"a repetition of more than {MAX_SEQUENCE} items")
            if _is_int(left) and _is_int(right) and _bits(left) + _bits(right) > MAX_BITS:
                raise SecurityError(f"a product of more than {MAX_BITS} bits")
            return operator.mul(left, right)
        return super().call_binop(context, operator_name, left, right)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _bits(value: int) -> int:
    return abs(value).bit_length()


def _check_power(base: Any, exponent: Any) -> None:
    """Refuse a power whose result would have more than MAX_BITS bits (or is not a number at all)."""
    if not isinstance(exponent, (int, float)) or not isinstance(base, (int, float)):
        return
    if isinstance(exponent, float) or isinstance(base, float):
        if abs(exponent) > MAX_BITS:
            raise SecurityError(f"exponent {exponent} is larger than {MAX_BITS}")
        return
    if exponent > 0 and abs(base) > 1 and exponent * math.log2(abs(base)) > MAX_BITS:
        raise SecurityError(f"a power of more than {MAX_BITS} bits")
    if exponent < -MAX_BITS:
        raise SecurityError(f"exponent {exponent} is smaller than -{MAX_BITS}")


def render_bounded(template: Template, context: Mapping[str, Any], limit: int = MAX_OUTPUT) -> str:
    """The template rendered over `context`; SecurityError as soon as the output passes `limit` characters."""
    parts: list[str] = []
    size = 0
    token = _deadline.set(time.monotonic() + MAX_SECONDS)
    try:
        for chunk in template.generate(dict(context)):
            size += len(chunk)
            if size > limit:
                raise SecurityError(f"output larger than {limit} characters")
            _check_time()
            parts.append(chunk)
    finally:
        _deadline.reset(token)
    return "".join(parts)


def _check_time() -> None:
    deadline = _deadline.get()
    if deadline is not None and time.monotonic() > deadline:
        raise SecurityError(f"rendering took more than {MAX_SECONDS:g} s")


def _sized(value: Any, more: int = 0) -> Any:
    """`value`, refused when it (grown by `more` items) is a string or sequence over the budget."""
    if isinstance(value, str) and len(value) + more > MAX_JOIN:
        raise SecurityError(f"a text of more than {MAX_JOIN} characters")
    if isinstance(value, (list, tuple)) and len(value) + more > MAX_SEQUENCE:
        raise SecurityError(f"a list of more than {MAX_SEQUENCE} items")
    return value


# a width or precision in a printf-style (`%5.2f`) or str.format-style (`{:>5}`) format string
_PRINTF_SIZES = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(\*|\d+)?(?:\.(\*|\d+))?")
_FORMAT_SPECS = re.compile(r"\{[^{}]*:([^{}]*)(\{?)")


def _check_widths(text: str, printf: bool) -> None:
    """Refuse a format string whose widths or precisions would build a text over the budget (or are
    given by an argument, `*` or a nested `{}`, which cannot be foreseen)."""
    sizes: list[str] = []
    if printf:
        sizes = [size for found in _PRINTF_SIZES.finditer(text) for size in found.groups() if size]
    else:
        for spec, nested in _FORMAT_SPECS.findall(text):
            if nested:
                raise SecurityError("a format width given by an argument")
            sizes += re.findall(r"\d+", spec)
    for size in sizes:
        if size == "*" or len(size) > 7 or int(size) > MAX_JOIN:
            raise SecurityError(f"a format width of {size[:12]}")


def _foresee(size: int) -> None:
    if size > MAX_JOIN:
        raise SecurityError(f"a text of more than {MAX_JOIN} characters")


def _width(text: str, width: Any = 0, *args: Any, **kwargs: Any) -> None:
    if isinstance(width, int):
        _foresee(width)


def _replaced(text: str, old: Any = "", new: Any = "", count: Any = -1, *args: Any, **kwargs: Any) -> None:
    if isinstance(old, str) and isinstance(new, str) and len(new) > len(old):
        times = text.count(old) if old else len(text) + 1
        if isinstance(count, int) and count >= 0:
            times = min(times, count)
        _foresee(len(text) + times * (len(new) - len(old)))


def _tabs(text: str, tabsize: Any = 8, *args: Any, **kwargs: Any) -> None:
    if isinstance(tabsize, int):
        _foresee(len(text) + text.count("\t") * tabsize)


def _joined(separator: str, items: Any = (), *args: Any, **kwargs: Any) -> None:
    if isinstance(items, (list, tuple)):
        _foresee(sum(len(i) for i in items if isinstance(i, str)) + len(separator) * len(items))


# str methods whose result can be far larger than their inputs, and the check of their arguments
_GROWING: dict[str, Callable[..., None]] = {
    "center": _width, "ljust": _width, "rjust": _width, "zfill": _width, "replace": _replaced,
    "expandtabs": _tabs, "join": _joined,
}


def _indented(text: Any, width: Any = 4, *args: Any, **kwargs: Any) -> None:
    if isinstance(text, str) and isinstance(width, int):
        _foresee(len(text) + (text.count("\n") + 1) * width)
    elif isinstance(text, str) and isinstance(width, str):
        _foresee(len(text) + (text.count("\n") + 1) * len(width))


def _replace_filter(eval_ctx: Any, text: Any, *args: Any, **kwargs: Any) -> None:
    if isinstance(text, str):
        _replaced(text, *args, **kwargs)


# filters whose result can be far larger than their inputs: the check of their arguments
_GROWING_FILTERS: dict[str, Callable[..., None]] = {
    "format": lambda text, *a, **k: _check_widths(str(text), printf=True),
    "center": lambda text, width=80, *a, **k: _width(str(text), width),
    "indent": _indented,
    "replace": _replace_filter,
}


def _measured(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """A filter within the time budget, its size foreseen where its arguments tell it, its result measured."""
    check = _GROWING_FILTERS.get(name)

    @functools.wraps(function)  # keeps jinja2's pass_context/pass_eval_context marks
    def measured(*args: Any, **kwargs: Any) -> Any:
        _check_time()
        if check is not None:
            check(*args, **kwargs)
        return _sized(function(*args, **kwargs))
    return measured


@pass_context
def _range(context: Context, *args: int) -> Iterator[int]:
    """range(), counting every item drawn against the render's step budget."""
    numbers = range(*args)
    if len(numbers) > MAX_RANGE:
        raise SecurityError(f"a range of more than {MAX_RANGE} items")
    return _counted(context, numbers)


@pass_context
def _loop(context: Context, items: Iterable[Any]) -> Iterator[Any]:
    """A `{% for %}` loop's items, counting each against the render's step budget."""
    return _counted(context, items)


def _counted(context: Context, items: Iterable[Any]) -> Iterator[Any]:
    state = context.eval_ctx.__dict__
    for item in items:
        state["_steps"] = state.get("_steps", 0) + 1
        if state["_steps"] > MAX_STEPS:
            raise SecurityError(f"more than {MAX_STEPS} loop steps")
        _check_time()
        yield item


@pass_eval_context
def _join(eval_ctx: Any, value: Iterable[Any], d: str = "", attribute: str | int | None = None) -> str:
    """jinja2's join, refusing results longer than MAX_JOIN characters before building them."""
    items = list(value)
    if len(items) > MAX_JOIN or sum(len(str(i)) for i in items[:MAX_JOIN]) + len(d) * len(items) > MAX_JOIN:
        raise SecurityError(f"a join of more than {MAX_JOIN} characters")
    return do_join(eval_ctx, items, d, attribute)
