"""The generic outcome findings (engine/outcomes.py) on a tiny fake game: an end no playout reaches, a
scenario never won or never lost, a seat that never wins, and policies played only while they can matter."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from deckwright.diagnostic import Diagnostic
from deckwright.engine.endings import Ending, Outcome
from deckwright.engine.game import CHANCE, TERMINAL
from deckwright.engine.outcomes import PlayedTable, outcome_findings
from deckwright.engine.parallel import FIRST_PIECE, Batch, playout_session, run_playouts, seeds
from deckwright.model import Pack, load_pack
from tests.minipack import write_pack

TURNS = 10  # decisions in a game: the random policy presses at every one of them once in 1024 games
RUNS = 8
PLAYED: list[str] = []  # the scenario of every game started in this process

WON, LOST, BY_SEAT, NEITHER = Outcome.WON, Outcome.LOST, Outcome.BY_SEAT, Outcome.NEITHER
ENDINGS: dict[str, tuple[Ending, ...]] = {
    # co-operative: escaped when every decision presses; 'rescued' cannot happen at all
    "sun-one": (Ending("escaped", WON), Ending("caught", LOST), Ending("rescued", WON)),
    "easy": (Ending("escaped", WON), Ending("caught", LOST)),  # always escaped
    "race": (Ending("finished", BY_SEAT),),  # competitive: the first seat always wins
    "plain": (Ending("over", NEITHER),),  # decides nothing
    # alone, escaped only when every decision presses; at 2 players when half of them do (random sees both ends)
    "half": (Ending("escaped", WON), Ending("caught", LOST)),
    # alone as in 'half'; at 2 players always escaped (never lost, whatever the policy)
    "mixed": (Ending("escaped", WON), Ending("caught", LOST)),
}


def bold(game: Any, state: list[Any], rng: random.Random) -> str:
    """Always presses."""
    return "press"


class Dash:
    """A fake game: a die is rolled, then the seats decide TURNS times in turn to press or to hold; how it
    ends depends on the scenario (ENDINGS)."""

    name = "dash"

    def new_state(self, table: tuple[str, int], seed: int) -> list[Any]:
        PLAYED.append(table[0])
        return [table, 0, 0, 0]  # table, decisions, presses, roll

    def current_player(self, state: list[Any]) -> int:
        if self.is_terminal(state):
            return TERMINAL
        return CHANCE if not state[3] else state[1] % state[0][1]

    def legal_actions(self, state: list[Any]) -> Sequence[str]:
        return [] if self.is_terminal(state) else ["hold", "press"]

    def chance_outcomes(self, state: list[Any]) -> Sequence[tuple[int, float]]:
        return [(face, 1 / 6) for face in range(1, 7)] if not state[3] else []

    def apply_in_place(self, state: list[Any], action: Any) -> None:
        if not state[3]:
            state[3] = action
            return
        state[1] += 1
        state[2] += action == "press"

    def is_terminal(self, state: list[Any]) -> bool:
        return state[1] >= TURNS

    def end_reason(self, state: list[Any]) -> str:
        scenario = state[0][0]
        if scenario == "sun-one" or scenario in ("half", "mixed") and state[0][1] == 1:
            return "escaped" if state[2] == TURNS else "caught"
        if scenario == "half":
            return "escaped" if 2 * state[2] >= TURNS else "caught"
        return {"easy": "escaped", "mixed": "escaped", "race": "finished", "plain": "over"}[scenario]

    def winners(self, state: list[Any]) -> tuple[int, ...]:
        if self.end_reason(state) == "escaped":
            return tuple(range(state[0][1]))
        return (0,) if state[0][0] == "race" else ()

    def scores(self, state: list[Any]) -> tuple[float, ...]:
        return tuple(1.0 if seat in self.winners(state) else 0.0 for seat in range(state[0][1]))

    def invariants(self, state: list[Any]) -> list[str]:
        return []

    def usage(self, state: list[Any]) -> Mapping[str, int]:
        return {}

    def details(self, state: list[Any]) -> Mapping[str, int]:
        return {}

    def max_steps(self, table: Any) -> int:
        return 100

    def score_bounds(self, table: Any) -> tuple[float, float]:
        return (0.0, 1.0)

    def policies(self) -> Mapping[str, Any]:
        return {"bold": bold}


def declared(pack: Pack, scenario: str, /) -> tuple[Ending, ...]:
    return ENDINGS[scenario]


@pytest.fixture
def mini(tmp_path: Path) -> Pack:
    pack = load_pack(write_pack(tmp_path), "mini").pack
    assert pack is not None
    return pack


def check(pack: Pack, *scenarios: str, players: Sequence[int] = (1, 2), policy_runs: int | None = None,
          runs: int = RUNS) -> list[Diagnostic]:
    """The findings of `scenarios` as the engine check gets them: random playouts first, then the rest."""
    game = Dash()
    tables = {s: [PlayedTable(n, (s, n), tuple(run_playouts(Batch(game, (s, n), seeds(0, runs), ("random",)))))
                  for n in players] for s in scenarios}
    PLAYED.clear()
    return outcome_findings(pack, game, declared, tables, policy_runs=policy_runs)


def test_an_end_no_policy_reaches_is_reported_once_for_the_scenario_with_a_game_to_replay(mini: Pack) -> None:
    (found,) = check(mini, "sun-one")
    assert (found.code, found.subject) == ("DW502", "sun-one/rescued")
    assert found.message == "sun-one: no playout of random, bold at 1, 2 players ended by 'rescued' (won)"
    assert (found.hint or "").startswith(f"{4 * RUNS} playouts ({RUNS} each of random, bold at 1, 2 players; seeds "
                                         f"0..{RUNS - 1}) ended by caught ")
    assert f"seed 0 (random, 1 player) ended by caught at step {TURNS + 1}. record it: " in (found.hint or "")
    assert "--seed 0 --runs 1 --policy random --record game.log" in (found.hint or "")
    assert "--replay game.log" in (found.hint or "")
    assert found.file.endswith("cards/cards.yaml")  # the scenario's entity


def test_a_policy_that_wins_where_random_never_does_closes_the_finding(mini: Pack) -> None:
    with playout_session(1):
        outcomes = [d for d in check(mini, "sun-one") if d.code == "DW511"]
    assert outcomes == []  # random never escapes (pressing ten times running), the bold policy always does
    assert PLAYED == ["sun-one"] * 2 * RUNS  # the bold policy's games, at 1 and 2 players


def test_policies_play_the_first_seeds_of_the_random_playouts_when_told_how_many(mini: Pack) -> None:
    (found,) = check(mini, "sun-one", policy_runs=3)
    assert PLAYED == ["sun-one"] * 2 * 3
    assert (found.hint or "").startswith(f"{2 * (RUNS + 3)} playouts (3-{RUNS} each of random, bold at 1, 2 players;")


def test_a_scenario_never_lost_is_reported_per_player_count_and_its_losing_end_is_not_reported_again(
        mini: Pack) -> None:
    found = check(mini, "easy")
    assert [(d.code, d.subject) for d in found] == [("DW511", "easy/1/never-lost"), ("DW511", "easy/2/never-lost")]
    assert found[1].message == "easy, 2 players: never lost in the playouts of random, bold"
    assert (found[1].hint or "").startswith(
        f"{2 * RUNS} playouts ({RUNS} each of random, bold; seeds 0..{RUNS - 1}): won in 100%; they ended by "
        f"escaped 100%; seed 0 (random, 2 players) ended by escaped at step {TURNS + 1}. ")
    assert "--players 2 --seed 0 --runs 1 --policy random" in (found[1].hint or "")
    again = check(mini, "easy", policy_runs=RUNS - 1)  # fewer games: the same findings, the same messages
    assert [d.message for d in again] == [d.message for d in found]


def test_a_seat_that_never_wins_is_named(mini: Pack) -> None:
    found = {d.subject: d.message for d in check(mini, "race")}
    assert set(found) == {"race/1/never-lost", "race/2/player-1/never-lost", "race/2/player-2/never-won"}
    assert found["race/2/player-2/never-won"] == "race, 2 players: player 2 never won in the playouts of random, bold"
    hints = {d.subject: d.hint or "" for d in check(mini, "race")}
    assert ": lost in 100%;" in hints["race/2/player-2/never-won"]


def test_policies_are_not_played_where_random_leaves_nothing_open(mini: Pack) -> None:
    assert check(mini, "plain") == []  # an end that decides nothing: reached, and no outcome to judge
    assert PLAYED == []


def test_a_policy_plays_only_the_player_counts_whose_findings_are_open(mini: Pack) -> None:
    assert check(mini, "half") == []  # random wins and loses at 2 players; the bold policy wins alone
    assert PLAYED == ["half"] * RUNS  # the bold policy's games alone, never at 2 players


def test_a_player_count_stops_once_its_question_is_closed_and_the_open_one_plays_every_seed(mini: Pack) -> None:
    runs = 4 * FIRST_PIECE
    (found,) = check(mini, "mixed", runs=runs)
    # alone: never won by random, won by bold at its first seed, so bold's first piece closes it; at 2 players
    # never lost by anyone, so bold plays every seed there and the finding is that of playing every game
    assert PLAYED == ["mixed"] * (FIRST_PIECE + runs)
    assert found.subject == "mixed/2/never-lost"
    assert (found.hint or "").startswith(f"{2 * runs} playouts ({runs} each of random, bold; seeds 0..{runs - 1}): "
                                         f"won in 100%;")


def test_the_findings_do_not_depend_on_the_order_or_the_session(mini: Pack) -> None:
    every = check(mini, "sun-one", "easy", "race", "plain")
    with playout_session(1):
        again = check(mini, "plain", "race", "easy", "sun-one")
    assert sorted(again, key=Diagnostic.sort_key) == sorted(every, key=Diagnostic.sort_key) and len(every) == 6


def test_an_unreached_end_is_the_same_finding_at_any_number_of_runs_and_says_what_was_seen(mini: Pack) -> None:
    (fewer,) = check(mini, "sun-one", policy_runs=3)
    (more,) = check(mini, "sun-one")
    assert (fewer.message, fewer.subject) == (more.message, more.subject)  # so an acknowledgement still holds
    assert fewer.hint != more.hint


def test_a_game_may_name_the_policies_the_outcome_check_plays_and_where_an_end_is_written(mini: Pack) -> None:
    game = Dash()
    at = mini.by_id["moon-two"].locate()
    tables = {"plain": [PlayedTable(n, ("plain", n), tuple(run_playouts(Batch(game, ("plain", n), seeds(0, RUNS),
                                                                                ("random",))))) for n in (1, 2)]}

    def declared_here(pack: Pack, scenario: str, /) -> tuple[Ending, ...]:
        return (*ENDINGS[scenario], Ending("stalled", NEITHER, at=at, seen=lambda results: f"{len(results)} games seen"))

    PLAYED.clear()
    (found,) = outcome_findings(mini, game, declared_here, tables, policies=())
    assert PLAYED == []  # no policy but the random playouts
    assert (found.code, found.message) == ("DW502", "plain: no playout of random at 1, 2 players ended by 'stalled'")
    assert (found.file, found.line) == (at.file, at.line)
    assert f"; {2 * RUNS} games seen; seed 0" in (found.hint or "")
