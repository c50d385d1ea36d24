"""Items whose effect waits on an active ability check the Hero rolls outside its action: the Puzzle Boxes
(rulebook lines 5006-5009, 5129-5132), their card's `check` (the ability and the target, which the card
shows).

The Hero chooses the item as it chooses another (`items`: ("item", box) or ("item", box, Ally)), within the
card's `keep` limits (once per turn: `items_kept` records the attempt); the item's effects then wait for
the check, rolled as any active check (`story.check_dice`, `story.passes`: Focus, Inspiration gems, stamina
faces). A check that fails does nothing; one that passes plays the effect, and the effect is spent for
the scenario (`SPENT`):
- `swap` (Xi-Sai): the Hero and the Ally chosen change places; each restores that much spent stamina (a
  Non-Hero Ally has none to restore). Neither moves: no Provoke, trap or capacity counts; the story points
  the Hero now stands in range of are triggered on its turn (`story.trigger_story`).
- `peek` (Mion): the top card of the Initiative deck is revealed (`peek`: chance draws it from the cards
  that may be on top, `top_cards`), and the Hero puts it back on top or at the bottom of the deck (its
  choice ("deck", 1) or ("deck", 0), `place`). The deck is drawn by chance from the cards whose place is
  unknown; a card known to be on top is drawn next, and those put at the bottom, in their order, once no
  other is left; a reshuffle forgets where they were (`rounds`).
"""

from __future__ import annotations

from typing import Any

from deckwright.games.agemonia import figures, story
from deckwright.games.agemonia.skills_initiative import ENEMY_TURN
from deckwright.games.agemonia.state import OFF, State

PURPOSE = "item-check"
SPENT = 0  # the round of the use recorded in `State.kept_uses` once a check passes (rounds count from 1)


def spent(s: State, hero: int, index: int) -> bool:
    """Whether the Hero's item passed its check already this scenario."""
    return (hero, index, SPENT) in s.kept_uses


def roll(s: State, hero: int, index: int, target: int) -> None:
    """The card's active check, for the effect on `target` (an Ally, or -1)."""
    ability, _ = s.table.items[index].effects.check
    story.roll(s, "a", story.check_dice(s, hero, ability), PURPOSE, hero, index, target)


def falls_short(s: State, entry: tuple[Any, ...], successes: int) -> bool:
    """Whether the check's successes are under its target (what Blessed is spent on: `blessing`)."""
    return successes < s.table.items[entry[5]].effects.check[1]


def settle(s: State, entry: tuple[Any, ...], successes: int, faces: int) -> None:
    """The check's roll: when it passes, the effect, and the item's effect spent for the scenario."""
    hero, index, target = entry[4], entry[5], entry[6]
    story.after_roll(s, hero, entry[2])
    effects = s.table.items[index].effects
    if not story.passes(s, hero, successes, effects.check[1], faces):
        s.use("item-check-failed")
        return
    s.kept_uses += ((hero, index, SPENT),)
    s.use("item-check-passed")
    if effects.swap:
        _swap(s, hero, target, effects.swap)
    if effects.peek and s.init_deck:
        s.pending.insert(0, ("peek",))


def top_cards(s: State) -> list[int]:
    """The Initiative cards that may be on top of the deck: the one known to be, else every card whose
    place is unknown, else the highest of those put at the bottom."""
    if s.init_top == OFF and not s.init_bottom:
        return s.init_deck
    if s.init_top != OFF:
        return [s.init_top]
    unknown = [card for card in s.init_deck if card not in s.init_bottom]
    return unknown or [s.init_bottom[0]]


def drawn(s: State, card: int) -> None:
    """The card leaves the top of the deck (revealed for the round, or peeked): its place is no longer known."""
    if s.init_top == card:
        s.init_top = OFF
    if card in s.init_bottom:
        s.init_bottom = tuple(c for c in s.init_bottom if c != card)


def peeked(s: State, card: int) -> None:
    """Chance revealed the top card to the Hero, who now decides where it goes."""
    drawn(s, card)
    s.peeked = card
    s.use("initiative-peeked")


def place(s: State, top: bool) -> None:
    """The peeked card back on top of the deck, or under the cards put at the bottom before it."""
    if top:
        s.init_top = s.peeked
    else:
        s.init_bottom += (s.peeked,)
    s.use("initiative-kept-on-top" if top else "initiative-put-at-bottom")
    s.peeked = OFF


def forget(s: State) -> None:
    """The deck is shuffled: no card's place is known."""
    s.init_top, s.init_bottom = OFF, ()


def _swap(s: State, hero: int, ally: int, restore: int) -> None:
    s.h_area[hero], s.h_area[ally] = s.h_area[ally], s.h_area[hero]
    s.use("item-effect:swap")
    for figure in (hero, ally):
        if not s.table.heroes[figure].ally:
            figures.restore_hero(s, figure, restore)
    story.trigger_story(s, hero)


def value(s: State, hero: int, index: int, target: int) -> float:
    """What the greedy and heuristic policies make of trying the check: a peek is always worth a try (it
    costs nothing); a swap when the Hero and its Ally have spent stamina the swap restores, and the Ally
    stands where fewer Enemies are."""
    effects = s.table.items[index].effects
    if effects.peek:
        return 0.9
    restored = min(s.h_spent[hero], effects.swap)
    restored += 0 if s.table.heroes[target].ally else min(s.h_spent[target], effects.swap)
    safer = figures.enemy_count(s, s.h_area[target]) < figures.enemy_count(s, s.h_area[hero])
    return 1.0 + restored if restored and safer else -1.0


def deck_value(s: State, top: bool) -> float:
    """Keep the peeked card on top when the Enemies act in the later half of its turn order, else put it at
    the bottom."""
    turns = s.table.faces[s.peeked].turns
    late = ENEMY_TURN not in turns or turns.index(ENEMY_TURN) * 2 >= len(turns)
    return 1.0 if late == top else 0.0
