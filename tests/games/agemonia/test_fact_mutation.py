"""Every fact the engine reads drives the game: mutating it changes seeded playouts.

A number moves by one (a printed component limit, or the cards before tokens, drops to 0 so the limit
is reached), a switch
flips, a choice takes another allowed value, a list changes; the playouts of fixed seeds (ends,
steps, what was used (dice pools rolled among it), invariant violations) must differ from the pack's.
"""

from __future__ import annotations

from typing import Any

import pytest

from deckwright.engine.playout import play, random_policy
from deckwright.games.agemonia import GAME
from deckwright.games.agemonia.policies import POLICIES
from deckwright.games.agemonia.rulings import ENGINE_FACTS, TARGET_RULES

ENGINE = GAME.engine
SAMPLES = (("sample-flooded-cellar", 1), ("sample-broken-ritual", 1), ("sample-prison-break", 3))
SEEDS = 4
OTHER = {"focus.initiative": "red", "extra_maneuver.initiative": "green", "trap.disarm_ability": "will",
         "precedence.order": ["rule_book", "scenario", "card"]}


def _digest(pack: Any, overrides: dict[str, Any], check: bool) -> list[Any]:
    found = []
    for scenario, players in SAMPLES:
        table = ENGINE.compile(pack, scenario, players, overrides)
        for policy in (random_policy, POLICIES["heuristic"]):
            for seed in range(SEEDS):
                r = play(ENGINE, table, seed, [policy], check=check)
                found.append((r.end, r.steps, sorted(r.usage.items()), r.violations))
    return found


def _mutations(name: str, value: Any) -> list[Any]:
    if name in OTHER:
        return [OTHER[name]]
    if name in TARGET_RULES:
        return sorted(TARGET_RULES[name] - {value})
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [0] if name.startswith("components.") or name.endswith("_before_tokens") else [value + 1, value - 1]
    if isinstance(value, list):
        return [[v + 1 for v in value]]
    raise AssertionError(f"no mutation for {name} = {value!r}")


@pytest.fixture(scope="module")
def baseline(agm_pack):
    return {check: _digest(agm_pack, {}, check) for check in (False, True)}


@pytest.mark.parametrize("name", ENGINE_FACTS)
def test_mutating_an_engine_fact_changes_the_playouts(agm_pack, baseline, name):
    value = ENGINE.compile(agm_pack, SAMPLES[0][0], 1).rules.book[name]
    check = name.startswith("components.")  # limits are what the invariants check
    changed = [m for m in _mutations(name, value) if _digest(agm_pack, {name: m}, check) != baseline[check]]
    assert changed, f"{name} = {value!r}: no mutation changes any playout"
