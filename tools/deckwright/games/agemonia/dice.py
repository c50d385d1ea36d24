"""Ability checks: exact success probabilities of Action and Reaction dice pools.

A die is read from the pack's facts: `<die>_die.faces` lists its faces by name, `dice.face_successes`
gives each face's successes and `dice.extra_roll_faces` names the faces that roll the die once more.
Probabilities are Fractions, computed by convolution; no sampling, so every answer is exact.

In a scenario a Hero buys the successes of a stamina face (`dice.stamina_faces`) with stamina, so the
engine rolls for the joint outcome (successes, stamina faces) (`joint_pool`) and settles the stamina after.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import Any

from deckwright.gamekit import Entity, Pack, fact


@dataclass(frozen=True)
class Die:
    """A fair die: (successes, rolls again) for each face."""

    faces: tuple[tuple[int, bool], ...]
    stamina: frozenset[int] = frozenset()  # indices of faces whose successes are bought with stamina

    @property
    def most(self) -> int:
        """Most successes one face gives (extra rolls aside)."""
        return max(s for s, _ in self.faces)


def die_of(pack: Pack, name: str, in_scenario: bool = False, marked: frozenset[str] = frozenset()) -> Die:
    """The die `name` ('action' or 'reaction') as the pack's facts describe it; `in_scenario` marks the
    faces whose successes a Hero buys with stamina (`dice.stamina_faces`); `marked` names more faces
    counted apart instead of giving successes (a Class Skill spends them)."""
    values = fact(pack, "dice.face_successes")
    extra = set(fact(pack, "dice.extra_roll_faces", []))
    faces = [str(face) for face in fact(pack, f"{name}_die.faces")]
    bought = {str(f) for f in fact(pack, "dice.stamina_faces", [])} if in_scenario else set()
    bought |= marked
    return Die(tuple((0 if face in bought else int(values[face]), face in extra) for face in faces),
               frozenset(i for i, face in enumerate(faces) if face in bought))


def rerolled(die: Die, faces: frozenset[int]) -> Die:
    """The die when a roll of one of `faces` (indices) is rolled once more and replaced: as many faces as
    the die's squared, each (first roll, second roll) pair one face, so the odds stay exact."""
    n = len(die.faces)
    kept = [second if first in faces else first for first in range(n) for second in range(n)]
    return Die(tuple(die.faces[k] for k in kept), frozenset(j for j, k in enumerate(kept) if k in die.stamina))


def reroll_pays(die: Die, face: int) -> bool:
    """Whether rolling the face (an index) once more gives more successes on average than keeping it."""
    values = [successes for successes, _ in die.faces]
    return values[face] * len(values) < sum(values)


def one_die(die: Die, limit: int) -> list[Fraction]:
    """P(one die, with its extra rolls, totals k) for k in 0..limit."""
    n = len(die.faces)
    again_at_zero = Fraction(sum(1 for s, again in die.faces if again and s == 0), n)
    dist: list[Fraction] = []
    for k in range(limit + 1):
        p = Fraction(sum(1 for s, again in die.faces if not again and s == k), n)
        p += sum((dist[k - s] for s, again in die.faces if again and 0 < s <= k), Fraction(0)) / n
        dist.append(p / (1 - again_at_zero))
    return dist


