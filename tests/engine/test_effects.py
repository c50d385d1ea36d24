"""Content whose effect the engine does not play (engine/effects.py): judged from the game's handlers."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from deckwright.engine.effects import Handlers, Outside, effect_findings, keyed
from deckwright.model import Entity, Pack, load_pack
from tests.minipack import write_pack

# What a mini engine dispatches on: one handler per suit it plays (a suit without one is not played).
HANDLERS = {"sun": lambda: None}


@pytest.fixture
def mini(tmp_path: Path) -> Pack:
    pack = load_pack(write_pack(tmp_path), "mini").pack
    assert pack is not None
    return pack


def test_an_entity_whose_key_has_no_handler_is_listed_at_its_entity_with_a_count(mini: Pack) -> None:
    *each, summary = effect_findings(mini, {"card": keyed("suit", HANDLERS)})
    (unplayed,) = each
    moon = mini.by_id["moon-two"]
    assert (unplayed.code, unplayed.severity.value, unplayed.subject) == ("DW512", "info", "card/moon-two")
    assert (unplayed.file, unplayed.line) == (moon.locate().file, moon.locate().line)
    assert unplayed.message == "the engine does not play this card's effect: the engine has no handler for its suit 'moon'"
    assert (summary.code, summary.subject) == ("DW513", "effects")
    assert summary.message.endswith("1 of 2 entities whose effects it judges: 1 of 2 card")


def test_a_handler_taught_to_the_engine_removes_the_finding(mini: Pack) -> None:
    found = effect_findings(mini, {"card": keyed("suit", {**HANDLERS, "moon": lambda: None})})
    assert [d.code for d in found] == ["DW513"]
    assert found[0].message.startswith("the engine does not play the effect of 0 of 2 ")


def test_a_missing_key_a_nested_key_and_the_id_are_judged(mini: Pack) -> None:
    assert keyed("play.kind", HANDLERS)(mini, mini.by_id["sun-one"]) == "it states no `play.kind`"
    sun = mini.by_id["sun-one"]
    nested = dataclasses.replace(sun, data={**sun.data, "play": {"kind": "sun"}})
    assert keyed("play.kind", HANDLERS)(mini, nested) == ""
    by_id = Handlers.of("id", ("sun-one",))
    assert [by_id(mini, e) for e in mini.entities] == ["", "the engine has no handler for it"]


def test_a_game_that_judges_no_type_has_no_findings(mini: Pack) -> None:
    assert effect_findings(mini, {}) == []
    assert effect_findings(mini, {"token": keyed("kind", HANDLERS)}) == []


def test_an_effect_outside_the_rules_the_pack_encodes_is_listed_in_its_own_words_and_counted_apart(mini: Pack) -> None:
    def judge(pack: Pack, entity: Entity) -> str:
        return Outside("it reads a book the pack does not hold") if entity.id == "moon-two" else ""

    *each, summary = effect_findings(mini, {"card": judge})
    (outside,) = each
    assert (outside.code, outside.subject) == ("DW512", "card/moon-two")
    assert outside.message == ("this card's effect lies outside the rules the pack encodes: it reads a book the pack "
                               "does not hold")
    assert "nothing to teach the engine" in (outside.hint or "")
    assert summary.message.endswith("0 of 2 entities whose effects it judges: 0 of 2 card; besides, 1 card "
                                    "with an effect outside the rules the pack encodes")
