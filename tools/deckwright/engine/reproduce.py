"""Where an engine finding is written and how a reader plays the game behind it again: the scenario's
entity (else the manifest), and the `simulate` commands that record the named game and replay its log."""

from __future__ import annotations

from deckwright.diagnostic import Location
from deckwright.engine.playout import PlayoutResult
from deckwright.model.pack import Pack


def scenario_location(pack: Pack, entity_id: str) -> Location:
    """The scenario entity's place in the pack, or the manifest's for a scenario that is no entity."""
    entity = pack.by_id.get(entity_id)
    return entity.locate() if entity is not None else pack.locate()


def recorded_replay_hint(pack: Pack, scenario: str, players: int, seed: int, policy: str = "random",
                         step: int = 0) -> str:
    """How to record one playout of a game's own check and replay it (and, given a step, where in the
    log to look): the hint of the findings a game's engine checks draw from several policies."""
    at = f"; it happens at action line {step} of the log" if step else ""
    return (f"record it: deckwright simulate {pack.display} --scenario {scenario} --players {players} --seed {seed} "
            f"--runs 1 --policy {policy} --record game.log; replay it: deckwright simulate {pack.display} "
            f"--replay game.log{at}")


def replay_hint(pack: Pack, scenario: str, players: int, r: PlayoutResult) -> str:
    """How to play one random playout of the check again and record it."""
    return (f"reproduce: deckwright simulate {pack.display} --scenario {scenario} --players {players} "
            f"--seed {r.seed} --runs 1 --record game.log")
