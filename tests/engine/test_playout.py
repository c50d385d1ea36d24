from __future__ import annotations

import random

import pytest

from deckwright.engine import Batch, play, run_playouts
from deckwright.engine.parallel import executor, play_many
from deckwright.engine.playout import random_policy
from deckwright.plugin import load_game

GAME = load_game("adventure-land").engine


@pytest.fixture(scope="module")
def table(al_pack):
    return GAME.compile(al_pack, "the-fellowship", 3)


def test_same_seed_gives_identical_log_and_result(table):
    first = play(GAME, table, 7, [random_policy], record=True)
    second = play(GAME, table, 7, [random_policy], record=True)
    assert first == second
    assert first.log and first.end in ("stockpile-empty", "nobody-can-move")


def test_reseeding_the_global_rng_between_steps_changes_nothing(table, monkeypatch):
    reference = play(GAME, table, 11, [random_policy], record=True)
    apply = GAME.apply_in_place
    counter = iter(range(10**9))

    def noisy(state, action):
        random.seed(next(counter))
        random.random()
        apply(state, action)

    monkeypatch.setattr(GAME, "apply_in_place", noisy)
    assert play(GAME, table, 11, [random_policy], record=True) == reference


def test_one_and_two_workers_give_identical_results(table):
    one = play_many(GAME, table, 3, 24, ["random"], workers=1, check=False)
    two = play_many(GAME, table, 3, 24, ["random"], workers=2, check=False)
    assert one == two
    assert [r.seed for r in one] == list(range(3, 27))


def test_dask_local_cluster_gives_identical_results(table):
    distributed = pytest.importorskip("distributed")
    inline = run_playouts(Batch(GAME, table, tuple(range(5)), ("random",), check=False))
    with distributed.LocalCluster(n_workers=1, processes=False, dashboard_address=None) as cluster:
        with executor(scheduler=cluster.scheduler_address) as pool:
            remote = run_playouts(Batch(GAME, table, tuple(range(5)), ("random",), check=False), pool=pool)
    assert remote == inline


@pytest.mark.parametrize("scenario", ["the-fellowship", "the-magnificent", "escape-to-the-cities"])
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_playouts_keep_every_invariant(al_pack, scenario, players, policy):
    table = GAME.compile(al_pack, scenario, players)
    for seed in range(2):
        result = play(GAME, table, seed, [GAME.policies().get(policy, random_policy)], check=True)
        assert result.violations == ()
        assert result.end in ("stockpile-empty", "nobody-can-move")
        low, high = GAME.score_bounds(table)
        assert all(low <= s <= high for s in result.scores)


def test_pure_apply_leaves_the_state_alone(table):
    state = GAME.new_state(table, 0)
    before = state.snapshot()
    action = GAME.legal_actions(state)[0]
    after = GAME.apply(state, action)
    assert state.snapshot() == before
    assert after.snapshot() != before
    with pytest.raises(ValueError):
        GAME.apply(state, ("move", 0, 0, 99))
