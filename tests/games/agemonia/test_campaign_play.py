"""The campaign between the sample scenarios, played by bots with the same engine."""

from __future__ import annotations

from deckwright.games.agemonia import GAME

play_campaign = GAME.probes["campaign_play"]


def test_a_party_records_every_sample_and_levels_up_from_its_experience(agm_pack):
    result = play_campaign(agm_pack, players=3, policy="heuristic", seed=1)
    assert result["recorded"] == GAME.engine.scenarios(agm_pack)
    assert result["experience"] == 3 and result["level_reached"] == 2
    assert "city: the party reaches level 2" in result["log"]
    assert result == play_campaign(agm_pack, players=3, policy="heuristic", seed=1)


def test_a_failed_scenario_is_replayed_and_injuries_carry_over(agm_pack):
    result = play_campaign(agm_pack, players=1, policy="random", seed=1, max_scenarios=6)
    assert result["scenarios_played"] == 6
    fails = [line for line in result["log"] if line.endswith("experience 1") and " fail after" in line]
    assert fails and len(result["recorded"]) < 3
    assert result["injuries"][0]  # kept from one scenario to the next


def test_the_city_step_stamina_loss_is_the_facts(agm_pack):
    result = play_campaign(agm_pack, players=2, policy="heuristic", seed=4, max_scenarios=1)
    assert result["log"][0] == "city: disturbed sleep, each Hero loses 2 stamina"
