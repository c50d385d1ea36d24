"""Golden Silver Coin playthroughs: the readable action log of whole games, replayed by name.

A missing or different golden fails; after an intended rules change rewrite them with
`pytest tests/games/silver_coin/test_golden.py --refresh-golden` and review the diff.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from deckwright.engine.logfile import read_log
from deckwright.engine.simulation import SimulateOptions, record, replay_log
from deckwright.model import Pack
from tests.golden import check_golden

ROOT = Path(__file__).resolve().parents[3]
GOLDEN = Path(__file__).parent / "golden"
CASES = [("standard", 2, 1, ("heuristic", "random")), ("standard", 3, 2, ("random",)),
         ("standard", 4, 3, ("heuristic",)), ("olm-infestation", 1, 4, ("heuristic",)),
         ("ashgar-plague", 2, 5, ("heuristic", "random"))]


def _path(scenario: str, players: int, seed: int) -> Path:
    return GOLDEN / f"{scenario}-{players}p-seed{seed}.log"


@pytest.mark.parametrize(("scenario", "players", "seed", "policies"), CASES)
def test_golden_playthrough_replays_line_by_line(sc_pack: Pack, request: Any, scenario: str, players: int,
                                                 seed: int, policies: tuple[str, ...]) -> None:
    path = _path(scenario, players, seed)
    fresh = record(sc_pack, SimulateOptions(scenario, players, seed=seed, policies=policies)).text()
    check_golden(request, path, fresh)
    again, problems = replay_log(sc_pack, path)
    assert problems == []
    assert again.result == read_log(path).result


def test_a_golden_game_ends_by_the_book_after_24_rounds(sc_pack: Pack) -> None:
    text = _path(*CASES[0][:3]).read_text(encoding="utf-8")
    assert "24-rounds-played" in text and "draw season" in text and "roll white" in text


def test_golden_scenarios_end_by_a_scenario_rule(sc_pack: Pack) -> None:
    for case in CASES[3:]:
        text = _path(*case[:3]).read_text(encoding="utf-8")
        assert "draw event" in text and "draw mission" in text and "auction" not in text


def test_a_tampered_log_fails_at_its_first_bad_line(sc_pack: Pack, tmp_path: Path) -> None:
    lines = _path(*CASES[0][:3]).read_text(encoding="utf-8").splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("P1: bid row"))
    lines[first] = "P1: bid row 9 (999 coins) on gatherer"
    broken = tmp_path / "broken.log"
    broken.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _, problems = replay_log(sc_pack, broken)
    assert problems and "is not legal here" in problems[0]