def pool(die: Die, dice: int, limit: int) -> list[Fraction]:
    """P(a pool of `dice` dice totals k) for k in 0..limit."""
    single = one_die(die, limit)
    # in whole numbers over the die's common denominator, as `joint_pool` does: the same exact values
    scale = lcm(*(p.denominator for p in single))
    weights = [p.numerator * (scale // p.denominator) for p in single]
    total = [1] + [0] * limit
    for _ in range(dice):
        total = [sum(total[j] * weights[k - j] for j in range(k + 1)) for k in range(limit + 1)]
    denominator = scale ** dice
    return [Fraction(p, denominator) for p in total]


Outcome = tuple[int, int]  # (successes, stamina faces)


def _one_die_joint(die: Die, limit: int) -> dict[Outcome, Fraction]:
    """P(one die with its extra rolls shows (successes, stamina faces)); successes capped at `limit`."""
    n = len(die.faces)
    stay = 1 - Fraction(sum(1 for i, (s, again) in enumerate(die.faces) if again and s == 0
                            and i not in die.stamina), n)
    done: dict[Outcome, Fraction] = {}
    rolling: dict[Outcome, Fraction] = {(0, 0): Fraction(1)}
    for _ in range(limit + 1):
        following: dict[Outcome, Fraction] = {}
        for (got, bought), p in rolling.items():
            for i, (s, again) in enumerate(die.faces):
                if again and s == 0 and i not in die.stamina:
                    continue  # a blank face rolling again: folded into `stay`
                key = (min(limit, got + s), bought + (i in die.stamina))
                into = following if again and key[0] < limit else done
                into[key] = into.get(key, Fraction(0)) + p / n / stay
        rolling = following
        if not rolling:
            break
    for key, p in rolling.items():
        done[key] = done.get(key, Fraction(0)) + p
    return done


def joint_pool(die: Die, dice: int, limit: int) -> dict[Outcome, Fraction]:
    """P(a pool of `dice` dice shows (successes, stamina faces)); successes past `limit` count as `limit`."""
    single = _one_die_joint(die, limit)
    # the same sums and products in whole numbers over one die's common denominator (`scale`), made
    # Fractions once at the end: exactly the same values, without reducing a Fraction at every step
    scale = lcm(*(q.denominator for q in single.values()))
    weights = [(b, y, q.numerator * (scale // q.denominator)) for (b, y), q in single.items()]
    total: dict[Outcome, int] = {(0, 0): 1}
    for _ in range(dice):
        following: dict[Outcome, int] = {}
        for (a, x), p in total.items():
            for b, y, q in weights:
                key = (min(limit, a + b), x + y)
                following[key] = following.get(key, 0) + p * q
        total = following
    denominator = scale ** dice
    return {key: Fraction(p, denominator) for key, p in total.items()}


def success_chance(die: Die, dice: int, target: int, modifier: int = 0) -> Fraction:
    """P(rolled successes + modifier >= target)."""
    need = target - modifier
    if need <= 0:
        return Fraction(1)
    return 1 - sum(pool(die, dice, need - 1), Fraction(0))


def ability_check(pack: Pack, die: str = "action", dice: int = 1, target: int = 1, modifier: int = 0) -> dict[str, Any]:
    """One check's chance of success, exact (`fraction`) and as a number (`probability`)."""
    chance = success_chance(die_of(pack, die), dice, target, modifier)
    return {"fraction": str(chance), "probability": float(chance)}


def ability_checks(pack: Pack) -> dict[str, Any]:
    """Every pool, modifier and target the content can use, per die, with the dice the box holds. The
    largest pool is the highest ability level (`ability_levels`, or a Hero board's ability raised by its
    Class Skills with the dice they add to its reactive checks: `board_pools`) with an Inspiration gem's
    dice and the Focus die; `largest_board` names the board that rolls it, if one does."""
    result: dict[str, Any] = {}
    modifiers = sorted({0, -int(fact(pack, "hindered.check_penalty", 0)), int(fact(pack, "achievement_gem.bonus", 0))})
    boards = board_pools(pack)
    for name, bonus_fact in (("action", "inspiration_gem.extra_dice.active"),
                             ("reaction", "inspiration_gem.extra_dice.reactive")):
        die = die_of(pack, name)
        bonus = int(fact(pack, bonus_fact, 0)) + int(fact(pack, "focus.extra_dice", 0))
        board, dice_of_board = max(boards[name].items(), key=lambda item: (item[1], item[0]), default=("", 0))
        largest = max(max(ability_levels(pack)), dice_of_board) + bonus
        rows = [{"dice": dice, "modifier": m, "target": t, "fraction": str(c), "probability": float(c)}
                for dice in range(1, largest + 1) for m in modifiers
                for t in range(1, dice * die.most + 1) if (c := success_chance(die, dice, t, m)) is not None]
        in_box = int(fact(pack, f"components.{name}_dice.count"))
        result[name] = {"largest_pool": largest, "dice_in_box": in_box, "fits_box": largest <= in_box, "checks": rows,
                        "largest_board": board if dice_of_board + bonus == largest else ""}
    return result


def board_pools(pack: Pack, boards: Sequence[Entity] | None = None) -> dict[str, dict[str, int]]:
    """Per die ('action', 'reaction'), the most dice each Hero board's abilities roll before Inspiration
    gems and Focus: its abilities raised by its Class Skills (`kit.raised_abilities`), and for a reactive
    check the dice its skills add (`reactive-dice`); `boards`: these instead of the pack's. A board the
    engine cannot read (its engine check says why) is left out."""
    from deckwright.games.agemonia.kit import class_skills, raised_abilities
    from deckwright.games.agemonia.rulings import RulesError, read_rulings

    found: dict[str, dict[str, int]] = {"action": {}, "reaction": {}}
    boards = list(pack.of_type("hero-board")) if boards is None else list(boards)
    if not boards:
        return found
    try:
        rules = read_rulings(pack, {})
    except (RulesError, KeyError):
        return found
    for board in boards:
        try:
            skills = class_skills(pack, board, rules)
        except (RulesError, KeyError):
            continue
        printed = board.get("abilities") or {}
        raised = raised_abilities(tuple(int(printed.get(a, 0)) for a in ("might", "agility", "will")), skills)
        found["action"][board.id] = max(raised)
        found["reaction"][board.id] = max(level + sum(k.amounts[0] for k in skills
                                                      if k.kind == "reactive-dice" and k.ability == index)
                                          for index, level in enumerate(raised))
    return found


def ability_levels(pack: Pack) -> list[int]:
    """Ability levels the Heroes print, or 1..abilities.max_level where the boards are not encoded."""
    printed = {int(v) for hero in pack.of_type("hero") for v in (hero.get("abilities") or {}).values()
               if isinstance(v, int)}
    return sorted(printed) or list(range(1, int(fact(pack, "abilities.max_level")) + 1))
