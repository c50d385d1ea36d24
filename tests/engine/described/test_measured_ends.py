"""An end condition written as one comparison `A >= B` is decided from A as measured (A is evaluated once a
step, for how near each game came, not again inside the test): the games are those the whole test plays."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from deckwright.engine.check import check_engine
from deckwright.engine.playout import play, random_policy
from deckwright.model import load_pack
from deckwright.plugin import load_game


def _games(pack: Any, table: Any, seeds: range) -> list[Any]:
    game = load_game(pack.engine).engine
    return [play(game, table, seed, [random_policy], ("random",)) for seed in seeds]


def test_a_measured_end_plays_the_games_its_whole_test_plays(tide, variant):
    # as shipped the rainbow never comes (4 kinds at most); one kind fewer makes it fire in some games
    folder = variant("tide-pools", {"engine.yaml": [(">= rainbow.kinds\"}", ">= rainbow.kinds - 1\"}")]})
    for pack in (tide, load_pack(folder, folder.name).pack):
        game: Any = load_game(pack.engine).engine
        table = game.compile(pack, "base", 2)
        (rainbow,) = [end for end in table.ends if end.id == "rainbow"]
        assert rainbow.measure is not None and rainbow.bound is not None and rainbow.op == ">="
        whole = replace(table, ends=tuple(replace(end, op=None, bound=None) for end in table.ends))
        assert _games(pack, table, range(30)) == _games(pack, whole, range(30))
    assert any(result.end == "rainbow" for result in _games(pack, table, range(30)))


def test_a_measured_end_whose_right_side_fails_is_reported_as_the_whole_test(variant):
    folder = variant("tide-pools", {"engine.yaml": [(">= rainbow.kinds\"}", ">= me.glory\"}")]})
    pack = load_pack(folder, folder.name).pack
    assert pack is not None
    errors = [d for d in check_engine(pack, runs=2) if d.code == "DW538"]
    assert errors and all("'len(set([c.species for c in me.hand])) >= me.glory'" in d.message for d in errors)
