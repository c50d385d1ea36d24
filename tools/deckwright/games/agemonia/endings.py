"""How Agemonia's sample scenarios end (the GameSpec's `endings`): a scenario ends in success (the
Heroes win together), fail forward or fail (they lose together), and which of those it can reach is
written in its content: success when it asks to defeat every Enemy or resolve its objectives, or when a
story point says so; the timer's outcome when it has a timer; the outcome when every Hero is exhausted;
and any story point's outcome. The engine check reports an end no playout reached and a scenario never
won or never lost under every policy (DW502, DW511).
"""

from __future__ import annotations

from deckwright.gamekit import Ending, Entity, Outcome, Pack
from deckwright.games.agemonia.table import OUTCOMES

SUCCESS = "success"


def endings(pack: Pack, scenario: str) -> tuple[Ending, ...]:
    """The outcomes `scenario`'s content can end it with, in the order of OUTCOMES."""
    entity = pack.by_id.get(scenario)
    if entity is None:
        return ()
    return tuple(Ending(end, Outcome.WON if end == SUCCESS else Outcome.LOST) for end in OUTCOMES
                 if end in _reachable(entity))


def _reachable(entity: Entity) -> set[str]:
    success = entity.get("success") or {}
    timer = entity.get("timer") or {}
    ends = {str(point.get("outcome")) for point in entity.get("story_points") or [] if point.get("outcome")}
    ends.add(str(entity.get("all_exhausted")))
    if timer:
        ends.add(str(timer.get("outcome")))
    if success.get("defeat_all") or success.get("objectives"):
        ends.add(SUCCESS)
    return ends
