"""Greedy and one-ply lookahead policies come with every described game and play deterministically."""

from __future__ import annotations

from deckwright.engine.described.game import DescribedGame
from deckwright.engine.parallel import play_many

GAME = DescribedGame()


def test_policies_are_offered_and_beat_random_play_over_seeded_games(harbor):
    assert set(GAME.policies()) == {"greedy", "lookahead"}
    table = GAME.compile(harbor, "base", 2)
    for policy in ("greedy", "lookahead"):
        results = play_many(GAME, table, 0, 12, [policy, "random"], check=False)
        wins = sum(1 for r in results if r.winners == (0,))
        assert wins >= 9, (policy, wins)
        assert results == play_many(GAME, table, 0, 12, [policy, "random"], check=False)
