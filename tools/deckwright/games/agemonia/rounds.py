"""The round (rulebook lines 1726-1797, 2826-2955): Select Hero Action, Reveal Initiative, Ally and
Enemy turns in initiative order, Discard Fate; and the end of the scenario.

`advance` runs everything nobody decides (Enemy turns, pending steps) until a Hero must choose or
chance must decide, so every state a driver sees has a player to act.
"""

from __future__ import annotations

import random
from typing import Any

from deckwright.gamekit import draw_uniform, draw_weighted

from deckwright.games.agemonia import (
    action_effects, blessing, enemies, figures, heroes, items, items_checked, reactions, skills_armor, skills_initiative,
    slots, story, summoning,
)
from deckwright.games.agemonia.endings import EXHAUSTED, TIMER, success_cause
from deckwright.games.agemonia.figures import HERO
from deckwright.games.agemonia.state import FATE, OFF, OVER, REVEAL, SELECT, TURNS, State

DECK_EMPTY = "uncovered:initiative-deck-empty"


def setup(s: State) -> None:
    """Enemies on their set-up areas (they act from the first round); stamina locked on worn items."""
    for p in s.table.placements:
        figures.spawn(s, p.enemy, p.area, p.count)
    s.e_spawned = [0] * len(s.e_spawned)
    summoning.setup(s)
    skills_armor.setup(s)
    items.setup(s)


def outcome(s: State) -> str:
    """The scenario's end if one is met now (success first), else ''."""
    return ending(s)[0]


def ending(s: State) -> tuple[str, str]:
    """The scenario's end and which end condition gives it (endings.py) if one is met now, else ('', '')."""
    t = s.table
    if s.end:
        return s.end, s.end_cause
    # an Enemy on the map: one area that is not OFF (asked at every step)
    if (t.defeat_all or t.objectives) and not (t.defeat_all and s.e_area.count(OFF) < len(s.e_area)) \
            and not (t.objectives and s.objectives_done & t.objective_mask != t.objective_mask):
        return "success", success_cause(t.defeat_all, t.objectives)
    if (t.players < 1 or s.h_exhausted[0]) and all(s.h_exhausted[:t.players]):  # the first Hero's, asked first
        return t.all_exhausted, EXHAUSTED
    return "", ""


def advance(s: State) -> None:
    """Run what no one decides until a Hero chooses, chance decides, or the scenario ends."""
    while True:
        ended, cause = ending(s)
        if ended:
            _finish(s, ended, cause)
            return
        if s.pending:
            if s.pending[0][0] != "then":
                return
            _then(s, s.pending.pop(0))
            continue
        if s.phase == SELECT:
            if s.choosing != OFF:  # a Hero changing its Initiative before the card (`skills_initiative`)
                s.seat = s.choosing
                return
            waiting = next((h for h in range(s.table.players) if s.h_action[h] < 0 and not s.h_exhausted[h]), -1)
            # Non-Hero Allies select nothing: they choose their action on their turn
            if waiting >= 0:
                s.seat = waiting
                return
            s.seat = -1
            _to_reveal(s)
            continue
        if s.phase == TURNS:
            if s.seat >= 0:
                if not s.h_exhausted[s.seat]:
                    return
                heroes.end_turn(s)
            if s.qpos >= len(s.queue):
                s.phase = FATE
                return
            actor = s.queue[s.qpos]
            if actor >= 0:
                if s.h_exhausted[actor]:
                    s.qpos += 1
                else:
                    heroes.begin_turn(s, actor)
            elif s.e_area[~actor] == OFF:
                s.qpos += 1
            else:
                enemies.begin_turn(s, ~actor)
            continue
        return


def _finish(s: State, ended: str, cause: str) -> None:
    s.end, s.end_cause = ended, cause
    s.phase = OVER
    s.seat = -1
    s.pending = []
    if s.lent:
        action_effects.return_lent(s)
    for h in range(len(s.table.heroes)):
        figures.clear(s, HERO, h)
    for slot in range(len(s.e_conds)):
        figures.clear(s, figures.ENEMY, slot)
    s.use(f"{s.table.scenario}:{ended}")


def _then(s: State, step: tuple[Any, ...]) -> None:
    if step[1] == "enemy-attack":
        enemies.attack(s, step[2])
    elif step[1] == "enemy-start":  # after the trap it started on
        enemies.take_turn(s, step[2])
    else:
        enemies.end_turn(s, step[2])


def _to_reveal(s: State) -> None:
    s.phase = REVEAL
    if s.reshuffle:
        s.init_deck += s.init_discard
        s.init_discard = []
        s.reshuffle = False
        items_checked.forget(s)
        s.use("initiative-reshuffled")
    if not s.init_deck:
        s.end = DECK_EMPTY


def select(s: State, index: int) -> None:
    slots.place(s, s.seat, index)
    s.h_action[s.seat] = index
    s.use(s.table.heroes[s.seat].actions[index].id)
    skills_initiative.after_select(s, s.seat, s.table.heroes[s.seat].actions[index].initiative)
    s.seat = -1


def selectable(s: State) -> list[tuple[Any, ...]]:
    hero = s.seat
    if s.choosing == hero:
        return skills_initiative.options(s, hero, heroes.selected(s, hero).initiative)
    options = slots.selectable(s, hero)
    if not options:
        s.note("hero-without-action")
    return options


