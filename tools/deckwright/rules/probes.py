"""Engine probes for claims: `probe("name", key=value)` asks the pack's engine a question.

A probe is `load_game(pack.engine).probes[name](pack, **params)`. Answers are cached for one
check of one pack, so several claims can ask the same (possibly slow) question once; inside
`answers_through(...)` each new question goes through the caller's store (`check` keeps the answers
on disk beside its playouts: runs/playouts.py).
"""

from __future__ import annotations

import dataclasses
import enum
import inspect
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from deckwright.errors import DeckwrightError
from deckwright.model import Pack
from deckwright.plugin import answered_probes, load_game
from deckwright.rules.evaluate import ClaimError
from deckwright.rules.readers import probe_reader, reading_as
from deckwright.rules.values import canonical, show
from deckwright.schema import did_you_mean


# A store of answers: given the probe's name, its parameters and how to ask it, the answer (kept or asked).
AskThrough = Callable[[str, Mapping[str, Any], Callable[[], Any]], Any]
_THROUGH: ContextVar[AskThrough | None] = ContextVar("deckwright_probe_answers", default=None)


@contextmanager
def answers_through(store: AskThrough) -> Iterator[None]:
    """Ask every probe inside the block through `store`."""
    token = _THROUGH.set(store)
    try:
        yield
    finally:
        _THROUGH.reset(token)


@dataclass(frozen=True)
class Probes:
    """The probes of one pack's engine, with the answers given so far in this check."""

    pack: Pack
    answers: dict[Any, Any] = field(default_factory=dict)

    def __call__(self, name: str, **params: Any) -> Any:
        """The probe's answer as plain data (mappings, lists, numbers, words, true/false)."""
        key = (name, canonical(params))
        if key not in self.answers:
            store = _THROUGH.get()
            self.answers[key] = (store(name, params, lambda: self._ask(name, params)) if store is not None
                                 else self._ask(name, params))
        return self.answers[key]

    def _ask(self, name: str, params: dict[str, Any]) -> Any:
        function = self._find(name)
        try:
            inspect.signature(function).bind(self.pack, **params)
        except TypeError as exc:
            raise ClaimError(f"probe '{name}' cannot take {show(params)}: {exc}") from None
        try:
            with reading_as(probe_reader(name)):
                answer = function(self.pack, **params)
        except ClaimError:
            raise
        except Exception as exc:  # noqa: BLE001 - a probe is game code run on this content: report, go on
            raise ClaimError(f"probe '{name}' failed: {type(exc).__name__}: {exc}", kind="probe-error") from None
        return plain(answer)

    def _find(self, name: str) -> Callable[..., Any]:
        if not isinstance(name, str):
            raise ClaimError(f"a probe is named by a word, not {show(name)}")
        if self.pack.engine is None:
            raise ClaimError(f"pack '{self.pack.id}' has no engine to answer probe '{name}'",
                             kind="probe-unavailable", hint="name the game's engine in pack.yaml (`engine:`)")
        try:
            spec = load_game(self.pack.engine)
        except DeckwrightError as exc:
            raise ClaimError(str(exc), kind="probe-unavailable") from None
        probes = answered_probes(spec)
        if name not in probes:
            available = sorted(probes)
            raise ClaimError(f"engine '{self.pack.engine}' has no probe '{name}'", kind="probe-unavailable",
                             hint=did_you_mean(name, available)
                             or (f"its probes: {', '.join(available)}" if available else "it registers no probes yet"))
        return probes[name]


def plain(value: Any) -> Any:
    """A probe's answer as the claim language's values: dataclasses and enums become data."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return plain({f.name: getattr(value, f.name) for f in dataclasses.fields(value)})
    if isinstance(value, enum.Enum):
        return plain(value.value)
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [plain(v) for v in value]
        return sorted(items, key=repr) if isinstance(value, (set, frozenset)) else items
    return value
