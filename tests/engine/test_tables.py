"""A game's table is compiled once per pack; every caller still has its fact reads recorded."""

from __future__ import annotations

from deckwright.games.adventure_land import GAME as SPEC
from deckwright.rules.facts import with_facts
from deckwright.rules.readers import ENGINE, reading_as, recording

GAME = SPEC.engine


def test_a_table_is_compiled_once_and_its_reads_recorded_for_each_reader(monkeypatch):
    from deckwright.games.adventure_land import engine
    from deckwright.model import load_pack
    from tests.conftest import ADVENTURE_LAND

    al_pack = load_pack(ADVENTURE_LAND, "content/adventure-land").pack  # its own: no table compiled yet

    compiled: list[tuple[str, int]] = []
    real = engine.compile_table
    monkeypatch.setattr(engine, "compile_table", lambda pack, s, p, o=None: compiled.append((s, p)) or real(pack, s, p, o))
    scenario = GAME.scenarios(al_pack)[0]
    with recording() as log:
        with reading_as(ENGINE):
            first = GAME.compile(al_pack, scenario, 3)
        with reading_as("probe:terminates"):
            again = GAME.compile(al_pack, scenario, 3)
    assert again is first and compiled == [(scenario, 3)]
    assert log.readers["fight.max_swords"] == {ENGINE, "probe:terminates"}
    GAME.compile(al_pack, scenario, 4)
    assert compiled == [(scenario, 3), (scenario, 4)]


def test_what_if_facts_compile_their_own_table(al_pack):
    scenario = GAME.scenarios(al_pack)[0]
    table = GAME.compile(al_pack, scenario, 3)
    other = GAME.compile(with_facts(al_pack, {"fight.max_swords": 1}), scenario, 3)
    assert other.rules.max_swords == 1 and table.rules.max_swords != 1
    assert GAME.compile(al_pack, scenario, 3, {"fight.max_swords": 2}).rules.max_swords == 2
    assert GAME.compile(al_pack, scenario, 3) is table


def test_a_pack_that_cannot_be_set_up_raises_each_time(al_pack):
    import pytest

    from deckwright.engine.game import RulesError

    for _ in range(2):
        with pytest.raises(RulesError, match="no adventure"):
            GAME.compile(al_pack, "no-such-adventure", 3)
