"""The heuristic policy: a hunter who plays with a plan. It takes Monster Missions it can win, travels to
them, fights with its potions, buys what it will use, and otherwise gathers experience and reputation;
in a scenario it plays for the company (`heuristic_scenario`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from deckwright.games.silver_coin import (
    berserker, brewing, combat, company, company_fight, court, fighter_dice, flow_abilities, heuristic_scenario,
    improvements, necromancer, sharing, special_cards, spells, time_board, townsfolk,
)
from deckwright.games.silver_coin.actions import land_points, location_parts
from deckwright.games.silver_coin.decisions import reach
from deckwright.games.silver_coin.state import ACTION, AUCTION, BID, MAGIC, PICK, PREP, Hunter, State

Action = tuple[Any, ...]


def _target(state: State, seat: int) -> int:
    """Where the hunter wants to be: its mission's place, else the nearest capital with a Tavern (in a
    scenario: `heuristic_scenario.target`)."""
    table = state.table
    if table.mode is not None:
        return heuristic_scenario.target(state, seat)
    hunter = state.hunters[seat]
    costs = reach(state, seat)
    if hunter.health < hunter.max_health - 1 and not hunter.potions.get("health-potion"):
        herbs = [p for p, kind in enumerate(table.place_kind) if kind == "herb-spot"
                 and state.exhausted.get(table.place_kingdom[p]) != p]
        if herbs:
            return min(herbs, key=lambda p: (costs[p], p))
    if hunter.missions:
        return table.missions[hunter.missions[0][0]][1]
    return min(table.capitals, key=lambda c: (costs[c], c))


def heuristic(game: Any, state: State, rng: random.Random) -> Action:
    """The first of the legal actions with the best score."""
    actions = game.legal_actions(state)
    seat = state.seat
    goal = _target(state, seat) if _needs_target(state, actions) else -1
    best, best_score = actions[0], _score(state, seat, actions[0], goal)
    for action in actions[1:]:
        score = _score(state, seat, action, goal)
        if score > best_score:
            best, best_score = action, score
    return best


def _needs_target(state: State, actions: Sequence[Action]) -> bool:
    """Whether scoring these actions needs where the hunter wants to be (`_target`, then worked out once
    per decision instead of once per action)."""
    if state.phase == ACTION:
        return state.step not in combat.STEPS and state.step not in ("location", "reveal", "foresee", "trophy", "glimpse")
    return state.phase == PREP and any(action[0] == "go" for action in actions)


def _score(state: State, seat: int, action: Action, goal: int) -> float:
    table = state.table
    hunter = state.hunters[seat]
    kind = action[0]
    if state.dealt:  # a Kingdom card dealt to the Chronomancer: Future II, then the card worth most
        return 1 if kind == time_board.DEALT_GLIMPSE else _prep_score(state, seat, action, goal)
    if state.phase == AUCTION:
        return table.rules.auction_rows[action[2]] if table.mode is None else 0
    if state.phase == MAGIC:  # Protection Magic keeps the wounds the final scoring counts away
        return 1 if action[1] == spells.PROTECTION else 0
    if state.phase == PICK:
        return 0
    if state.phase == BID:
        if kind in (time_board.PEEK, "time-bid"):
            return 0.5 if kind == time_board.PEEK or action[1] else 0
        return 1 if kind == "bid" and not state.bid_cards[seat] and len(hunter.hand) > 1 else 0
    if state.phase != ACTION:
        return _prep_score(state, seat, action, goal)
    step = state.step
    if step == time_board.MOVE_STEP:  # Future II, which it uses most, stocked with every cube Area I holds
        if kind == time_board.MOVE_DONE:
            return 0.5
        return 1 if action[1:3] == (time_board.AREA_1, time_board.FUTURE_2) \
            and action[3] == time_board.cubes(state, seat, time_board.AREA_1) else 0
    if step in combat.STEPS:
        if kind == "continue" and table.mode is not None:
            return heuristic_scenario.continue_score(state, seat)
        if kind == company_fight.SHARE:
            return heuristic_scenario.share_score(state, action)
        if kind == brewing.PLAY:
            return brewing.play_worth(state, action)
        if kind == "continue":
            fight = state.fight
            assert fight is not None
            return 1 if combat.odds(state, seat, fight.monster, fight.dealt) >= 0.35 else -1
        if kind in necromancer.BATTLE_KINDS:
            return necromancer.worth(state, seat, action)
        if kind == "rage-frenzy":
            return berserker.frenzy_worth(state)
        return {"drink": 5, "sword": 4, "fighter-sword": 4, "fighter-negate": 4, "shift": 4, "form-bonus": 4, "final-blow": 6,
                "attack": 1, "reroll": 3, "accept": 0, "antidote": 2, "leave": 0, "protect": 3,
                "flee": 0}.get(kind, BATTLE_WORTH.get(kind, 0))
    if step == "location":
        return _location_score(state, seat, action)
    if step == "reveal":
        return 1 if kind == "keep-hidden" else 0
    if step in ("foresee", time_board.GLIMPSE):
        return combat.odds(state, seat, action[1])
    if step == "combo-move":
        return -table.land[action[1]][goal]
    here = hunter.place
    if kind == "location":
        return 8 if any(_location_score(state, seat, a) > 0 for part in location_parts(state, seat) for a in part) \
            else -1
    if kind == "move":
        closer = table.land[action[1]][goal] < table.land[here][goal]
        together = action[-1] == "company" and all(_target(state, m) == goal for m in company.members(state, seat))
        toll = _toll(state, here, action[1])
        if table.mode is not None:
            toll += heuristic_scenario.toll(state, action[1], goal)
        return 6 - table.land[action[1]][goal] / 10 - action[2] + 0.5 * together - toll if closer else -1
    if kind == "portal-move":
        return 6.2 - table.land[action[2]][goal] / 10 if table.land[action[2]][goal] < table.land[here][goal] else -1
    if kind == necromancer.TELEPORT:  # the Lich's teleport, when it saves more than a walk would
        saved = table.land[here][goal] - table.land[action[2]][goal]
        return 6.1 - table.land[action[2]][goal] / 10 if saved > land_points(state, seat)[0] else -1
    if kind == necromancer.SUMMON:  # before its mission's battle, a creature that raises the odds
        health = necromancer.creature(state, action[1]).health
        if _raises_odds(state, seat, lambda h: h.necro.__setitem__(action[1], health)):
            return 6.5
        return necromancer.summon_worth(state, seat, action)
    if kind == "portal":  # free of Action Tokens: put where the hunter is heading
        return 9 - table.land[action[1]][goal] / 100
    if kind == "global" and table.mode is not None:
        scenario_score = heuristic_scenario.global_score(state, seat, action)
        if scenario_score is not None:
            return scenario_score
    if kind == "discard-mission" and table.mode is not None:
        return heuristic_scenario.discard_score(state, seat, action)
    if kind == "global":
        return {"gain-xp": 2, "random-draw": 1.5, "dice": 2.5}.get(action[1], 0)
    if kind in ("drink", special_cards.USE):  # a Ring's coins, an Ancient Knowledge token: at once
        return 7
    if kind == "time-token":
        return 1.1 if here == goal else -1
    if kind == "time-travel":
        return 6.5 if table.land[hunter.time_token][goal] < table.land[here][goal] else -1
    if kind == "time-rearrange":
        return 1.2 if _raises_odds(state, seat, lambda h: setattr(h, "cells", action[1])) else -1
    if kind == "day-icon":  # an Action Token spent where the hunter fights this round
        return 1.3 if here == goal and _raises_odds(state, seat, lambda h: setattr(h, "day", action[1])) else -1
    if kind in flow_abilities.KINDS:
        return flow_abilities.worth(state, seat, action)
    if kind == "improvement":
        return 3 if improvements.playable(state, action[1]) else -1
    if kind == "pass":
        return 0.5
    return -1


def _raises_odds(state: State, seat: int, change: Callable[[Hunter], None]) -> bool:
    """Whether `change` made to the hunter raises the odds of its next battle."""
    monsters = [m for _, m, _ in state.hunters[seat].missions if m >= 0]
    if not monsters:
        return False
    after = state.clone()
    change(after.hunters[seat])
    return combat.odds(after, seat, monsters[0]) > combat.odds(state, seat, monsters[0])


def _toll(state: State, here: int, there: int) -> float:
    """What entering `there` costs the hunter besides movement: a Monarch's tax, a draw from the Plague bag."""
    table = state.table
    plague = table.place_kingdom[there] != table.place_kingdom[here] and \
        state.townsfolk_of[table.place_kingdom[there]] == court.PLAGUE_DOCTOR if state.townsfolk_of else False
    return court.tax_due(state, here, there) / 20 + 0.5 * plague


