"""Component limits and conditions on hand-made packs with known answers."""

from __future__ import annotations

from deckwright.games.agemonia import GAME
from deckwright.rules.facts import with_facts
from tests.games.agemonia.packs import make_pack

FACTS = {"initiative.difficulties": ["easy", "normal", "hard", "very_hard"], "initiative.normal_deck_size": 3,
         "initiative.other_deck_size": 4, "components.initiative_cards.count": 6, "players.max": 2,
         "conditions.max_per_figure": 2, "conditions.cards_before_tokens": 2, "components.condition_tokens.count": 5,
         "level_up.action_tokens": 1, "levels.max": 2, "levels.start": 1, "components.action_tokens.count": 4,
         "initiative.deck_kinds.easy": ["blue", "blue-shuffle", "green"],
         "initiative.deck_kinds.normal": ["blue", "blue-shuffle"],
         "initiative.deck_kinds.hard": ["blue", "blue-shuffle", "red-shuffle"],
         "initiative.deck_kinds.very_hard": ["blue", "red-shuffle", "red"],
         "conditions.causes": {"trap": ["trap"], "enemy-attack": ["enemy"]}}
CARDS = [
    {"id": "blue", "type": "initiative-card", "name": "Blue", "border": "blue", "copies": 2},
    {"id": "blue-shuffle", "type": "initiative-card", "name": "Blue shuffle", "border": "blue", "shuffle": True},
    {"id": "green", "type": "initiative-card", "name": "Green", "border": "green"},
    {"id": "red-shuffle", "type": "initiative-card", "name": "Red shuffle", "border": "red", "shuffle": True},
    {"id": "red", "type": "initiative-card", "name": "Red", "border": "red"},
    {"id": "held", "type": "condition", "name": "Held", "copies": 2, "gained_by": ["trap", "enemy-attack"],
     "ally_effect": "No move.", "ends_ally": ["spend-maneuver"], "enemy_effect": "No move."},
    {"id": "net", "type": "trap", "name": "Net", "conditions": ["held"]},
    {"id": "wolf", "type": "enemy", "name": "Wolf", "figures": 2},
    {"id": "a1", "type": "hero-action", "name": "A1", "hero": "h", "level": 1, "token": True},
    {"id": "a2", "type": "hero-action", "name": "A2", "hero": "h", "level": 2, "token": True, "copies": 2},
]


def test_initiative_decks_by_difficulty(tmp_path):
    decks = GAME.probes["initiative_decks"](make_pack(tmp_path, CARDS, FACTS))
    assert decks["box"] == 6
    assert {d: v["cards"] for d, v in decks["decks"].items()} == {"easy": 4, "normal": 3, "hard": 4, "very_hard": 4}
    assert set(decks["decks"]["very_hard"]["composition"]) == {"blue", "red-shuffle", "red"}


def test_deck_composition_comes_from_the_facts_not_the_code(tmp_path):
    facts = {**FACTS, "initiative.deck_kinds.easy": ["green", "red"]}
    del facts["initiative.deck_kinds.hard"]
    decks = GAME.probes["initiative_decks"](make_pack(tmp_path, CARDS, facts))["decks"]
    assert decks["easy"]["composition"] == {"green": 1, "red": 1}
    assert decks["hard"]["cards"] == 0 and not decks["hard"]["known"]


def test_condition_causes_come_from_the_facts(tmp_path):
    facts = {**FACTS, "conditions.causes": {"trap": ["enemy"], "enemy-attack": ["trap"]}}
    held = GAME.probes["conditions"](make_pack(tmp_path, CARDS, facts))["conditions"]["held"]
    assert held["starts"] == {"trap": [], "enemy-attack": ["net"]}


def test_component_limits_are_counted_in_playouts(agm_pack):
    limits = GAME.probes["component_limits"](agm_pack, runs=2)
    played = limits["played"]
    assert played["hero-boards"]["peak"] == 4 and played["hero-boards"]["box"] == 7
    assert played["condition-tokens"]["box"] == 28
    assert limits["action_tokens"]["total"] == 105
    fewer = GAME.probes["component_limits"](with_facts(agm_pack, {"components.hero_boards.count": 3}), runs=2)
    assert {"component": "hero-boards", **fewer["played"]["hero-boards"]} in fewer["over"]
    assert {"fact": "components.hero_boards.count", "fact_count": 3, "component": "hero-boards",
            "manifest": 7} in fewer["manifest_mismatch"]


def test_conditions_reached_in_playouts(agm_pack):
    report = GAME.probes["conditions"](agm_pack, runs=2)
    assert "enemy-attack" in report["played"]["held"]["starts"]
    assert report["unlisted_starts"] == {}


def test_condition_events_and_reachability(tmp_path):
    glossary = [{"term": "Held", "kind": "condition", "meaning": "x"},
                {"term": "Trap gives", "kind": "term", "meaning": "x", "aliases": ["trap"]},
                {"term": "Maneuver ends", "kind": "term", "meaning": "x", "aliases": ["spend-maneuver"]}]
    report = GAME.probes["conditions"](make_pack(tmp_path, CARDS, FACTS, glossary=glossary))
    held = report["conditions"]["held"]
    assert held["starts"] == {"trap": ["net"], "enemy-attack": []}
    assert report["unreachable"] == [] and report["unreachable_starts"] == {"held": ["enemy-attack"]}
    assert report["undefined_events"] == ["enemy-attack"]
    assert report["without_end"] == ["held"]  # an Enemy effect and no ends_enemy
