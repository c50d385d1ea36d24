"""A battle inside a game (lines 614-792): the pre-battle strength (the same function the `battle`
probe uses), potions and the Legendary Sword, dice rounds as chance nodes, reroll, flee, rewards."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from deckwright.games.silver_coin import (
    berserker, brewing, characters, company_fight, fighter_dice, flow_abilities, monarchs, necromancer,
    scenario_flow, special_cards, spells, trophies,
)
from deckwright.games.silver_coin.battle import Battle, sums, win_share
from deckwright.games.silver_coin.effects import (
    gain_reputation, lose_reputation, poison, reward_coins, take_potion, wound,
)
from deckwright.games.silver_coin.fight import monster_strength
from deckwright.games.silver_coin.flow import weather
from deckwright.games.silver_coin.knowledge_board import board_effect
from deckwright.games.silver_coin.state import Company, Fight, State
from deckwright.games.silver_coin.table import Monster

Action = tuple[Any, ...]
STEPS = ("prebattle", "dice", "reroll", spells.STEP, spells.FIRE_STEP, "flee", company_fight.SHARE, "antidote",
         necromancer.STEP)
ONCE_A_ROUND = ("reroll", "rage-reroll", "rage-frenzy")
"""Character abilities used at most once a battle round, whatever is rolled again."""
ROLLS = ("color", "white", "white-die", "recolor", "swap-die", "berserk")
"""The battle's chance nodes: Color Dice, white dice (one by one when a die may be swapped), the Color
Dice rerolled, a die set aside for a swap, the Berserker Die."""
SWORD = "legendary-sword"


@cache
def roll_outcomes(faces: tuple[int, ...], dice: int) -> tuple[tuple[Action, float], ...]:
    """Every total of `dice` dice with its probability."""
    ways = sums(faces, dice)
    total = sum(ways.values())
    return tuple((("roll", value), n / total) for value, n in sorted(ways.items()))


def monster_left(state: State, level: int) -> bool:
    deck = state.monster_decks[level - 1] if 0 < level <= len(state.monster_decks) else []
    if not deck and state.table.rules.reshuffle:
        back = [m for m in state.monster_discard if state.table.monsters[m].level == level]
        if back:
            state.monster_discard = [m for m in state.monster_discard if m not in back]
            deck.extend(sorted(back))
            state.note("situation:monster-deck-reshuffled")
    return bool(deck)


def can_fight(state: State, seat: int, monster: int, enhanced: bool) -> bool:
    card = state.table.monsters[monster]
    hunter = state.hunters[seat]
    if "spirit" in card.symbols and "spirit" not in hunter.magic and not enhanced:
        return False
    return not card.color_dice_only or bool(hunter.dice)


def applies(state: State, seat: int, card: Monster, kind: str, condition: str) -> bool:
    """Whether a printed bonus condition holds now (weather, time, season, kingdom, dice, magic, place)."""
    table = state.table
    hunter = state.hunters[seat]
    text = condition.lower()
    month = table.months[state.round]
    if kind == "weather":
        return _mentions(text, weather(state)[0])
    if kind == "time-of-day":
        now = characters.time_of_day(state, seat)
        return now in table.rules.night if "night" in text else _mentions(text, now)
    if kind == "season":
        return _mentions(text, table.season_of.get(month, ""))
    if kind == "kingdom":
        if board_effect(state, seat, "negate_monster_kingdom_bonus"):
            return False
        kingdom = table.place_kingdom[hunter.place]
        return "home kingdom" in text or (kingdom >= 0 and _mentions(text, table.kingdoms[kingdom]))
    if kind == "dice":
        return all(c in hunter.dice for c in _colours(text))
    if kind == "magic":
        schools = [s for s in table.rules.magic_schools if s in text]
        return bool(schools) and all(s in hunter.magic for s in schools)
    if kind == "location":
        state.note("situation:location-bonus-read-as-met")
        return not board_effect(state, seat, "negate_monster_location_bonus")
    return False


@cache
def _colours(text: str) -> tuple[str, ...]:
    """The dice colours a bonus condition's text names, in order."""
    return tuple(re.findall(r"blue|red|green|yellow|purple|black", text))


