"""The campaign between the sample scenarios, played by bots with the same engine."""

from __future__ import annotations

from deckwright.games.agemonia import GAME
from deckwright.rules.facts import with_facts

play_campaign = GAME.probes["campaign_play"]


def test_a_party_records_every_sample_and_levels_up_from_its_experience(agm_pack):
    result = play_campaign(agm_pack, players=3, policy="heuristic", seed=1)
    assert result["recorded"] == GAME.engine.scenarios(agm_pack)
    assert result["experience"] == 4 and result["level_reached"] == 2  # one per sample won
    assert "city: the party reaches level 2" in result["log"]
    assert all(h["stamina_bonus"] == 1 and h["action_tokens"] == 2 and h["class_skills"] == 1
               for h in result["heroes"])
    assert result["reputation"] == {"house-gramask": 1}
    assert [h["profession"] for h in result["heroes"]] == ["alchemy", "enchanting", "inscription"]
    assert all(h["class_chosen"] and not h["gem_actions"] for h in result["heroes"])
    assert result == play_campaign(agm_pack, players=3, policy="heuristic", seed=1)


def test_the_city_step_follows_its_reference_card(agm_pack):
    log = play_campaign(agm_pack, players=2, policy="heuristic", seed=4, max_scenarios=1)["log"]
    assert log[:5] == ["city: Action Selection markers on Disturbed Sleep", "city: ally-sol-skyfford hired",
                       "city: 1 City Event card resolved",
                       "city: disturbed sleep, each Hero loses 2 stamina",
                       "journey: sample-flooded-cellar chosen; its World Event cards are not in the book"]


def test_a_failed_scenario_is_replayed_and_injuries_carry_over(agm_pack):
    result = play_campaign(agm_pack, players=1, policy="random", seed=6, max_scenarios=6)
    assert result["scenarios_played"] == 6 and len(result["recorded"]) < 3
    assert [line for line in result["log"] if " fail after" in line]
    assert result["injuries"][0]  # kept from one scenario to the next


def test_gems_come_from_wins_after_the_facts_level(agm_pack):
    won = play_campaign(agm_pack, players=3, policy="heuristic", seed=1)
    assert [h["gems"] + h["achievement_gems"] for h in won["heroes"]] != [0, 0, 0]
    late = play_campaign(with_facts(agm_pack, {"inspiration_gem.from_level": 3}), players=3, policy="heuristic", seed=1)
    assert [h["gems"] + h["achievement_gems"] for h in late["heroes"]] == [0, 0, 0]


def test_the_top_reputation_space_locks_the_rival_track(agm_pack):
    pack = with_facts(agm_pack, {"reputation.top_space": 1, "reputation.rank_spaces": [1]})
    result = play_campaign(pack, players=3, policy="heuristic", seed=1)
    assert result["locked"] == ["house-pennark"]
    assert "city: rank entry of house-gramask (space 1) read" in result["log"]


def test_a_campaign_rule_played_otherwise_is_refused(agm_pack):
    import pytest

    from deckwright.gamekit import RulesError

    for name, other in (("city_step.disturbed_sleep.marker", "hero_miniature"),
                        ("encumbrance.applies_outside_scenario", True)):
        with pytest.raises(RulesError, match=name.replace(".", r"\.")):
            play_campaign(with_facts(agm_pack, {name: other}), players=2, policy="random", seed=0)


def test_achievement_gems_carry_into_the_scenario_up_to_their_limit_and_fill_tokens_first(agm_pack):
    result = play_campaign(agm_pack, players=3, policy="heuristic", seed=1)
    for hero, pieces in zip(result["heroes"], result["achievement_gem_pieces"]):
        assert pieces["tokens"] * 5 + pieces["gems"] == hero["achievement_gems"] and pieces["gems"] < 5
    table = GAME.engine.compile(agm_pack, "sample-broken-ritual", 1)
    assert table.heroes[0].achievement_gems == 2  # Lunara's board
    from deckwright.games.agemonia.campaign_play import Hero, Party, Rules, _table

    rules = Rules.of(with_facts(agm_pack, {"achievement_gem.max": 3}))
    capped = _table(table, Party(1, [Hero(1, achievement_gems=4)]), rules)
    assert capped.heroes[0].achievement_gems == 3
    assert Rules.of(with_facts(agm_pack, {"achievement_gem.token_value": 3})).achievement_token == 3
