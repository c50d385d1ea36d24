"""Passive Hero actions that summon a token, with their stamina locked while the token is in play
(rulebook lines 3248-3272, 3394-3398, 3647-3656): Insect Swarm on The Broken Ritual (Matajam, seat 3, a
level-3 Shaman) and Eye of Serupod and Rippling Image on The Sky Bridge (Zuva'Sai, seat 1)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from deckwright.games.agemonia import GAME, enemies, figures, heroes, passives
from deckwright.games.agemonia.locking import locked
from deckwright.games.agemonia.policies import POLICIES
from deckwright.games.agemonia.rulings import RulesError
from deckwright.games.agemonia.state import OFF, TURNS, State
from deckwright.games.agemonia.table import compile_table

ENGINE = GAME.engine
RITUAL, SKY = "sample-broken-ritual", "sample-sky-bridge"
MATAJAM = 3


def _turn(agm_pack: Any, scenario: str, players: int, hero: int, action: str, overrides: Any = None) -> State:
    """The Hero's turn with its passive action selected, its action and a maneuver unspent."""
    table = ENGINE.compile(agm_pack, scenario, players, overrides)
    s = ENGINE.new_state(table, 0)
    s.phase, s.seat, s.pending, s.queue, s.qpos, s.face = TURNS, hero, [], [hero], 0, 0
    s.acts, s.maneuvers, s.move_points = 1, 1, 0
    s.h_action[hero] = [a.id for a in table.heroes[hero].actions].index(action)
    return s


def _swarm(agm_pack: Any, overrides: Any = None) -> State:
    return _turn(agm_pack, RITUAL, 4, MATAJAM, "matajam-insect-swarm", overrides)


def _area(s: State, name: str) -> int:
    return s.table.areas.index(name)


def _next_turn(s: State, hero: int) -> None:
    s.round += 1
    s.acts, s.maneuvers, s.move_points, s.seat = 1, 1, 0, hero


def test_the_summon_locks_stamina_from_the_disk_in_sight_within_range(agm_pack):
    s = _swarm(agm_pack)
    action = s.table.heroes[MATAJAM].actions[s.h_action[MATAJAM]]
    here = s.h_area[MATAJAM]
    options = [a for a in ENGINE.legal_actions(s) if a[0] == "passive"]
    assert {a[1] for a in options} == {a for a in range(len(s.table.areas))
                                       if s.table.range_dist[here][a] <= action.range and s.table.sight[here][a]}
    disk = s.h_disk[MATAJAM]
    s = ENGINE.apply(s, ("passive", _area(s, "gate")))
    assert s.h_disk[MATAJAM] == disk - action.lock and locked(s, MATAJAM) == action.lock and s.h_spent[MATAJAM] == 0
    assert s.passives == [(MATAJAM, s.h_action[MATAJAM], action.lock, _area(s, "gate"), s.round, s.round)]
    assert not ENGINE.invariants(s) and s.acts == 0
    assert not [a for a in ENGINE.legal_actions(s) if a[0] == "token"]  # not in the round it came


def test_a_hero_without_the_stamina_to_lock_cannot_summon(agm_pack):
    s = _swarm(agm_pack)
    s.h_spent[MATAJAM], s.h_disk[MATAJAM] = s.h_disk[MATAJAM] - 1, 1
    assert not [a for a in ENGINE.legal_actions(s) if a[0] == "passive"]


def test_the_swarm_moves_and_attacks_every_enemy_in_its_area_once_a_later_turn(agm_pack):
    s = _swarm(agm_pack)
    s = ENGINE.apply(s, ("passive", _area(s, "gate")))
    _next_turn(s, MATAJAM)
    token = s.table.heroes[MATAJAM].actions[s.passives[0][1]].summon
    moves = {a[2] for a in ENGINE.legal_actions(s) if a[0] == "token"}
    assert moves == {a for a in range(len(s.table.areas)) if s.table.move_dist[_area(s, "gate")][a] <= token.move}
    yard = _area(s, "courtyard")
    inside = [e for e, a in enumerate(s.e_area) if a == yard]
    health = [s.e_health[e] for e in inside]
    s = ENGINE.apply(s, ("token", 0, yard))
    for e, before in zip(inside, health):
        hurt = token.damage - s.table.enemy_types[s.e_type[e]].shield
        assert s.e_health[e] == before - hurt
        assert any(c >> 1 == token.gives for c in s.e_conds[e]) == (hurt > 0)
    assert s.passives[0][3] == yard and not [a for a in ENGINE.legal_actions(s) if a[0] == "token"]


def test_damage_past_disk_and_spent_chips_wounds_locked_chips_and_ends_the_action(agm_pack):
    s = _swarm(agm_pack)
    s = ENGINE.apply(s, ("passive", _area(s, "gate")))
    lock = locked(s, MATAJAM)
    figures.damage_hero(s, MATAJAM, s.h_disk[MATAJAM] + 1)  # one past the disk: one locked chip wounded
    assert locked(s, MATAJAM) == 0 and not s.passives and s.h_spent[MATAJAM] == lock - 1 and not s.h_wounded[MATAJAM]
    assert not ENGINE.invariants(s)


