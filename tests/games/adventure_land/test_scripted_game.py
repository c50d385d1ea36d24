"""A hand-written opening, fixed cards and moves, reaches the expected board and scores."""

from __future__ import annotations

from deckwright.engine import CHANCE
from deckwright.plugin import load_game

GAME = load_game("adventure-land").engine


def play_named(state, *names):
    for name in names:
        named = {GAME.action_to_string(state, a): a for a in GAME.legal_actions(state)}
        assert name in named, f"{name!r} not among {sorted(named)[:8]}..."
        state = GAME.apply(state, named[name])
    return state


def test_scripted_opening_collects_and_scores(al_pack):
    table = GAME.compile(al_pack, "the-fellowship", 4)
    s = GAME.new_state(table, 0)
    s = play_named(s,
                   "turn over card-a1 (city A1)", "turn over card-b1 (city B1)",
                   "turn over card-c1 (forest C1)", "herb-4 #17 onto C1",
                   "turn over card-e1 (fog E1)", "fog-creature-5 #0 onto E1",
                   # P1's turn: gold on the river brings the water sprite; a sword in the mountains
                   "turn over card-f1 (river F1)", "turn over card-g1 (mountain G1)", "sword-extra-2 #27 onto G1",
                   "red1 enters start-main at B1 south, 1 to B1", "red1 B1 east 1 to C1")
    coords = table.coordinates
    assert s.adv_comp[0] == 1 and s.herbs[0] == (17,)
    assert coords[s.adv_at[0]] == "C1"
    assert coords[s.sprite] == "F1" and len(s.items[coords.index("F1")]) == 1
    assert s.items[coords.index("A1")] == (0,) and s.items[coords.index("E1")] == (0,)
    assert s.comp_stock == 28 and s.gold_stock == 17
    assert s.seat == 1 and GAME.current_player(s) == CHANCE  # two moves used: P2 turns over cards
    assert GAME.scores(s) == (1, 0, 0, 0)  # a group of one companion scores 1 in The Fellowship


def test_fight_won_with_a_herb(al_pack):
    table = GAME.compile(al_pack, "the-fellowship", 4)
    s = GAME.new_state(table, 0)
    s = play_named(s,
                   "turn over card-c1 (forest C1)", "herb-4 #17 onto C1",
                   "turn over card-a1 (city A1)", "turn over card-b1 (city B1)",
                   "turn over card-e1 (fog E1)", "fog-creature-5 #0 onto E1",
                   "turn over card-d1 (forest D1)", "herb-1 #0 onto D1",
                   "turn over card-a2 (city A2)",
                   "red1 enters start-main at C1 south, 1 to C1", "red1 C1 east 2 to E1",
                   # strength 1 against 5: no swords to commit, so straight to herbs and gold
                   "spend a herb of 4")
    assert s.trophies[0] == (0,)
    assert GAME.scores(s)[0] == 2  # 2 per fog creature in The Fellowship
    assert s.herbs_out == [17]
