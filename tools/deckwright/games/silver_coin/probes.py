"""The probes claims can ask Silver Coin's engine: name -> callable(pack, **params) giving plain data."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from deckwright.games.silver_coin.auction import bidding, turn_order
from deckwright.games.silver_coin.calendar import calendar
from deckwright.games.silver_coin.fight import battle, battle_odds
from deckwright.games.silver_coin.playouts import playouts
from deckwright.games.silver_coin.scenario import scenario
from deckwright.games.silver_coin.worldmap import ports, reachability

PROBES: Mapping[str, Callable[..., Any]] = {
    "calendar": calendar,
    "battle": battle,
    "battle_odds": battle_odds,
    "scenario": scenario,
    "reachability": reachability,
    "ports": ports,
    "turn_order": turn_order,
    "bidding": bidding,
    "playouts": playouts,
}
