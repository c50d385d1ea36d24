"""Lint checks only Agemonia needs: names that must resolve to the glossary, condition events, keywords."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from deckwright.gamekit import Code, Diagnostic, Entity, Pack, Severity, did_you_mean, marked_terms
from deckwright.games.agemonia.conditions import SIDES, events

E = Severity.ERROR

UNRESOLVED_NAME = Code(
    "DW940", "agm-unresolved-name", E, "A keyword, condition, token or item name is not in the glossary.",
    "Every condition, token and item of an Agemonia pack is named in the glossary, as is every "
    "enemy trait and every bracketed term (`[Held]`) in any text of any entity, not only in the "
    "fields the manifest declares as card text; reference sheets and card faces look them up there.",
    "Add the name to the glossary in pack.yaml (or as an alias of the term it means), or fix its spelling.",
)
CONDITION_EVENT = Code(
    "DW941", "agm-condition-event", E, "A condition starts or ends on an event the glossary does not define.",
    "Each condition lists the events that give it (`gained_by`) and discard it (`ends_ally`, "
    "`ends_enemy`); each event is a glossary term (or alias) saying when it happens, so a player "
    "and the engine know when the condition comes and goes.",
    "Define the event in the glossary (kind `term`, the event's slug as an alias), or use a defined one.",
)
CONDITION_ENDLESS = Code(
    "DW942", "agm-condition-endless", E, "A condition affects a side but nothing ever discards it there.",
    "A condition with an effect on Allies needs at least one `ends_ally` event, one with an effect "
    "on Enemies at least one `ends_enemy` event; otherwise it never leaves the figure.",
    "List the events that discard it on that side (the end of the scenario discards every condition).",
)
KEYWORD_NEVER_GRANTED = Code(
    "DW943", "agm-keyword-never-granted", E, "A scenario requires a keyword that no scenario grants.",
    "A scenario card may require keywords in the Party or Hero Journal; if no scenario writes that "
    "keyword, the scenario can never be chosen.",
    "Grant the keyword where the story gives it (`grants_keywords`), or fix the requirement.",
)

OUTCOME_UNREACHED = Code(
    "DW944", "agm-outcome-unreached", Severity.WARNING, "A scenario is never won, or never lost, in any playout.",
    "Agemonia's own check of the sample scenarios' outcomes, now the engine check's for every game "
    "(the scenarios' ends are declared in `games/agemonia/endings.py`).",
    "See DW511.", retired="DW511",
)
CONTENT_UNREACHED = Code(
    "DW945", "agm-content-unreached", Severity.WARNING,
    "A condition, trap, item, Enemy action or Class Skill that no playout reaches.",
    "Across every sample scenario, Hero count and policy, no playout gave this condition, sprang this "
    "trap card, used this item, performed this Enemy eye action or summoned this Hero action's token: the samples do not exercise the rule "
    "it belongs to, or nothing in the content can bring it into play. For a Class Skill the engine plays, "
    "the campaigns `check` plays count too (every policy, ten seeds, choosing every Class and first Skill "
    "in turn): the message says whether no Hero of the playouts ticks it, or one does and its occasion "
    "never came (a skill the engine does not play is DW512 instead).",
    "Add it to a sample scenario (a Hero board, an Enemy or a story point that brings it into play), or "
    "acknowledge it with the reason no sample needs it.",
)
HERO_WITHOUT_ACTION = Code(
    "DW946", "agm-hero-without-action", Severity.ERROR, "A round in which a Hero has no action to select.",
    "At Select Hero Action a Hero that is not exhausted had no Action token it could choose.",
    "Replay the named seed; give the Hero board an action it can always take.",
)

COMPONENT_OVER_BOX = Code(
    "DW947", "agm-component-over-box", Severity.WARNING,
    "A playout puts more pieces of a component in use than the box holds.",
    "The sample playouts count every component they take out of the box (dice rolled at once, condition "
    "cards and tokens, standees, counter dice, Enemy boards, chips, gems, tokens, deck cards) and compare the "
    "most in use at once with the count the pack's facts print (`components.<name>.count`).",
    "Replay the named game with `deckwright simulate --replay` and see what the book says when the pieces "
    "run out; change the content that asks for too many, or acknowledge it with the book's reason.",
)

CODES = (UNRESOLVED_NAME, CONDITION_EVENT, CONDITION_ENDLESS, KEYWORD_NEVER_GRANTED, OUTCOME_UNREACHED,
         CONTENT_UNREACHED, HERO_WITHOUT_ACTION, COMPONENT_OVER_BOX)
NAMED_TYPES = ("condition", "hero-token", "item-token", "item")


def _glossary_names(pack: Pack) -> list[str]:
    return [n for t in pack.glossary for n in t.names]


def check_names(pack: Pack) -> Iterator[Diagnostic]:
    """Condition, token and item names, enemy traits and bracketed terms anywhere resolve to the glossary."""
    names = _glossary_names(pack)
    for entity in pack.entities:
        if entity.type in NAMED_TYPES and pack.term(entity.name) is None:
            yield UNRESOLVED_NAME.at(entity.locate("name"), f"{entity.type} name '{entity.name}' is not in the glossary",
                                     hint=did_you_mean(entity.name, names) or "add it to the glossary")
        for index, trait in enumerate(entity.get("traits") or [] if entity.type == "enemy" else []):
            if pack.term(str(trait)) is None:
                yield UNRESOLVED_NAME.at(entity.locate("traits", index), f"enemy trait '{trait}' is not in the glossary",
                                         hint=did_you_mean(str(trait), names) or "add it to the glossary")
        yield from _bracketed(pack, entity, names)


def _bracketed(pack: Pack, entity: Entity, names: list[str]) -> Iterator[Diagnostic]:
    spec = pack.types.get(entity.type)
    declared = set(spec.text) if spec else {"text"}
    for parts, text in _strings(entity.data, ()):
        if parts[0] in declared and len(parts) == 1:
            continue  # declared card text: the core glossary check reads it
        for kind, term, written in marked_terms(pack, text):
            if kind == "keyword" and pack.term(term) is None:
                yield UNRESOLVED_NAME.at(entity.doc.locate_text(entity.parts + parts, written),
                                         f"'{term}' in {'.'.join(map(str, parts))} of '{entity.id}' is not in the glossary",
                                         hint=did_you_mean(term, names) or "add it to the glossary")


def _strings(value: Any, parts: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], str]]:
    if isinstance(value, str) and parts and parts[0] not in ("id", "type", "source", "assumed"):
        yield parts, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, parts + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _strings(item, parts + (index,))


def check_condition_events(pack: Pack) -> Iterator[Diagnostic]:
    """Every start and end event of a condition is a glossary term; every affected side has an end."""
    for condition in pack.of_type("condition"):
        for field, event in events(condition):
            if pack.term(event) is None:
                index = list(condition.get(field)).index(event)
                yield CONDITION_EVENT.at(condition.locate(field, index),
                                         f"condition '{condition.id}' {'starts' if field == 'gained_by' else 'ends'} "
                                         f"on '{event}', which the glossary does not define")
        for side, effect, ends in SIDES:
            if condition.get(effect) and not condition.get(ends):
                yield CONDITION_ENDLESS.at(condition.locate(effect, key=True),
                                           f"condition '{condition.id}' affects {side}s "
                                           f"but lists no `{ends}` event")


def check_keywords(pack: Pack) -> Iterator[Diagnostic]:
    """Every keyword a scenario requires is granted by some scenario."""
    granted = {k for s in pack.of_type("scenario") for k in s.get("grants_keywords") or []}
    for scenario in pack.of_type("scenario"):
        for index, keyword in enumerate(scenario.get("requires_keywords") or []):
            if keyword not in granted:
                yield KEYWORD_NEVER_GRANTED.at(scenario.locate("requires_keywords", index),
                                               f"scenario '{scenario.id}' requires keyword '{keyword}', "
                                               "which no scenario grants")


LINT_CHECKS = (check_names, check_condition_events, check_keywords)