def test_without_the_rule_locked_chips_take_no_damage(agm_pack):
    s = _swarm(agm_pack, {"locked_stamina.wounded_after_spent": False})
    s = ENGINE.apply(s, ("passive", _area(s, "gate")))
    figures.damage_hero(s, MATAJAM, s.h_disk[MATAJAM] + 1)
    assert s.h_wounded[MATAJAM] and not s.passives and not ENGINE.invariants(s)


def test_ending_a_passive_action_at_will_gives_its_chips_back_as_spent(agm_pack):
    s = _swarm(agm_pack)
    s = ENGINE.apply(s, ("passive", _area(s, "gate")))
    lock = locked(s, MATAJAM)
    s = ENGINE.apply(s, ("unlock", 0))
    assert not s.passives and s.h_spent[MATAJAM] == lock
    s = _swarm(agm_pack, {"locked_stamina.voluntary_end": False})
    s = ENGINE.apply(s, ("passive", _area(s, "gate")))
    assert not [a for a in ENGINE.legal_actions(s) if a[0] == "unlock"]


def test_performing_it_again_ends_the_one_in_effect(agm_pack):
    for repeat in (True, False):
        s = _swarm(agm_pack, {"passive_actions.repeat_ends_previous": repeat})
        s = ENGINE.apply(s, ("passive", _area(s, "gate")))
        _next_turn(s, MATAJAM)
        again = [a for a in ENGINE.legal_actions(s) if a[0] == "passive"]
        assert bool(again) == repeat
        if repeat:
            s = ENGINE.apply(s, ("passive", _area(s, "courtyard")))
            lock = s.table.heroes[MATAJAM].actions[s.h_action[MATAJAM]].lock
            assert len(s.passives) == 1 and s.passives[0][3] == _area(s, "courtyard") and s.h_spent[MATAJAM] == lock


def test_a_passive_action_locks_at_least_the_books_minimum(agm_pack):
    with pytest.raises(RulesError, match="passive_actions.min_locked"):
        ENGINE.compile(agm_pack, RITUAL, 4, {"passive_actions.min_locked": 3})


def test_the_rippling_image_draws_an_enemy_attack_by_its_taunt_and_its_action_ends(agm_pack):
    s = _turn(agm_pack, SKY, 2, 1, "zuvasai-rippling-image")
    landing = _area(s, "landing")
    s = ENGINE.apply(s, ("passive", landing))
    slot = next(e for e, a in enumerate(s.e_area) if a != OFF and s.table.enemy_types[s.e_type[e]].id == "enemy-skitterer")
    s.e_area[slot] = landing
    act = next(a for a in s.table.enemy_types[s.e_type[slot]].actions.values() if a.kind == "melee")
    target = enemies.choose_target(s, landing, act)
    assert passives.decoy(s, landing, True, target, lambda area: enemies.can_hit(s, landing, act, area)) == 0
    s.seat, s.pending = -1, []
    passives.attacked(s, 0)
    assert not s.passives and s.h_spent[1] == s.table.heroes[1].actions[s.h_action[1]].lock
    # an Image with a taunt under the Hero's draws nothing under the highest-taunt rule
    s2 = _turn(agm_pack, SKY, 2, 1, "zuvasai-rippling-image", {"enemy.melee_target_rule": "highest_taunt"})
    s2 = ENGINE.apply(s2, ("passive", landing))
    weak = s2.table.heroes[0].taunt + 1 > s2.table.heroes[1].actions[s2.h_action[1]].summon.taunt
    assert passives.decoy(s2, landing, True, 0, lambda area: True) == (-1 if weak else 0)


def test_no_enemy_targets_a_token_without_a_taunt(agm_pack):
    s = _swarm(agm_pack)
    s = ENGINE.apply(s, ("passive", _area(s, "gate")))
    assert passives.decoy(s, _area(s, "gate"), True, -1, lambda area: True) == -1


def test_the_eye_of_serupod_searches_as_a_non_hero_ally(agm_pack):
    s = _turn(agm_pack, SKY, 2, 1, "zuvasai-eye-of-serupod")
    ledge = _area(s, "ledge")
    warden = next(h for h, f in enumerate(s.table.heroes) if f.hero == "ally-sky-warden")
    assert s.h_area[warden] == OFF
    s.h_area[1] = _area(s, "tower")
    s = ENGINE.apply(s, ("passive", ledge))
    assert s.h_area[warden] != OFF and s.usage["token-searched"] == 1  # story point c: the Sky Warden joins


