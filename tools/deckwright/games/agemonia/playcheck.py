"""Agemonia's part of `deckwright check`: what playouts of the sample scenarios show.

Every sample scenario is played at every Hero count by the random, greedy and heuristic policies, and
the sample campaign (`campaign_play`) with every Hero of the campaign by each policy from CAMPAIGN_RUNS
seeds (consecutive seeds choose every Class and first Class Skill in turn: `campaign_growth`); the
findings are content no playout brings into play (a condition, a trap card, an item, an Enemy eye
action, a Class Skill the engine plays: no sample board or campaign ticks it, or its occasion never
came), rounds where a Hero had no action, and components over their printed limits. Invariants,
uncovered ends (an Initiative deck running out), and outcomes no policy reaches (a scenario never won
or never lost, an end never reached: `endings.py` declares them) are the generic engine check's
findings on the same playouts.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from deckwright.gamekit import (
    Batch,
    Diagnostic,
    Location,
    Pack,
    PlayoutResult,
    RulesError,
    fact_index,
    recorded_replay_hint,
    run_batches,
    run_playouts,
    seeds,
)
from deckwright.games.agemonia.checks import (
    COMPONENT_OVER_BOX,
    CONTENT_UNREACHED,
    HERO_WITHOUT_ACTION,
)
from deckwright.games.agemonia.engine import Agemonia
from deckwright.games.agemonia.parties import each
from deckwright.games.agemonia.played import EFFECTS
from deckwright.games.agemonia.seeking import SCOPE, CampaignSpot, in_campaigns, in_games
from deckwright.games.agemonia.table import EYES, Table, slug

POLICIES = ("random", "greedy", "heuristic")
CAMPAIGN_RUNS = 10  # campaigns per policy: two Classes of five Skills are ten first choices
SAMPLE_RUNS = 50  # playouts per scenario, Hero count and policy (check's default --runs): fixed, reproducible
PROBE_RUNS = 10  # the component_limits probe's default: the first games of check's playouts when it ran first
GAME = Agemonia()


@dataclass(frozen=True)
class Campaigns:
    """What `check`'s campaigns used (counts by usage key), the Class Skills their Heroes ticked, and which
    campaigns ticked each (for `seeking`), with the line-ups and Hero count they were played with."""

    used: dict[str, int]
    ticked: frozenset[str]
    spots: dict[str, tuple[CampaignSpot, ...]]
    lineups: tuple[tuple[str, ...], ...] = ()
    players: int = 0


@dataclass(frozen=True)
class Played:
    """The playouts of one scenario, Hero count and policy."""

    scenario: str
    players: int
    policy: str
    table: Table
    results: tuple[PlayoutResult, ...]


def play_samples(pack: Pack, runs: int, seed: int, pool: Executor | None = None) -> list[Played]:
    """`runs` playouts of every sample scenario, Hero count and policy (tables the pack cannot set up
    are left out: the generic check reports them). Kept with the pack: a later request of as many or
    fewer runs from the same seed takes the first games of what was played (game i plays seed + i, so
    they are the same games), so the engine check and the probes play each game once."""
    kept: dict[int, dict[int, list[Played]]] = pack.derived("agemonia.samples", lambda p: {})
    by_runs = kept.setdefault(seed, {})
    enough = min((n for n in by_runs if n >= runs), default=None)
    if enough is None:
        by_runs[runs] = _play_samples(pack, runs, seed, pool)
        return by_runs[runs]
    if enough == runs:
        return by_runs[runs]
    return [dataclasses.replace(p, results=p.results[:runs]) for p in by_runs[enough]]


def _play_samples(pack: Pack, runs: int, seed: int, pool: Executor | None) -> list[Played]:
    """Every table's games asked for at once (one batch per table and policy), so the session's workers
    start when the games of them all pay for it, not one batch's."""
    asked: list[tuple[str, int, str, Table]] = []
    for scenario in GAME.scenarios(pack):
        for players in GAME.player_counts(pack):
            try:
                table = GAME.compile(pack, scenario, players)
            except RulesError:
                continue
            asked += [(scenario, players, policy, table) for policy in POLICIES]
    batches = [Batch(GAME, table, seeds(seed, runs), (policy,), check=False) for _, _, policy, table in asked]
    played = [run_playouts(batch, pool=pool) for batch in batches] if pool is not None else run_batches(batches)
    return [Played(scenario, players, policy, table, tuple(results))
            for (scenario, players, policy, table), results in zip(asked, played)]


