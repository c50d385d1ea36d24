"""Games plug in through the `deckwright.games` entry point group; the core imports none by name.

Each entry point names a `GameSpec` (or a function returning one). Loading is lazy: a game's
module is imported only when a pack names it as its engine, or when every game is listed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol

from deckwright.diagnostic import Code, Diagnostic
from deckwright.errors import DeckwrightError

if TYPE_CHECKING:  # annotations only: the registry is read by every command, the engine only by some
    from concurrent.futures import Executor

    from deckwright.engine.effects import EffectJudge
    from deckwright.engine.endings import Endings
    from deckwright.engine.game import Game
    from deckwright.model.pack import Pack

GROUP = "deckwright.games"

LintCheck = Callable[["Pack"], Iterable[Diagnostic]]


class Probe(Protocol):
    """A question claims can ask the engine: `probe("name", key=value)` calls it with the pack and the
    keywords, and reads its answer as plain data (mappings, lists, numbers, words, true/false)."""

    def __call__(self, pack: Pack, /, *args: Any, **params: Any) -> Any:
        """The answer for this pack."""


class EngineCheck(Protocol):
    """A game's own engine findings, run by `deckwright check` after the generic playout findings."""

    def __call__(self, pack: Pack, *, budget_seconds: float, pool: Executor | None, seed: int,
                 runs: int | None) -> Iterable[Diagnostic]:
        """Findings of this pack; `runs` playouts per case when given (reproducible), else what fits the budget."""


@dataclass(frozen=True)
class GameSpec:
    """What a game contributes: its lint checks and codes, and (for engines) its rules and probes.

    What the core needs to know about a game's content is declared here, never named in the core:
    `endings` says, per scenario (the standard game is one), the ways it can end, as `Game.end_reason`
    names them, and what each means for the players: won, lost, the winners by seat, or neither
    (engine/endings.py; `every_scenario(...)` when all scenarios end alike). The engine check reports
    how often the random playouts end by each (DW507), an end no playout of any policy and player count
    reached (DW502), and a scenario or seat never won or never lost under every policy (DW511); the
    probe `end_condition_rates` answers the same rates. `usage_types` are the entity types whose every
    entity some playout should use (the engine check reports those none used). `effects` says, per entity
    type, how to tell whether the engine plays an entity's effect, from the engine's own handlers
    (engine/effects.py; `keyed(field, handlers)` for effects named by a field): `check` lists every entity
    whose effect is not played (DW512) and counts them (DW513). `outcome_policies` names which of the
    engine's policies the outcome check plays after the random one (None: every one, in `Game.policies()`'s
    order), for a game whose policies cost far more than its random play.
    """

    name: str
    title: str
    lint_checks: tuple[LintCheck, ...] = ()
    codes: tuple[Code, ...] = ()
    engine: Game | None = None
    probes: Mapping[str, Probe] = field(default_factory=dict)
    engine_checks: tuple[EngineCheck, ...] = ()
    endings: Endings | None = None
    usage_types: tuple[str, ...] = ()
    effects: Mapping[str, EffectJudge] = field(default_factory=dict)
    outcome_policies: tuple[str, ...] | None = None


@cache
def entry_points() -> Any:
    """The registered games' entry points, found once a process. importlib.metadata (about 16 ms to import,
    and a scan of every installed distribution) is paid only by a command that asks for a game."""
    from importlib.metadata import entry_points as registered

    return registered(group=GROUP)


def game_names() -> list[str]:
    """Names of every registered game, without importing any."""
    return sorted({ep.name for ep in entry_points()})


@cache
def load_game(name: str) -> GameSpec:
    """The registered game of that name; DeckwrightError if none or if it is not a GameSpec."""
    for ep in entry_points():
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
