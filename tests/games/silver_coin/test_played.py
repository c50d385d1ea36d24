"""Which Silver Coin cards `check` lists as not played (DW512): judged from the court's and the cards' handlers."""

from __future__ import annotations

import dataclasses

from deckwright.engine.effects import effect_findings
from deckwright.games.silver_coin import court
from deckwright.games.silver_coin.played import EFFECTS
from deckwright.model import Pack


def test_the_court_cards_and_special_action_cards_without_a_handler_are_listed(sc_pack: Pack) -> None:
    found = effect_findings(sc_pack, EFFECTS)
    assert {d.subject for d in found if d.code == "DW512"} == {
        "monarch/didymus-the-skeptic", "monarch/casimir-iii-the-unforgiving", "townsfolk/troubadour",
        "townsfolk/monster-collector", "townsfolk/librarian", "special-action-card/fire-vortex",
        "special-action-card/surprise-attack", "special-action-card/ancient-knowledge-card",
        "special-action-card/black-ring", "special-action-card/white-ring"}
    assert found[-1].message.endswith("2 of 4 monarch, 5 of 9 special-action-card, 3 of 6 townsfolk")


def test_a_monarch_of_a_role_the_court_dispatches_on_is_played_and_the_court_ignores_others(sc_pack: Pack) -> None:
    didymus = sc_pack.by_id["didymus-the-skeptic"]
    taxing = dataclasses.replace(didymus, data={**didymus.data, "role": court.TAX})
    assert EFFECTS["monarch"](sc_pack, taxing) == ""
    assert EFFECTS["monarch"](sc_pack, didymus) == "the engine has no handler for its role 'skeptic'"
    assert "skeptic" not in court.MONARCH_ROLES.keys  # so `court._role` hands it to no handler
