"""Agemonia: name and condition checks, the scenario engine, and probes of the campaign, dice, component
limits and conditions."""

from __future__ import annotations

from deckwright.gamekit import GameSpec
from deckwright.games.agemonia.campaign import campaign
from deckwright.games.agemonia.campaign_play import play_campaign
from deckwright.games.agemonia.checks import CODES, LINT_CHECKS
from deckwright.games.agemonia.conditions import conditions
from deckwright.games.agemonia.dice import ability_check, ability_checks
from deckwright.games.agemonia.decks import initiative_decks
from deckwright.games.agemonia.endings import endings
from deckwright.games.agemonia.engine import Agemonia
from deckwright.games.agemonia.limits import component_limits
from deckwright.games.agemonia.playcheck import play_findings
from deckwright.games.agemonia.played import EFFECTS

GAME = GameSpec(
    name="agemonia",
    title="Agemonia",
    lint_checks=LINT_CHECKS,
    codes=CODES,
    engine=Agemonia(),
    engine_checks=(play_findings,),
    endings=endings,
    effects=EFFECTS,
    probes={
        "campaign": campaign,
        "campaign_play": play_campaign,
        "ability_check": ability_check,
        "ability_checks": ability_checks,
        "component_limits": component_limits,
        "initiative_decks": initiative_decks,
        "conditions": conditions,
    },
)
