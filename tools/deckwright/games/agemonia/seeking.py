"""Further games sought for content that `check`'s sampled games left unused, before it is reported.

`check` plays 50 games per sample scenario, Hero count and policy, shared among the parties of the
rotation (`parties.choose`: seed s plays party s mod the rotation's length), and 30 campaigns. An item one
party holds, or a Class Skill a Hero of one campaign ticks, is in play in a handful of those games, so
whether its occasion came in them is luck, and the luck moves whenever a rule shifts the games. Before
such content is reported unused (DW945), the games that could use it are sought out: up to SEEK_ROUNDS
further games of each table whose party holds it (the next seeds after `check`'s that deal that party),
and up to SEEK_ROUNDS further campaigns of each policy and line-up whose Hero ticked it (seeds a
multiple of CAMPAIGN_RUNS on, which choose the same Class and first Skill: `campaign_growth`). What a
further game uses is not reported; what none uses is, its scope naming the further games. Seeds and
order are fixed, so the same pack gives the same findings; the cost is paid only for content unused.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from deckwright.gamekit import Batch, Pack, run_batches
from deckwright.games.agemonia.parties import each
from deckwright.games.agemonia.table import Table

if TYPE_CHECKING:
    from deckwright.games.agemonia.playcheck import Played

SEEK_ROUNDS = 10  # further games per table holding the content, further campaigns per campaign ticking it
SCOPE = f"and up to {SEEK_ROUNDS} further games of each table, or campaigns, where it is in play"


@dataclass(frozen=True)
class CampaignSpot:
    """A campaign `check` played: its policy, its line-up's turn and its seed."""

    policy: str
    turn: int
    seed: int


def in_games(played: Sequence[Played], runs: int, seed: int, keys: Iterable[str],
             holds: Callable[[Table, str], bool]) -> set[str]:
    """The keys (usage keys: item or skill ids) some further game of a table whose party `holds` them used."""
    from deckwright.games.agemonia.playcheck import GAME

    wanted = sorted(keys)
    found: set[str] = set()
    for key in wanted:
        if key in found:
            continue
        spots = [(p, turn, len(tables)) for p in played for tables in [each(p.table)]
                 for turn, table in enumerate(tables) if holds(table, key)]
        for round_ in range(SEEK_ROUNDS):
            batches = [Batch(GAME, p.table, (_dealing(seed + runs + round_ * size, turn, size),), (p.policy,),
                             check=False) for p, turn, size in spots]
            for results in run_batches(batches):
                found.update(k for r in results for k in r.usage if k in wanted)
            if key in found:
                break
    return found


def _dealing(first: int, turn: int, size: int) -> int:
    """The first seed from `first` on whose game plays the rotation's party `turn` (of `size`)."""
    return first + (turn - first) % size


def in_campaigns(pack: Pack, spots: Mapping[str, Sequence[CampaignSpot]], keys: Iterable[str],
                 lineups: Sequence[Sequence[str]], players: int) -> set[str]:
    """The keys some further campaign of a policy and line-up whose Hero ticked them used."""
    from deckwright.games.agemonia.playcheck import CAMPAIGN_RUNS, played_campaign

    wanted = sorted(keys)
    found: set[str] = set()
    for key in wanted:
        for round_ in range(1, SEEK_ROUNDS + 1):
            if key in found:
                break
            for spot in spots.get(key, ()):
                played = played_campaign(pack, players, spot.policy, spot.seed + round_ * CAMPAIGN_RUNS,
                                         lineups[spot.turn % len(lineups)])
                if played is not None:
                    found.update(k for k in played[1] if k in wanted)
    return found
