"""The generic functions of the claim language: counting, sums, extremes, sets, tallies."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from deckwright.rules.values import (
    ClaimError,
    Function,
    canonical,
    is_number,
    show,
    type_name,
)


def _count(items: Any) -> int:
    """Physical pieces in a list of entities (copies counted); the length of any other list."""
    if not isinstance(items, list):
        raise ClaimError(f"count() needs a list, not {show(items)}")
    return sum(item.get("copies", 1) if isinstance(item, Mapping) and "type" in item and "id" in item else 1
               for item in items)


def _numbers(items: Any, name: str) -> list[Any]:
    if not isinstance(items, list) or not all(is_number(i) for i in items):
        raise ClaimError(f"{name}() needs a list of numbers, not {show(items)}")
    return items


def _extreme(name: str, pick: Callable[..., Any]) -> Function:
    def function(*items: Any) -> Any:
        values = items[0] if len(items) == 1 else list(items)
        values = _numbers(values, name)
        if not values:
            raise ClaimError(f"{name}() of an empty list")
        return pick(values)
    return function


def _all(items: Any, name: str = "all") -> list[bool]:
    if not isinstance(items, list) or not all(isinstance(i, bool) for i in items):
        raise ClaimError(f"{name}() needs a list of true/false values, not {show(items)}")
    return items


def _distinct(items: Any) -> list[Any]:
    if type(items) is not list:  # a list needs no Mapping test (an ABC's, slow: set() runs at many steps of a game)
        if isinstance(items, Mapping):
            items = list(items)
        if not isinstance(items, list):
            raise ClaimError(f"set() needs a list, not {show(items)}")
    if all(type(item) is int for item in items) or all(type(item) is str for item in items):
        return sorted(set(items))  # what follows gives the same for plain numbers or words, more slowly
    unique: dict[Any, Any] = {}  # canonical form -> the first item of that value (equal items share one)
    for item in items:
        unique.setdefault(canonical(item), item)
    return sorted(unique.values(), key=_order)


def _order(value: Any) -> tuple[str, Any]:
    return (type_name(value), value) if is_number(value) or isinstance(value, str) else (type_name(value), show(value))


def _length(items: Any) -> int:
    if type(items) is list:
        return len(items)
    if not isinstance(items, (list, Mapping, str)):
        raise ClaimError(f"len() needs a list, mapping or word, not {show(items)}")
    return len(items)


def _tally(items: Any) -> dict[str, int]:
    """How many times each value occurs in a list, keyed by the value written as a word."""
    if not isinstance(items, list):
        raise ClaimError(f"tally() needs a list, not {show(items)}")
    counts: dict[str, int] = {}
    for item in sorted(items, key=_order):
        key = show(item) if not isinstance(item, str) else item
        counts[key] = counts.get(key, 0) + 1
    return counts


def _keys(mapping: Any) -> list[Any]:
    if not isinstance(mapping, Mapping):
        raise ClaimError(f"keys() needs a mapping, not {show(mapping)}")
    return list(mapping)


GENERIC: Mapping[str, Function] = {
    "tally": _tally,
    "keys": _keys,
    "len": _length,
    "count": _count,
    "sum": lambda items: sum(_numbers(items, "sum")),
    "min": _extreme("min", min),
    "max": _extreme("max", max),
    "abs": lambda number: abs(_numbers([number], "abs")[0]),
    "all": lambda items: all(_all(items)),
    "any": lambda items: any(_all(items, "any")),
    "set": _distinct,
    "sorted": lambda items: sorted(_checked_list(items), key=_order),
}


def _checked_list(items: Any) -> list[Any]:
    if isinstance(items, Mapping):
        return list(items)
    if not isinstance(items, list):
        raise ClaimError(f"sorted() needs a list, not {show(items)}")
    return items