@cache
def _mentions(text: str, name: str) -> bool:
    """Whether a bonus condition's text names `name` as a word (worked out once per text and name)."""
    return bool(name) and re.search(r"\b" + re.escape(name.replace("-", " ")) + r"\b", text) is not None


def start(state: State, held: int) -> None:
    hunter = state.hunters[state.seat]
    _, monster, _ = hunter.missions[held]
    state.fight = Fight(held, monster)
    state.step = "prebattle"
    state.note("battles")


def odds(state: State, seat: int, monster: int, dealt: int = 0, potions: int = 0, company: Company | None = None,
         health: int | None = None) -> float:
    """The exact chance to win this battle alone from here (the `battle` probe's solver), with `potions`
    Strength potions drunk, Experience spent on rerolls and Protection Magic cast on the rounds it would
    lose (each cast one more lost round survived); `company` (its combined knowledge) and
    `health` (the monster's) let a policy weigh a member's part in a company fight."""
    rules = state.table.rules
    hunter = state.hunters[seat]
    card = state.table.monsters[monster]
    fight = state.fight
    if fight is not None and fight.monster == monster and company is None:
        goal = fight.target
        health = company_fight.health(state, fight) if health is None else health
    else:
        goal = target(state, _unfought(monster, potions) if company is None
                      else Fight(-1, monster, strength_potions=potions, company=company), seat)
    health = card.health if health is None else health
    lives = hunter.health - rules.health_bottom + 1 + spells.shields(state, seat)  # Protection absorbs a lost round
    lives += necromancer.shields(state, seat)  # and so do the Necromancer's creatures
    goal -= necromancer.strength(state, seat)
    return _solved(goal, health - dealt, lives, rules.white_faces,
                   0 if card.color_dice_only else rules.white_dice, rules.color_faces, len(hunter.dice),
                   hunter.experience // max(1, rules.reroll_cost))


@cache
def _unfought(monster: int, potions: int) -> Fight:
    """A battle against `monster` not begun, `potions` Strength potions drunk: what `odds` asks `target`
    about a battle to come (one per monster and count, which nothing changes)."""
    return Fight(-1, monster, strength_potions=potions)


@cache
def _solved(goal: int, monster_health: int, health: int, white: tuple[int, ...], white_dice: int,
            color: tuple[int, ...], color_dice: int, rerolls: int) -> float:
    battle = Battle(goal, max(1, monster_health), max(1, health), white, white_dice, color, color_dice, min(rerolls, 3))
    return win_share(battle)  # as `solve` gives it


def target(state: State, fight: Fight | None = None, seat: int | None = None) -> int:
    """The monster's strength against this hunter, less the hunter's potions and sword."""
    fight = fight or state.fight
    assert fight is not None
    rules = state.table.rules
    seat = state.seat if seat is None else seat
    hunter = state.hunters[seat]
    card = state.table.monsters[fight.monster]
    hidden = brewing.hidden(fight)  # Invisibility: the bonuses that would make it stronger do not count
    printed = sum(strength for kind, condition, strength in card.bonuses
                  if not (fight.negated and kind == "kingdom") and not (hidden and strength > 0)
                  and applies(state, seat, card, kind, condition))
    knows = (hunter.knows if fight.company is None else fight.company.knowledge) * rules.token_value
    form = state.table.monsters[fight.form] if fight.form >= 0 else None
    if form is not None:
        knows = max(knows, form.required)  # the form's Required Knowledge as the Shapeshifter's own
    bought = sum(form.bonuses[i][2] for i in fight.bought) if form is not None else 0
    strength, _, _ = monster_strength(card.strength, card.required, knows, hunter.health,
                                      hunter.max_health,
                                      printed, rules.knowledge_gap, rules.wounded_bonus, rules.badly_wounded_at,
                                      rules.badly_wounded_extra)
    sword = rules.sword_bonus if SWORD in card.symbols and (fight.sword or board_effect(state, seat, "legendary_sword")) \
        else 0
    return (strength - fight.strength_potions * rules.strength_potion_bonus
            - fight.night_potions * rules.night_potion_bonus - sword - bought
            - characters.strength_change(state, seat, fight.shift) - brewing.weaker(state, fight))


def legal(state: State) -> list[Action]:
    fight = state.fight
    assert fight is not None
    rules = state.table.rules
    hunter = state.hunters[state.seat]
    card = state.table.monsters[fight.monster]
    step = state.step
    if step == "prebattle":
        found: list[Action] = []
        if hunter.potions.get("strength-potion") and fight.strength_potions < rules.strength_potion_max \
                and "no-strength-potion" not in card.symbols:
            found.append(("drink", "strength-potion"))
        now = characters.time_of_day(state, state.seat)
        if hunter.potions.get("night-potion") and fight.night_potions < rules.night_potion_max \
                and "no-night-potion" not in card.symbols and now in rules.night:
            found.append(("drink", "night-potion"))
        if SWORD in card.symbols and not fight.sword and _sword_ready(state):
            found.append(("sword",))
        found += special_cards.battle_options(state) + brewing.battle_options(state)
        if not fight.shift and fight.rounds == 0:
            found += characters.shift_options(state, state.seat, hunter)
        found += _form_bonuses(state)
        found += flow_abilities.fighter_options(state, state.seat, SWORD in card.symbols)
        found += fighter_dice.before_battle(state, state.seat)
        return found + [("attack",)]
    if step == "dice":
        return _dice_options(state) + [("roll-done",)]
    if step == "reroll":
        return [("reroll",), ("accept",)]
    if step == spells.STEP:
        return spells.options(state)
    if step == spells.FIRE_STEP:
        return spells.fire_options(state)
    if step == necromancer.STEP:
        return necromancer.damage_options(state, state.seat)
    if step == company_fight.SHARE:
        return company_fight.share_options(state)
    if step == "flee":
        left = company_fight.health(state, fight) - fight.dealt
        blow = left <= rules.final_blow and not fight.sword and _sword_ready(state)
        return berserker.after_round(state, state.seat) + [("continue",), ("flee",)] + [("final-blow",)] * blow
    return ([("antidote",)] if hunter.poison and hunter.potions.get("antidote-poison-potion") else []) + [("leave",)]


def _form_bonuses(state: State) -> list[Action]:
    """Before the first round, in a monster's form: its printed bonuses whose conditions hold, each for
    Experience (lines 1546-1553)."""
    fight = state.fight
    assert fight is not None
    hunter = state.hunters[state.seat]
    if fight.form < 0 or fight.rounds or hunter.experience < state.table.rules.form_bonus_cost:
        return []
    form = state.table.monsters[fight.form]
    return [("form-bonus", i) for i, (kind, condition, strength) in enumerate(form.bonuses)
            if i not in fight.bought and strength > 0 and applies(state, state.seat, form, kind, condition)]


def chance_outcomes(state: State) -> tuple[tuple[Action, float], ...]:
    fight = state.fight
    assert fight is not None and state.chance is not None
    rules = state.table.rules
    card = state.table.monsters[fight.monster]
    kind = state.chance[0]
    if kind in ("color", "recolor"):
        return roll_outcomes(rules.color_faces, len(fighter_dice.rolled_colours(state, state.seat)))
    if kind in ("white-die", "swap-die"):
        return roll_outcomes(rules.white_faces if kind == "white-die" else rules.color_faces, 1)
    if kind == "berserk":
        faces = rules.berserker_faces
        return tuple((("roll", faces.index(face)), faces.count(face) / len(faces)) for face in sorted(set(faces)))
    return roll_outcomes(rules.white_faces, 0 if card.color_dice_only else rules.white_dice)


def apply(state: State, action: Action) -> None:
    fight = state.fight
    assert fight is not None
    hunter = state.hunters[state.seat]
    kind = action[0]
    if kind == "drink":
        take_potion(hunter.potions, action[1])
        if action[1] == "strength-potion":
            fight.strength_potions += 1
        else:
            fight.night_potions += 1
    elif kind == "sword":
        _pay_sword(state)
        fight.sword = True
    elif kind in (special_cards.USE, brewing.PLAY):
        if kind == brewing.PLAY:
            brewing.play(state, action)
        else:
            special_cards.use(state, state.seat, action)
        if fight.dealt >= company_fight.health(state, fight):
            _won(state)  # the card dealt the last damage before any round
    elif kind in ("fighter-sword", "fighter-negate"):
        flow_abilities.use_die(state, state.seat, action)
    elif kind in fighter_dice.WORTH:
        fighter_dice.apply(state, state.seat, action)
    elif kind in (berserker.PREVENT_HEART, berserker.PROTECT_HEART) or kind.startswith("rage-"):
        if kind == "rage-reroll" and not berserker.settle(state, state.seat):
            _lost(state)  # a Heart rerolled still wounds, and this one was the last health
            return
        berserker.apply(state, state.seat, action)
    elif kind == "to-rage":
        berserker.to_rage(state, state.seat)
    elif kind in necromancer.BATTLE_KINDS:
        if necromancer.apply_battle(state, state.seat, action):
            _round_over(state, company_fight.health(state, fight))  # a creature took the damage
        elif kind == necromancer.SELF:
            _damage(state, prevented=False)
        elif fight.dealt >= company_fight.health(state, fight):
            _won(state)  # the creature's burst dealt the last damage
    elif kind == "roll-done":
        fight.done += ("roll-done",)
        if berserker.settle(state, state.seat):
            _reroll_or_compare(state)
        else:
            _lost(state)
    elif kind == "shift":
        fight.shift, fight.form = state.table.monsters[action[1]].level, action[1]
        characters.shift(state, state.seat, fight.shift)
    elif kind == "form-bonus":
        hunter.experience -= state.table.rules.form_bonus_cost
        fight.bought += (action[1],)
        state.note("shapeshifter-buys-monster-bonus")
    elif kind == "final-blow":
        _pay_sword(state)
        fight.sword = True
        fight.dealt = company_fight.health(state, fight)
        state.note("final-blows")
        _won(state)
    elif kind in ("attack", "continue"):
        fight.target = target(state) if kind == "attack" else fight.target
        _roll(state)
    elif kind == "reroll":
        hunter.experience -= state.table.rules.reroll_cost
        fight.rerolled = True
        state.note("rerolls")
        fight.done = tuple(d for d in fight.done if d in ONCE_A_ROUND)  # the new roll may be used again
        state.chance = _white(state)
    elif kind == "accept":
        _compare(state)
    elif kind in (spells.PROTECT, spells.UNPROTECTED):
        _damage(state, prevented=spells.decide(state, action))
    elif kind in (spells.BURN, spells.NO_BURN):
        spells.burn(state, action)
        _round_over(state, company_fight.health(state, fight))
    elif kind == "flee":
        lose_reputation(state, state.seat, _by_level(state.table.rules.flee_loss, state.table.monsters[fight.monster]))
        state.note("fled")
        if fight.company is None or not company_fight.fled(state):
            _after(state)
    elif kind == company_fight.SHARE:
        company_fight.share(state, action)
        _after(state)
    elif kind == "antidote":
        take_potion(hunter.potions, "antidote-poison-potion")
        removed = min(hunter.poison, state.table.rules.antidote_removes)
        hunter.poison -= removed
        state.poison_left += removed
    elif kind == "leave":
        if fight.company is not None:
            company_fight.finish(state)
        else:
            state.fight, state.step = None, "location"


def _sword_ready(state: State) -> bool:
    """Whether the hunter holds Durendal (a Legendary Sword card) and can pay its use."""
    rules = state.table.rules
    hunter = state.hunters[state.seat]
    if not any(state.table.special_cards[c][0].startswith(SWORD) for c in hunter.specials):
        return False
    return hunter.coins >= rules.sword_coins if rules.sword_cost_kind == "coins" else hunter.physical >= rules.sword_cost


def _pay_sword(state: State) -> None:
    rules = state.table.rules
    hunter = state.hunters[state.seat]
    if rules.sword_cost_kind == "coins":
        hunter.coins -= rules.sword_coins
    else:
        hunter.physical -= rules.sword_cost


def _roll(state: State) -> None:
    fight = state.fight
    assert fight is not None
    necromancer.round_over(state)
    fight.rerolled, fight.color, fight.white = False, 0, 0
    fight.white_faces, fight.berserk, fight.done = (), "", ()
    fight.rounds += 1
    state.chance = ("color",) if fighter_dice.rolled_colours(state, state.seat) else _white(state)


def _white(state: State) -> tuple[str, ...]:
    """The white dice's roll: one by one while the Fighter holds a die set aside to swap in."""
    fight = state.fight
    assert fight is not None
    fight.white, fight.white_faces = 0, ()
    return ("white-die",) if state.hunters[state.seat].swap and not state.table.monsters[fight.monster].color_dice_only \
        else ("white",)


def rolled(state: State, value: int) -> None:
    """A chance outcome of the battle: the Color Dice total, then the white dice total."""
    fight = state.fight
    assert fight is not None and state.chance is not None
    kind = state.chance
    state.chance = None
    which = kind[0]
    if which == "swap-die":
        fighter_dice.swap_die(state, state.seat, kind[1], value)
        return
    if which == "color":
        fight.color = value
        state.chance = _white(state)
        return
    if which == "white-die":
        fight.white_faces += (value,)
        fight.white += value
        if len(fight.white_faces) < state.table.rules.white_dice:
            state.chance = ("white-die",)
            return
    elif which == "white":
        fight.white = value
    elif which == "recolor":
        fight.color = value
    elif which == "berserk":
        fight.berserk = state.table.rules.berserker_faces[value]
        state.note("berserker-die-rolls")
    if which in ("white", "white-die") and berserker.rolls(state, state.seat):
        state.chance = ("berserk",)
        return
    if _dice_options(state) and "roll-done" not in fight.done:
        state.step = "dice"
        return
    if berserker.settle(state, state.seat):
        _reroll_or_compare(state)
    else:
        _lost(state)


def _dice_options(state: State) -> list[Action]:
    """What the characters may do with a round's roll before it counts (the Fighter's, the Berserker's)."""
    fight = state.fight
    assert fight is not None
    if _total(state) > fight.target and fight.berserk != berserker.HEART:
        return []  # the round is won as rolled
    return fighter_dice.in_round(state, state.seat) + berserker.in_round(state, state.seat) \
        + necromancer.bursts(state, state.seat)


def _total(state: State) -> int:
    fight = state.fight
    assert fight is not None
    return fight.color + fight.white + berserker.strength(state) + necromancer.strength(state, state.seat)


def _reroll_or_compare(state: State) -> None:
    """The white dice may be rerolled (step 5) when the round would be lost; else the roll counts."""
    fight = state.fight
    assert fight is not None
    rules = state.table.rules
    hunter = state.hunters[state.seat]
    if _total(state) < fight.target and not fight.rerolled and rules.rerolls_per_round \
            and hunter.experience >= rules.reroll_cost and not scenario_flow.corruption(state, state.seat, "no_reroll"):
        state.step = "reroll"
        return
    _compare(state)


def _compare(state: State) -> None:
    """Step 6: higher deals damage, equal does nothing, lower wounds (a wound at the bottom loses)."""
    fight = state.fight
    assert fight is not None
    total = _total(state)
    health = company_fight.health(state, fight)
    if fight.dealt >= health:
        _won(state)  # the Berserker's Rage Heart dealt the last damage
        return
    if total < fight.target:
        if not spells.offer(state):
            _damage(state, prevented=False)
        return
    if total > fight.target:
        fight.dealt += state.table.rules.damage_per_round
        if fight.dealt < health and spells.burns(state):
            return  # Fire Magic's extra damage first
    _round_over(state, health)


def _damage(state: State, prevented: bool) -> None:
    """A lost round's damage: a wound (and a Poison token from a poisonous monster), defeat at the
    bottom of the Health Track; Protection Magic cast prevents the damage (`spells`)."""
    fight = state.fight
    assert fight is not None
    rules = state.table.rules
    seat = state.seat
    hunter = state.hunters[seat]
    poisonous = "poisonous" in state.table.monsters[fight.monster].symbols
    if prevented:
        if poisonous and not rules.protection_prevents_poison:
            poison(state, seat)
    elif necromancer.asks(state, seat):
        return  # she decides where the damage goes first
    elif hunter.health <= rules.health_bottom:
        _lost(state)
        return
    else:
        wound(state, seat, poisonous)
        berserker.took_damage(state, seat, 1)
    _round_over(state, company_fight.health(state, fight))


def _round_over(state: State, health: int) -> None:
    fight = state.fight
    assert fight is not None
    if fight.dealt >= health:
        _won(state)
    elif fight.company is not None:
        company_fight.pass_on(state)
    else:
        state.step = "flee"


def _by_level(losses: tuple[int, ...], card: Monster) -> int:
    return losses[min(card.level, len(losses)) - 1] if losses else 0


def _won(state: State) -> None:
    fight = state.fight
    assert fight is not None
    seat = state.seat
    hunter = state.hunters[seat]
    card = state.table.monsters[fight.monster]
    mission, monster, _ = state.hunters[company_fight.holder(state)].missions.pop(fight.held)
    coins = monarchs.reward(state, mission, card.coins)
    if fight.company is None:
        reward_coins(state, seat, coins)
        gain_reputation(state, seat, card.reputation)
        hunter.experience += card.experience
        if monster != state.table.regular_monster:
            trophies.add_trophy(state, seat, monster)
    state.mission_discard.append(mission)
    if state.table.mode is not None:
        scenario_flow.won(state, mission, monster)
    state.note("battles-won")
    state.note(f"won-level-{card.level}")
    if fight.company is not None and company_fight.reward(state, card, monster, coins):
        return  # the coins wait for the company's split
    _after(state)


def _lost(state: State) -> None:
    fight = state.fight
    assert fight is not None
    seat = state.seat
    hunter = state.hunters[seat]
    card = state.table.monsters[fight.monster]
    mission, monster, _ = state.hunters[company_fight.holder(state)].missions.pop(fight.held)
    if not scenario_flow.returned(state, mission):
        state.mission_discard.append(mission)
        scenario_flow.discarded(state, [mission])
    if monster != state.table.regular_monster and not scenario_flow.objective_monster(state, monster):
        state.monster_discard.append(monster)
    lose_reputation(state, seat, _by_level(state.table.rules.lost_loss, card))
    monarchs.failed(state, company_fight.holder(state), mission)
    state.note("battles-lost")
    _after(state)
    if state.table.mode is not None:
        scenario_flow.end(state, scenario_flow.END_HEALTH)


def _after(state: State) -> None:
    brewing.regenerate(state, state.seat)
    necromancer.round_over(state)
    if state.fight is not None and state.fight.company is not None:
        company_fight.finish(state)
        return
    hunter = state.hunters[state.seat]
    hunter.swap = []  # the dice set aside for a swap come back
    if hunter.poison and hunter.potions.get("antidote-poison-potion"):
        state.step = "antidote"
    else:
        state.fight, state.step = None, "location"