def play_findings(pack: Pack, *, budget_seconds: float, pool: Executor | None, seed: int,
                  runs: int | None = None) -> list[Diagnostic]:
    """The findings of the sample playouts (an engine check of the Agemonia GameSpec). The campaigns are
    played first, here: what the pack has left after them is the sample games, which the playout session's
    workers share once the other packs of a run leave a core free (a campaign is not a batch of games)."""
    n = runs or SAMPLE_RUNS
    campaigns = play_campaigns(pack, seed)
    played = play_samples(pack, n, seed, pool)
    used = {key for p in played for r in p.results for key in r.usage}  # what the sample playouts used
    return [*_unreached(pack, played, used, n, seed), *_skills_unreached(pack, played, used, campaigns, n, seed),
            *_no_action(pack, played), *_over_box(pack, n, seed)]


def played_campaign(pack: Pack, players: int, policy: str, seed: int,
                    lineup: Sequence[str]) -> tuple[dict[str, Any], dict[str, int]] | None:
    """One campaign's result and usage (`campaign_play.campaign_playout`); None for a campaign that cannot
    set a scenario up, which counts for nothing (the campaign probe's claims report such a pack)."""
    from deckwright.games.agemonia.campaign_play import campaign_playout

    try:
        return campaign_playout(pack, players, policy, seed, heroes=lineup)
    except (RulesError, KeyError):
        return None


def play_campaigns(pack: Pack, seed: int) -> Campaigns:
    """What the campaigns of every policy from seeds seed..seed+CAMPAIGN_RUNS-1, with as many Heroes as the
    pack's player range allows, used (summed), and the Class Skills their Heroes ticked; the policies take
    the line-ups of Heroes in turn (`campaign_growth.lineups`: the first sample party, then the other
    Heroes), so every Hero's Classes and Skills are chosen by some ten campaigns (`played_campaign`)."""
    from deckwright.games.agemonia.campaign import levelling
    from deckwright.games.agemonia.campaign_growth import lineups

    used: dict[str, int] = {}
    spots: dict[str, list[CampaignSpot]] = {}
    players = max(GAME.player_counts(pack))
    try:
        heroes = lineups(pack, levelling(pack).start, players, GAME.scenarios(pack))
    except (RulesError, KeyError, IndexError):
        heroes = [[]]
    for turn, policy in enumerate(POLICIES):
        for run in range(seed, seed + CAMPAIGN_RUNS):
            played = played_campaign(pack, players, policy, run, heroes[turn % len(heroes)])
            if played is None:
                continue
            result, usage = played
            for skill in sorted({skill for setup in result["setups"] for hero in setup["heroes"]
                                 for skill in hero["skills"]}):
                spots.setdefault(skill, []).append(CampaignSpot(policy, turn, run))
            for key, count in usage.items():
                used[key] = used.get(key, 0) + count
    return Campaigns(used, frozenset(spots), {k: tuple(v) for k, v in spots.items()},
                     tuple(tuple(lineup) for lineup in heroes), players)


def _skills_unreached(pack: Pack, played: Sequence[Played], sampled: set[str], campaigns: Campaigns,
                      runs: int, seed: int) -> Iterator[Diagnostic]:
    """Class Skills the engine plays (DW512 lists the others) that neither a sample playout nor a campaign
    used, nor a further game or campaign sought for it (`seeking`): no Hero of them ticks it, or its
    occasion never came. The message leaves the skill out (its location and subject name it), so that
    many read as a few lines with a count of the alike."""
    used = sampled | set(campaigns.used)
    ticked = campaigns.ticked | {skill.id for p in played for table in each(p.table) for hero in table.heroes
                                 for skill in hero.skills}
    judge = EFFECTS["class-skill"]
    unused = {skill.id for skill in pack.of_type("class-skill") if skill.id not in used and skill.id in ticked
              and not judge(pack, skill)}
    if unused:
        used |= in_games(played, runs, seed, unused, _ticks) | in_campaigns(
            pack, campaigns.spots, unused, campaigns.lineups, campaigns.players)
    scope = (f"{len(played) * runs} playouts of the sample scenarios at every Hero count and "
             f"{len(POLICIES) * CAMPAIGN_RUNS} campaigns, policies {', '.join(POLICIES)}, seeds from {seed}, {SCOPE}")
    for skill in pack.of_type("class-skill"):
        if skill.id in used or judge(pack, skill):
            continue
        if skill.id in ticked:
            why = f"no playout ({scope}) used this Class Skill, though a Hero of them ticks it"
            hint = f"'{skill.name}' was in play and never changed a roll, a move or a choice; see when it applies"
        else:
            why = f"no playout ({scope}) used this Class Skill: no Hero of them ticks it"
            hint = (f"'{skill.name}' is on no sample Hero board and no campaign Hero chose it: tick it on a sample "
                    "board of its Class")
        yield CONTENT_UNREACHED.at(skill.locate(), why, subject=f"class-skill/{skill.id}", hint=hint)


