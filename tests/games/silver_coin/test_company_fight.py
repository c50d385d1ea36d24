"""Scenario mode's company in battle (lines 1630-1643), from set-up positions on the shipped pack: the
monster's health per member, the members' Kingdom Knowledge combined, rounds in turn order, flight, the
shared rewards and the co-op Bonus track, each number the pack's fact."""

from __future__ import annotations

from typing import Any

from deckwright.engine.parallel import play_many
from deckwright.games.silver_coin import combat, company_fight
from deckwright.games.silver_coin.effects import gain_reputation, learn, lose_reputation
from deckwright.games.silver_coin.engine import SilverCoin
from deckwright.games.silver_coin.scenario_flow import END_HEALTH
from deckwright.games.silver_coin.state import Fight, State
from deckwright.model import Pack
from deckwright.rules import fact
from tests.games.silver_coin.test_world import _action_phase

GAME = SilverCoin()
MONSTER = "monster-l2-08"  # no symbol, Required Knowledge 3: the tokens the company adds count


def _at_monster(pack: Pack, players: int, overrides: dict[str, Any] | None = None) -> tuple[State, int]:
    """Every hunter at one place, the hunter whose turn it is holding a mission against MONSTER there;
    the owner knows 1 kingdom, the second hunter in turn order 2 (one of them the owner's) and an
    Ancient Knowledge token. Returns the position (its Location Action open) and the monster."""
    state = _action_phase(pack, "ashgar-plague", players, overrides=overrides)
    table = state.table
    monster = next(i for i, m in enumerate(table.monsters) if m.id == MONSTER)
    for deck in state.monster_decks:
        if monster in deck:
            deck.remove(monster)
    mission = state.mission_deck.pop(0)
    owner = state.seat
    second = next(s for s in state.order if s != owner)
    for seat, hunter in enumerate(state.hunters):
        hunter.place = table.missions[mission][1]
        state.bag += hunter.knowledge
        hunter.knowledge = []
        hunter.world = hunter.bonus = 0
    kingdoms = sorted(set(state.bag))
    learn(state, owner, kingdoms[0])
    learn(state, second, kingdoms[0])
    learn(state, second, kingdoms[1])
    state.hunters[second].ancient, state.ancient_left = 1, state.ancient_left - 1
    state.hunters[owner].missions = [(mission, monster, True)]
    state.step, state.done = "location", set()
    assert GAME.invariants(state) == []
    return state, monster


def _together(state: State) -> tuple[Any, ...]:
    """The company fight with every other hunter at the place."""
    others = tuple(s for s in state.order if s != state.seat)
    return ("fight", 0, company_fight.COMPANY) + others


def _roll(state: State, best: bool) -> State:
    """Roll every die of the battle round, each at its highest (or lowest) total, and let it count (no
    reroll, no ability on the roll)."""
    while state.chance is not None or state.step in ("dice", "reroll"):
        if state.chance is not None:
            outcomes = GAME.chance_outcomes(state)
            state = GAME.apply(state, outcomes[-1 if best else 0][0])
        else:
            state = GAME.apply(state, ("accept",) if state.step == "reroll" else ("roll-done",))
    return state


def test_a_company_is_offered_with_each_group_of_the_hunters_here(sc_pack: Pack) -> None:
    state, _ = _at_monster(sc_pack, 3)
    owner = state.seat
    others = [s for s in state.order if s != owner]
    fights = [a for a in GAME.legal_actions(state) if a[0] == "fight"]
    assert fights == [("fight", 0), ("fight", 0, "company", others[0]), ("fight", 0, "company", others[1]),
                      ("fight", 0, "company", *others)]
    state.hunters[others[1]].place = next(p for p in range(len(state.table.places)) if p != state.hunters[owner].place)
    fights = [a for a in GAME.legal_actions(state) if a[0] == "fight"]
    assert fights == [("fight", 0), ("fight", 0, "company", others[0])]  # the other is elsewhere


