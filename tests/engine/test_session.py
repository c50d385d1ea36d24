"""The playout session `check` opens for each pack: every game played once, workers only when they pay,
and the same results (so the same findings) with one worker or several."""

from __future__ import annotations

import json
from typing import Any

import pytest

from deckwright.engine import parallel
from deckwright.engine.parallel import Batch, playout_session, run_batches, run_playouts, seeds
from tests.conftest import ROOT, run
from tests.engine.test_check_every import Counter

STARTED: list[int] = []  # seeds of the games started, in this process (a game's own state would change its key)


class Counted(Counter):
    """Counter that notes every game it starts."""

    def new_state(self, table: Any, seed: int) -> list[int]:
        STARTED.append(seed)
        return super().new_state(table, seed)


@pytest.fixture(autouse=True)
def _fresh() -> None:
    STARTED.clear()


def batch(first: int, runs: int, *, check: bool = True, paranoid: bool = False, length: int = 30,
          broken: int | None = None) -> Batch:
    return Batch(Counted(length, broken), None, seeds(first, runs), ("random",), check=check, paranoid=paranoid)


def test_a_game_asked_for_twice_in_a_session_is_played_once() -> None:
    with playout_session(1) as session:
        first = run_playouts(batch(0, 6))
        again = run_playouts(batch(3, 6))  # seeds 3-5 are known, 6-8 are new
    assert STARTED == list(range(9)) and session.played == 9
    assert again[:3] == first[3:] and [r.seed for r in again] == [3, 4, 5, 6, 7, 8]
    assert run_playouts(batch(0, 6)) == first  # outside a session: played again, same results
    assert len(STARTED) == 15


def test_a_checked_game_serves_a_plain_one_only_when_it_broke_no_invariant() -> None:
    with playout_session(1):
        run_playouts(batch(0, 3))
        plain = run_playouts(batch(0, 3, check=False))
        assert len(STARTED) == 3  # checked and sound: the same game as without checks
    assert plain == run_playouts(batch(0, 3, check=False))
    with playout_session(1):
        broken = run_playouts(batch(0, 2, broken=5))
        assert broken[0].violations
        plain = run_playouts(batch(0, 2, check=False, broken=5))
    assert not plain[0].violations and plain[0].steps == 30  # a broken game is played again without checks
    with playout_session(1):
        run_playouts(batch(0, 2, check=False))
        STARTED.clear()
        run_playouts(batch(0, 2))
    assert STARTED == [0, 1]  # a plain game never stands for a checked one


class Memo:
    """A table that keeps worked-out answers the games ask for (as a game's paths or odds): playing fills it."""

    def __init__(self) -> None:
        self.memo: dict[int, int] = {}


class Memoising(Counted):
    def new_state(self, table: Memo, seed: int) -> list[int]:
        table.memo.setdefault(seed, seed * seed)
        return super().new_state(table, seed)


def test_a_table_whose_memos_filled_while_playing_still_finds_its_games() -> None:
    game, table = Memoising(30), Memo()
    with playout_session(1) as session:
        first = run_playouts(Batch(game, table, seeds(0, 3), ("random",)))
        assert table.memo  # its pickle is not what it was when the games were asked for
        again = run_playouts(Batch(Memoising(30), table, seeds(0, 3), ("random",), check=False))  # the same game
    assert again == first and session.played == 3 and STARTED == [0, 1, 2]


def test_different_tables_policies_or_step_bounds_are_different_games() -> None:
    with playout_session(1):
        run_playouts(batch(0, 2, length=30))
        run_playouts(batch(0, 2, length=31))
        base = batch(0, 2)
        run_playouts(Batch(base.game, None, base.seeds, ("random",), max_steps=10))
    assert len(STARTED) == 6


def test_workers_start_only_when_the_measured_work_pays(monkeypatch: pytest.MonkeyPatch) -> None:
    with playout_session(1) as inline:
        one = run_playouts(batch(0, 40))
    assert inline.pool is None
    with playout_session(2) as cheap:
        assert run_playouts(batch(0, 40)) == one
        assert cheap.pool is None  # forty games of a short counter take far less than POOL_WORTH_SECONDS
    monkeypatch.setattr(parallel, "POOL_WORTH_SECONDS", 0.0)
    with playout_session(2) as costly:
        assert run_playouts(batch(0, 40)) == one
        assert costly.pool is not None
    assert costly.pool is None  # shut down with the session


def other_pack_in_progress(monkeypatch: pytest.MonkeyPatch) -> Any:
    """The counter of packs not yet done of a side-by-side run on two pack processes, at two (this pack and
    another), with workers that always pay."""
    import multiprocessing

    from deckwright import cores

    monkeypatch.setattr(parallel, "POOL_WORTH_SECONDS", 0.0)
    counter = multiprocessing.get_context().Value("i", 2)
    monkeypatch.setattr(cores, "_left", counter)
    monkeypatch.setattr(cores, "_processes", 2)
    return counter