def _over_box(pack: Pack, runs: int, seed: int) -> Iterator[Diagnostic]:
    from deckwright.games.agemonia.limits import component_limits, printed_fact

    for over in component_limits(pack, runs, seed)["over"]:
        statements = fact_index(pack).statements.get(printed_fact(over["component"]), ())
        where = statements[0].locate() if statements else pack.locate()
        yield COMPONENT_OVER_BOX.at(where, f"{over['scenario']}, {over['players']} Heroes, {over['policy']} policy, "
                                    f"seed {over['seed']}, {_moment(over['step'])}: {over['peak']} {over['component']} in use at "
                                    f"once, the box holds {over['box']}",
                                    hint=recorded_replay_hint(pack, over["scenario"], over["players"], over["seed"],
                                                     over["policy"], over["step"]))


def _moment(step: int) -> str:
    return f"step {step}" if step else "at set-up"


def _where(pack: Pack, entity_id: str, *parts: object) -> Location:
    entity = pack.by_id.get(entity_id)
    return entity.locate(*parts) if entity is not None else pack.locate()


def _ticks(table: Table, skill: str) -> bool:
    return any(s.id == skill for hero in table.heroes for s in hero.skills)


def _holds(table: Table, item: str) -> bool:
    return any(i.id == item for i in table.items)


def _unreached(pack: Pack, played: Sequence[Played], used: set[str], runs: int, seed: int) -> Iterator[Diagnostic]:
    games = (f"{len(played) * runs} of the sample scenarios at every Hero count, policies {', '.join(POLICIES)}, "
             f"seeds {seed}..{seed + runs - 1}")
    scope = f"no playout ({games})"
    for condition in pack.of_type("condition"):
        if condition.id not in used:
            yield CONTENT_UNREACHED.at(condition.locate(), f"{scope} gave condition '{condition.id}'")
    for trap in pack.of_type("trap"):
        if trap.id not in used:
            yield CONTENT_UNREACHED.at(trap.locate(), f"{scope} sprang trap card '{trap.id}'")
    items = sorted({item.id for p in played for table in each(p.table) for item in table.items} - used)
    sought = in_games(played, runs, seed, items, _holds) if items else set()
    for item_id in items:
        if item_id not in sought:
            yield CONTENT_UNREACHED.at(_where(pack, item_id), f"no playout ({games}, {SCOPE}) used item '{item_id}'")
    for enemy in sorted({e.id for p in played for table in each(p.table) for e in table.enemy_types}):
        for eye in EYES:
            if f"{enemy}#{eye}" not in used:
                index = next((i for i, a in enumerate(pack.by_id[enemy].get("actions") or []) if a.get("eye") == eye), 0)
                yield CONTENT_UNREACHED.at(_where(pack, enemy, "actions", index),
                                           f"{scope} performed the {eye} eye action of '{enemy}'")
    yield from _allies_unreached(pack, played, used, scope)
    tokens = sorted({a.summon.token for p in played for table in each(p.table) for h in table.heroes for a in h.actions
                     if a.summon})
    for token in tokens:
        if f"summoned:{token}" not in used:
            yield CONTENT_UNREACHED.at(_where(pack, token), f"{scope} summoned token '{token}'")


def _allies_unreached(pack: Pack, played: Sequence[Played], used: set[str], scope: str) -> Iterator[Diagnostic]:
    """Non-Hero Allies no playout brings into play (summoned or joining), and Ally actions none performs."""
    allies = {(f.hero, f.kind, f.joins >= 0, tuple(a.id for a in f.actions))
              for p in played for table in each(p.table) for f in table.heroes if f.ally}
    for ally, kind, joins, actions in sorted(allies):
        arrived = f"summoned:{ally}" if kind == "summoned" else f"joined:{ally}"
        if (kind == "summoned" or joins) and arrived not in used:
            yield CONTENT_UNREACHED.at(_where(pack, ally), f"{scope} brought Ally '{ally}' into play")
            continue
        printed = [slug(str(name)) for name in pack.by_id[ally].get("actions") or []]
        for action in actions:
            if f"ally-action:{ally}:{action}" not in used:
                yield CONTENT_UNREACHED.at(_where(pack, ally, "actions", printed.index(action)),
                                           f"{scope} performed action '{action}' of Ally '{ally}'")


def _no_action(pack: Pack, played: Sequence[Played]) -> Iterator[Diagnostic]:
    seen: set[tuple[str, int]] = set()
    for p in played:
        for r in p.results:
            if r.details.get("situation:hero-without-action") and (p.scenario, p.players) not in seen:
                seen.add((p.scenario, p.players))
                yield HERO_WITHOUT_ACTION.at(_where(pack, p.scenario), f"{p.scenario}, {p.players} Heroes, "
                                             f"{p.policy} policy, seed {r.seed} (ended at step {r.steps}): a Hero "
                                             "had no action to select")
