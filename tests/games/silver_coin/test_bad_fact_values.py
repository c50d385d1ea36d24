"""A fact stated with a value the engine cannot play (a word where a number belongs) is refused as
MissingFacts naming the fact, which `check` reports as DW508 with the rest of its findings, never a
traceback: each rules module converts its values as it compiles, and the engine names the last fact read."""

from __future__ import annotations

import pytest

from deckwright.engine.check import check_engine
from deckwright.gamekit import MissingFacts, Pack
from deckwright.games.silver_coin import GAME
from deckwright.rules.facts import stated_at, with_facts

ENGINE = GAME.engine


@pytest.mark.parametrize("name", ["special.surprise_attack.damage", "monarch.casimir.ban_rounds"])
def test_a_word_where_a_number_belongs_is_refused_naming_the_fact(sc_pack: Pack, name: str) -> None:
    with pytest.raises(MissingFacts) as refused:
        ENGINE.compile(sc_pack, "standard", 3, {name: "x"})
    assert refused.value.missing == (name,) and name in str(refused.value)


def test_the_same_facts_as_numbers_compile(sc_pack: Pack) -> None:
    assert ENGINE.compile(sc_pack, "standard", 3, {"special.surprise_attack.damage": 2}) is not None


def test_check_reports_it_at_the_clause_that_states_the_fact(sc_pack: Pack) -> None:
    name = "special.surprise_attack.damage"
    found = check_engine(with_facts(sc_pack, {name: "x"}), runs=1, workers=1)
    refused = [d for d in found if d.code == "DW508"]
    assert refused and all(name in d.message for d in refused)
    where = stated_at(sc_pack, name)
    assert where is not None and "/rules/" in where.file and where.line > 0
    assert {(d.file, d.line) for d in refused} == {(where.file, where.line)}
