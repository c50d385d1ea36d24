"""Budgets for the jinja2 sandbox that renders pack-written templates (layout text, sheet templates).

jinja2's sandbox stops a template from reaching Python internals, not from doing too much work:
`range(100000)` nested in itself loops 10^10 times, `((10**64)**64)**64` builds a number of
millions of digits, `(['x'*100000]*100000)|join` a string of 10^10 characters. Every render gets
a budget instead: at most MAX_STEPS items drawn from `range` in all, numbers of at most MAX_BITS
bits from `*` and `**`, sequences of at most MAX_SEQUENCE items from `*`, and joins of at most
MAX_JOIN characters. Going past one raises jinja2's SecurityError, which the caller reports as a
diagnostic at the template.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Iterable, Iterator
from typing import Any

from jinja2 import pass_context, pass_eval_context
from jinja2.filters import do_join
from jinja2.runtime import Context
from jinja2.sandbox import MAX_RANGE, SandboxedEnvironment, SecurityError

MAX_STEPS = 250_000
MAX_BITS = 4096
MAX_SEQUENCE = 100_000
MAX_JOIN = 1_000_000
_SEQUENCES = (str, list, tuple)


class BudgetedSandbox(SandboxedEnvironment):
    """A sandbox whose `*`, `**`, `range` and `join` stay within the budgets above."""

    intercepted_binops = frozenset({"*", "**"})

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.globals["range"] = _range
        self.filters["join"] = _join

    def call_binop(self, context: Context, operator_name: str, left: Any, right: Any) -> Any:
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


@pass_context
def _range(context: Context, *args: int) -> Iterator[int]:
    """range(), counting every item drawn against the render's step budget."""
    numbers = range(*args)
    if len(numbers) > MAX_RANGE:
        raise SecurityError(f"a range of more than {MAX_RANGE} items")
    return _counted(context, numbers)


def _counted(context: Context, numbers: range) -> Iterator[int]:
    state = context.eval_ctx.__dict__
    for number in numbers:
        state["_steps"] = state.get("_steps", 0) + 1
        if state["_steps"] > MAX_STEPS:
            raise SecurityError(f"more than {MAX_STEPS} loop steps")
        yield number


@pass_eval_context
def _join(eval_ctx: Any, value: Iterable[Any], d: str = "", attribute: str | int | None = None) -> str:
    """jinja2's join, refusing results longer than MAX_JOIN characters before building them."""
    items = list(value)
    if len(items) > MAX_JOIN or sum(len(str(i)) for i in items[:MAX_JOIN]) + len(d) * len(items) > MAX_JOIN:
        raise SecurityError(f"a join of more than {MAX_JOIN} characters")
    return do_join(eval_ctx, items, d, attribute)
