"""What a Hero gains between scenarios is what it starts the next one with: the scenarios of a bot
campaign are set up (their Tables compiled) from the boards the campaign grew."""

from __future__ import annotations

import dataclasses

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
    # seed 1 picks each Hero's second Class card and, of its skills the engine plays, the second
    assert [last[h]["actions"][3] for h in last] == ["torrax-earth-bolt", "matajam-bane", "zuvasai-domination",
                                                      "lunara-blade-of-justice"]  # each Class's level-2 token, in the new slot
    assert {h: last[h]["skills"] for h in last} == {"torrax": ["torrax-geomancer-willpower"],
                                                   "matajam": ["matajam-shaman-clear-mind"],
                                                   "zuvasai": ["zuvasai-telepath-blurred-form"],
                                                   "lunara": ["lunara-paladin-bless"]}
    # Telekinesis has play values (Torrax's level-5 boards); gained at level 2, it waits for an open slot
    assert result["unplayed"][0] == [] and "torrax-telekinesis" in result["heroes"][0]["tokens"]
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
    assert last["lunara"]["open_slots"] == 1
    # seed 1 makes Lunara a Paladin: the open slot offers the tokens of her levels and Class left over
    assert last["lunara"]["open_tokens"] == ["lunara-shield-bash", "lunara-consecrate", "lunara-guardian-of-light"]
    assert last["lunara"]["skills"] == ["lunara-paladin-bless", "lunara-paladin-benevolent-aura"]
    # Telekinesis (level 2, played with its level-5 boards' values) and the level-3 passive tokens wait for the slot
    assert last["torrax"]["open_tokens"] == ["torrax-telekinesis", "torrax-energy-absorption", "torrax-reconstruction"]


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
    assert [a["action"] for a in board.get("open_tokens")] == ["lunara-shield-bash", "lunara-aura-of-courage"]
    assert board.get("stamina") == 6 and board.get("level") == 3
    assert unplayed(agm_pack, base, growth) == []  # Aura of Courage, a passive token, plays its `passive:`
    telekinesis = dataclasses.replace(growth, tokens=growth.tokens + ("torrax-telekinesis",))
    assert unplayed(agm_pack, base, telekinesis) == ["torrax-telekinesis"]  # no board gives its values
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
    lost = play_campaign(agm_pack, players=1, policy="heuristic", seed=2)
    assert lost["dismissed"] == ["ally-sol-skyfford"] and lost["henchmen"] == []
    after = lost["log"].index("scenario: ally-sol-skyfford was exhausted; it leaves play and may not be hired again")
    # the scenarios set up after it left play (the campaign's Heroes chose their skills by the seed)
    later = lost["setups"][sum(1 for line in lost["log"][:after] if " set up with " in line):]
    assert later and all(s["henchmen"] == [] for s in later)
    assert "city: ally-sol-skyfford hired" not in lost["log"][after:]


def test_consecutive_campaigns_choose_every_class_and_first_skill_in_turn(agm_pack):
    from deckwright.games.agemonia.campaign_growth import choose_class, tick_skill

    cards = agm_pack.by_id["torrax"].get("classes")
    assert [choose_class(agm_pack, "torrax", pick) for pick in range(4)] == [*cards, *cards]
    firsts = {(choose_class(agm_pack, "torrax", pick), tick_skill(agm_pack, choose_class(agm_pack, "torrax", pick), [], pick))
              for pick in range(10)}
    assert firsts == {(card, skill) for card in cards for skill in agm_pack.by_id[card].get("skills")}
    assert tick_skill(agm_pack, cards[0], list(agm_pack.by_id[cards[0]].get("skills"))) is None
