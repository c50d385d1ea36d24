"""Boards of spaces, tracks with marks, secret simultaneous picks and a turn order by value: Reef Race
and broken variants of it."""

from __future__ import annotations

from deckwright.engine.check import check_engine
from deckwright.engine.described import machine
from deckwright.engine.described.game import DescribedGame
from deckwright.engine.described.state import SPACE
from deckwright.model import load_pack
from deckwright.model.pack import Pack

GAME = DescribedGame()


def _opening(pack: Pack, players: int = 3, seed: int = 1):
    table = GAME.compile(pack, "base", players)
    state = GAME.new_state(table, seed)
    while GAME.current_player(state) < 0 and not state.over:  # the set-up's deals are chance nodes
        outcome = GAME.chance_outcomes(state)[0][0]
        state = GAME.apply(state, outcome)
    return table, state


def test_the_board_is_made_from_the_site_cards_with_links_both_ways(reef):
    table = GAME.compile(reef, "base", 2)
    board = table.boards["reef"]
    assert [s.id for s in board.spaces][:3] == ["boat", "shallows", "kelp-forest"]
    assert board.spaces[board.start].id == "boat"
    names = {s.id: {board.spaces[k].id for k in s.links} for s in board.spaces}
    assert names["blue-hole"] == {"drop-off", "grotto"} and "blue-hole" in names["grotto"]
    reach = {board.spaces[k].id for k in board.within(board.start, 3)}
    assert reach == {"shallows", "kelp-forest", "coral-garden", "wreck", "drop-off"}


def test_every_player_picks_in_secret_then_the_picks_run_fastest_first(reef):
    table, state = _opening(reef)
    assert state.picking and GAME.current_player(state) == 0
    hands = [list(state.zones[table.instance("hand", seat)]) for seat in range(3)]
    first = GAME.legal_actions(state)[0]
    state = GAME.apply(state, first)
    # P1's pick is made but not played: its card is still in hand and P2 chooses from an unchanged table.
    assert state.picking and GAME.current_player(state) == 1
    assert [list(state.zones[table.instance("hand", seat)]) for seat in range(3)] == hands
    assert state.res[table.counter("swim", 0)] == 0
    while state.picking:
        state = GAME.apply(state, GAME.legal_actions(state)[-1])
    speeds = [state.res[table.counter("swim", seat)] for seat in range(3)]
    assert all(speed >= 1 for speed in speeds)
    assert all(len(state.zones[table.instance("hand", seat)]) == len(hands[seat]) - 1 for seat in range(3))
    assert len(state.zones[table.instance("current-discard", 0)]) == 3


def test_turns_go_from_the_lowest_fame_up(reef):
    table, state = _opening(reef)
    fame = table.counter("fame", 0)
    state.res[fame] = 5  # P1 leads on fame
    while state.picking:
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    assert state.order == [1, 2, 0] and GAME.current_player(state) == 1


def test_a_swim_offers_every_site_within_the_current_and_arriving_pays_pearls_and_fame(reef):
    table, state = _opening(reef)
    while state.picking:
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    seat = GAME.current_player(state)
    board = table.boards["reef"]
    swims = [a for a in GAME.legal_actions(state) if table.actions[a[0]].id == "swim"]
    assert swims and all(target >= SPACE for _, _, target in swims)
    assert {space for _, space, _ in swims} == {board.spaces[k].id for k in
                                                board.within(board.start, state.res[table.counter("swim", seat)])}
    kelp = next((a for a in swims if a[1] == "kelp-forest"), None) or swims[0]
    after = GAME.apply(state, kelp)
    site = reef.by_id[kelp[1]].data
    assert after.at[board.first + seat] == board.index[kelp[1]]
    assert after.res[table.counter("pearls", seat)] == site["pearls"]
    assert after.res[table.counter("fame", seat)] == site["fame"]
    assert GAME.action_to_string(state, kelp) == f"swim {kelp[1]}"


def test_marks_pay_once_for_every_mark_a_marker_passes(reef):
    table, state = _opening(reef)
    seat = 0
    machine._change(state, "gain", "fame", 7, seat)  # 0 -> 7 passes the marks at 3 and 6
    machine._run(state)
    assert state.res[table.counter("pearls", seat)] == 1 + 2
    assert state.details["mark:fame@3"] == 1 and state.details["mark:fame@6"] == 1
    machine._change(state, "gain", "fame", 1, seat)  # 7 -> 8 passes none
    machine._run(state)
    assert state.res[table.counter("pearls", seat)] == 3


def test_playouts_find_the_crown_no_marker_reaches(reef):
    found = check_engine(reef, runs=12)
    (mark,) = [d for d in found if d.code == "DW528"]
    assert mark.message == "no marker reached 12 on track 'fame'" and mark.subject == "fame@12"
    assert mark.file.endswith("engine.yaml") and "the highest fame seen was" in (mark.hint or "")


def test_a_site_cut_off_from_the_map_is_reported_where_it_is_written(variant):
    folder = variant("reef-race", {"cards/sites.yaml": [
        ("- {id: blue-hole,", "- {id: sunken-arch, type: site, name: Sunken Arch, pearls: 4, fame: 2, links: [sunken-arch], "
                              "text: Nobody has found it.}\n- {id: blue-hole,")]})
    pack = load_pack(folder, folder.name).pack
    assert pack is not None
    (cut_off,) = [d for d in check_engine(pack, runs=8) if d.code == "DW529"]
    assert cut_off.message == "no pawn entered 'sunken-arch' on board 'reef' in any playout"
    assert cut_off.file.endswith("sites.yaml") and cut_off.line == 9 and "links to no space" in (cut_off.hint or "")


def test_mistakes_in_boards_and_marks_are_reported_at_their_place(variant, tmp_path):
    folder = variant("reef-race", {"engine.yaml": [
        ("start: boat", "start: dock"),
        ("- go: {board: reef}", "- go: {board: reef, to: lagoon}"),
        ("choose: {space: reef,", "choose: {space: reefs,"),
        ("{at: {fact: fame.crown},", "{at: 13,"),
    ]})
    from deckwright.engine.described.checks import check_description
    pack = load_pack(folder, folder.name).pack
    assert pack is not None
    found = {(d.message, d.line) for d in check_description(pack)}
    messages = "\n".join(m for m, _ in found)
    assert "board 'reef' has no space 'dock' to start on" in messages
    assert "board 'reef' has no space 'lagoon'" in messages
    assert "there is no board 'reefs'" in messages
    assert "mark 13 of 'fame' lies outside 1..12" in messages
    assert all(line > 1 for _, line in found)


def test_a_pawn_off_its_board_breaks_an_invariant(reef):
    _, state = _opening(reef)
    assert GAME.invariants(state) == []
    state.at[0] = 99
    assert GAME.invariants(state) == ["the pawn of P1 on reef is on no space (99)"]


def test_a_board_whose_space_cards_do_not_parse_is_reported_once(variant):
    folder = variant("reef-race", {"cards/sites.yaml": [("links: [wreck, blue-hole], text: Few",
                                                         "links: [wreck, blue-hole, text: Few")]})
    from deckwright.engine.described.checks import check_description
    pack = load_pack(folder, folder.name).pack
    assert pack is not None
    found = [(d.code, d.message) for d in check_description(pack)]
    assert found == [("DW531", "board 'reef' takes its spaces from type 'site', a file of which does not parse")]