BATTLE_WORTH = {**fighter_dice.WORTH, **berserker.WORTH, **special_cards.WORTH}


def _location_score(state: State, seat: int, action: Action) -> float:
    hunter = state.hunters[seat]
    kind = action[0]
    if state.table.mode is not None:
        scenario_score = heuristic_scenario.location_score(state, seat, action)
        if scenario_score is not None:
            return scenario_score
    if kind == "fight":
        chance = company_fight.odds(state, seat, action, min(hunter.potions.get("strength-potion", 0),
                                                             state.table.rules.strength_potion_max))
        return 10 * chance if chance >= 0.5 else -1
    if kind in ("engage", "objective"):
        return 6 if hunter.knows + 2 >= 1 else -1
    if kind in ("take", "take-glimpse"):
        level = state.tavern[action[1]][1]
        return 6 - level - action[1] / 10 + (kind != "take") / 20 if hunter.knows + 2 >= level else -1
    if kind == "townsfolk":
        return 3.5 if hunter.coins >= 300 and state.round < 12 else -1
    if kind in ("library", "learn-magic", "ancient", "heal"):
        return 4
    if kind in townsfolk.KINDS:  # coins for a song or a trophy
        return 3.5
    if kind == "gather":
        return 3.5
    if kind == "buy" and action[1] == "antidote-poison-potion":
        return 3.5 if hunter.poison > hunter.potions.get("antidote-poison-potion", 0) else -1
    if kind == "buy" and action[1] == "health-potion":
        return 3.5 if hunter.health + hunter.potions.get("health-potion", 0) < hunter.max_health else -1
    if kind == "buy":
        return 3 if action[1] == "strength-potion" and hunter.coins >= 150 and \
            hunter.potions.get("strength-potion", 0) < 2 else -1
    if kind == sharing.KIND:
        return 3.5 if _wants(state, action[2], action[3]) and not _wants(state, action[1], action[3], spare=True) else -1
    return 0 if kind == "done" else -1


