"""Passive Hero actions that summon nothing (rulebook lines 3647-3656, 3705-3717, the actions of lines
3786-4153): while their stamina stays locked they mark the Hero, an Ally, an Enemy or an area, and act
there. The Hero board states what each one does (`passive:` of its entry, compiled to `table.Lasting`):

- `condition` (Sneak, Shadow Form): the Hero gains the condition `gives` when it locks the stamina; if
  it loses the condition the passive action ends, and if the passive action ends it loses the condition
  (checked after every step, `settle`).
- `trap` (Stun Trap, Fire Trap): the Hero's area is marked; the first Enemy that moves into it suffers
  `amount` damage and gains `gives`, and the passive action ends.
- `boost`: `amount` successes more on attacks of the types `attacks`, for the marked Ally (`mark`:
  Fiery Weapon) or for every Ally in sight within `range` of the Hero, itself included (an aura: Aura of
  Courage).
- `riposte`: Riposte `amount` against Enemy attacks of the types `attacks` (within `range` of the Hero,
  Battle Stance), or, with `mark`, for the marked Ally against any Enemy (Spell Shield). Like every
  Riposte it ignores the Enemy's shield and comes after the attack (lines 3385-3392).
- `restore`: the marked Ally (`mark`) recovers `amount` spent stamina after each Enemy attack on it
  (Energy Absorption).
- `mark-enemy` (Sentinel's Mark): the Hero's attacks on the marked Enemy do `amount` damage more (the
  successes of the die the card rolls, fixed by the board).
- `attack-gives` (Lacerate): each Enemy the Hero's attack actions of types `attacks` damage gains `gives`.
- `turn-heal` (Reconstruction): once on each of the Hero's turns, at its start, the Hero heals `amount`.
- `area-heal` (Consecrate): the Hero's area is marked; each Ally there and not hindered heals `amount`
  at the start of its turn.
- `turn-restore` (Psychic Link, with `mark`): the marked Ally recovers `amount` spent stamina at the
  start of each of its turns.
- `drain` (Curse of Aox): at the start of each of the Hero's turns it Drains `amount` the marked Enemy
  (line 3191-3196: the Enemy suffers it, the Hero heals as much as the Enemy had left to lose).
- `overkill-restore` (War Dancer): the Hero recovers spent stamina equal to the Overkill damage of its
  attacks.
- `heal-bonus` (Guardian of Light): healing by or on the Hero (its recover maneuver and support actions)
  heals `amount` more.
- `pet-provoke` (Enchanted Nalam, line 3964): the Hero's pets' Provoke, the damage an Enemy leaving their
  area suffers (`items.left_area`), is `amount` more. The extra movement point it also gives the pet is
  not played: the engine keeps a pet in its Hero's area.
A support action's values may carry a `passive:` mark too (Wall of Fire, Spider Web: a trap): it costs
the action's stamina and locks none, so it stays until its trap springs or the scenario ends.
The book's "once on each of your turns, you may" is played at the start of the turn, always.

A mark (`mark`, `mark-enemy`) goes on an Ally or an Enemy in sight within `range` when the action is
performed; the passive action ends when its marked Enemy is defeated or its marked Ally exhausted. Each
entry of `State.passives` keeps its target where a summoned token keeps its area: the marked area, Ally
or Enemy slot, or the Hero itself.
"""

from __future__ import annotations

from deckwright.games.agemonia import costs, defeats, figures, locking
from deckwright.games.agemonia.figures import ENEMY, HERO
from deckwright.games.agemonia.state import OFF, State
from deckwright.games.agemonia.table import Lasting

MARKS_ALLY = ("boost", "riposte", "restore", "turn-restore")  # effects that mark an Ally when `mark` is set
ENEMY_MARKS = ("mark-enemy", "drain")  # effects that mark an Enemy
AREA_MARKS = ("trap", "area-heal")  # effects that mark the Hero's area


def _of(s: State, entry: tuple[int, ...]) -> Lasting | None:
    return s.table.heroes[entry[0]].actions[entry[1]].lasting


def _entries(s: State, effect: str) -> list[tuple[int, tuple[int, ...], Lasting]]:
    found: list[tuple[int, tuple[int, ...], Lasting]] = []
    for i, entry in enumerate(s.passives):
        lasting = _of(s, entry)
        if lasting is not None and lasting.effect == effect:
            found.append((i, entry, lasting))
    return found


