"""The engine check's findings about how scenarios end, for every game alike: an end a scenario declares
that no playout reached (DW502), and a scenario, or one seat of it, never won or never lost (DW511).

The game declares each scenario's ends and what each means (`GameSpec.endings`, engine/endings.py).
A scenario is judged on the same seeded games at every player count it is played at: first the random
playouts the check played anyway (with their invariants checked), then each of the game's own
policies (`Game.policies()`, in their order, or those its GameSpec's `outcome_policies` names) from the same seeds. A policy can only close a finding
(reach the missing end, win or lose where the others did not), so a policy is played only where a
finding is still open: at every player count while a declared end is unreached (any game may reach
it), else at the player counts still never won or never lost. It plays their seeds a growing piece at
a time (every open count's piece asked for at once), and a count whose question is closed (no end
unreached, no outcome missing there) plays no further piece. Closing is for good (more games only
reach more), so a finding that remains was open all along: every policy played every seed of it, and
its message and hint are those of playing every game. The games are asked for through `run_playouts`
or `run_batches`, so a game another stage plays too is played once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from deckwright.diagnostic import Diagnostic
from deckwright.engine import codes
from deckwright.engine.endings import Ending, Endings, Outcome, SeatOutcomes, seat_outcomes
from deckwright.engine.game import Game
from deckwright.engine.parallel import FIRST_PIECE, Batch, run_batches, run_playouts
from deckwright.engine.playout import PlayoutResult
from deckwright.engine.reproduce import recorded_replay_hint, scenario_location
from deckwright.model.pack import Pack

RANDOM = "random"
NEVER = {Outcome.WON: "won", Outcome.LOST: "lost"}


@dataclass(frozen=True)
class PlayedTable:
    """One player count of a scenario: its compiled table and the check's random playouts of it."""

    players: int
    table: Any
    random: tuple[PlayoutResult, ...]


@dataclass
class Scenario:
    """Every game of one scenario played so far, by player count and policy (in play order)."""

    id: str
    endings: tuple[Ending, ...]
    played: dict[int, dict[str, tuple[PlayoutResult, ...]]]

    def results(self, players: int | None = None) -> list[PlayoutResult]:
        """The games of one player count (or of all), in policy then seed order."""
        return [r for p, by_policy in sorted(self.played.items()) if players in (None, p)
                for results in by_policy.values() for r in results]

    def unreached(self) -> list[Ending]:
        """The declared ends no game reached, but for a winning (losing) end of a scenario never won (never
        lost) at any player count: that is the scenario's DW511, one finding per player count."""
        reached = {r.end for r in self.results()}
        never = {outcome for outcome in NEVER if all((outcome, ()) in self.never(p) for p in self.played)}
        return [e for e in self.endings if e.reason not in reached and e.outcome not in never]

    def never(self, players: int) -> list[tuple[Outcome, tuple[int, ...]]]:
        """(WON or LOST, the seats it never came to) at one player count; () for every seat at once. Only
        for a scenario whose ends decide something."""
        if all(e.outcome is Outcome.NEITHER for e in self.endings):
            return []
        by_reason = {e.reason: e.outcome for e in self.endings}
        seen = [seat_outcomes(by_reason, r, players) for r in self.results(players)]
        found = []
        for outcome in NEVER:
            seats = tuple(s for s in range(players) if not any(o[s] is outcome for o in seen))
            if seats:
                found.append((outcome, () if len(seats) == players else seats))
        return found

    def open_counts(self) -> list[int]:
        """The player counts where another game could still close a finding: every count while a declared
        end is unreached, else those with an outcome never seen (at a seat, or at all)."""
        if self.unreached():
            return sorted(self.played)
        return [p for p in sorted(self.played) if self.never(p)]


def outcome_findings(pack: Pack, game: Game, endings: Endings | None, tables: Mapping[str, Sequence[PlayedTable]],
                     pool: Executor | None = None, policy_runs: int | None = None,
                     policies: Sequence[str] | None = None) -> list[Diagnostic]:
    """DW502 and DW511 for every scenario of `tables` (by scenario id, its player counts); each policy (of
    `policies`, when given) plays the random playouts' seeds (the first `policy_runs` of them, when given)."""
    if endings is None:
        return []
    found: list[Diagnostic] = []
    for scenario_id, listed in tables.items():
        counts = [t for t in listed if t.random]
        declared = tuple(endings(pack, scenario_id))
        if not declared or not counts:
            continue
        scenario = Scenario(scenario_id, declared, {t.players: {RANDOM: t.random} for t in counts})
        for policy in game.policies() if policies is None else policies:
            wanted = scenario.open_counts()
            if not wanted:
                break
            _play_open(scenario, game, policy, [t for t in counts if t.players in wanted], pool, policy_runs)
        found += _unreached(pack, scenario)
        for t in counts:
            found += _never(pack, scenario, t.players)
    return found


