"""The campaign probe on a four-scenario campaign whose answer is known."""

from __future__ import annotations

from deckwright.games.agemonia import GAME
from deckwright.games.agemonia.campaign import arena_sequence_allowed
from tests.games.agemonia.packs import make_pack

FACTS = {"levels.start": 1, "levels.max": 3, "experience.to_level_2": 2, "experience.to_level_3": 1,
         "experience.per_scenario": 1, "experience.outcomes": ["success", "fail-forward"],
         "arena.consecutive_allowed": False}


def scenario(number, level, **fields):
    return {"id": f"s{number}", "type": "scenario", "name": f"S{number}", "number": number, "level": level, **fields}


def test_levels_and_keywords_open_scenarios(tmp_path):
    pack = make_pack(tmp_path, [
        scenario(1, 1, experience=True, grants_keywords=["map"]),
        scenario(2, 1, experience=True),
        scenario(3, 2, requires_keywords=["map"], experience=True),
        scenario(4, 3, requires_keywords=["crown"]),
        scenario(5, 3, arena=True),
    ], FACTS)
    result = GAME.probes["campaign"](pack)
    assert result["thresholds"] == {"2": 2, "3": 3}
    assert result["level_reached"] == 3 and result["experience"] == 3
    assert result["reachable"] == ["s1", "s2", "s3", "s5"]
    assert result["unreachable"] == [{"scenario": "s4", "level": 3, "party_level": 3, "missing_keywords": ["crown"]}]
    assert result["ungranted_keywords"] == ["crown"]
    assert arena_sequence_allowed(pack, ["s5", "s1", "s5"]) and not arena_sequence_allowed(pack, ["s5", "s5"])


def test_too_little_experience_stops_the_campaign(tmp_path):
    pack = make_pack(tmp_path, [scenario(1, 1, experience=True), scenario(2, 2)], FACTS)
    result = GAME.probes["campaign"](pack)
    assert result["level_reached"] == 1 and [u["scenario"] for u in result["unreachable"]] == ["s2"]
    assert result["unknown_experience"] == ["s2"]


def test_only_the_outcomes_the_facts_name_give_experience(tmp_path):
    facts = {**FACTS, "experience.outcomes": ["fail-forward"]}
    result = GAME.probes["campaign"](make_pack(tmp_path, [scenario(1, 1, experience=True)], facts))
    assert result["experience"] == 0 and result["level_reached"] == 1
