"""Deck sizes and component totals (copies counted) equal the printed counts of the manifest."""

from __future__ import annotations

from collections.abc import Iterator

from deckwright.diagnostic import Diagnostic, counted_key
from deckwright.lint import codes
from deckwright.model import Pack


def check_counts(pack: Pack) -> Iterator[Diagnostic]:
    for deck in pack.decks:
        if deck.count is None or deck.select is None:
            continue
        actual = pack.count(deck.select)
        if actual != deck.count:
            yield codes.DECK_COUNT.at(
                pack.locate("decks", deck.index, "count"),
                f"deck '{deck.id}' holds {actual} card{'s' * (actual != 1)}; the manifest says {deck.count}",
                hint=_difference(actual, deck.count), subject=deck.id,
                counted=counted_key((e.id for e in pack.select(deck.select)), actual))
    for component in pack.components:
        if component.select is None:
            continue
        actual = pack.count(component.select)
        if actual != component.count:
            yield codes.COMPONENT_COUNT.at(
                pack.locate("components", component.index, "count"),
                f"component '{component.id}' has {actual} in the content; the printed count is {component.count}",
                hint=_difference(actual, component.count), sources=component.sources, subject=component.id,
                counted=counted_key((e.id for e in pack.select(component.select)), actual))


def _difference(actual: int, printed: int) -> str:
    if actual < printed:
        return f"{printed - actual} missing"
    return f"{actual - printed} too many"
