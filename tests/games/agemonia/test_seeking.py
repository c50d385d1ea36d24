"""Before `check` reports content its sampled games left unused, it seeks further games that could use it."""

from __future__ import annotations

from deckwright.games.agemonia.parties import choose, each
from deckwright.games.agemonia.playcheck import _holds, play_samples
from deckwright.games.agemonia.seeking import SEEK_ROUNDS, _dealing, in_games


def test_a_sought_seed_deals_the_party_that_holds_the_content(agm_pack) -> None:
    (played, *_) = play_samples(agm_pack, 50, 0)
    tables = each(played.table)
    for first in range(50, 50 + 3 * len(tables)):
        for turn, table in enumerate(tables):
            seed = _dealing(first, turn, len(tables))
            assert first <= seed < first + len(tables)
            assert choose(played.table, seed) is table


def test_items_few_games_leave_unused_are_found_by_the_games_sought_for_them(agm_pack) -> None:
    # five games per table leave items unused that check's fifty use: further games of the tables whose
    # party holds each find some, and only items some table holds
    few, many = play_samples(agm_pack, 5, 0), play_samples(agm_pack, 50, 0)
    used_few = {k for p in few for r in p.results for k in r.usage}
    used_many = {k for p in many for r in p.results for k in r.usage}
    held = {i.id for p in few for t in each(p.table) for i in t.items}
    wanted = sorted((held & used_many) - used_few)[:6]
    assert wanted
    found = in_games(few, 5, 0, wanted, _holds)
    assert found and found <= set(wanted)
    assert in_games(few, 5, 0, ["no-such-item"], _holds) == set()
    assert SEEK_ROUNDS >= 1
