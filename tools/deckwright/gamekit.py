"""Everything a game plug-in may use of deckwright, in one public module.

A game (in `deckwright/games/` or a studio's own package) imports deckwright only from here; a test
over the shipped games keeps it so. What is here is the plug-in contract: the registration record
and the protocols of its parts (`GameSpec`, `Game`, `Probe`, `EngineCheck`), how its scenarios end
(`Ending`, `Outcome`, `Endings`, `every_scenario`), how it tells content whose effect its engine
plays (`EffectJudge`, `Handlers`, `keyed`, `Outside`), the shared adapter a
game's rules subclass, chance and terminal markers, the exceptions `compile` raises, the model a
game reads (`Pack`, `Entity`) and how it reads the rulebook's facts, the diagnostics its checks
return, and the playout machinery its probes and checks drive. Nothing in the core imports this
module: dependencies point from the games to the core, never back.
"""

from __future__ import annotations

from deckwright.diagnostic import Code, Diagnostic, Location, Related, Severity
from deckwright.engine.adapter import GameAdapter
from deckwright.engine.effects import EffectJudge, Handlers, Outside, keyed
from deckwright.engine.endings import Ending, Endings, Outcome, every_scenario
from deckwright.engine.game import CHANCE, TERMINAL, Action, Game, MissingFacts, RulesError
from deckwright.engine.parallel import Batch, in_pieces, play_many, resolve_policy, run_batches, run_playouts, seeds
from deckwright.engine.playout import PlayoutResult, Policy, draw_uniform, draw_weighted, sample_chance
from deckwright.engine.reproduce import recorded_replay_hint, scenario_location
from deckwright.errors import DeckwrightError
from deckwright.lint.glossary import marked_terms
from deckwright.model import Entity, Pack
from deckwright.plugin import EngineCheck, GameSpec, LintCheck, Probe
from deckwright.rules.facts import fact, fact_index, facts_with_prefix, with_facts
from deckwright.rules.readers import current_reader, note_reads, recording  # for engines that memoise fact reads
from deckwright.schema import did_you_mean

__all__ = [
    "CHANCE", "TERMINAL", "Action", "Batch", "Code", "DeckwrightError", "Diagnostic", "draw_uniform", "draw_weighted", "EffectJudge", "Ending", "Endings",
    "EngineCheck", "Entity", "Game", "GameAdapter", "GameSpec", "Handlers", "LintCheck", "Location", "MissingFacts", "Outcome", "Outside",
    "Pack", "PlayoutResult", "Policy", "Probe", "Related", "RulesError", "Severity", "current_reader", "did_you_mean",
    "every_scenario", "fact", "fact_index", "facts_with_prefix", "in_pieces", "keyed", "marked_terms", "note_reads",
    "play_many", "recorded_replay_hint", "recording", "resolve_policy", "run_batches", "run_playouts", "sample_chance", "scenario_location",
    "seeds", "with_facts",
]
