"""The sample playouts of Agemonia's check, asked for together: on workers or here, the same findings."""

from __future__ import annotations

from typing import Any

import pytest

from deckwright.engine import parallel
from deckwright.engine.parallel import playout_session
from deckwright.games.agemonia.playcheck import play_findings
from deckwright.model import load_pack
from tests.games.agemonia.conftest import AGEMONIA

RUNS = 4


def _findings(workers: int) -> tuple[list[Any], parallel.Session]:
    pack = load_pack(AGEMONIA, "content/agemonia").pack  # a fresh pack: the samples are kept with the pack
    with playout_session(workers) as session:
        found = play_findings(pack, budget_seconds=0, pool=None, seed=0, runs=RUNS)
        return found, session


def test_the_samples_give_the_same_findings_with_one_worker_or_two(monkeypatch: pytest.MonkeyPatch) -> None:
    one, inline = _findings(1)
    monkeypatch.setattr(parallel, "POOL_WORTH_SECONDS", 0.0)  # the games of every table go to the workers
    started: list[int] = []

    class Pool(parallel.ProcessPoolExecutor):
        def __init__(self, workers: int, **options: Any) -> None:
            started.append(workers)
            super().__init__(workers, **options)

    monkeypatch.setattr(parallel, "ProcessPoolExecutor", Pool)
    two, session = _findings(2)
    assert started == [2]  # one pool for every table and policy of the samples
    assert inline.played == session.played > 0 and one  # four games each leave content unreached
    assert [(d.code, d.message, d.hint) for d in one] == [(d.code, d.message, d.hint) for d in two]
