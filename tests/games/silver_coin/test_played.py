"""Which Silver Coin cards `check` lists as not played (DW512): judged from the court's and the cards' handlers."""

from __future__ import annotations

import dataclasses

from deckwright.engine.effects import effect_findings
from deckwright.games.silver_coin import court, special_cards, special_rules
from deckwright.games.silver_coin.played import EFFECTS
from deckwright.model import Pack


def test_every_court_card_and_special_action_card_of_the_pack_has_a_handler(sc_pack: Pack) -> None:
    found = effect_findings(sc_pack, EFFECTS)
    assert {d.subject for d in found if d.code == "DW512" and not d.subject.startswith("character-card/")} == set()
    assert "0 of 4 monarch, 0 of 9 special-action-card, 0 of 6 townsfolk" in found[-1].message


def test_a_monarch_of_a_role_the_court_dispatches_on_is_played_and_the_court_ignores_others(sc_pack: Pack) -> None:
    didymus = sc_pack.by_id["didymus-the-skeptic"]
    jester = dataclasses.replace(didymus, data={**didymus.data, "role": "jester"})
    assert EFFECTS["monarch"](sc_pack, didymus) == ""
    assert EFFECTS["monarch"](sc_pack, jester) == "the engine has no handler for its role 'jester'"
    assert "jester" not in court.MONARCH_ROLES.keys  # so `court.role` hands it to no handler


def test_a_special_action_card_is_played_by_its_handler_and_a_card_without_one_is_listed(sc_pack: Pack) -> None:
    vortex = sc_pack.by_id["fire-vortex"]
    assert special_rules.FIRE_VORTEX in special_cards.HANDLERS and EFFECTS["special-action-card"](sc_pack, vortex) == ""
    unknown = dataclasses.replace(vortex, id="ice-vortex")
    assert EFFECTS["special-action-card"](sc_pack, unknown) == "the engine has no handler for it"
