"""What a Hero gains between scenarios is what it starts the next one with: the scenarios of a bot
campaign are set up (their Tables compiled) from the boards the campaign grew."""

from __future__ import annotations

from deckwright.games.agemonia import GAME
from deckwright.games.agemonia.campaign_growth import Growth, grown_board, unplayed
from deckwright.games.agemonia.campaign_play import Hero, Rules, _level_up
from deckwright.rules.facts import with_facts

play_campaign = GAME.probes["campaign_play"]


def _heroes(setup):
    return {h["hero"]: h for h in setup["heroes"]}


def test_the_scenarios_after_a_level_up_are_played_with_the_grown_heroes(agm_pack):
    result = play_campaign(agm_pack, players=4, policy="heuristic", seed=1)
    first, last = _heroes(result["setups"][0]), _heroes(result["setups"][-1])
    assert result["setups"][0]["party_level"] == 1 and result["setups"][-1]["party_level"] == 2
    assert [h["hero"] for h in result["heroes"]] == ["torrax", "matajam", "zuvasai", "lunara"]
    for hero in first:
        assert last[hero]["stamina"] == first[hero]["stamina"] + 1  # level_up.stamina_chips
        assert last[hero]["actions"][:3] == first[hero]["actions"][:3] and len(last[hero]["actions"]) == 6
    assert [last[h]["actions"][3] for h in last] == ["torrax-grapple", "matajam-twin-shot", "zuvasai-aquatic-jolt",
                                                      "lunara-debilitate"]  # each Class's level-2 token, in the new slot
    # the first skill of the Class card's list that the engine plays
    assert {h: last[h]["skills"] for h in last} == {"torrax": ["torrax-guardian-crystal-crust"],
                                                   "matajam": ["matajam-ranger-sniper"],
                                                   "zuvasai": ["zuvasai-hydromancer-infusion"],
                                                   "lunara": ["lunara-knight-skirmisher"]}
    assert result["unplayed"][0] == ["torrax-telekinesis"]  # no play values
    assert any(line.startswith("scenario: sample-sky-bridge set up with torrax level 2, stamina 8")
               for line in result["log"])


def test_a_used_item_stays_in_the_stock_and_a_found_one_is_carried_on(agm_pack):
    setups = play_campaign(agm_pack, players=4, policy="heuristic", seed=1)["setups"]
    first, second = _heroes(setups[0]), _heroes(setups[1])
    assert "blightcap" in first["torrax"]["items"] and "blightcap" not in second["torrax"]["items"]
    assert second["matajam"]["items"] == first["matajam"]["items"] + ["potion-of-healing"]


def test_the_level_up_facts_shape_the_next_scenarios_heroes(agm_pack):
    more = play_campaign(with_facts(agm_pack, {"level_up.stamina_chips": 3}), players=2, policy="heuristic", seed=1)
    assert [h["stamina"] for h in more["setups"][-1]["heroes"]] == [7 + 3, 5 + 3]
    slotless = play_campaign(with_facts(agm_pack, {"action_slots.unlock_levels": [3, 4, 5]}), players=2,
                             policy="heuristic", seed=1)
    assert [len(h["actions"]) for h in slotless["setups"][-1]["heroes"]] == [5, 5]  # the new tokens wait


def test_an_open_slot_at_level_three_offers_the_tokens_left_over(agm_pack):
    pack = with_facts(agm_pack, {"experience.to_level_3": 1})
    last = _heroes(play_campaign(pack, players=4, policy="heuristic", seed=1)["setups"][-1])
    assert last["lunara"]["open_slots"] == 1 and last["lunara"]["open_tokens"] == ["lunara-shield-bash"]
    assert last["lunara"]["skills"] == ["lunara-knight-skirmisher", "lunara-knight-mighty-strike"]
    assert last["torrax"]["open_slots"] == 0  # Telekinesis has no play values; the level-3 tokens are passive


def test_the_inspiration_gem_of_its_level_and_the_class_chosen_for_good(agm_pack):
    rules = Rules.of(agm_pack)
    hero = Hero(1, "lunara", "board-lunara-1")
    for level in (2, 3, 4):
        _level_up(agm_pack, hero, level, rules)
    assert hero.class_card == "lunara-knight" and len(hero.skills) == 3 and hero.gems == 1
    assert hero.tokens[:2] == ["lunara-debilitate", "lunara-shield-bash"] and len(hero.tokens) == 6
    assert hero.action_slots == 3 and hero.open_slots == 1


def test_a_grown_board_compiles_with_the_tokens_in_slot_order(agm_pack):
    base = agm_pack.by_id["board-lunara-1"]
    growth = Growth(3, 2, "lunara-knight", ("lunara-knight-mighty-strike",),
                    ("lunara-debilitate", "lunara-shield-bash", "lunara-aura-of-courage"), 2, 1, None)
    board = grown_board(agm_pack, base, growth)
    assert [a["action"] for a in board.get("actions")][3:] == ["lunara-debilitate"]
    assert [a["action"] for a in board.get("open_tokens")] == ["lunara-shield-bash"]
    assert board.get("stamina") == 6 and board.get("level") == 3
    assert unplayed(agm_pack, base, growth) == ["lunara-aura-of-courage"]  # a passive token
    from deckwright.games.agemonia.table import compile_table

    table = compile_table(agm_pack, "sample-flooded-cellar", 1, party=[board])
    assert table.heroes[0].open_slots == 1 and table.heroes[0].stamina == 6
    assert [s.id for s in table.heroes[0].skills] == ["lunara-knight-mighty-strike"]


def test_an_item_found_past_the_encumbrance_waits_in_the_stash_until_there_is_room(agm_pack):
    result = play_campaign(agm_pack, players=1, policy="heuristic", seed=0)
    log = result["log"]
    stashed = log.index("city: torrax cannot carry potion-of-healing; it goes to the stash")
    assert log.index("city: torrax takes potion-of-healing back from the stash") > stashed  # once the first is drunk
    for setup in result["setups"]:
        assert setup["heroes"][0]["items"].count("potion-of-healing") <= 1  # board-torrax has encumbrance 1


def test_a_henchman_exhausted_in_a_scenario_is_never_hired_again(agm_pack):
    kept = play_campaign(agm_pack, players=1, policy="heuristic", seed=0)
    assert [s["henchmen"] for s in kept["setups"]] == [["ally-sol-skyfford"], [], ["ally-sol-skyfford"], []]
    lost = play_campaign(agm_pack, players=1, policy="heuristic", seed=14)
    assert lost["dismissed"] == ["ally-sol-skyfford"] and lost["henchmen"] == []
    log = lost["log"]
    after = log.index("scenario: ally-sol-skyfford was exhausted; it leaves play and may not be hired again")
    later = [s for s in lost["setups"] if s["scenario"] == "sample-prison-break"]  # a scenario that gives its values
    assert log.index("scenario: sample-prison-break set up with torrax level 2, stamina 8, 6 actions") > after
    assert later and later[0]["henchmen"] == [] and "city: ally-sol-skyfford hired" not in log[after:]
