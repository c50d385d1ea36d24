"""Golden playthroughs, one per sample scenario: game, params and the readable actions, replayed by name.

A missing golden fails; `pytest --refresh-golden` writes them after an intended rules change (review
the diff).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from deckwright.engine.logfile import read_log
from deckwright.engine.simulation import SimulateOptions, record, replay_log
from tests.golden import check_golden

GOLDEN = Path(__file__).parent / "golden"
CASES = [("sample-flooded-cellar", 2, 1, ("heuristic",)), ("sample-broken-ritual", 3, 2, ("random",)),
         ("sample-prison-break", 4, 3, ("greedy", "heuristic")), ("sample-sky-bridge", 2, 4, ("random",))]


def _path(scenario: str, players: int, seed: int) -> Path:
    return GOLDEN / f"{scenario}-{players}p-seed{seed}.log"


@pytest.mark.parametrize(("scenario", "players", "seed", "policies"), CASES)
def test_golden_playthrough_replays_line_by_line(agm_pack, request, scenario, players, seed, policies):
    path = _path(scenario, players, seed)
    fresh = record(agm_pack, SimulateOptions(scenario, players, seed=seed, policies=policies)).text()
    check_golden(request, path, fresh)
    again, problems = replay_log(agm_pack, path)
    assert problems == []
    assert again.result == read_log(path).result


def test_every_sample_scenario_has_a_golden_playthrough(agm_pack):
    from deckwright.games.agemonia import GAME

    assert {read_log(p).params["scenario"] for p in GOLDEN.glob("*.log")} == set(GAME.engine.scenarios(agm_pack))


def test_a_tampered_log_fails_at_its_first_bad_line(agm_pack, tmp_path):
    path = _path(*CASES[1][:3])
    lines = path.read_text(encoding="utf-8").splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("P1:"))
    lines[first] = "P1: lunara selects a-spell-nobody-has"
    broken = tmp_path / "broken.log"
    broken.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _, problems = replay_log(agm_pack, broken)
    assert problems and "is not legal here" in problems[0]
