"""The calendar over a whole game, enumerated over every draw of a hand-made set of Season cards."""

from __future__ import annotations

import pytest

from deckwright.games.silver_coin.calendar import calendar
from tests.games.silver_coin.conftest import MakePack

FIRST_HALF = ["january", "february", "march", "april", "may", "june"]
SECOND_HALF = ["july", "august", "september", "october", "november", "december"]


def card(cid: str, season: str, months: list[str], bidding: tuple[str, ...] = ()) -> dict[str, object]:
    return {"id": cid, "type": "season-card", "name": cid, "season": season,
            "months": [{"month": m, "weather": "clear", "movement": 0,
                        "round_type": "bidding" if m in bidding else "normal"} for m in months]}


CARDS = [card("a", "spring", FIRST_HALF, ("january",)), card("b", "spring", FIRST_HALF),
         card("c", "summer", SECOND_HALF, ("july",)), card("d", "summer", SECOND_HALF, ("july", "august"))]
FACTS = {"calendar.start_month": "january", "calendar.time_of_day_cycle": ["daylight", "full_moon"]}


def test_one_year_draws_one_card_per_season(make_pack: MakePack) -> None:
    found = calendar(make_pack(CARDS, {**FACTS, "game.rounds": 12}))
    assert found["draws"] == 4
    # a+c 2, a+d 3, b+c 1, b+d 2
    assert found["round_types"]["bidding"] == {"min": 1, "max": 3, "draws": {"1": 1, "2": 2, "3": 1}}
    assert found["seasons"]["spring"] == {"cards": 2, "needed": 1, "rounds": 6}
    assert (found["time_of_day"], found["night_rounds"]) == ({"daylight": 6, "full_moon": 6}, 6)


def test_two_years_use_every_card_whatever_the_order(make_pack: MakePack) -> None:
    found = calendar(make_pack(CARDS, {**FACTS, "game.rounds": 24}))
    assert (found["draws"], found["years"]) == (4, 2)
    assert found["round_types"]["bidding"] == {"min": 4, "max": 4, "draws": {"4": 4}}


def test_a_season_split_by_the_start_needs_another_card(make_pack: MakePack) -> None:
    found = calendar(make_pack(CARDS, {**FACTS, "game.rounds": 12}), start_month="april")
    assert found["seasons"]["spring"]["needed"] == 2
    assert found["rounds"][0] == {"round": 1, "year": 1, "month": "april", "season": "spring",
                                  "time_of_day": "daylight", "weather": {"clear": 2}, "movement": [0],
                                  "round_type": {"normal": 2}}


def test_more_visits_than_cards_is_infeasible(make_pack: MakePack) -> None:
    found = calendar(make_pack(CARDS, {**FACTS, "game.rounds": 36}))
    assert (found["feasible"], found["draws"], found["round_types"]) == (False, 0, {})


def test_unknown_start_month(make_pack: MakePack) -> None:
    with pytest.raises(ValueError, match="not a month"):
        calendar(make_pack(CARDS, {**FACTS, "game.rounds": 12}), start_month="smarch")
