"""Engine stage: games as pure transitions, seeded playouts, invariants, parallel runs, checks."""

from deckwright.engine.game import CHANCE, TERMINAL, Game
from deckwright.engine.parallel import Batch, play_many, resolve_policy, run_playouts
from deckwright.engine.playout import PlayoutResult, Violation, play, replay
from deckwright.engine.stats import summarize

__all__ = ["CHANCE", "TERMINAL", "Batch", "Game", "PlayoutResult", "Violation", "play", "play_many", "replay",
           "resolve_policy", "run_playouts", "summarize"]
