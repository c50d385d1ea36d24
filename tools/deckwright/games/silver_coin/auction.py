"""The auction and turn order: Order numbers (lines 244, 276-280) and Bidding-round picks (lines 1239-1243)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from deckwright.gamekit import Pack, fact
from deckwright.games.silver_coin.rules import count_of


def turn_order(pack: Pack, characters: Sequence[str] | None = None) -> dict[str, Any]:
    """Characters in turn order (lowest Order number first), shared numbers and the auction's supplies."""
    cast = [e for e in pack.of_type("character") if characters is None or e.id in characters]
    numbers: dict[int, list[str]] = {}
    for entity in cast:
        if isinstance(entity.get("order"), int):
            numbers.setdefault(entity.get("order"), []).append(entity.id)
    order = [who for n in sorted(numbers) for who in sorted(numbers[n])]
    ties = {str(n): sorted(ids) for n, ids in sorted(numbers.items()) if len(ids) > 1}
    low, high = pack.players
    span = range(min(numbers, default=1), max(numbers, default=0) + 1)
    return {
        "order": order, "numbers": {e.id: e.get("order") for e in cast},
        "unique": not ties, "ties": ties, "without_order": sorted(e.id for e in cast if not isinstance(e.get("order"), int)),
        "gaps": [n for n in span if n not in numbers],
        "auction": {str(p): auction_supply(pack, p) for p in range(low, high + 1)},
    }


def auction_supply(pack: Pack, players: int) -> dict[str, Any]:
    """Whether the first two auctions find enough characters, missions and Knowledge tokens for `players`."""
    wanted = {"characters": count_of(fact(pack, "auction.characters_drawn"), players),
              "missions": count_of(fact(pack, "auction.missions_drawn"), players),
              "knowledge_tokens": count_of(fact(pack, "auction.knowledge_tokens_drawn"), players)}
    have = {"characters": sum(e.copies for e in pack.of_type("character")),
            "missions": sum(e.copies for e in pack.of_type("mission-card")),
            "knowledge_tokens": sum(e.copies for e in pack.of_type("knowledge-token"))}
    return {"needed": wanted, "available": have, "enough": all(have[k] >= wanted[k] for k in wanted)}


def pick_order(bids: Mapping[Any, int], order: Sequence[Any], tiebreak: str) -> list[Any]:
    """Who picks a Special Action card, in picking order: highest total first, ties by `tiebreak`
    (the engine knows `turn_order`); a bidder of nothing gets no card (lines 1239-1243)."""
    if tiebreak != "turn_order":
        raise ValueError(f"bidding tie-break '{tiebreak}' is not known to the engine")
    place = {who: i for i, who in enumerate(order)}
    return sorted((who for who, value in bids.items() if value > 0), key=lambda who: (-bids[who], place[who]))


def bidding(pack: Pack, bids: Mapping[str, int], order: Sequence[str]) -> dict[str, Any]:
    """Who picks first in a Bidding round: highest total first, ties by turn order; no bid, no card."""
    unknown = sorted(set(bids) - set(order))
    if unknown:
        raise ValueError(f"bidders not in the turn order: {', '.join(unknown)}")
    picks = pick_order(bids, order, str(fact(pack, "bidding.tiebreak")))
    bidders = [who for who, value in bids.items() if value > 0]
    tied = sorted({bids[w] for w in bidders if sum(1 for o in bidders if bids[o] == bids[w]) > 1})
    return {"picks": picks, "without_card": sorted(set(bids) - set(bidders)), "tied_values": tied}
