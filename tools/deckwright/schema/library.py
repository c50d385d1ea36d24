"""jsonschema (the explaining path), imported without the format checkers that cost most to import.

`import jsonschema` imports every optional format library it finds, and one of them builds lark
grammars for the IRI formats when imported: about 0.7 s of the 0.9 s that importing jsonschema
cost, paid on the first schema error of a run whatever formats its schemas use. Here jsonschema
is imported with those libraries hidden, and their formats are checked by functions that import
the library the first time a value of that format is checked: a run pays for a format only when
one of its failing records holds one. jsonschema-rs, on the fast path, checks every format itself.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from importlib.util import find_spec
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec

    from jsonschema import FormatChecker

# Libraries jsonschema's format checkers import when jsonschema is imported, and that cost far more to
# import than the rest of jsonschema: IRI syntax (lark grammars) and ISO 8601 durations (arrow, dateutil).
DEFERRED = ("rfc3987_syntax", "isoduration")
_IRI_DRAFTS = ("Draft7Validator", "Draft201909Validator", "Draft202012Validator")
_DURATION_DRAFTS = ("Draft201909Validator", "Draft202012Validator")


class _Hidden:
    """A meta path finder that makes the named top-level modules look absent."""

    def __init__(self, names: Sequence[str]):
        self.names = frozenset(names)

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> ModuleSpec | None:
        if name.partition(".")[0] in self.names:
            raise ModuleNotFoundError(f"{name} is imported on first use", name=name)
        return None


@contextmanager
def _hidden(names: Sequence[str]) -> Iterator[None]:
    finder = _Hidden([n for n in names if n not in sys.modules])
    sys.meta_path.insert(0, finder)
    try:
        yield
    finally:
        sys.meta_path.remove(finder)


def load_jsonschema() -> ModuleType:
    """The jsonschema package, imported (once) without the deferred format libraries."""
    module = sys.modules.get("jsonschema")
    if module is not None:
        return module
    with _hidden(DEFERRED):
        import jsonschema
    return jsonschema


def format_checker(validator_class: Any) -> FormatChecker:
    """The draft's format checker, with the deferred formats checked by libraries imported on first use."""
    load_jsonschema()
    from jsonschema import FormatChecker

    checker = FormatChecker(())
    checker.checkers = dict(validator_class.FORMAT_CHECKER.checkers)
    name = getattr(validator_class, "__name__", "")
    if name in _IRI_DRAFTS and find_spec("rfc3987_syntax") is not None:
        for fmt, term in (("iri", "iri"), ("iri-reference", "iri_reference")):
            checker.checkers.setdefault(fmt, (_iri(term), ()))
    if name in _DURATION_DRAFTS and find_spec("isoduration") is not None:
        checker.checkers.setdefault("duration", (_duration, ()))
    return checker


def _iri(term: str) -> Callable[[object], bool]:
    def check(instance: object) -> bool:
        if not isinstance(instance, str):
            return True
        from rfc3987_syntax import is_valid_syntax

        return bool(is_valid_syntax(term, instance))
    return check


def _duration(instance: object) -> bool:
    """An ISO 8601 duration that names its last unit (isoduration alone accepts `P1`)."""
    if not isinstance(instance, str):
        return True
    import isoduration

    try:
        isoduration.parse_duration(instance)
    except isoduration.DurationParsingException:
        return False
    return instance.endswith(tuple("DMYWHMS"))