def test_games_are_played_inline_while_other_packs_keep_the_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a run checking packs side by side, a pack's games go to workers only when the cores are free."""
    with playout_session(1):
        one = run_playouts(batch(0, 40))
    counter = other_pack_in_progress(monkeypatch)
    with playout_session(2) as busy:
        assert run_playouts(batch(0, 40)) == one
        assert busy.pool is None
        counter.value = 1  # the other pack is done: this one has both cores
        assert run_playouts(batch(40, 40)) == run_playouts(batch(40, 40))
        assert busy.pool is not None


def test_games_played_inline_go_to_workers_once_the_other_packs_are_done(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pack left alone at the end of a run gets the cores the others freed, even in a call begun before."""
    with playout_session(1):
        one = run_playouts(batch(0, 40))
    counter = other_pack_in_progress(monkeypatch)
    inline: list[int] = []

    def other_pack_done(games: int) -> None:  # called after each piece played here
        inline.append(games)
        counter.value = 1

    with playout_session(2) as session:
        assert run_playouts(batch(0, 40), progress=other_pack_done) == one
        assert session.pool is not None
    assert inline[0] == parallel.SAMPLE and sum(inline) == 40  # the first piece here, the rest on the workers


def test_batches_asked_for_together_are_played_once_each_in_seed_order() -> None:
    with playout_session(1) as session:
        run_playouts(batch(0, 2))
        together = run_batches([batch(0, 4), batch(2, 4), batch(0, 3, length=31)])
    assert session.played == 2 + 4 + 3  # seeds 0-1 were known; 2-3 asked twice, played once
    assert sorted(STARTED) == sorted([0, 1, 2, 3, 4, 5, 0, 1, 2])
    assert [[r.seed for r in results] for results in together] == [[0, 1, 2, 3], [2, 3, 4, 5], [0, 1, 2]]
    assert together[0][2:] == together[1][:2] and together[2][0].steps == 31
    assert run_batches([batch(0, 4)]) == [run_playouts(batch(0, 4))]  # outside a session: each played here


def test_workers_are_weighed_against_the_work_of_every_batch_asked_for_together(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Batches each too small for the workers get them when their games in all are worth it."""
    small = [batch(10 * i, 4) for i in range(8)]
    with playout_session(1):
        one = run_batches(small)
    monkeypatch.setattr(parallel, "time", _Clock())  # a timed sample of 2 games takes 1 s: 0.5 s a game
    monkeypatch.setattr(parallel, "POOL_WORTH_SECONDS", 5.0)  # more than a batch's 2 games left, less than all 30
    with playout_session(2) as alone:
        assert [run_playouts(b) for b in small] == one
        assert alone.pool is None
    with playout_session(2) as together:
        assert run_batches(small) == one
        assert together.pool is not None


class _Clock:
    """A clock that moves on by one second each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 1.0
        return self.now


def test_check_reports_the_same_findings_and_seeds_with_one_worker_or_two(monkeypatch: pytest.MonkeyPatch) -> None:
    pack = str(ROOT / "content" / "examples" / "reef-race")
    one = run("check", pack, "--no-cache", "--workers", "1", "--runs", "12", "--format", "json")
    monkeypatch.setattr(parallel, "POOL_WORTH_SECONDS", 0.0)  # every batch goes to the workers
    started: list[int] = []
    monkeypatch.setattr(parallel, "ProcessPoolExecutor", _counting(started))
    two = run("check", pack, "--no-cache", "--workers", "2", "--runs", "12", "--format", "json")
    assert started == [2]
    assert one.exit_code == two.exit_code and json.loads(one.output) == json.loads(two.output)
    assert "DW528" in {d["code"] for d in json.loads(one.output)["diagnostics"]}  # a finding of the playouts


def _counting(started: list[int]) -> Any:
    class Pool(parallel.ProcessPoolExecutor):
        def __init__(self, workers: int, **options: Any) -> None:
            started.append(workers)
            super().__init__(workers, **options)

    return Pool


def test_games_asked_for_in_pieces_stop_where_the_caller_stops() -> None:
    batches = [batch(0, 30), batch(100, 30, check=False)]
    with playout_session(1) as session:
        pieces = parallel.in_pieces(batches)
        first = next(pieces)
        assert [r.seed for r in first] == list(range(parallel.FIRST_PIECE))
        assert session.played == parallel.FIRST_PIECE  # nothing beyond the piece asked for
        rest = list(pieces)
    # the pieces grow, cross from one batch to the next, and together are every game in order
    assert [len(p) for p in rest] == [20, 30]
    assert [r for p in [first, *rest] for r in p] == [r for b in run_batches(batches) for r in b]
