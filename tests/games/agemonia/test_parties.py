"""Which Heroes play: a sample scenario's party chosen by the game's seed from every Hero board (`parties`),
and a campaign's Heroes as given."""

from __future__ import annotations

from deckwright.engine.playout import play, random_policy
from deckwright.games.agemonia import GAME, parties

ENGINE = GAME.engine
CELLAR = "sample-flooded-cellar"


def test_the_rotation_holds_every_board_in_parties_of_different_heroes(agm_pack):
    boards = {b.id for b in agm_pack.of_type("hero-board")}
    for players in (1, 2, 3, 4):
        table = ENGINE.compile(agm_pack, CELLAR, players)
        seated = [tuple(h.board for h in t.heroes[:players]) for t in parties.each(table)]
        assert {b for party in seated for b in party} == boards
        heroes = [[h.hero for h in t.heroes[:players]] for t in parties.each(table)]
        assert all(len(set(party)) == players for party in heroes)
        assert seated[0] == tuple(agm_pack.by_id[CELLAR].get("party")[:players])  # the listed party first


def test_a_games_seed_chooses_its_party_and_replays_it(agm_pack):
    table = ENGINE.compile(agm_pack, CELLAR, 2)
    turns = len(table.parties) + 1
    assert ENGINE.new_state(table, 0).table is table and ENGINE.new_state(table, turns).table is table
    assert ENGINE.new_state(table, 1).table is table.parties[0]
    first, again = (play(ENGINE, table, 3, [random_policy], record=True) for _ in range(2))
    assert first.log == again.log
    played = {h.hero for seed in range(turns) for h in ENGINE.new_state(table, seed).table.heroes[:2]}
    assert played == {h.id for h in agm_pack.of_type("hero")}


def test_a_campaign_plays_the_heroes_it_is_given(agm_pack):
    result = GAME.probes["campaign_play"](agm_pack, players=3, heroes=["drenosh", "jonai", "venia"], seed=2,
                                          max_scenarios=1)
    assert [h["hero"] for h in result["setups"][0]["heroes"]] == ["drenosh", "jonai", "venia"]
    default = GAME.probes["campaign_play"](agm_pack, players=1, seed=2, max_scenarios=1)
    assert [h["hero"] for h in default["setups"][0]["heroes"]] == ["torrax"]