def reveal(s: State, card: int) -> None:
    """The Initiative card: spawns of the round, then the turn order it shows."""
    t = s.table
    s.init_deck.remove(card)
    s.init_discard.append(card)
    if s.init_top != OFF or s.init_bottom:
        items_checked.drawn(s, card)
    s.face = card
    face = t.faces[card]
    s.use(face.card)
    s.reshuffle = face.shuffle and bool(t.rules["initiative.shuffle_card_reshuffles"])
    for p in t.spawns:
        if p.round == s.round:
            figures.spawn(s, p.enemy, p.area, p.count)
    skip = bool(t.rules["spawn.skips_first_round"])
    # each Ally's initiative symbol, asked once for the card's every Ally slot
    allies = [(h, heroes.initiative(s, h)) for h in range(len(t.heroes)) if not s.h_exhausted[h]]
    queue: list[int] = []
    for slot_kind in face.turns:
        if slot_kind == "enemy":
            order = sorted((e for e in figures.alive(s) if not (skip and s.e_spawned[e] == s.round)),
                           key=lambda e: (s.e_type[e], e))
            queue += [~e for e in order]
        else:
            queue += [h for h, symbol in allies if symbol == slot_kind]
    dazed = [h for h in queue if h >= 0 and s.h_injuries[h] and figures.injured(s, h, "initiative")]  # they always go last
    queue = [a for a in queue if a not in dazed] + dazed
    s.queue, s.qpos, s.seat, s.phase = queue, 0, -1, TURNS
    reactions.turns_begin(s)


def discard_fate(s: State, card: int) -> None:
    """The round's Fate card: onto a running timer's pile (which may end the scenario) or the discards."""
    t = s.table
    s.fate_deck.remove(card)
    if s.timer_running:
        s.timer_pile.append(card)
        s.timer_sum += t.fate_values[card]
        if s.timer_sum >= t.timer_target:
            s.end, s.end_cause = t.timer_outcome or "fail", TIMER
            s.use("timer-ran-out")
    else:
        s.fate_discard.append(card)
    if not s.fate_deck:
        if t.rules["fate.empty_deck_reshuffles"]:
            s.fate_deck, s.fate_discard = s.fate_discard, []
            s.use("fate-reshuffled")
        if not s.fate_deck and not s.end:
            s.end = "uncovered:fate-deck-empty"
    s.round += 1
    items.end_round(s)
    s.h_action = [-1] * len(t.heroes)
    s.focus_used = s.special = 0
    s.phase = SELECT


def _odds(s: State, entry: tuple[Any, ...]) -> tuple[tuple[tuple[int, int, float], ...], ...]:
    """The odds of the roll `entry` asks for, by its die's letter (`story.roll`): both `chance_outcomes`
    and `draw_chance` read them here, so a sampled playout rolls the dice an exact one lists."""
    t = s.table
    die = entry[1]
    if die == "a":
        return t.action_odds
    if die == "R":
        return t.riposte_odds
    if die == "A":
        return t.ally_odds[blessing.roller(entry)]
    return t.face_odds if die == "F" else t.reroll_odds if die == "B" else t.reaction_odds


def chance_outcomes(s: State) -> list[tuple[tuple[Any, ...], float]]:
    """What chance may decide now, with probabilities."""
    t = s.table
    if s.pending:
        entry = s.pending[0]
        if entry[0] == "roll":
            odds = _odds(s, entry)
            dice = min(entry[2], len(odds) - 1)
            return [(("roll", k, faces), p) for k, faces, p in odds[dice]]
        if entry[0] == "injury":
            return [(("injury", i), 1 / len(s.injury_deck)) for i in s.injury_deck]
        if entry[0] == "peek":
            top = items_checked.top_cards(s)
            return [(("peek", c), 1 / len(top)) for c in top]
        if entry[0] == "gamble":
            return summoning.gamble_outcomes(s)
        return [(("trap", i), 1 / len(t.trap_cards)) for i in range(len(t.trap_cards))]
    deck = items_checked.top_cards(s) if s.phase == REVEAL else s.fate_deck
    return [(("initiative" if s.phase == REVEAL else "fate", c), 1 / len(deck)) for c in deck]


def draw_chance(s: State, rng: random.Random) -> tuple[Any, ...]:
    """What `sample_chance` draws from `chance_outcomes(s)`, without listing the outcomes."""
    t = s.table
    if s.pending:
        entry = s.pending[0]
        if entry[0] == "roll":
            odds = _odds(s, entry)
            k, faces, _ = draw_weighted(odds[min(entry[2], len(odds) - 1)], rng)
            return ("roll", k, faces)
        if entry[0] == "injury":
            return ("injury", draw_uniform(s.injury_deck, rng))
        if entry[0] == "peek":
            return ("peek", draw_uniform(items_checked.top_cards(s), rng))
        if entry[0] == "gamble":
            return draw_weighted([(*outcome, p) for outcome, p in summoning.gamble_outcomes(s)], rng)[:2]
        return ("trap", draw_uniform(range(len(t.trap_cards)), rng))
    if s.phase == REVEAL:
        return ("initiative", draw_uniform(items_checked.top_cards(s), rng))
    return ("fate", draw_uniform(s.fate_deck, rng))


def settle_chance(s: State, action: tuple[Any, ...]) -> None:
    kind = action[0]
    if kind == "initiative":
        reveal(s, action[1])
    elif kind == "gamble":
        summoning.settle_gamble(s, action[1])
    elif kind == "fate":
        discard_fate(s, action[1])
    else:
        entry = s.pending.pop(0)
        if kind == "roll":
            blessing.settle(s, entry, action[1], action[2])
        elif kind == "peek":
            items_checked.peeked(s, action[1])
        elif kind == "injury":
            s.injury_deck.remove(action[1])
            s.h_injuries[entry[1]] = s.h_injuries[entry[1]] + (action[1],)
            s.use(s.table.injuries[action[1]].id)
        else:
            story.resolve_trap(s, entry, action[1])
