"""Golden playouts: game, params and the readable action sequence, replayed by name.

A missing golden fails; refresh with `pytest --refresh-golden` after an intended rules change, and
review the diff.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from deckwright.engine.logfile import read_log
from deckwright.engine.simulation import SimulateOptions, record, replay_log
from deckwright.plugin import game_names
from tests.golden import check_golden

GOLDEN = Path(__file__).parent / "golden"
CASES = [("adventure-fellowship", 2, 1, ("random",)), ("adventure-magnificent", 3, 2, ("greedy",)),
         ("adventure-escape-to-the-cities", 4, 3, ("greedy", "random"))]


def _path(scenario: str, players: int, seed: int) -> Path:
    return GOLDEN / f"{scenario}-{players}p-seed{seed}.log"


@pytest.mark.parametrize(("scenario", "players", "seed", "policies"), CASES)
def test_golden_playout_replays_line_by_line(al_pack, request, scenario, players, seed, policies):
    path = _path(scenario, players, seed)
    fresh = record(al_pack, SimulateOptions(scenario, players, seed=seed, policies=policies)).text()
    check_golden(request, path, fresh)
    again, problems = replay_log(al_pack, path)
    assert problems == []
    assert again.result == read_log(path).result


def test_every_registered_game_with_an_engine_has_a_golden_playout():
    tests = Path(__file__).resolve().parents[2]  # every game's golden folder, wherever its tests live
    covered = {read_log(p).params["game"] for p in tests.rglob("golden/*.log")}
    from deckwright.plugin import load_game

    assert {n for n in game_names() if load_game(n).engine is not None} <= covered


def test_a_tampered_log_fails_at_its_first_bad_line(al_pack, tmp_path):
    path = _path(*CASES[0][:3])
    lines = path.read_text(encoding="utf-8").splitlines()
    first_move = next(i for i, line in enumerate(lines) if line.startswith("P1:"))
    lines[first_move] = "P1: red1 K10 east 5 to Z99"
    broken = tmp_path / "broken.log"
    broken.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _, problems = replay_log(al_pack, broken)
    assert problems and "is not legal here" in problems[0]
