"""Class Skills that change a Hero's Initiative before the Initiative card is revealed (rulebook lines
3449-3453; Tactics), played as their cards' `play` states them.

`initiative-change`: after the Hero has selected its action, and before the card is revealed, it may pay
`class_skill.<rule>.stamina` to take any Ally initiative the Initiative deck shows in place of its
action's; the Initiative token marking it stays until the round ends. The engine asks the Hero right
after its selection: ("change-initiative", symbol) takes that initiative, ("change-initiative", "")
keeps its own. The Hero's turn then comes, and its bonus maneuver is judged, by the initiative taken.
"""

from __future__ import annotations

from typing import Any

from deckwright.games.agemonia import figures
from deckwright.games.agemonia.kit import Skill
from deckwright.games.agemonia.state import OFF, State

KIND = "initiative-change"
ENEMY_TURN = "enemy"  # the Initiative card's Enemy turns (`rounds.reveal`); every other symbol is an Ally's
KEEP = ("change-initiative", "")


def _skill(s: State, hero: int) -> Skill | None:
    return next((k for k in s.table.heroes[hero].skills if k.kind == KIND), None)


def ally_initiatives(s: State) -> tuple[str, ...]:
    """Every Ally initiative the scenario's Initiative deck shows, in name order."""
    return tuple(sorted({turn for face in s.table.faces for turn in face.turns if turn != ENEMY_TURN}))


def after_select(s: State, hero: int, own: str) -> None:
    """The Hero has selected an action with initiative `own`: last round's token is gone, and a Hero with
    the skill and the stamina it costs decides now (`choosing` holds it until it has)."""
    s.h_init[hero] = ""
    skill = _skill(s, hero)
    if skill is not None and s.h_disk[hero] >= skill.amounts[0] and any(i != own for i in ally_initiatives(s)):
        s.choosing = hero


def options(s: State, hero: int, own: str) -> list[tuple[Any, ...]]:
    """Keeping the action's initiative, or taking another Ally initiative."""
    return [KEEP] + [("change-initiative", i) for i in ally_initiatives(s) if i != own]


def change(s: State, hero: int, action: tuple[Any, ...]) -> None:
    """Pay the skill's stamina and place the Initiative token (or keep the action's initiative)."""
    s.choosing = OFF
    if not action[1]:
        return
    skill = _skill(s, hero)
    assert skill is not None
    figures.pay_stamina(s, hero, skill.amounts[0])
    s.h_init[hero] = str(action[1])
    s.use(skill.id)
    s.use(f"initiative-token:{action[1]}")


def before_enemies(s: State, symbol: str) -> float:
    """The share of the Initiative cards still to come on which `symbol` acts before the first Enemy turn
    (what a Hero gains by taking that initiative: its attack lands before the Enemies move and strike)."""
    t = s.table
    deck = s.init_deck or list(range(len(t.faces)))
    early = 0
    for card in deck:
        turns = t.faces[card].turns
        if symbol in turns and (ENEMY_TURN not in turns or turns.index(symbol) < turns.index(ENEMY_TURN)):
            early += 1
    return early / len(deck)


def value(s: State, hero: int, action: tuple[Any, ...], own: str) -> float:
    """For the greedy and heuristic policies: a Hero whose action attacks takes the initiative most
    likely to come before the Enemies, when that is worth its stamina; otherwise it keeps its own."""
    if not action[1]:
        return 0.0
    figure = s.table.heroes[hero]
    attacking = figure.actions[s.h_action[hero]].kind == "attack" and any(a != OFF for a in s.e_area)
    skill = _skill(s, hero)
    cost = (skill.amounts[0] if skill else 0) / max(1, s.h_disk[hero] + s.h_spent[hero])
    gain = before_enemies(s, str(action[1])) - before_enemies(s, own)
    return gain - cost if attacking else -1.0