def _wants(state: State, seat: int, item: str, spare: bool = False) -> bool:
    """Whether the hunter has a use for one more of this potion (with `spare`: for the one it would keep
    if it handed one over): an Antidote per Poison token, a Health potion per wound, a Strength potion for
    a mission held; of anything else (coins among them) the policy hands nothing over."""
    hunter = state.hunters[seat]
    held = hunter.potions.get(item, 0) - spare
    if item == "antidote-poison-potion":
        return hunter.poison > held
    if item == "health-potion":
        return hunter.health + held < hunter.max_health
    if item == "strength-potion":
        return bool(hunter.missions) and held < state.table.rules.strength_potion_max
    return spare


PLAY_WORTH = {"reputation": 2, "experience": 2.5, "movement": 1}
"""What playing a Kingdom card for each symbol is worth to the hunter (any other: 1.5)."""


def _prep_score(state: State, seat: int, action: Action, goal: int) -> float:
    kind = action[0]
    if kind in ("draft", "draft-deck"):
        return 3
    if kind == "draft-glimpse":
        return 3.2
    if kind == "keep-card":  # the card whose best symbol the hunter would play for most
        return max(PLAY_WORTH.get(symbol, 1.5) * amount for symbol, amount in state.table.kingdom_cards[action[1]][1])
    if kind == "play":
        if not (len(state.hunters[seat].hand) >= 3 or state.play_count):
            return -1
        if action[2] == "flow-magical" and not spells.shields(state, seat) and spells.PROTECTION in state.hunters[seat].magic:
            return 1.6  # Magical Flow to cast its Protection Magic with
        if action[2] in ("flow-physical", "flow-magical") and necromancer.short_of(state, seat, action[2]):
            return 2.6  # the Flow a creature in her hand costs: her 2 health need them
        worth = PLAY_WORTH if state.table.mode is None else heuristic_scenario.PLAY_WORTH
        return worth.get(action[2], 1.5)
    if kind == "go":
        return -state.table.land[action[1]][goal]
    if kind == "prep-end":
        return 0
    return -1
