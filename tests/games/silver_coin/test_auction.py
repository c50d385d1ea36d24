"""Turn order from Order numbers, the auctions' supplies, and Bidding-round picks."""

from __future__ import annotations

import pytest

from deckwright.games.silver_coin.auction import bidding, turn_order
from tests.games.silver_coin.conftest import MakePack

FACTS = {"auction.characters_drawn": "players", "auction.missions_drawn": "players",
         "auction.knowledge_tokens_drawn": "players", "bidding.tiebreak": "turn_order"}


def hunter(cid: str, order: int) -> dict[str, object]:
    return {"id": cid, "type": "character", "name": cid, "order": order}


def test_order_ties_gaps_and_supplies(make_pack: MakePack) -> None:
    token = {"id": "token", "type": "knowledge-token", "name": "Token"}
    pack = make_pack([hunter("c", 3), hunter("a", 1), hunter("b", 3), token], FACTS, players=(1, 2))
    found = turn_order(pack)
    assert (found["order"], found["unique"], found["ties"], found["gaps"]) == (["a", "b", "c"], False, {"3": ["b", "c"]}, [2])
    assert found["auction"]["1"]["enough"] is False  # no mission cards at all
    assert found["auction"]["2"]["needed"] == {"characters": 2, "missions": 2, "knowledge_tokens": 2}


def test_bidding_highest_first_ties_by_turn_order(make_pack: MakePack) -> None:
    pack = make_pack([], FACTS)
    assert bidding(pack, {"a": 5, "b": 5, "c": 0, "d": 7}, order=["b", "a", "c", "d"]) == {
        "picks": ["d", "b", "a"], "without_card": ["c"], "tied_values": [5]}


def test_bidder_outside_the_turn_order(make_pack: MakePack) -> None:
    with pytest.raises(ValueError, match="not in the turn order: z"):
        bidding(make_pack([], FACTS), {"z": 3}, order=["a"])
