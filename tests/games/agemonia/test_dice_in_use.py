"""Dice in use at once against the box: a Blessed die is rolled after the check's own dice, when the
player chooses to (rulebook line 5280), so a reactive check of ability 3 with Focus, an Inspiration gem
and Blessed rolls five dice together and then one more, and the box's five Reaction dice suffice."""

from __future__ import annotations

from typing import Any

from deckwright.games.agemonia import GAME, figures, story
from deckwright.games.agemonia.figures import HERO
from deckwright.games.agemonia.state import TURNS

ENGINE = GAME.engine
ZUVASAI = 1  # will 3 on The Sky Bridge


def _reactive_check(agm_pack: Any, blessed: bool) -> Any:
    table = ENGINE.compile(agm_pack, "sample-sky-bridge", 2)
    s = ENGINE.new_state(table, 0)
    s.phase, s.pending, s.usage = TURNS, [], {}
    s.h_items[ZUVASAI] = ()  # no item the stash dealt (a reroll's choice would come before Blessed's)
    s.h_action[ZUVASAI] = [a.kind for a in table.heroes[ZUVASAI].actions].index("focus")
    s.h_inspired[ZUVASAI] = 1
    if blessed:
        figures.gain(s, HERO, ZUVASAI, [c.id for c in table.conditions].index("blessed"), "hero-action")
    dice = story.check_dice(s, ZUVASAI, 2, reactive=True)
    story.roll(s, "r", dice, "enemy-hit", 0, ZUVASAI, 2, -1)
    return s, dice


def test_a_blessed_die_is_rolled_after_the_check_not_with_it(agm_pack):
    plain, dice = _reactive_check(agm_pack, blessed=False)
    assert dice == 5 and plain.usage["peak:reaction-dice"] == 5
    blessed, dice = _reactive_check(agm_pack, blessed=True)
    assert dice == 5 and blessed.pending[0][2] == 5  # the check's own five dice
    ENGINE.apply_in_place(blessed, ("roll", 1, 0))
    ENGINE.apply_in_place(blessed, ("bless", 1))  # the player spends Blessed: one more die, rolled after
    assert blessed.pending[0][:4] == ("roll", "r", 1, "blessed")
    assert blessed.usage["peak:reaction-dice"] == 5 and "reaction-dice-over-box" not in blessed.situations


def test_a_pool_over_the_box_without_blessed_is_still_noted(agm_pack):
    s, _ = _reactive_check(agm_pack, blessed=False)
    story.roll(s, "r", 6, "enemy-hit", 0, ZUVASAI, 2)
    assert s.usage["peak:reaction-dice"] == 6 and s.situations["reaction-dice-over-box"] == 1