def test_the_monster_gains_health_per_member_and_the_company_pools_its_knowledge(sc_pack: Pack) -> None:
    for per_member in (fact(sc_pack, "company.monster_health_per_member"), 3):
        state, monster = _at_monster(sc_pack, 3, {"company.monster_health_per_member": per_member})
        card = state.table.monsters[monster]
        fighting = GAME.apply(state, _together(state))
        fight = fighting.fight
        assert fight is not None and fight.company is not None
        assert fight.company.members == tuple(state.order)  # the battle goes in turn order
        assert fighting.seat == state.order[0] and fighting.step == "prebattle"
        assert company_fight.health(fighting, fight) == card.health + per_member * 3
        # 1 + 2 tokens over 2 kingdoms (one shared) and an Ancient token: the kingdom shared counts once
        assert fight.company.knowledge == 3
        token, gap = fact(sc_pack, "knowledge.token_value"), fact(sc_pack, "battle.knowledge_gap.per_point")
        for seat in state.order:
            alone = combat.target(fighting, Fight(-1, monster), seat)
            own = fighting.hunters[seat].knows * token
            together = combat.target(fighting, Fight(-1, monster, company=fight.company), seat)
            assert alone - together == gap * (max(0, card.required - own) - max(0, card.required - 3 * token))
        assert combat.target(fighting) == combat.target(fighting, Fight(-1, monster, company=fight.company))


def test_each_member_fights_a_round_in_turn_order_with_its_own_strength(sc_pack: Pack) -> None:
    state, monster = _at_monster(sc_pack, 2)
    first, second = state.order
    state.hunters[first].potions["strength-potion"] = 1
    state = GAME.apply(state, _together(state))
    state = GAME.apply(state, ("drink", "strength-potion"))
    state = GAME.apply(state, ("attack",))
    assert state.fight is not None
    potion_target = state.fight.target
    state = _roll(state, best=True)
    fight = state.fight
    assert fight is not None and fight.dealt == fact(sc_pack, "battle.damage_per_round")
    assert state.seat == second and state.step == "prebattle" and fight.strength_potions == 0
    state = GAME.apply(state, ("attack",))
    bonus = fact(sc_pack, "potion.strength.strength_bonus")
    assert state.fight is not None and state.fight.target == potion_target + bonus  # no potion for this one
    health = state.hunters[second].health
    state = _roll(state, best=False)
    assert state.hunters[second].health == health - 1  # the wound is the member's own
    assert state.seat == first and state.step == "flee"  # the first member's next round, its potion kept
    assert state.fight is not None and state.fight.strength_potions == 1 and state.fight.target == potion_target
    assert GAME.invariants(state) == []


def _fight_on(state: State, flee: int = -1) -> State:
    """Play the battle with the best rolls; seat `flee` flees at its first chance."""
    while state.fight is not None and state.step != company_fight.SHARE and not GAME.is_terminal(state):
        if state.chance is not None:
            state = _roll(state, best=True)
        elif state.step == "prebattle":
            state = GAME.apply(state, ("attack",))
        elif state.step == "flee":
            state = GAME.apply(state, ("flee",) if state.seat == flee else ("continue",))
        else:
            state = GAME.apply(state, GAME.legal_actions(state)[-1])
    return state


def test_the_members_who_stay_share_the_rewards_and_the_bonus_track_moves_once(sc_pack: Pack) -> None:
    state, monster = _at_monster(sc_pack, 3)
    card = state.table.monsters[monster]
    rules = state.table.rules
    first, runner, third = state.order
    before = [(h.coins, h.experience, h.world) for h in state.hunters]
    loss = fact(sc_pack, "battle.flee.reputation_loss")[card.level - 1]
    state = _fight_on(GAME.apply(state, _together(state)), flee=runner)
    assert state.step == company_fight.SHARE and state.seat == first
    assert GAME.legal_actions(state) == [("share", -1), ("share", first), ("share", third)]
    state = GAME.apply(state, ("share", -1))
    assert state.fight is None and state.step == "location" and state.seat == state.order[0]
    half, odd = divmod(card.coins, 2)
    icons = {space for space, _ in rules.world_icons}
    for seat, coins in ((first, half + odd), (third, half)):
        hunter = state.hunters[seat]
        assert hunter.experience == before[seat][1] + card.experience
        assert hunter.world == before[seat][2] + card.reputation
        if not icons & set(range(1, card.reputation + 1)):
            assert hunter.coins == before[seat][0] + coins
    fled = state.hunters[runner]  # no share; the flight's own reputation loss
    assert (fled.coins, fled.experience, fled.world) == (before[runner][0], before[runner][1],
                                                         max(rules.reputation_min, -loss))
    # the co-op track's one token (at 0 when the runner fled) moved by the reward once, for everyone
    assert [h.bonus for h in state.hunters] == [card.reputation] * 3
    assert state.hunters[first].missions == [] and GAME.invariants(state) == []


