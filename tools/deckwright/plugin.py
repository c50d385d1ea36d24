"""Games plug in through the `deckwright.games` entry point group; the core imports none by name.

Each entry point names a `GameSpec` (or a function returning one). Loading is lazy: a game's
module is imported only when a pack names it as its engine, or when every game is listed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any

from deckwright.diagnostic import Code, Diagnostic
from deckwright.errors import DeckwrightError

if TYPE_CHECKING:
    from deckwright.model.pack import Pack

GROUP = "deckwright.games"

LintCheck = Callable[["Pack"], Iterable[Diagnostic]]


@dataclass(frozen=True)
class GameSpec:
    """What a game contributes: its lint checks and codes, and (for engines) its rules and probes."""

    name: str
    title: str
    lint_checks: tuple[LintCheck, ...] = ()
    codes: tuple[Code, ...] = ()
    engine: Any = None
    probes: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    # Extra engine checks: callables (pack, *, budget_seconds, pool, seed) -> diagnostics, run by
    # `deckwright.engine.check.check_engine` after the generic playout findings.
    engine_checks: tuple[Callable[..., Iterable[Diagnostic]], ...] = ()
    # The ways a game can end, as `Game.end_reason` names them: the engine check reports how often
    # playouts end by each (and any never reached), and the probe `end_condition_rates` answers it.
    end_reasons: tuple[str, ...] = ()


def game_names() -> list[str]:
    """Names of every registered game, without importing any."""
    return sorted({ep.name for ep in entry_points(group=GROUP)})


@cache
def load_game(name: str) -> GameSpec:
    """The registered game of that name; DeckwrightError if none or if it is not a GameSpec."""
    for ep in entry_points(group=GROUP):
        if ep.name == name:
            loaded = ep.load()
            spec = loaded() if callable(loaded) and not isinstance(loaded, GameSpec) else loaded
            if not isinstance(spec, GameSpec):
                raise DeckwrightError(f"entry point {ep.value} of game '{name}' is not a GameSpec")
            return spec
    raise DeckwrightError(f"no game '{name}' is installed")


def load_games() -> dict[str, GameSpec]:
    """Every registered game, by name."""
    return {name: load_game(name) for name in game_names()}


def answered_probes(spec: GameSpec) -> dict[str, Callable[..., Any]]:
    """Every probe a game answers: for an engine game the generic ones (`engine/probes.py`), then its own,
    which take precedence. Here, above the stages, so that the claims (rules) never import the engine."""
    if spec.engine is None:
        return dict(spec.probes)
    from deckwright.engine.probes import GENERIC_PROBES  # engines only: no playout code otherwise

    return {**GENERIC_PROBES, **spec.probes}
