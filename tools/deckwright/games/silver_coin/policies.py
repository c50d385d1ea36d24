"""The policies Silver Coin's engine names besides random play: the heuristic one (`heuristic.py`), cheap
enough to be played first in `check`'s outcome games, and the greedy one-step look-ahead (`greedy.py`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from deckwright.games.silver_coin.greedy import greedy
from deckwright.games.silver_coin.heuristic import heuristic
from deckwright.games.silver_coin.state import State

Action = tuple[Any, ...]

POLICIES: Mapping[str, Callable[[Any, State, random.Random], Action]] = {"heuristic": heuristic, "greedy": greedy}
"""In the order `check` plays them for its outcome findings: the cheap heuristic first, so the greedy
policy is played only for a finding the heuristic left open."""
