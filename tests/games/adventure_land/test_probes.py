from __future__ import annotations

from deckwright.engine.probes import GENERIC_PROBES
from deckwright.plugin import load_game

PROBES = load_game("adventure-land").probes


def test_setup_is_feasible_for_the_pack_range_only(al_pack):
    assert PROBES["setup_feasible"](al_pack, players=4)["feasible"]
    assert not PROBES["setup_feasible"](al_pack, players=5)["feasible"]


def test_terminates_and_end_rates_come_from_the_generic_engine_probes(al_pack):
    assert "terminates" not in PROBES and "end_condition_rates" not in PROBES
    answer = GENERIC_PROBES["terminates"](al_pack, scenario="the-fellowship", players=4, runs=10)
    assert answer["terminates"] and sum(answer["ends"].values()) == 10
    rates = GENERIC_PROBES["end_condition_rates"](al_pack, scenario="the-fellowship", players=4, runs=10)
    assert list(rates)[:2] == ["stockpile-empty", "nobody-can-move"]  # every end reason the game declares
    assert abs(sum(rates.values()) - 1) < 1e-9


def test_win_reachable_for_every_seat(al_pack):
    assert PROBES["win_reachable"](al_pack, scenario="the-magnificent", players=2, runs=40)["reachable"]
