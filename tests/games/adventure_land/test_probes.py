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


def test_win_reachable_stops_playing_once_every_seat_has_won(al_pack):
    from deckwright.engine.parallel import Batch, playout_session, run_batches, seeds

    game = load_game("adventure-land").engine
    table = game.compile(al_pack, "the-magnificent", 2)
    every = run_batches([Batch(game, table, seeds(0, 100), (policy,), check=False) for policy in ("random", "greedy")])
    won = [any(seat in r.winners for results in every for r in results) for seat in range(2)]
    with playout_session(1) as session:
        answer = PROBES["win_reachable"](al_pack, scenario="the-magnificent", players=2, runs=200)
    assert answer == {"runs": 200, "seats": won, "reachable": all(won)}  # what all 200 games say
    assert all(won) and session.played < 200
