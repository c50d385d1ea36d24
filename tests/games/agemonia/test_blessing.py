"""Blessed spent at the player's choice (rulebook line 5280): after the roll, the roller's player may roll
the condition's extra dice and add them, discarding Blessed, or keep Blessed for a later roll. On The Sky
Bridge with two Heroes: Zuva'Sai (seat 1, Will 3) makes a reactive check against a 3-damage attack."""

from __future__ import annotations

import dataclasses
from typing import Any

from deckwright.gamekit import CHANCE
from deckwright.games.agemonia import GAME, blessing, figures, story
from deckwright.games.agemonia.figures import HERO
from deckwright.games.agemonia.policies import greedy
from deckwright.games.agemonia.state import TURNS, State
from deckwright.games.agemonia.table import Play

ENGINE = GAME.engine
ZUVASAI = 1


def _blessed_id(table: Any) -> int:
    return [c.id for c in table.conditions].index("blessed")


def _check(agm_pack: Any, blessed: bool, amount: int = 1) -> State:
    """Zuva'Sai's reactive Will check against 3 damage waits for chance."""
    table = ENGINE.compile(agm_pack, "sample-sky-bridge", 2)
    if amount != 1:
        index = _blessed_id(table)
        changed = dataclasses.replace(table.conditions[index], ally=Play("extra_die", amount))
        table = dataclasses.replace(table, conditions=table.conditions[:index] + (changed,) + table.conditions[index + 1:])
    s = ENGINE.new_state(table, 0)
    s.phase, s.pending, s.usage, s.seat = TURNS, [], {}, -1
    s.h_items[ZUVASAI] = ()  # no item the stash dealt (a reroll's choice would come before Blessed's)
    if blessed:
        figures.gain(s, HERO, ZUVASAI, _blessed_id(table), "hero-action")
    dice = story.check_dice(s, ZUVASAI, 2, reactive=True)
    story.roll(s, "r", dice, "enemy-hit", 0, ZUVASAI, 3, -1)
    return s


def _held(s: State) -> bool:
    return any(code >> 1 == _blessed_id(s.table) for code in s.h_conds[ZUVASAI])


def test_blessed_adds_no_die_to_the_roll_itself(agm_pack):
    plain, blessed = _check(agm_pack, False), _check(agm_pack, True)
    assert plain.pending[0][2] == blessed.pending[0][2] == 3  # Will 3, no Blessed die in the pool


def test_without_blessed_the_roll_settles_at_once(agm_pack):
    s = _check(agm_pack, False)
    ENGINE.apply_in_place(s, ("roll", 1, 0))
    assert not blessing.deciding(s) and s.h_disk[ZUVASAI] == s.table.heroes[ZUVASAI].stamina - 2


def test_the_rollers_player_chooses_after_seeing_the_roll(agm_pack):
    s = _check(agm_pack, True)
    ENGINE.apply_in_place(s, ("roll", 1, 0))
    assert blessing.deciding(s) and ENGINE.current_player(s) == ZUVASAI
    assert list(ENGINE.legal_actions(s)) == [blessing.KEEP, blessing.SPEND] and not ENGINE.chance_outcomes(s)


def test_keeping_blessed_settles_the_roll_as_rolled_and_keeps_the_condition(agm_pack):
    s = _check(agm_pack, True)
    ENGINE.apply_in_place(s, ("roll", 1, 0))
    ENGINE.apply_in_place(s, blessing.KEEP)
    assert _held(s) and s.h_disk[ZUVASAI] == s.table.heroes[ZUVASAI].stamina - 2


def test_spending_blessed_rolls_its_dice_as_a_chance_node_and_adds_them(agm_pack):
    for amount in (1, 2):
        s = _check(agm_pack, True, amount)
        ENGINE.apply_in_place(s, ("roll", 1, 0))
        ENGINE.apply_in_place(s, blessing.SPEND)
        assert not _held(s) and ENGINE.current_player(s) == CHANCE
        assert s.pending[0][:4] == ("roll", "r", amount, "blessed")
        assert abs(sum(p for _, p in ENGINE.chance_outcomes(s)) - 1) < 1e-9
        ENGINE.apply_in_place(s, ("roll", 1, 0))  # 1 + 1 successes against 3 damage
        assert s.h_disk[ZUVASAI] == s.table.heroes[ZUVASAI].stamina - 1
        assert s.usage["blessed-spent"] == 1 and "reaction-dice-over-box" not in s.situations


def test_the_policies_spend_blessed_only_on_a_roll_that_falls_short(agm_pack):
    import random

    short = _check(agm_pack, True)
    ENGINE.apply_in_place(short, ("roll", 1, 0))
    enough = _check(agm_pack, True)
    ENGINE.apply_in_place(enough, ("roll", 3, 0))
    assert greedy(ENGINE, short, random.Random(0)) == blessing.SPEND
    assert greedy(ENGINE, enough, random.Random(0)) == blessing.KEEP


def test_seeded_playouts_reach_both_choices(agm_pack):
    from deckwright.games.agemonia.playcheck import play_samples

    used = {key for p in play_samples(agm_pack, 10, 0) for r in p.results for key in r.usage}
    assert {"blessed-spent", "blessed-kept", "blessed>after-roll"} <= used
