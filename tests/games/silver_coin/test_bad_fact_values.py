"""A fact stated with a value the engine cannot play (a word where a number belongs) is refused as
MissingFacts naming the fact, which `check` reports as DW508 with the rest of its findings, never a
traceback: each rules module converts its values as it compiles, and the engine names the last fact read."""

from __future__ import annotations

import pytest

from deckwright.gamekit import MissingFacts, Pack
from deckwright.games.silver_coin import GAME

ENGINE = GAME.engine


@pytest.mark.parametrize("name", ["special.surprise_attack.damage", "monarch.casimir.ban_rounds"])
def test_a_word_where_a_number_belongs_is_refused_naming_the_fact(sc_pack: Pack, name: str) -> None:
    with pytest.raises(MissingFacts) as refused:
        ENGINE.compile(sc_pack, "standard", 3, {name: "x"})
    assert refused.value.missing == (name,) and name in str(refused.value)


def test_the_same_facts_as_numbers_compile(sc_pack: Pack) -> None:
    assert ENGINE.compile(sc_pack, "standard", 3, {"special.surprise_attack.damage": 2}) is not None
