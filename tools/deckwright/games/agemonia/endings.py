"""How Agemonia's sample scenarios end (the GameSpec's `endings`): a scenario ends in success (the
Heroes win together), fail forward or fail (they lose together), and each of its end conditions is a
declared end of its own, named `outcome:cause` (`Agemonia.end_reason`), so the engine check can name
the one no playout reached (DW502) and tell a scenario never won or never lost (DW511):

- `success:defeat-all`, `success:objectives` (or `success:defeat-all-and-objectives`) when its success
  asks to defeat every Enemy, to resolve its objectives, or both;
- `<outcome>:exhausted`, the outcome its content gives when every Hero is exhausted;
- `<outcome>:timer` when it has a timer (fail when the timer names no outcome, as the engine plays it);
- `<outcome>:story-<id>` for each story point that ends it.

The engine records the cause beside the outcome (`State.end_cause`); the outcome alone decides scores,
winners and the campaign's record.
"""

from __future__ import annotations

from deckwright.gamekit import Ending, Entity, Outcome, Pack
from deckwright.games.agemonia.table import OUTCOMES

SUCCESS = "success"
DEFEAT_ALL, OBJECTIVES, EXHAUSTED, TIMER = "defeat-all", "objectives", "exhausted", "timer"


def success_cause(defeat_all: bool, objectives: bool) -> str:
    """The cause of a success whose condition asks for these."""
    return "-and-".join(cause for cause, asked in ((DEFEAT_ALL, defeat_all), (OBJECTIVES, objectives)) if asked)


def story_cause(point: str) -> str:
    """The cause of an end a story point gives."""
    return f"story-{point}"


def end_reason(outcome: str, cause: str) -> str:
    """The end reason of a scenario ended by `outcome` for `cause` (an uncovered end has no cause)."""
    return f"{outcome}:{cause}" if cause else outcome


def endings(pack: Pack, scenario: str) -> tuple[Ending, ...]:
    """The end conditions `scenario`'s content states, success first, then by outcome in the order of OUTCOMES."""
    entity = pack.by_id.get(scenario)
    if entity is None:
        return ()
    ends = _conditions(entity)
    return tuple(Ending(end_reason(outcome, cause), Outcome.WON if outcome == SUCCESS else Outcome.LOST)
                 for outcome in OUTCOMES for cause in ends.get(outcome, ()))


def _conditions(entity: Entity) -> dict[str, list[str]]:
    """Outcome -> the causes that end the scenario with it, in the content's order."""
    found: dict[str, list[str]] = {}
    success = entity.get("success") or {}
    if success.get("defeat_all") or success.get("objectives"):
        found.setdefault(SUCCESS, []).append(success_cause(bool(success.get("defeat_all")),
                                                           bool(success.get("objectives"))))
    found.setdefault(str(entity.get("all_exhausted")), []).append(EXHAUSTED)
    timer = entity.get("timer") or {}
    if timer:
        found.setdefault(str(timer.get("outcome") or "fail"), []).append(TIMER)
    for point in entity.get("story_points") or []:
        if point.get("outcome"):
            found.setdefault(str(point["outcome"]), []).append(story_cause(str(point.get("id"))))
    return found
