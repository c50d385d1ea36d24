"""A session's workers get its tables once: those it holds when they start as the very objects, a later
one as a pickle with its games; the games are the ones played here."""

from __future__ import annotations

import pickle

import pytest

from deckwright.engine import parallel, parcels
from deckwright.engine.parallel import Batch, playout_session, run_playouts, seeds
from tests.engine.test_session import Memo, Memoising


def test_a_table_handed_to_a_worker_is_played_as_is_and_a_sent_one_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parcels, "_TABLES", {})
    given, sent = Memo(), Memo()
    parcels.receive({b"given": given})
    batch = Batch(Memoising(30), None, seeds(0, 2), ("random",))
    assert parcels.unpack(parcels.Parcel(batch, b"given")).table is given  # no pickle travelled
    first = parcels.unpack(parcels.Parcel(batch, b"sent", pickle.dumps(sent)))
    assert first.table is not sent and first.table.memo == sent.memo
    assert parcels.unpack(parcels.Parcel(batch, b"sent")).table is first.table  # kept for the later pieces
    with pytest.raises(KeyError):
        parcels.unpack(parcels.Parcel(batch, b"unknown"))


def test_games_of_tables_held_at_the_start_and_seen_later_are_the_games_played_here(
        monkeypatch: pytest.MonkeyPatch) -> None:
    early, late = Memo(), Memo()
    late.memo[99] = 1  # another table (another pickle)

    def asked() -> list[Batch]:
        return [Batch(Memoising(30), early, seeds(0, 8), ("random",)),
                Batch(Memoising(31), late, seeds(0, 8), ("random",))]

    with playout_session(1):
        here = [run_playouts(b) for b in asked()]
    monkeypatch.setattr(parallel, "POOL_WORTH_SECONDS", 0.0)
    monkeypatch.setattr(parallel, "SEND_WORTH_SECONDS", 0.0)
    with playout_session(2) as session:
        there = [run_playouts(b) for b in asked()]
        assert session.pool is not None  # the late table came after the workers: sent pickled
        assert sorted(carried is None for carried in session.sent.values()) == [False, True]
    assert there == here