def targets(s: State, hero: int, lasting: Lasting) -> list[int]:
    """Where the passive action can go: the Allies or Enemies it may mark, else the Hero's area (a trap,
    an area heal) or the Hero itself."""
    t = s.table
    here = s.h_area[hero]
    if lasting.mark and lasting.effect in MARKS_ALLY:
        return [h for h in range(len(t.heroes)) if not s.h_exhausted[h] and s.h_area[h] != OFF
                and t.range_dist[here][s.h_area[h]] <= lasting.range and t.sight[here][s.h_area[h]]]
    if lasting.effect in ENEMY_MARKS:
        return [e for e, at in enumerate(s.e_area) if at != OFF and t.range_dist[here][at] <= lasting.range
                and t.sight[here][at]]
    return [here if lasting.effect in AREA_MARKS else hero]


def perform(s: State, hero: int, index: int, target: int) -> None:
    """Lock the stamina and place the mark (the summon's `passives._perform` for the rest)."""
    action = s.table.heroes[hero].actions[index]
    lasting = action.lasting
    assert lasting is not None
    costs.pay(s, hero, action)  # a support action's mark costs its stamina or gem, locks none
    s.use(f"passive:{lasting.effect}")
    s.use(action.id)
    if lasting.effect == "condition":
        figures.gain(s, HERO, hero, lasting.gives, "hero-action")


def ended(s: State, entry: tuple[int, ...]) -> None:
    """A passive action ends (`locking.end`): the condition it gave goes with it."""
    lasting = _of(s, entry)
    if lasting is None or lasting.effect != "condition" or lasting.gives < 0:
        return
    gone = [code for code in s.h_conds[entry[0]] if code >> 1 == lasting.gives]
    if gone:
        figures.remove(s, HERO, entry[0], gone)
        s.use("passive-condition-lost")


def settle(s: State) -> None:
    """After every step: end the passive actions whose condition is lost, marked Enemy defeated or marked
    Ally exhausted."""
    for i in range(len(s.passives) - 1, -1, -1):
        entry = s.passives[i]
        lasting = s.table.heroes[entry[0]].actions[entry[1]].lasting
        if lasting is None:
            continue
        if lasting.effect == "condition" and not figures.holds(s.h_conds[entry[0]], lasting.gives):
            s.use("passive-ended:condition-lost")
            locking.end(s, i)
        elif lasting.effect in ENEMY_MARKS and s.e_area[entry[3]] == OFF:
            locking.end(s, i)
        elif lasting.mark and lasting.effect in MARKS_ALLY and s.h_exhausted[entry[3]]:
            locking.end(s, i)


def entered(s: State, slot: int) -> None:
    """An Enemy moved into an area: a trap marking it springs on the Enemy, and its passive action ends."""
    for i, entry, lasting in reversed(_entries(s, "trap")):
        if s.e_area[slot] == OFF or entry[3] != s.e_area[slot]:
            continue
        s.use(f"passive-trap-sprung:{s.table.heroes[entry[0]].actions[entry[1]].id}")
        if not defeats.hurt(s, entry[0], slot, lasting.amount):
            figures.gain(s, ENEMY, slot, lasting.gives, "hero-action")
        locking.end(s, i)


def _marks(s: State, entry: tuple[int, ...], lasting: Lasting, ally: int) -> bool:
    """Whether the passive action reaches the Ally: marked, or in the aura of its Hero."""
    if lasting.mark:
        return entry[3] == ally
    t = s.table
    here, there = s.h_area[entry[0]], s.h_area[ally]
    return t.range_dist[here][there] <= lasting.range and t.sight[here][there]


def extra_successes(s: State, hero: int, kind: str, slot: int) -> int:
    """Successes (damage) the passive actions in effect add to the Ally's attack of type `kind` on the
    Enemy in `slot` (-1: an area attack)."""
    more = 0
    for _, entry, lasting in _entries(s, "boost"):
        if lasting.applies(kind) and _marks(s, entry, lasting, hero):
            more += lasting.amount
            s.use("passive-boost")
    for _, entry, lasting in _entries(s, "mark-enemy"):
        if entry[0] == hero and entry[3] == slot:
            more += lasting.amount
            s.use("passive-marked-enemy")
    return more


