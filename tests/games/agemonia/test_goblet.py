"""The Goblet of Thaxo (rulebook lines 5136-5139): a Lanium Bar discarded before a reactive check adds its
shields to it (`reactions`, kept and paid for as every kept item is: `items_kept`), on a hand-built
position and in the sample playouts the stash deals it to; and once per City step one Essence token
exchanged for another (`city_items`, `campaign_play._city`)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from deckwright.engine.playout import play, random_policy
from deckwright.games.agemonia import GAME, city_items, reactions
from deckwright.games.agemonia.campaign_growth import grown_board
from deckwright.games.agemonia.campaign_play import Hero, Party, _city_items
from deckwright.games.agemonia.policies import POLICIES
from deckwright.games.agemonia.table import scenario_entities
from tests.games.agemonia.test_reactions import PRISON, _attacked, _index

ENGINE = GAME.engine
GOBLET, BAR = "goblet-of-thaxo", "lanium-bar"


def _dealt(pack: Any) -> list[tuple[str, int, int]]:
    """The sample tables (scenario, Hero count, Hero) whose Hero the stash deals the Goblet."""
    found = []
    for scenario in (e.id for e in scenario_entities(pack)):
        for players in ENGINE.player_counts(pack):
            table = ENGINE.compile(pack, scenario, players)
            found += [(scenario, players, h) for h, hero in enumerate(table.heroes)
                      if GOBLET in {table.items[i].id for i in hero.items}]
    return found


@pytest.fixture(scope="module")
def table(agm_pack: Any) -> Any:
    """The Prison Break for 4 Heroes, with the Goblet and its Lanium Bar as a sample table deals them."""
    scenario, players, _ = _dealt(agm_pack)[0]
    dealt = ENGINE.compile(agm_pack, scenario, players).items
    base = dataclasses.replace(ENGINE.compile(agm_pack, PRISON, 4), parties=())
    known = {i.id for i in base.items}
    return dataclasses.replace(base, items=base.items + tuple(i for i in dealt if i.id in (GOBLET, BAR) and i.id not in known))


def test_the_stash_deals_the_goblet_with_a_lanium_bar(agm_pack):
    found = _dealt(agm_pack)
    assert found
    for scenario, players, hero in found:
        table = ENGINE.compile(agm_pack, scenario, players)
        assert BAR in {table.items[i].id for i in table.heroes[hero].items}


def test_a_lanium_bar_adds_the_goblets_shields_to_the_reactive_check_and_the_goblet_stays(table):
    state, _ = _attacked(table, GOBLET, BAR)
    goblet, bar = _index(state, GOBLET), _index(state, BAR)
    assert ENGINE.legal_actions(state) == [reactions.PASS, ("react", goblet)]
    shields = state.table.items[goblet].effects.react.shields
    rolled = ENGINE.apply(state, reactions.PASS).pending[0][6]
    used = ENGINE.apply(state, ("react", goblet))
    assert used.pending[0][0] == "roll" and used.pending[0][6] == max(0, rolled - shields) < rolled
    assert used.h_items[0] == (goblet,) and used.kept_uses == ((0, goblet, used.round),)
    assert used.usage[GOBLET] == used.usage[BAR] == used.usage["item-kept-token-spent"] == 1


def test_without_a_lanium_bar_the_goblet_is_not_offered_and_each_bar_pays_once(table):
    state, _ = _attacked(table, GOBLET)
    assert state.pending[0][0] == "roll"  # nothing to discard: the check is rolled at once
    state, _ = _attacked(table, GOBLET, BAR, BAR)
    goblet = _index(state, GOBLET)
    once = ENGINE.apply(state, ("react", goblet))
    assert reactions.deciding(once) and ENGINE.legal_actions(once) == [reactions.PASS, ("react", goblet)]
    twice = ENGINE.apply(once, ("react", goblet))
    assert twice.h_items[0] == (goblet,) and len(twice.kept_uses) == 2


def test_the_policies_use_the_goblet_on_a_hard_hit_and_keep_it_on_a_light_one(table):
    for name in ("greedy", "heuristic"):
        hard, _ = _attacked(table, GOBLET, BAR, eye_damage=3)
        assert POLICIES[name](ENGINE, hard, random.Random(0)) == ("react", _index(hard, GOBLET))
    light, _ = _attacked(table, GOBLET, BAR)
    light.pending[0] = (*light.pending[0][:6], 1, *light.pending[0][7:])  # 1 damage, the Hero's disk full
    for name in ("greedy", "heuristic"):
        assert POLICIES[name](ENGINE, light, random.Random(0)) == reactions.PASS
    hard, _ = _attacked(table, GOBLET, BAR, eye_damage=3)
    picks = {random_policy(ENGINE, hard, random.Random(seed)) for seed in range(20)}
    assert picks == set(ENGINE.legal_actions(hard))


def test_a_seeded_sample_playout_uses_the_goblet_and_replays_exactly(agm_pack):
    scenario, players, _ = _dealt(agm_pack)[0]
    table = dataclasses.replace(ENGINE.compile(agm_pack, scenario, players), parties=())  # its listed party
    policy = [POLICIES["heuristic"]]
    used = next((seed for seed in range(20) if play(ENGINE, table, seed, policy).usage.get(GOBLET)), None)
    assert used is not None, f"no seeded game of {scenario} with {players} Heroes used the Goblet of Thaxo"
    first, again = play(ENGINE, table, used, policy), play(ENGINE, table, used, policy)
    assert (first.end, first.steps, first.usage) == (again.end, again.steps, again.usage)
    assert first.usage[BAR] >= first.usage[GOBLET] and first.usage["item-effect:react-shields"]


def _party(agm_pack: Any, items: list[str]) -> Party:
    board = next(b for b in agm_pack.of_type("hero-board") if int(b.get("level", 1)) == 1)
    return Party(1, [Hero(1, str(board.get("hero")), board.id, items=list(items))])


def test_once_per_city_step_the_goblet_exchanges_a_spare_essence_for_one_a_tome_pays_with(agm_pack):
    party = _party(agm_pack, [GOBLET, "tome-of-wolzad", "nature-essence", "magic-essence"])
    _city_items(agm_pack, party, "heuristic", random.Random(0))
    hero = party.heroes[0]
    assert hero.items == [GOBLET, "tome-of-wolzad", "death-essence", "magic-essence"]  # one exchange a step
    assert party.usage == {GOBLET: 1, "item-effect:exchange": 1}
    assert party.log == [f"city: {hero.hero} discards nature-essence for death-essence ({GOBLET})"]
    _city_items(agm_pack, party, "greedy", random.Random(0))  # the tome has its token: nothing more to gain
    assert hero.items == [GOBLET, "tome-of-wolzad", "death-essence", "magic-essence"] and len(party.log) == 1
    # the token gained is carried into the next scenario, for the tome that pays with it
    board = grown_board(agm_pack, agm_pack.by_id[hero.board], hero.growth())
    assert "death-essence" in [raw["item"] for raw in board.get("items")]


def test_the_exchange_needs_the_goblet_and_an_essence_and_the_random_policy_takes_any_legal_choice(agm_pack):
    assert city_items.exchanges(agm_pack, "tome-of-wolzad", ["tome-of-wolzad", "nature-essence"]) == []
    assert city_items.exchanges(agm_pack, GOBLET, [GOBLET, "lanium-bar"]) == []
    options = city_items.exchanges(agm_pack, GOBLET, [GOBLET, "life-essence"])
    assert sorted(o[2] for o in options) == ["death-essence", "magic-essence", "nature-essence"]
    chosen = {city_items.choose(agm_pack, [GOBLET, "life-essence"], options, "random", random.Random(seed))
              for seed in range(30)}
    assert chosen == {None, *options}
    party = _party(agm_pack, [GOBLET, "life-essence"])
    _city_items(agm_pack, party, "random", random.Random(1))
    assert party.heroes[0].items[0] == GOBLET and len(party.heroes[0].items) == 2


def test_the_archive_notes_read_the_campaign_book_outside_the_rules_the_pack_encodes(agm_pack):
    """The Archive Notes only let their holder read Campaign Book pages (lines 5014-5018), which the pack does
    not hold: listed in those words, not as an effect the engine lacks; the Goblet is judged played."""
    from deckwright.engine.effects import Outside, effect_findings
    from deckwright.games.agemonia.played import EFFECTS

    notes = [e for e in agm_pack.of_type("item") if (e.get("play") or {}).get("reads")]
    assert [e.id for e in notes] == [f"archive-notes-volume-{n}" for n in (1, 2, 3)]
    assert all(isinstance(EFFECTS["item"](agm_pack, e), Outside) and "Campaign Book" in EFFECTS["item"](agm_pack, e)
               for e in notes)
    assert EFFECTS["item"](agm_pack, agm_pack.by_id[GOBLET]) == ""
    summary = next(d for d in effect_findings(agm_pack, EFFECTS) if d.code == "DW513")
    assert " item; besides, 3 item with an effect outside the rules the pack encodes" in summary.message
