"""Items used without being discarded (a card's `keep`): Hero-specific items, pets, tomes and artifacts
whose effect is limited per scenario or per turn, or paid for each time (rulebook lines 4751-4763,
4958-4966, 4984, 5012, 5020-5023, 5061-5079, 5140-5150).

An item the Hero keeps is used as a discarded one is (`items`, `heroes`), and then:
- it stays with the Hero; each use is recorded in `State.kept_uses` as (Hero, item, round), a Hero's
  turn being once a round, so `per_scenario` counts every use and `per_turn` the uses of this round;
- each use pays the card's `cost`: stamina spent (`figures.pay_stamina`), a condition the Hero gains
  (`figures.gain`), an item token the Hero carries discarded (a tome's Essence token).
An item that is discarded (no `keep`) leaves the Hero (`gear.take`).

After a magic attack this turn, a Recover maneuver restores (or heals) the extra its carried items' `recover`
states (the pet Aiunin, lines 4763-4766).
"""

from __future__ import annotations

from deckwright.games.agemonia import figures
from deckwright.games.agemonia.figures import HERO
from deckwright.games.agemonia.gear import take
from deckwright.games.agemonia.skills import ATTACK_BITS
from deckwright.games.agemonia.state import State


def counted(s: State, index: int) -> int:
    """The item whose uses a use of this one counts as: its card, for an option sharing the card's limits
    (`items_values.options`); itself otherwise."""
    item = s.table.items[index]
    return item.option_of if item.option_of >= 0 and not item.apart else index


def available(s: State, hero: int, index: int) -> bool:
    """Whether the Hero may use the item now as far as its limits and costs go (always, for an item it
    discards)."""
    kept = s.table.items[index].effects.kept
    if kept is None:
        return True
    card = counted(s, index)
    if kept.per_scenario and uses(s, hero, card) >= kept.per_scenario:
        return False
    if kept.per_turn and uses(s, hero, card, s.round) >= kept.per_turn:
        return False
    if kept.stamina and s.h_disk[hero] < kept.stamina:
        return False
    return not kept.token or _token(s, hero, kept.token) >= 0


def uses(s: State, hero: int, index: int, round_: int = 0) -> int:
    """How often the Hero used the kept item this scenario (in round `round_` only, when given)."""
    return sum(1 for h, i, r in s.kept_uses if h == hero and i == index and (not round_ or r == round_))


def spend(s: State, hero: int, index: int) -> None:
    """The item is used: discarded, or kept with its use recorded and its costs paid."""
    t = s.table
    kept = t.items[index].effects.kept
    if kept is None:  # an option's card is discarded
        take(s, hero, t.items[index].option_of if t.items[index].option_of >= 0 else index)
        return
    s.kept_uses += ((hero, counted(s, index), s.round),)
    s.use("item-kept")
    figures.pay_stamina(s, hero, kept.stamina)
    if kept.token:
        token = _token(s, hero, kept.token)
        take(s, hero, token)
        s.use(t.items[token].id)
        s.use("item-kept-token-spent")
    if kept.condition >= 0:
        figures.gain(s, HERO, hero, kept.condition, "item")


def _token(s: State, hero: int, item: str) -> int:
    """The index of the item (a token) the Hero carries with that id, -1 if none."""
    return next((i for i in s.h_items[hero] if s.table.items[i].id == item), -1)


def recover_bonus(s: State, hero: int, gain: str) -> int:
    """Extra stamina restored (`gain` "restore") or damage healed ("heal") on the Hero's Recover by the items
    it carries, after a magic attack this turn."""
    if not s.attacked & ATTACK_BITS["magic"]:
        return 0
    t = s.table
    total = 0
    for index in sorted(set(s.h_items[hero])):
        restored, healed = t.items[index].effects.recover
        extra = restored if gain == "restore" else healed
        if extra:
            total += extra
            s.use(t.items[index].id)
            s.use("item-effect:recover")
    return total
