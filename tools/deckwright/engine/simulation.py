"""`deckwright simulate` as a library: play a scenario many times, summarize, record or replay a game."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deckwright.engine.endings import Outcome, seat_outcomes
from deckwright.engine.game import Game
from deckwright.engine.logfile import GameLog, game_log, read_log, result_lines
from deckwright.engine.parallel import play_many, resolve_policy
from deckwright.engine.playout import PlayoutResult, play, replay
from deckwright.engine.stats import summarize
from deckwright.errors import DeckwrightError
from deckwright.model.pack import Pack
from deckwright.plugin import load_game


@dataclass(frozen=True)
class SimulateOptions:
    scenario: str
    players: int
    runs: int = 1000
    seed: int = 0
    policies: tuple[str, ...] = ("random",)
    workers: int | None = None
    scheduler: str | None = None
    check: bool = False


def engine_of(pack: Pack) -> Game:
    """The pack's game engine; DeckwrightError when it has none."""
    if not pack.engine:
        raise DeckwrightError(f"pack '{pack.id}' names no engine")
    game: Game | None = load_game(pack.engine).engine
    if game is None:
        raise DeckwrightError(f"game '{pack.engine}' has no rules engine")
    return game


def table_for(pack: Pack, game: Game, scenario: str, players: int) -> tuple[str, Any]:
    """The scenario id and compiled table; DeckwrightError for an unknown scenario or player count."""
    found = game.resolve_scenario(pack, scenario)
    if found is None:
        raise DeckwrightError(f"pack '{pack.id}' has no scenario '{scenario}' (known: {', '.join(game.scenarios(pack))})")
    if players not in game.player_counts(pack):
        raise DeckwrightError(f"{game.name} is for {', '.join(map(str, game.player_counts(pack)))} players")
    return found, game.compile(pack, found, players)


def simulate(pack: Pack, options: SimulateOptions, progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Summary of `options.runs` playouts (plain data)."""
    game = engine_of(pack)
    scenario, table = table_for(pack, game, options.scenario, options.players)
    for name in options.policies:
        resolve_policy(game, name)
    results = play_many(game, table, options.seed, options.runs, options.policies, workers=options.workers,
                        scheduler=options.scheduler, check=options.check, progress=progress)
    summary = summarize(results, options.players)
    party = party_outcomes(pack, scenario, results, options.players)
    return {"pack": pack.id, "scenario": scenario, "players": options.players, "seed": options.seed,
            "policies": list(options.policies), **summary, **({"party": party} if party is not None else {})}


def party_outcomes(pack: Pack, scenario: str, results: Sequence[PlayoutResult], players: int) -> dict[str, float] | None:
    """For a co-operative scenario (every end it declares wins or loses for all seats at once, none by seat), the
    share of games the party won, lost or left undecided; None for a competitive one or a game that declares no
    ends (`GameSpec.endings`) or only ends that decide nothing (a described game's): its win rates by seat say it."""
    endings = load_game(pack.engine).endings if pack.engine else None
    declared = endings(pack, scenario) if endings is not None else ()
    if all(e.outcome is Outcome.NEITHER for e in declared) or any(e.outcome is Outcome.BY_SEAT for e in declared):
        return None
    by_reason = {e.reason: e.outcome for e in declared}
    counts = Counter(seat_outcomes(by_reason, r, players)[0] for r in results)
    return {o.value if o is not Outcome.NEITHER else "undecided": round(counts[o] / len(results), 4) if results else 0.0
            for o in (Outcome.WON, Outcome.LOST, Outcome.NEITHER)}


def record(pack: Pack, options: SimulateOptions) -> GameLog:
    """The readable log of the game of seed `options.seed`."""
    game = engine_of(pack)
    scenario, table = table_for(pack, game, options.scenario, options.players)
    policies = [resolve_policy(game, name) for name in options.policies]
    result = play(game, table, options.seed, policies, options.policies, record=True, check=options.check)
    state, _ = replay(game, table, options.seed, result.log, check=False)
    params = {"game": game.name, "pack": pack.id, "scenario": scenario, "players": options.players,
              "seed": options.seed, "policies": ",".join(options.policies)}
    return game_log(params, result.log, result_lines(game, state))


def replay_log(pack: Pack, path: Path) -> tuple[GameLog, list[str]]:
    """Replay a recorded game by its action names: the regenerated log and any problems found."""
    recorded = read_log(path)
    params = recorded.params
    game = engine_of(pack)
    try:
        scenario, table = table_for(pack, game, params["scenario"], int(params["players"]))
        seed = int(params["seed"])
    except (KeyError, ValueError) as exc:
        raise DeckwrightError(f"{path}: header lacks or garbles {exc}") from exc
    state, problems = replay(game, table, seed, recorded.actions, check=True)
    again = game_log(params, recorded.actions[:state.steps] if hasattr(state, "steps") else recorded.actions,
                     result_lines(game, state))
    if not problems and again.result != recorded.result:
        problems.append("the replayed result differs: " + " | ".join(again.result))
    return again, problems


def format_text(summary: dict[str, Any]) -> str:
    """The summary as a few readable lines."""
    lines = [f"{summary['pack']} {summary['scenario']}, {summary['players']} players, {summary['runs']} games "
             f"from seed {summary['seed']} ({', '.join(summary['policies'])})"]
    if "party" in summary:  # co-operative: the seats win or lose together
        lines.append("the party:          " + "  ".join(f"{o} {r:.1%}" for o, r in summary["party"].items()))
    else:
        lines.append("win rate by seat:   " + "  ".join(f"P{i + 1} {w:.1%}"
                                                        for i, w in enumerate(summary["win_rate_by_seat"])))
        lines.append("games won by policy: " + "  ".join(
            f"{p} {summary['games_won_by_policy'][p]:.1%} ({summary['seats_by_policy'][p]} "
            f"seat{'s' * (summary['seats_by_policy'][p] != 1)}, each winning {w:.1%})"
            for p, w in summary["win_rate_by_policy"].items()))
    lines.append("end conditions:     " + "  ".join(f"{e} {v['rate']:.1%}" for e, v in summary["end_conditions"].items()))
    for key, title in (("length_rounds", "rounds"), ("length_steps", "steps"), ("scores", "scores")):
        s = summary[key]
        if s:
            lines.append(f"{title + ':':<20}mean {s['mean']}  min {s['min']}  median {s['median']}  p90 {s['p90']}  "
                         f"max {s['max']}")
    if summary["violations"]:
        lines.append(f"invariant violations in {summary['violations']} games")
    return "\n".join(lines) + "\n"