def hurt(s: State, hero: int, slot: int, attacks: tuple[str, ...]) -> None:
    """An attack of the Hero's action (of types `attacks`) damaged the Enemy, still standing: conditions
    its passive actions give."""
    for _, entry, lasting in _entries(s, "attack-gives"):
        if entry[0] == hero and any(lasting.applies(kind) for kind in attacks) and s.e_area[slot] != OFF:
            figures.gain(s, ENEMY, slot, lasting.gives, "hero-action")
            s.use("passive-attack-gives")


def attacked(s: State, ally: int, slot: int, kind: str) -> None:
    """After an Enemy's attack on the Ally: Riposte of passive actions, then stamina they restore."""
    t = s.table
    for _, entry, lasting in _entries(s, "riposte"):
        if s.e_area[slot] == OFF or not lasting.applies(kind):
            continue
        if lasting.mark:
            reached = entry[3] == ally
        else:
            reached = entry[0] == ally and t.range_dist[s.e_area[slot]][s.h_area[ally]] <= lasting.range
        if reached:
            defeats.hurt(s, entry[0], slot, lasting.amount)
            s.use("passive-riposte")
    for _, entry, lasting in _entries(s, "restore"):
        if entry[3] == ally and not s.h_exhausted[ally]:
            figures.restore_hero(s, ally, lasting.amount)
            s.use("passive-restore")


def turn_start(s: State, hero: int) -> None:
    """The start of the Ally's turn: what the passive actions in effect give once a turn (healing on the
    Hero or in the marked area, stamina to the marked Ally, the marked Enemy drained)."""
    t = s.table
    for _, entry, lasting in [*_entries(s, "turn-heal"), *_entries(s, "area-heal")]:
        mine = entry[0] == hero if lasting.effect == "turn-heal" else entry[3] == s.h_area[hero]
        if mine and s.h_wounds[hero] and not (lasting.effect == "area-heal" and figures.hindered(s, hero)):
            figures.heal_hero(s, hero, lasting.amount)
            s.use(f"passive-{lasting.effect}")
    for _, entry, lasting in _entries(s, "turn-restore"):
        if entry[3] == hero and s.h_spent[hero]:
            figures.restore_hero(s, hero, lasting.amount)
            s.use("passive-turn-restore")
    for _, entry, lasting in _entries(s, "drain"):
        slot = entry[3]
        if entry[0] == hero and s.e_area[slot] != OFF:
            drained = min(lasting.amount, s.e_health[slot] - int(t.rules["health.defeated_at"]))
            defeats.hurt(s, hero, slot, lasting.amount)
            figures.heal_hero(s, hero, drained)
            s.use("passive-drain")


def overkill(s: State, hero: int, amount: int) -> None:
    """The Hero's attack defeated an Enemy with `amount` damage to spare (line 3240-3243): stamina its
    passive actions recover from it."""
    for _, entry, lasting in _entries(s, "overkill-restore"):
        if entry[0] == hero and amount > 0:
            figures.restore_hero(s, hero, amount)
            s.use("passive-overkill-restore")


def heal_bonus(s: State, hero: int, healer: int) -> int:
    """Healing more that passive actions give when `healer` heals `hero` (Guardian of Light: by or on its
    Hero)."""
    more = 0
    for _, entry, lasting in _entries(s, "heal-bonus"):
        if entry[0] in (hero, healer):
            more += lasting.amount
            s.use("passive-heal-bonus")
    return more


def pet_provoke(s: State, hero: int) -> int:
    """Provoke more for the Hero's pets from its passive actions (Enchanted Nalam)."""
    more = 0
    for _, entry, lasting in _entries(s, "pet-provoke"):
        if entry[0] == hero:
            more += lasting.amount
            s.use("passive-pet-provoke")
    return more


def value(s: State, hero: int, lasting: Lasting, target: int) -> float:
    """What the policies make of performing it: a mark on an Enemy still standing or an Ally who
    attacks; a trap where Enemies will come; the others while Enemies stand."""
    t = s.table
    if not figures.alive(s):
        return 0.2
    if lasting.effect == "mark-enemy":
        return 5.0 + 0.1 * s.e_health[target]
    if lasting.effect == "trap":
        near = sum(1 for at in s.e_area if at != OFF and t.range_dist[target][at] <= 2)
        return 3.0 + near if near else 1.0
    if lasting.effect == "turn-heal":
        return 3.0 + s.h_wounds[hero]
    return 4.0 - 0.1 * target if lasting.mark else 4.0