def _play_open(scenario: Scenario, game: Game, policy: str, counts: Sequence[PlayedTable], pool: Executor | None,
               runs: int | None) -> None:
    """`policy` at `counts` on the random playouts' seeds (the first `runs`), a piece of each count's at once
    (FIRST_PIECE seeds, then twice the last piece), until a count's question is closed or its seeds played.
    Which games are played depends on their results alone, never on the workers."""
    wanted = {t.players: (t, tuple(r.seed for r in t.random)[:runs]) for t in counts}
    for players in wanted:
        scenario.played[players][policy] = ()
    start, size = 0, FIRST_PIECE
    while wanted:
        pieces = [(players, Batch(game, t.table, seeds[start:start + size], (policy,), check=False))
                  for players, (t, seeds) in wanted.items()]
        # every open count's games asked for together, so the session weighs workers by their total work
        batches = [batch for _, batch in pieces]
        played = [run_playouts(b, pool=pool) for b in batches] if pool is not None else run_batches(batches)
        for (players, _), results in zip(pieces, played):
            scenario.played[players][policy] += tuple(results)
        start += size
        size *= 2
        still = set(scenario.open_counts())
        wanted = {p: (t, seeds) for p, (t, seeds) in wanted.items() if p in still and start < len(seeds)}


def _scope(scenario: Scenario, players: int | None = None) -> str:
    """How many games of which policies, player counts and seeds a finding is about."""
    counts = sorted(scenario.played) if players is None else [players]
    policies = scenario.played[counts[0]]
    runs = sorted({len(results) for p in counts for results in scenario.played[p].values()})
    each = str(runs[0]) if runs[0] == runs[-1] else f"{runs[0]}-{runs[-1]}"
    seeds = sorted({r.seed for p in counts for r in scenario.played[p][RANDOM]})
    total = sum(len(results) for p in counts for results in scenario.played[p].values())
    at = f" at {players_phrase(counts)}" if players is None else ""
    return f"{total} playouts ({each} each of {', '.join(policies)}{at}; seeds {seeds[0]}..{seeds[-1]})"


def players_phrase(counts: Sequence[int]) -> str:
    """`1 player`, `3 players`, `1, 2, 3 players`."""
    return f"{', '.join(map(str, counts))} player{'s' if list(counts) != [1] else ''}"


def _shares(results: Sequence[PlayoutResult]) -> str:
    ends = Counter(r.end for r in results)
    return ", ".join(f"{end} {n / len(results):.0%}" for end, n in sorted(ends.items()))


def _replay(pack: Pack, scenario: str, players: int, r: PlayoutResult) -> tuple[str, str]:
    """The example's words in a message, and the hint that records and replays it."""
    policy = r.policies[0] if r.policies else RANDOM
    return (f"seed {r.seed} ({policy}, {players_phrase([players])}) ended by {r.end} at step {r.steps}",
            recorded_replay_hint(pack, scenario, players, r.seed, policy, r.steps))


def _unreached(pack: Pack, scenario: Scenario) -> Iterator[Diagnostic]:
    """The message names the end, the policies and the player counts, never how many games: the same finding
    (and its acknowledgement) at any number of runs; the hint says what the games did instead."""
    results = scenario.results()
    players = min(scenario.played)
    example, replay = _replay(pack, scenario.id, players, scenario.played[players][RANDOM][0])
    policies = ", ".join(scenario.played[players])
    for ending in scenario.unreached():
        meaning = f" ({ending.outcome.value})" if ending.outcome is not Outcome.NEITHER else ""
        seen = f"; {ending.seen(results)}" if ending.seen is not None else ""
        yield codes.END_UNREACHED.at(
            ending.at or scenario_location(pack, scenario.id),
            f"{scenario.id}: no playout of {policies} at {players_phrase(sorted(scenario.played))} ended by "
            f"'{ending.reason}'{meaning}", subject=f"{scenario.id}/{ending.reason}",
            hint=f"{_scope(scenario)} ended by {_shares(results)}{seen}; {example}. {replay}")


def _never(pack: Pack, scenario: Scenario, players: int) -> Iterator[Diagnostic]:
    """As DW502's, the message names the scenario, the player count, the seats and the policies, never how many
    games: an acknowledgement holds at any number of runs or time budget; the hint gives the counts and shares."""
    results = scenario.results(players)
    policies = ", ".join(scenario.played[players])
    by_reason = {e.reason: e.outcome for e in scenario.endings}
    for outcome, seats in scenario.never(players):
        who = f"player {', '.join(str(s + 1) for s in seats)} " if seats else ""
        other = Outcome.LOST if outcome is Outcome.WON else Outcome.WON
        seat = seats[0] if seats else 0
        outcomes: list[SeatOutcomes] = [seat_outcomes(by_reason, r, players) for r in results]
        share = sum(1 for o in outcomes if o[seat] is other) / len(results)
        r = next((r for r, o in zip(results, outcomes) if o[seat] is other), results[0])
        example, hint = _replay(pack, scenario.id, players, r)
        subject = "/".join([scenario.id, str(players), *(f"player-{s + 1}" for s in seats), f"never-{NEVER[outcome]}"])
        yield codes.OUTCOME_FIXED.at(
            scenario_location(pack, scenario.id),
            f"{scenario.id}, {players_phrase([players])}: {who}never {NEVER[outcome]} in the playouts of {policies}",
            subject=subject, hint=f"{_scope(scenario, players)}: {NEVER[other]} in {share:.0%}; they ended by "
                                   f"{_shares(results)}; {example}. {hint}")
