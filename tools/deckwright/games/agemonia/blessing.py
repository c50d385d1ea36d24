"""Blessed spent at the player's choice (rulebook line 5280): after an ability check or attack roll, an
Ally holding Blessed may roll the condition's extra dice and add their result; only if it does is
Blessed discarded (its end event `after-roll`).

When chance has given a roll's result and the roller holds a condition whose Ally effect is `extra_die`,
the roll waits at the front of `pending` as a decision, ("bless", roll entry, successes, faces), for the
roller's player: ("bless", 1) spends the condition and asks chance for its dice in a roll of their own,
("roll", die, amount, "blessed", roll entry, successes, faces), whose result is added before the roll
is settled; ("bless", 0) settles the roll as rolled and keeps the condition for a later roll. The extra
dice are of the roll's kind and are rolled after the roll's own (they are not counted with them against
the box).
"""

from __future__ import annotations

from typing import Any

from deckwright.games.agemonia import (
    figures, items_carried, items_checked, items_dice, items_wielded, reactions, skills_dice, story,
)
from deckwright.games.agemonia.figures import HERO
from deckwright.games.agemonia.state import OFF, State

SPEND, KEEP = ("bless", 1), ("bless", 0)


def deciding(s: State) -> bool:
    """Whether the position waits for a player's Blessed choice."""
    return bool(s.pending) and s.pending[0][0] == "bless"


def roller(entry: tuple[Any, ...]) -> int:
    """The Ally whose roll `entry` is (a Blessed roll's: the roll it adds to)."""
    if entry[3] in ("blessed", items_dice.REROLLED):
        return roller(entry[4])
    return story.roller(entry[3:])


def chooser(s: State) -> int:
    """The seat deciding the waiting Blessed choice: the roller's player."""
    return s.h_owner[roller(s.pending[0][1])]


def settle(s: State, entry: tuple[Any, ...], successes: int, faces: int) -> None:
    """Chance gave `entry` its result: add it to the roll it blesses, or offer Blessed, or settle it."""
    if entry[3] == "blessed":
        story.settle_roll(s, entry[4], entry[5] + successes, entry[6] + faces)
        return
    if entry[3] == items_dice.REROLLED:  # the dice an item rolled again join the rest of their roll
        conclude(s, entry[4], entry[5] + successes, entry[6] + faces)
        return
    if entry[3] == items_wielded.SAVED:  # a weapon's die saving an item: no ability check, no Blessed
        items_wielded.settle(s, entry, faces)
        return
    if skills_dice.settled(s, entry, successes):  # Warp Fate rolls it again
        return
    if reactions.after_roll(s, entry, successes, faces):  # the Hero's item choice comes first
        return
    conclude(s, entry, successes, faces)


def conclude(s: State, entry: tuple[Any, ...], successes: int, faces: int) -> None:
    """The roll `entry` as it stands: offer Blessed, or settle it."""
    hero = roller(entry)
    held = s.h_conds[hero]  # most rollers hold no condition
    if held and figures.effect(s, HERO, held, "extra_die") is not None and not s.h_exhausted[hero]:
        s.pending.insert(0, ("bless", entry, successes, faces))
        return
    story.settle_roll(s, entry, successes, faces)


def choose(s: State, action: tuple[Any, ...]) -> None:
    """The player's Blessed choice on the waiting roll."""
    _, entry, successes, faces = s.pending.pop(0)
    if not action[1]:
        s.use("blessed-kept")
        story.settle_roll(s, entry, successes, faces)
        return
    hero = roller(entry)
    play = figures.effect(s, HERO, s.h_conds[hero], "extra_die")
    assert play is not None
    figures.event(s, HERO, hero, "after-roll")
    s.use("blessed-spent")
    s.pending.insert(0, ("roll", entry[1], play.amount, "blessed", entry, successes, faces))


def worth(s: State) -> bool:
    """Whether the waiting roll falls short of what its roller wants, so the extra dice may help: an
    attack that does not defeat its Enemy, a reactive check that lets damage through, an active check
    under its target (what the greedy and heuristic policies spend Blessed on)."""
    _, entry, successes, _ = s.pending[0]
    return falls_short(s, entry, successes)


def falls_short(s: State, entry: tuple[Any, ...], successes: int) -> bool:
    """Whether the roll `entry` with `successes` falls short of what its roller wants (`worth`)."""
    t = s.table
    purpose = entry[3]
    if purpose == "hero-hit":
        slot = entry[5]
        return s.e_area[slot] != OFF and successes < s.e_health[slot] + t.enemy_types[s.e_type[slot]].shield
    if purpose in ("hero-area", "hero-adjacent", "hero-line", "hero-runes", "item-area"):
        return True
    if purpose == "enemy-hit":
        return entry[6] - successes * int(t.rules["reactive.reduction_per_success"]) > 0
    if purpose == "story":
        return successes < t.story_points[entry[5]].check_target
    if purpose == "disarm":
        return successes + items_carried.phrase_successes(s, entry[4], t.rules["trap.disarm_phrases"]) \
            < int(t.rules["trap.disarm_target"])
    if purpose == items_checked.PURPOSE:
        return items_checked.falls_short(s, entry, successes)
    if purpose == "trap-check":
        if t.trap_cards[entry[5]].active:
            return successes < int(t.rules["trap.check_target"])
        return int(t.rules["trap.damage"]) - successes * int(t.rules["reactive.reduction_per_success"]) > 0
    return False
