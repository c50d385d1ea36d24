"""Every fact the Adventure Land engine reads matters: each mutation of it (number +-1, boolean
flipped, enum to another allowed value, ...) changes a seeded playout, or the engine refuses to
play it (reported as DW508), never nothing."""

from __future__ import annotations

from deckwright.engine.mutation import engine_facts, mutate_engine_facts, mutations
from deckwright.plugin import load_game


def test_every_mutation_of_an_engine_read_fact_changes_play(al_pack):
    game = load_game("adventure-land").engine
    results = list(mutate_engine_facts(al_pack, game))
    idle = [(m.fact, m.original, m.mutated) for m in results if m.changed == "nothing"]
    assert not idle
    read = {m.fact for m in results}
    assert {"fight.win_if", "die.sides", "scoring.fellowship.fog_creature", "fight.max_swords"} <= read
    played = {m.fact for m in results if m.changed == "play"}
    assert {"fight.win_if", "die.sides", "fight.gold_strength", "scoring.escape.gold"} <= played


def test_engine_facts_are_found_by_compiling_every_table(al_pack):
    names = engine_facts(al_pack, load_game("adventure-land").engine)
    assert "scoring.magnificent.largest_group.min" in names and "adventure.count" not in names


def test_mutations_of_each_kind_of_value():
    assert mutations(True) == [False]
    assert mutations(3) == [4, 2]
    assert mutations("a", ["a", "b", "c"]) == ["b", "c"]
    assert mutations("box") == ["box-mutated"]
    assert mutations([0, 1, 3]) == [[1, 1, 3], [0, 1, 4]]
    assert mutations(["east", "south"]) == [["east"]]
    assert mutations({"2": 8, "3": 7}) == [{"2": 9, "3": 7}, {"2": 8, "3": 8}]
