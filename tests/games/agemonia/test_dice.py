"""Ability checks: exact chances on dice whose answers can be worked out by hand."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

from deckwright.games.agemonia import GAME
from deckwright.games.agemonia.dice import Die, board_pools, one_die, pool, success_chance
from tests.games.agemonia.packs import make_pack

COIN = Die(((0, False), (1, False)))
EXPLODING = Die(((0, False), (1, True)))  # half the time a success and roll again


def test_a_coin_pool_is_binomial():
    assert pool(COIN, 2, 2) == [Fraction(1, 4), Fraction(1, 2), Fraction(1, 4)]
    assert success_chance(COIN, 3, 2) == Fraction(1, 2)


def test_an_extra_roll_face_chains():
    # P(k successes) = (1/2)^(k+1): k extra-roll faces, then a blank.
    assert one_die(EXPLODING, 3) == [Fraction(1, 2), Fraction(1, 4), Fraction(1, 8), Fraction(1, 16)]
    assert success_chance(EXPLODING, 1, 3) == Fraction(1, 8)


def test_modifiers_shift_the_target():
    assert success_chance(COIN, 1, 2, modifier=1) == Fraction(1, 2)
    assert success_chance(COIN, 1, 1, modifier=1) == 1
    assert success_chance(COIN, 1, 1, modifier=-1) == 0


DICE_FACTS = {
    "action_die.faces": ["blank", "one"], "reaction_die.faces": ["blank", "one", "one", "one"],
    "dice.face_successes": {"blank": 0, "one": 1}, "abilities.max_level": 2,
    "inspiration_gem.extra_dice.active": 1, "components.action_dice.count": 3,
    "components.reaction_dice.count": 2, "hindered.check_penalty": 1,
}


def test_probes_read_the_dice_from_the_facts(tmp_path):
    pack = make_pack(tmp_path, [], DICE_FACTS)
    assert GAME.probes["ability_check"](pack, die="reaction", dice=1, target=1) == {"fraction": "3/4", "probability": 0.75}
    table = GAME.probes["ability_checks"](pack)
    assert (table["action"]["largest_pool"], table["action"]["fits_box"]) == (3, True)
    assert (table["reaction"]["largest_pool"], table["reaction"]["fits_box"]) == (2, True)
    row = next(r for r in table["action"]["checks"] if (r["dice"], r["modifier"], r["target"]) == (2, -1, 1))
    assert row["fraction"] == "1/4"  # both coins must succeed to beat the Hindered penalty


def test_a_boards_class_skills_count_in_the_largest_pool(agm_pack):
    """The pool the box must hold counts what a board's Class Skills add: Willpower's die on a Will of 3
    (with an Inspiration gem and Focus) needs a sixth Reaction die."""
    geomancer = agm_pack.by_id["board-torrax-geomancer"]
    willing = dataclasses.replace(geomancer, data={**geomancer.data, "abilities": {"might": 3, "agility": 1, "will": 3}})
    assert board_pools(agm_pack, [willing])["reaction"] == {"board-torrax-geomancer": 3 + 1}
    assert board_pools(agm_pack, [geomancer])["reaction"] == {"board-torrax-geomancer": 3}  # its Might
    assert board_pools(agm_pack, [willing])["action"] == {"board-torrax-geomancer": 3}
    table = GAME.probes["ability_checks"](agm_pack)
    assert table["reaction"]["largest_pool"] <= table["reaction"]["dice_in_box"] and table["reaction"]["fits_box"]