def test_with_a_bonus_token_per_hunter_each_member_moves_its_own(sc_pack: Pack) -> None:
    state, monster = _at_monster(sc_pack, 2, {"coop.bonus_track.tokens": 2})
    card = state.table.monsters[monster]
    state = _fight_on(GAME.apply(state, _together(state)))
    state = GAME.apply(state, ("share", state.order[1]))
    assert [h.bonus for h in state.hunters] == [card.reputation, card.reputation]
    assert state.hunters[state.order[1]].coins > state.hunters[state.order[0]].coins  # all the coins to one
    shared, _ = _at_monster(sc_pack, 2)
    shared = GAME.apply(_fight_on(GAME.apply(shared, _together(shared))), ("share", -1))
    assert [h.bonus for h in shared.hunters] == [card.reputation, card.reputation]  # moved once, for both


def test_a_member_defeated_loses_the_scenario(sc_pack: Pack) -> None:
    state, _ = _at_monster(sc_pack, 2)
    second = state.order[1]
    state.hunters[second].health = fact(sc_pack, "health.bottom")
    state = _roll(GAME.apply(GAME.apply(state, _together(state)), ("attack",)), best=True)
    state = _roll(GAME.apply(state, ("attack",)), best=False)
    assert GAME.is_terminal(state) and state.end == END_HEALTH


def test_everyone_fleeing_ends_the_battle_with_the_mission_still_held(sc_pack: Pack) -> None:
    state, monster = _at_monster(sc_pack, 2)
    owner, (first, second) = state.seat, state.order
    state = _roll(GAME.apply(GAME.apply(state, _together(state)), ("attack",)), best=False)
    state = _roll(GAME.apply(state, ("attack",)), best=False)
    assert (state.seat, state.step) == (first, "flee")
    state = GAME.apply(state, ("flee",))
    assert (state.seat, state.step) == (second, "flee")  # the other fights on
    state = GAME.apply(state, ("flee",))
    assert state.fight is None and state.seat == owner and state.step == "location"
    assert [m for _, m, _ in state.hunters[owner].missions] == [monster]
    assert GAME.invariants(state) == []


def _company_games(pack: Pack, overrides: dict[str, Any]) -> list[Any]:
    table = GAME.compile(pack, "ashgar-plague", 3, overrides)
    return play_many(GAME, table, 7, 24, ["heuristic"], check=True)


def test_heuristic_hunters_fight_as_a_company_and_its_fact_changes_their_games(sc_pack: Pack) -> None:
    """Seeded 3-player games where the heuristic hunters fight as a company; the monster's health per
    member changed changes them."""
    results = _company_games(sc_pack, {})
    assert sum(r.details.get("company-battles", 0) for r in results) > 0
    assert all(not r.violations for r in results)
    changed = _company_games(sc_pack, {"company.monster_health_per_member": 2})
    assert [(r.end, r.steps, r.details) for r in changed] != [(r.end, r.steps, r.details) for r in results]


def test_the_company_gives_a_places_flow_cubes_to_the_member_carrying_the_fewest(sc_pack: Pack) -> None:
    state = _action_phase(sc_pack, "ashgar-plague", 2)
    active = state.seat
    member = next(s for s in state.order if s != active)
    state.hunters[active].cubes, state.hunters[member].cubes = 2, 0
    for hunter in state.hunters:
        hunter.physical = 5
    moves = [a for a in GAME.legal_actions(state) if a[0] == "move" and a[-1] == "company"]
    assert moves
    there = moves[0][1]
    state.map_cubes[there] = 1
    together = GAME.apply(state, moves[0])
    assert together.hunters[member].place == there and together.hunters[member].cubes == 1
    assert together.hunters[active].cubes == 2 and together.walking == ()
    alone = GAME.apply(state, moves[0][:-1])  # the same move alone: the mover takes them
    assert alone.hunters[active].cubes == 3 and alone.hunters[member].cubes == 0


def test_the_coop_bonus_track_carries_one_token_that_every_gain_and_loss_moves(sc_pack: Pack) -> None:
    for tokens, shared in ((fact(sc_pack, "coop.bonus_track.tokens"), True), (2, False)):
        state = _action_phase(sc_pack, "ashgar-plague", 2, overrides={"coop.bonus_track.tokens": tokens})
        length = state.table.rules.bonus_length
        for hunter in state.hunters:
            hunter.bonus = 0
        gain_reputation(state, 1, length - 1)
        lose_reputation(state, 0, 1)
        assert [h.bonus for h in state.hunters] == ([length - 2] * 2 if shared else [0, length - 1])
        token = state.bonus_token
        assert token >= 0
        used = state.used_ids.get(state.table.bonus_tokens[token][0], 0)
        gain_reputation(state, 1, 2)  # the end of the track: the Bonus Token to the hunter whose gain reached it
        assert [h.bonus for h in state.hunters] == [0, 0] and state.bonus_token == -1
        assert state.used_ids[state.table.bonus_tokens[token][0]] == used + 1
