"""A game's own `draw_chance` draws what `sample_chance` draws over its `chance_outcomes`, at every chance
node of real games, so a playout is the same game whichever the driver uses."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from deckwright.engine.game import CHANCE
from deckwright.engine.playout import draw_uniform, draw_weighted, sample_chance
from deckwright.model import load_pack
from deckwright.plugin import load_game

CONTENT = Path(__file__).resolve().parents[2] / "content"


def _chance_nodes_agree(name: str, games: int) -> int:
    pack = load_pack(CONTENT / name, f"content/{name}").pack
    assert pack is not None and pack.engine
    game: Any = load_game(pack.engine).engine
    compared = 0
    for scenario in game.scenarios(pack):
        table = game.compile(pack, scenario, max(game.player_counts(pack)))
        for seed in range(games):
            state, rng = game.new_state(table, seed), random.Random(seed)
            while not game.is_terminal(state):
                if game.current_player(state) == CHANCE:
                    before = rng.getstate()
                    listed = sample_chance(game.chance_outcomes(state), rng)
                    after = rng.getstate()
                    rng.setstate(before)
                    assert game.draw_chance(state, rng) == listed
                    assert rng.getstate() == after
                    action, compared = listed, compared + 1
                else:
                    action = rng.choice(game.legal_actions(state))
                game.apply_in_place(state, action)
    return compared


@pytest.mark.parametrize("name", ["adventure-land", "agemonia", "examples/harbor-market", "examples/lantern-dive"])
def test_draw_chance_draws_what_sample_chance_draws(name: str) -> None:
    assert _chance_nodes_agree(name, 3) > 100


def test_uniform_and_weighted_draws_match_sample_chance() -> None:
    for seed in range(200):
        deck = list(range(seed % 7 + 1))
        share = 1 / len(deck)
        assert draw_uniform(deck, random.Random(seed)) == sample_chance([(c, share) for c in deck], random.Random(seed))
        rows = [(k, k * 2, p) for k, p in enumerate((0.1, 0.2, 0.3, 0.4))]
        assert draw_weighted(rows, random.Random(seed)) == sample_chance([(row, row[-1]) for row in rows],
                                                                         random.Random(seed))
    with pytest.raises(IndexError):
        draw_uniform([], random.Random(0))


class _Drawn(random.Random):
    """A generator whose next `random()` is the number given."""

    def __init__(self, value: float):
        super().__init__(0)
        self.value = value

    def random(self) -> float:
        return self.value


def test_a_uniform_draw_by_place_is_the_draw_by_subtractions_even_next_to_a_boundary() -> None:
    import math

    for n in [*range(1, 130), 999, 4095, 4096, 4097]:
        deck = list(range(n))
        share = 1 / n
        for k in sorted({0, 1, n // 3, n // 2, n - 1, n}):
            exact = k / n
            for r in (exact, math.nextafter(exact, 0), math.nextafter(exact, 1), exact + 1e-6 / n, exact - 1e-6 / n,
                      exact + 3e-6 / n, exact - 3e-6 / n, exact + 0.5 / n):
                if 0 <= r < 1:
                    assert draw_uniform(deck, _Drawn(r)) == sample_chance([(c, share) for c in deck], _Drawn(r)), (n, r)
