"""Support actions that move figures or items (`action_effects`: Cyclone, Summon Arrow, Telekinesis) and
Enchanted Nalam's Provoke for the Hero's pet (`lasting`), on hand-built positions of The Flooded Cellar
with the pack's level-5 boards, and Stone Form (`stone_form`) (rulebook lines 3337-3365, 3868, 3964,
4016-4019, 4039-4049, 4160)."""

from __future__ import annotations

from typing import Any

from deckwright.gamekit import Batch, run_playouts, seeds
from deckwright.games.agemonia import GAME, action_effects, enemies, figures, heroes, items
from deckwright.games.agemonia.figures import HERO
from deckwright.games.agemonia.state import OFF, TURNS, State
from deckwright.games.agemonia.table import compile_table

ENGINE = GAME.engine
CELLAR = "sample-flooded-cellar"


def _turn(agm_pack: Any, boards: list[str], action: str) -> State:
    """The first board's Hero acting with `action` selected, every Hero in the hall, the Enemies off."""
    table = compile_table(agm_pack, CELLAR, len(boards), party=[agm_pack.by_id[b] for b in boards])
    s = ENGINE.new_state(table, 0)
    s.phase, s.seat, s.pending, s.queue, s.qpos, s.face = TURNS, 0, [], [0], 0, 0
    s.acts, s.maneuvers, s.move_points = 1, 1, 0
    s.h_action[0] = [a.id for a in table.heroes[0].actions].index(action)
    for hero in range(len(boards)):
        s.h_area[hero] = _area(s, "hall")
    s.e_area = [OFF] * len(s.e_area)
    return s


def _area(s: State, name: str) -> int:
    return s.table.areas.index(name)


def _choices(s: State) -> list[tuple[Any, ...]]:
    return [a for a in ENGINE.legal_actions(s) if a[0] == action_effects.KIND]


def test_cyclone_pushes_every_enemy_in_sight_within_range_away_the_furthest_first(agm_pack):
    s = _turn(agm_pack, ["board-zuvasai-hydromancer-5"], "zuvasai-cyclone")
    assert _choices(s) == []  # no Enemy to push: nothing to do
    s.e_area[0], s.e_area[1] = _area(s, "hall"), _area(s, "cellar")
    gems = s.h_gems[0]
    assert _choices(s) == [(action_effects.KIND,)]
    s = ENGINE.apply(s, (action_effects.KIND,))
    # the one in the cellar (further) goes first, to the well (the only area further from the hall); the
    # one in the hall may go anywhere next to it, and goes to the first in map order
    assert s.e_area[1] == _area(s, "well")
    assert s.e_area[0] == _area(s, "stairs")
    assert s.h_gems[0] == gems - 1 and s.acts == 0
    assert s.usage["zuvasai-cyclone"] == 1 and s.usage["pushed"] == 2


def test_a_push_ends_where_every_area_further_away_is_full(agm_pack):
    s = _turn(agm_pack, ["board-zuvasai-hydromancer-5"], "zuvasai-cyclone")
    well = _area(s, "well")
    s.e_area[0] = _area(s, "cellar")
    s.e_area[1] = s.h_area[0] = well  # the well holds two figures
    action_effects.push(s, 0, _area(s, "hall"), 3)
    assert s.e_area[0] == _area(s, "cellar")


def _summoned_arrow(agm_pack: Any) -> tuple[State, int]:
    """Jonai has gained the Heartseeker Arrow with Summon Arrow, a Skitterer still standing in the well."""
    s = _turn(agm_pack, ["board-jonai-aox-hunter-5"], "jonai-summon-arrow")
    s.e_area[0] = _area(s, "well")  # the scenario (defeat them all) goes on
    arrow = [i.id for i in s.table.items].index("heartseeker-arrow")
    assert arrow not in s.h_items[0]
    return ENGINE.apply(s, (action_effects.KIND,)), arrow


def test_summon_arrow_gains_the_heartseeker_arrow_from_the_stock_once(agm_pack):
    s, arrow = _summoned_arrow(agm_pack)
    assert s.h_items[0].count(arrow) == 1 and s.usage["item-gained"] == 1
    s.acts = 1
    assert _choices(s) == []  # no longer in the Stock


def test_the_summoned_arrow_still_held_is_discarded_when_the_scenario_ends(agm_pack):
    """Line 3869: a Hero still holding the Heartseeker Arrow Summon Arrow gained discards it at the end of
    the scenario, so a campaign does not carry it into the next one."""
    from deckwright.games.agemonia.campaign_play import Hero, Party, Rules, _after

    s, arrow = _summoned_arrow(agm_pack)
    s.e_area[0] = OFF  # the last Enemy falls: the scenario ends at the end of the turn
    s = ENGINE.apply(s, ("end",))
    assert ENGINE.is_terminal(s) and s.end == "success" and arrow not in s.h_items[0]
    party = Party(5, [Hero(5, "jonai", "board-jonai-aox-hunter-5")])
    _after(agm_pack, party, Rules.of(agm_pack), CELLAR, s)
    assert "heartseeker-arrow" not in (party.heroes[0].items or [])
    assert party.heroes[0].items == [s.table.items[i].id for i in s.table.heroes[0].items]  # the rest kept
    # an item the Hero held from the set-up stays, as does the arrow while the scenario goes on
    kept, _ = _summoned_arrow(agm_pack)
    assert arrow in kept.h_items[0] and not ENGINE.is_terminal(kept)


