"""Golden playthroughs of the example packs: the readable action log replays line by line.

Refresh with `pytest tests/engine/described --refresh-golden` after an intended rules change and
review the diff; a missing golden file fails the test (the test never writes one on its own).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from deckwright.engine.logfile import read_log
from deckwright.engine.simulation import SimulateOptions, record, replay_log
from deckwright.output import write_atomic
from tests.engine.described.conftest import NAMES, shipped

GOLDEN = Path(__file__).parent / "golden"
CASES = [("harbor-market", 3, 1, ("random",)), ("lantern-dive", 2, 4, ("greedy", "random")),
         ("tide-pools", 4, 2, ("lookahead", "random")), ("reef-race", 3, 3, ("greedy", "random"))]


def _path(name: str, players: int, seed: int) -> Path:
    return GOLDEN / f"{name}-{players}p-seed{seed}.log"


@pytest.mark.parametrize(("name", "players", "seed", "policies"), CASES)
def test_golden_playthrough_replays_line_by_line(request, name, players, seed, policies):
    pack = shipped(name)
    path = _path(name, players, seed)
    fresh = record(pack, SimulateOptions("base", players, seed=seed, policies=policies, check=True)).text()
    if request.config.getoption("--refresh-golden"):
        write_atomic(path, fresh)
    assert path.exists(), f"no golden playthrough {path.name}: run pytest with --refresh-golden and review it"
    assert fresh.splitlines() == path.read_text(encoding="utf-8").splitlines()
    again, problems = replay_log(pack, path)
    assert problems == []
    assert again.result == read_log(path).result


def test_every_example_has_a_golden_playthrough():
    assert {read_log(p).params["pack"] for p in GOLDEN.glob("*.log")} == set(NAMES)


def test_a_tampered_log_fails_at_its_first_bad_line(tmp_path):
    name, players, seed, _ = CASES[0]
    lines = _path(name, players, seed).read_text(encoding="utf-8").splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("P1: buy"))
    lines[first] = "P1: buy royal-charter"
    broken = tmp_path / "broken.log"
    broken.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _, problems = replay_log(shipped(name), broken)
    assert problems and problems[0].startswith(f"step {first - 7}:") and "is not legal here" in problems[0]