def test_seeded_playouts_summon_move_and_end_every_token(agm_pack):
    from deckwright.games.agemonia.playcheck import SAMPLE_RUNS, play_samples

    used = {key for p in play_samples(agm_pack, SAMPLE_RUNS, 0) for r in p.results for key in r.usage}
    for token in ("matajam-insect-swarm-token", "zuvasai-eye-of-serupod-token", "zuvasai-rippling-image-token"):
        assert f"summoned:{token}" in used
    # (damage reaching the chips locked on a passive action, "locked-stamina-wounded", is rare since the
    # samples' Heroes carry the stash's items: the position of line 93 plays it)
    assert {"token-attack:matajam-insect-swarm-token", "token-moved:zuvasai-eye-of-serupod-token", "token-searched",
            "token-attacked:zuvasai-rippling-image-token", "passive-unlocked", "passive-repeated",
            "token-channelled:zuvasai-eye-of-serupod-token"} <= used


def test_channel_makes_a_ranged_attack_from_the_eyes_area_and_ends_the_action(agm_pack):
    s = _turn(agm_pack, SKY, 2, 1, "zuvasai-runic-trajection")
    actions = [a.id for a in s.table.heroes[1].actions]
    eye = actions.index("zuvasai-eye-of-serupod")
    lock = s.table.heroes[1].actions[eye].lock
    east, landing = _area(s, "bridge-east"), _area(s, "landing")
    s.h_area[1], s.h_disk[1] = landing, s.h_disk[1] - lock
    s.passives.append((1, eye, lock, east, 0, 0))
    lumin = next(e for e, a in enumerate(s.e_area) if a == _area(s, "sanctum"))
    assert not ENGINE.invariants(s)
    before = {a[1] for a in ENGINE.legal_actions(s) if a[0] == "attack"}
    assert lumin not in before and ("channel", 0) in ENGINE.legal_actions(s)
    s = ENGINE.apply(s, ("channel", 0))
    after = {a[1] for a in ENGINE.legal_actions(s) if a[0] == "attack"}
    assert lumin in after and not s.passives and s.h_spent[1] == lock and s.h_area[1] == landing
    assert not [a for a in ENGINE.legal_actions(s) if a[0] == "channel"]


def test_channel_gives_a_support_action_the_eyes_range_and_the_policies_take_it_for_a_far_ally(agm_pack):
    s = _turn(agm_pack, SKY, 2, 1, "zuvasai-empower")
    actions = [a.id for a in s.table.heroes[1].actions]
    eye = actions.index("zuvasai-eye-of-serupod")
    lock = s.table.heroes[1].actions[eye].lock
    s.h_area[1], s.h_disk[1] = _area(s, "landing"), s.h_disk[1] - lock
    s.h_area[0] = _area(s, "sanctum")
    s.h_disk[0], s.h_wounds[0] = s.h_disk[0] - 3, 3  # Torrax, wounded, out of Empower's range of the landing
    s.passives.append((1, eye, lock, _area(s, "bridge-east"), 0, 0))
    assert passives.ranged(s.table.heroes[1].actions[s.h_action[1]])
    legal = ENGINE.legal_actions(s)
    assert ("support", 0) not in legal and ("channel", 0) in legal
    assert POLICIES["greedy"](ENGINE, s, random.Random(0)) == ("channel", 0)
    s = ENGINE.apply(s, ("channel", 0))
    assert ("support", 0) in ENGINE.legal_actions(s) and not s.passives
    s = ENGINE.apply(s, ("support", 0))
    blessed = next(i for i, c in enumerate(s.table.conditions) if c.id == "blessed")
    assert any(code >> 1 == blessed for code in s.h_conds[0]) and not ENGINE.invariants(s)


def test_channel_pushes_away_from_the_eyes_area(agm_pack):
    table = compile_table(agm_pack, SKY, 1, party=[agm_pack.by_id["board-zuvasai-hydromancer-5"]])
    s = ENGINE.new_state(table, 0)
    s.phase, s.seat, s.pending, s.queue, s.qpos, s.face = TURNS, 0, [], [0], 0, 0
    s.acts, s.maneuvers, s.move_points = 1, 1, 0
    actions = [a.id for a in table.heroes[0].actions]
    s.h_action[0] = actions.index("zuvasai-cyclone")
    eye = actions.index("zuvasai-eye-of-serupod")
    lock = table.heroes[0].actions[eye].lock
    s.h_area[0], s.h_disk[0] = _area(s, "landing"), s.h_disk[0] - lock
    s.passives.append((0, eye, lock, _area(s, "bridge-east"), 0, 0))
    mid = next(e for e, a in enumerate(s.e_area) if a == _area(s, "bridge-mid"))
    unchannelled = ENGINE.apply(s, ("act-effect",))
    assert unchannelled.e_area[mid] == _area(s, "bridge-east")  # away from the Hero on the landing
    s = ENGINE.apply(s, ("channel", 0))
    s = ENGINE.apply(s, ("act-effect",))
    assert s.e_area[mid] == _area(s, "bridge-west") and not s.passives  # away from the Eye
    assert not ENGINE.invariants(s)