def test_telekinesis_moves_another_heros_item_to_a_hero_in_another_area(agm_pack):
    s = _turn(agm_pack, ["board-torrax-guardian-5", "board-lunara-knight-5"], "torrax-telekinesis")
    assert _choices(s) == []  # every Hero in one area: nowhere else to send an item
    s.h_area[1] = _area(s, "cellar")
    potion = [i.id for i in s.table.items].index("potion-of-healing")
    move = (action_effects.KIND, potion, 1, 0)
    assert move in _choices(s)
    held = s.h_items[1].count(potion)
    s = ENGINE.apply(s, move)
    assert s.h_items[1].count(potion) == held - 1 and potion in s.h_items[0]
    assert s.usage["item-moved"] == 1 and s.usage["torrax-telekinesis"] == 1


def test_telekinesis_reaches_an_item_lying_on_the_map_in_sight_only(agm_pack):
    s = _turn(agm_pack, ["board-torrax-guardian-5", "board-lunara-knight-5"], "torrax-telekinesis")
    s.h_area[0] = _area(s, "stairs")  # the well is out of its sight
    potion = [i.id for i in s.table.items].index("potion-of-healing")
    s.dropped = [(_area(s, "well"), potion, 1, 1)]
    assert not [c for c in _choices(s) if c[2] < 0]
    s.dropped = [(_area(s, "cellar"), potion, 1, 1)]
    assert [c for c in _choices(s) if c[2] < 0] == [(action_effects.KIND, potion, ~0, 0), (action_effects.KIND, potion, ~0, 1)]
    s = ENGINE.apply(s, (action_effects.KIND, potion, ~0, 1))
    assert s.dropped == [] and potion in s.h_items[1]


def test_enchanted_nalam_raises_the_nalams_provoke_while_its_stamina_is_locked(agm_pack):
    s = _turn(agm_pack, ["board-matajam-ranger-5"], "matajam-enchanted-nalam")
    nalam = [i.id for i in s.table.items].index("nalam")
    assert nalam in s.h_items[0]
    s.e_area[0] = _area(s, "hall")
    before = s.e_health[0]
    items.left_area(s, 0, _area(s, "hall"))
    plain = before - s.e_health[0]
    assert plain == s.table.items[nalam].effects.harass
    s = ENGINE.apply(s, next(a for a in ENGINE.legal_actions(s) if a[0] == "passive"))
    assert s.passives
    before = s.e_health[0]
    items.left_area(s, 0, _area(s, "hall"))
    assert before - s.e_health[0] == plain + 1 and s.usage["passive-pet-provoke"] == 1


def test_stone_form_sheds_conditions_and_nothing_touches_the_hero_until_its_turn_two_rounds_on(agm_pack):
    s = _turn(agm_pack, ["board-torrax-guardian-5", "board-lunara-knight-5"], "torrax-stone-form")
    weakened = next(i for i, c in enumerate(s.table.conditions) if c.id == "weakened")
    figures.gain(s, HERO, 0, weakened, "test")
    assert s.h_conds[0]
    gems, performed = s.h_gems[0], s.round
    s = ENGINE.apply(s, (action_effects.KIND,))
    assert s.h_conds[0] == () and s.h_gems[0] == gems - 1
    figures.gain(s, HERO, 0, weakened, "test")
    figures.damage_hero(s, 0, 3)
    assert s.h_conds[0] == () and s.h_wounds[0] == 0 and s.usage["stone-form-unharmed"] == 1
    assert 0 not in enemies.targetable(s) and 1 in enemies.targetable(s)
    s.round = performed + 1  # the next round: no turn, nothing to do
    heroes.begin_turn(s, 0)
    assert s.acts == s.maneuvers == 0 and heroes.legal(s) == [heroes.END]
    s.h_spent[0], s.h_disk[0] = 2, s.h_disk[0] - 2
    s.round = performed + 2  # the round after: the effect ends as its turn starts, stamina recovered
    heroes.begin_turn(s, 0)
    assert s.h_stone[0] == 0 and s.h_spent[0] == 0 and s.acts == 1
    assert 0 in enemies.targetable(s) and s.usage["stone-form-ended"] == 1


def test_seeded_games_of_a_level_5_party_play_the_new_actions(agm_pack):
    # Zuva'Sai's Cyclone, Jonai's Summon Arrow (and the Heartseeker Arrow it brings), Torrax's Telekinesis and
    # Stone Form and Matajam's Enchanted Nalam, in the playouts of a party of the level-5 boards that hold them
    boards = [agm_pack.by_id[b] for b in ("board-torrax-geomancer-5", "board-zuvasai-hydromancer-5",
                                          "board-jonai-aox-hunter-5", "board-matajam-ranger-5")]
    table = compile_table(agm_pack, CELLAR, 4, party=boards)
    used: dict[str, int] = {}
    for policy in ("random", "heuristic"):
        for result in run_playouts(Batch(GAME.engine, table, seeds(0, 12), (policy,), check=False)):
            for key, count in result.usage.items():
                used[key] = used.get(key, 0) + count
    keys = ("zuvasai-cyclone", "pushed", "jonai-summon-arrow", "item-gained", "heartseeker-arrow",
            "torrax-telekinesis", "item-moved", "matajam-enchanted-nalam", "stone-form", "stone-form-ended")
    assert [key for key in keys if not used.get(key)] == []
