"""A package's names imported on first use (PEP 562), so importing one light module of a package
(`deckwright.loading.codes` for `deckwright explain`) does not import everything the package exports."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def lazy_exports(package: str, exports: Mapping[str, str]) -> Callable[[str], Any]:
    """The package's `__getattr__`: each exported name read from its module (`exports`: name -> module) when first
    asked for, then kept in the package."""
    import sys

    def __getattr__(name: str) -> Any:
        if name not in exports:
            raise AttributeError(f"module '{package}' has no attribute '{name}'")
        value = getattr(import_module(exports[name]), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
