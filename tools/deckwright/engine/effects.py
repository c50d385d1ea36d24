"""Content whose effect the engine does not play: the plug-in's declaration (`GameSpec.effects`) and the
findings `check` reports from it (DW512 per entity, DW513 the pack's count).

A card, skill, item or token is in the pack for what it does in play. Whether the engine plays that is
the game's knowledge: it has a handler for some effects and not for others. So a game declares, per
entity type, an `EffectJudge`: given an entity, why the engine does not play its effect ('' when it
does). The judge must ask the engine's own dispatch, never a list of unplayed content, so that a rule
taught to the engine leaves the finding by itself. The common case is `keyed`: the entity names its
effect in a field (`play.kind`, `role`, or its `id`), and the engine's handlers are a mapping or set
of the keys it dispatches on (`Handlers`); an entity whose key is missing, or names no handler, is
not played. A game whose engine plays an effect only with values written elsewhere (a Hero board that
states an item's play values) writes its own judge.

An effect may lie outside the rules the pack encodes: a card whose effect is reading a book the pack does not
hold (a story, not a rule) does nothing in any playout, and no engine could play it from the pack. Its judge
says so with an `Outside` reason: the entity is still listed (DW512, in those words), and the count (DW513)
gives it apart from the effects the engine does not play.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from deckwright.diagnostic import Diagnostic
from deckwright.engine import codes
from deckwright.model.pack import Entity, Pack

ID = "id"


class Outside(str):
    """A judge's reason when the entity's effect lies outside the rules the pack encodes (what the pack
    would need to hold for any engine to play it), not a rule the engine lacks."""


class EffectJudge(Protocol):
    """Why the engine does not play an entity's effect, in a few words ('' when it plays it; an `Outside`
    reason when the effect lies outside the rules the pack encodes)."""

    def __call__(self, pack: Pack, entity: Entity, /) -> str:
        """'' when the engine plays `entity`'s effect, else the reason (`states no play`)."""


@dataclass(frozen=True)
class Handlers:
    """The keys an engine dispatches an effect on, read from one field of an entity (`play.kind`, `role`,
    or `id` for effects dispatched on the entity itself). `keys` must be the engine's own dispatch table
    (its handler mapping, or the constants its handlers compare with), never typed again."""

    field: str
    keys: frozenset[str]

    @classmethod
    def of(cls, field: str, keys: Collection[str] | Mapping[str, Any]) -> Handlers:
        return cls(field, frozenset(map(str, keys)))

    def key(self, entity: Entity) -> str:
        """The entity's effect key ('' when it states none)."""
        if self.field == ID:
            return entity.id
        value: Any = entity.data
        for part in self.field.split("."):
            value = value.get(part) if isinstance(value, Mapping) else None
        return "" if value is None or isinstance(value, (Mapping, list)) else str(value)

    def __call__(self, pack: Pack, entity: Entity, /) -> str:
        key = self.key(entity)
        if not key:
            return f"it states no `{self.field}`"
        if key not in self.keys:
            return (f"the engine has no handler for its {self.field} '{key}'" if self.field != ID
                    else "the engine has no handler for it")
        return ""


def keyed(field: str, keys: Collection[str] | Mapping[str, Any]) -> Handlers:
    """The judge of entities whose `field` names their effect among the engine's handler `keys`."""
    return Handlers.of(field, keys)


def effect_findings(pack: Pack, effects: Mapping[str, EffectJudge]) -> list[Diagnostic]:
    """DW512 for every entity of a judged type whose effect the engine does not play, in pack order, and
    one DW513 counting them per type (none when the game judges no type or the pack has none of them)."""
    judged: Counter[str] = Counter()
    unplayed: Counter[str] = Counter()
    outside: Counter[str] = Counter()
    found = list(_unplayed(pack, effects, judged, unplayed, outside))
    if judged:
        found.append(_summary(pack, judged, unplayed, outside))
    return found


def _unplayed(pack: Pack, effects: Mapping[str, EffectJudge], judged: Counter[str],
              unplayed: Counter[str], outside: Counter[str]) -> Iterator[Diagnostic]:
    for entity in pack.entities:
        judge = effects.get(entity.type)
        if judge is None:
            continue
        judged[entity.type] += 1
        why = judge(pack, entity)
        if isinstance(why, Outside):
            outside[entity.type] += 1
            yield codes.EFFECT_UNPLAYED.at(entity.locate(), f"this {entity.type}'s effect lies outside the rules the "
                                           f"pack encodes: {why}", subject=f"{entity.type}/{entity.id}",
                                           hint=f"'{entity.name}' does nothing in any playout, and no engine could "
                                           "play it from what the pack holds: nothing to teach the engine")
        elif why:
            unplayed[entity.type] += 1
            # The message leaves the entity out (its location and subject name it), so that a file of
            # many unplayed skills reads as a few lines and a count of the alike (report.volume).
            yield codes.EFFECT_UNPLAYED.at(entity.locate(), f"the engine does not play this {entity.type}'s "
                                           f"effect: {why}", subject=f"{entity.type}/{entity.id}",
                                           hint=f"'{entity.name}' does nothing in any playout; teach the engine "
                                           "its effect (`deckwright explain DW512`)")


def _summary(pack: Pack, judged: Counter[str], unplayed: Counter[str], outside: Counter[str]) -> Diagnostic:
    total = sum(unplayed.values())
    parts = ", ".join(f"{unplayed[kind]} of {n} {kind}" for kind, n in judged.items())
    apart = ", ".join(f"{n} {kind}" for kind, n in outside.items())
    more = f"; besides, {apart} with an effect outside the rules the pack encodes" if apart else ""
    return codes.EFFECTS_PLAYED.at(
        pack.locate("engine"), f"the engine does not play the effect of {total} of {sum(judged.values())} "
        f"entities whose effects it judges: {parts}{more}", subject="effects",
        hint="each is listed as DW512 at its entity" if total or apart else None)
