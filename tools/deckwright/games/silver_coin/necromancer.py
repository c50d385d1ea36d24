"""The Necromancer's creatures (lines 1415-1432).

The Necromancer holds her Necro cards from the start. In the Action phase an Action Token on her
Necromancy spot summons the creature of one card in hand, if she meets its prerequisites and pays its
cost; some creatures may be summoned only on a Flow round (the card's `flow_round_only`). A creature in
play adds its strength to her battle total each round (more on a Flow round: the card's boost). When a
battle round is lost she decides, after the roll, to put its damage on a creature instead of herself;
after the battle dice were rerolled only a creature that allows it (the Mutated Zombie) may take it. A
creature that loses its last health goes back to her hand, to be summoned again later; a Dead Horse
takes the horse it rides with it (the Horse card goes back to the market). A Bloated Zombie's ability
deals damage to the monster in a round, after which the card goes back to the hand; a Lich teleports her
to a capital for a Movement Action and its cost, and goes back to the hand. A Dead Horse gives her more
land movement.

The book names the cards and their parts but prints none of their numbers: the pack's Necro cards carry
them, marked assumed (`creature` on each card). A creature takes the wound of the round it absorbs; a
poisonous monster's Poison token still comes to her (the engine's reading: the book does not say).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from deckwright.games.silver_coin.seat_character import is_

if TYPE_CHECKING:
    from deckwright.gamekit import Entity, Pack
    from deckwright.games.silver_coin.state import State

NECROMANCER = "necromancer"
SUMMON, TELEPORT = "summon", "lich-teleport"
STEP = "necro-damage"
TAKE, SELF, BURST = "necro-take", "necro-self", "necro-burst"
BATTLE_KINDS = (TAKE, SELF, BURST)
RESOURCES = ("physical_flow", "magical_flow", "experience", "coins")
Action = tuple[Any, ...]
UNREACHED = 1 << 20
"""The land distance of a place no route reaches (outside a scenario's kingdoms)."""


@dataclass(frozen=True)
class Creature:
    """A Necro card as the engine plays it (costs in RESOURCES order)."""

    id: str
    health: int
    cost: tuple[int, int, int, int]
    requires: tuple[tuple[str, int], ...]
    strength: int
    flow_boost: int
    flow_only: bool
    takes_rerolled: bool
    burst: int
    teleport: tuple[int, int, int, int] | None
    movement: int


def _resources(entry: Any) -> tuple[int, int, int, int]:
    given = entry if isinstance(entry, dict) else {}
    a, b, c, d = (int(given.get(name) or 0) for name in RESOURCES)
    return a, b, c, d


NECRO_CARD = "necro-card"  # the `kind` of the Necromancer's cards


def is_creature(entity: Entity) -> bool:
    """Whether a character card is a Necro card the engine plays (it states its `creature` values)."""
    return entity.get("kind") == NECRO_CARD and isinstance(entity.get("creature"), dict)


def compile_creatures(pack: Pack) -> tuple[Creature, ...]:
    """The pack's Necro cards with a `creature` (a card without one is named but not played)."""
    found = []
    for entity in pack.of_type("character-card"):
        if not is_creature(entity):
            continue
        creature = entity.get("creature")
        given = creature.get("requires")
        requires: dict[str, Any] = given if isinstance(given, dict) else {}
        found.append(Creature(
            id=entity.id, health=int(entity.get("health") or 1), cost=_resources(creature.get("cost")),
            requires=tuple(sorted((str(k), int(v)) for k, v in requires.items())),
            strength=int(creature.get("strength") or 0), flow_boost=int(creature.get("flow_boost") or 0),
            flow_only=bool(entity.get("flow_round_only")), takes_rerolled=bool(creature.get("takes_rerolled_damage")),
            burst=int(creature.get("burst_damage") or 0),
            teleport=_resources(creature["teleport"]) if isinstance(creature.get("teleport"), dict) else None,
            movement=int(creature.get("movement") or 0)))
    return tuple(sorted(found, key=lambda c: c.id))


def _is(state: State, seat: int) -> bool:
    return is_(state, seat, NECROMANCER)


def creature(state: State, card: str) -> Creature:
    return next(c for c in state.table.creatures if c.id == card)


def _in_play(state: State, seat: int) -> Iterable[Creature]:
    """The creatures standing by her, health left (a spent Bloated Zombie waits for its round's end at 0);
    none at once for a hunter without any (every other character: battles and moves ask this often)."""
    held = state.hunters[seat].necro
    return (c for c in state.table.creatures if held.get(c.id, 0) > 0) if held else ()


def _afford(state: State, seat: int, cost: tuple[int, int, int, int]) -> bool:
    hunter = state.hunters[seat]
    return all(have >= need for have, need in zip((hunter.physical, hunter.magical, hunter.experience, hunter.coins), cost))


def _pay(state: State, seat: int, cost: tuple[int, int, int, int]) -> None:
    hunter = state.hunters[seat]
    physical, magical, experience, coins = cost
    hunter.physical -= physical
    hunter.magical -= magical
    hunter.experience -= experience
    hunter.coins -= coins


def _meets(state: State, seat: int, requires: tuple[tuple[str, int], ...]) -> bool:
    hunter = state.hunters[seat]
    have = {"magic": len(hunter.magic), "trophies": len(hunter.trophies), "horses": hunter.potions.get("horse", 0),
            "knowledge": len(hunter.knowledge)}
    return all(have.get(name, 0) >= amount for name, amount in requires)


def summons(state: State, seat: int) -> list[Action]:
    """The Necromancy spot: each card in hand she can summon now (an Action Token's action)."""
    if not state.table.creatures or not _is(state, seat):
        return []
    hunter = state.hunters[seat]
    flow = state.round_type == "flow"
    return [(SUMMON, c.id) for c in state.table.creatures
            if c.id not in hunter.necro and (flow or not c.flow_only) and _meets(state, seat, c.requires)
            and _afford(state, seat, c.cost)]


def summon(state: State, seat: int, card: str) -> None:
    found = creature(state, card)
    _pay(state, seat, found.cost)
    state.hunters[seat].necro[card] = found.health
    state.use(card)
    state.note("necro-summons")
    state.note(f"necro-summoned:{card}")


def _back_to_hand(state: State, seat: int, card: str) -> None:
    """The creature is destroyed: its card goes back to her hand (a Dead Horse's horse to the market)."""
    hunter = state.hunters[seat]
    del hunter.necro[card]
    state.note("necro-creatures-destroyed")
    if dict(creature(state, card).requires).get("horses") and hunter.potions.get("horse"):
        hunter.potions["horse"] -= 1
        if not hunter.potions["horse"]:
            del hunter.potions["horse"]
        state.note("necro-horses-lost")


def strength(state: State, seat: int) -> int:
    """What her creatures add to a battle round's total (their boost too on a Flow round)."""
    flow = state.round_type == "flow"
    return sum(c.strength + (c.flow_boost if flow else 0) for c in _in_play(state, seat))


def shields(state: State, seat: int) -> int:
    """The damage her creatures could still take for her (the battle solver's extra lives)."""
    held = state.hunters[seat].necro
    return sum(held[c.id] for c in _in_play(state, seat))


def land_bonus(state: State, seat: int) -> int:
    if not state.hunters[seat].necro:
        return 0
    return sum(c.movement for c in _in_play(state, seat))


def _takers(state: State, seat: int) -> list[Creature]:
    fight = state.fight
    rerolled = fight is not None and fight.rerolled
    return [c for c in _in_play(state, seat) if c.takes_rerolled or not rerolled]


def asks(state: State, seat: int) -> bool:
    """Before a lost round's damage lands: True (and the step set) when a creature could take it."""
    fight = state.fight
    assert fight is not None
    if not state.hunters[seat].necro or STEP in fight.done or not _takers(state, seat):
        return False
    state.step = STEP
    return True


def damage_options(state: State, seat: int) -> list[Action]:
    return [(TAKE, c.id) for c in _takers(state, seat)] + [(SELF,)]


def bursts(state: State, seat: int) -> list[Action]:
    """In a battle round, after the roll: a creature's ability that hurts the monster."""
    return [(BURST, c.id) for c in _in_play(state, seat) if c.burst]


def apply_battle(state: State, seat: int, action: Action) -> bool:
    """A creature takes the round's damage (True: the damage is settled), bursts, or she takes it herself."""
    fight = state.fight
    assert fight is not None
    hunter = state.hunters[seat]
    kind = action[0]
    if kind == BURST:
        fight.dealt += creature(state, action[1]).burst
        hunter.necro[action[1]] = 0  # spent: destroyed once the round is over
        state.note("necro-bursts")
        return False
    fight.done += (STEP,)
    if kind == SELF:
        return False
    hunter.necro[action[1]] -= 1
    state.note("necro-damage-taken")
    poisonous = "poisonous" in state.table.monsters[fight.monster].symbols
    if poisonous:
        from deckwright.games.silver_coin.effects import poison

        poison(state, seat)
    if not hunter.necro[action[1]]:
        _back_to_hand(state, seat, action[1])
    return True


def round_over(state: State) -> None:
    """A spent creature (its health 0) is destroyed once its battle round is over."""
    for seat, hunter in enumerate(state.hunters):
        if hunter.necro:
            for card in [card for card, left in hunter.necro.items() if not left]:
                _back_to_hand(state, seat, card)


def teleports(state: State, seat: int, physical_cost: int) -> list[Action]:
    """Movement Actions by a creature's teleport: to each capital but her own place (in a scenario, of the
    kingdoms its hunters may travel)."""
    hunter = state.hunters[seat]
    if hunter.place < 0 or "teleport" not in state.table.rules.action_modes or hunter.physical < physical_cost:
        return []
    found: list[Action] = []
    for c in _in_play(state, seat):
        if c.teleport is None:
            continue
        physical, magical, experience, coins = c.teleport
        if _afford(state, seat, (physical + physical_cost, magical, experience, coins)):
            found += [(TELEPORT, c.id, capital) for capital in state.table.capitals
                      if capital != hunter.place and state.table.land[hunter.place][capital] < UNREACHED]
    return found


def teleport(state: State, seat: int, card: str) -> None:
    """The creature's cost paid and the creature destroyed (the move itself is the caller's)."""
    cost = creature(state, card).teleport
    assert cost is not None
    _pay(state, seat, cost)
    _back_to_hand(state, seat, card)
    state.note("necro-teleports")


def worth(state: State, seat: int, action: Action) -> float:
    """What a planning Necromancer makes of a battle choice: a creature takes the damage (the healthiest
    first) rather than she, the Bloated Zombie bursts when the monster is in reach."""
    kind = action[0]
    hunter = state.hunters[seat]
    if kind == TAKE:
        return 4 + hunter.necro[action[1]] / 10
    if kind == BURST:
        return 5
    return 0


def short_of(state: State, seat: int, flow: str) -> bool:
    """Whether the Necromancer lacks this kind of Flow ('flow-physical', 'flow-magical') for a creature
    in her hand whose other needs she meets."""
    if not state.table.creatures or not _is(state, seat):
        return False
    hunter = state.hunters[seat]
    index = 0 if flow == "flow-physical" else 1
    have = (hunter.physical, hunter.magical)[index]
    return any(c.cost[index] > have for c in state.table.creatures
               if c.id not in hunter.necro and _meets(state, seat, c.requires))


def summon_worth(state: State, seat: int, action: Action) -> float:
    """Away from a battle a creature is still worth its Action Token, one that fights or takes damage for
    her more than a Dead Horse (more than a global action's Experience, less than travelling to a mission;
    the policy weighs a creature that raises a held mission's odds itself)."""
    found = creature(state, action[1])
    if found.strength or found.burst or found.health > 1:
        return 2.2
    return 1.4 if found.movement else 1.2
