"""Which face each printed card shows, front and back, and what is wrong with the faces.

Building faces is the work that both `deckwright proof` and lint's layout check need: lint only
keeps the diagnostics, proofs also keep the faces.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from deckwright.diagnostic import Diagnostic
from deckwright.model import Pack
from deckwright.model.pack import CARD_SIZES_MM, Deck, Entity
from deckwright.render import codes
from deckwright.render.face import FaceBuilder, card_context
from deckwright.render.ops import Face
from deckwright.render.layout import Layout, read_layouts
from deckwright.render.packfonts import pack_fonts
from deckwright.schema import did_you_mean

DEFAULT_BLEED = 3.0  # mm of bleed around each card, unless a proof asks for another


@dataclass(frozen=True)
class Printed:
    """A printed card (one per copy): its entity, size, and the index of its front and back face."""

    entity: Entity
    size: tuple[float, float]
    front: int
    back: int | None


@dataclass
class Plan:
    """Distinct faces (with their card size), the cards that show them, and the diagnostics found."""

    faces: list[tuple[Face, tuple[float, float]]] = field(default_factory=list)
    cards: list[Printed] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    _index: dict[tuple[Face, tuple[float, float]], int] = field(default_factory=dict)

    def add(self, face: Face, size: tuple[float, float]) -> int:
        """The index of a face, stored the first time it is seen."""
        key = (face, size)
        found = self._index.get(key)
        if found is None:
            found = self._index[key] = len(self.faces)
            self.faces.append(key)
        return found


def printable(pack: Pack, entity: Entity) -> bool:
    """Whether an entity's type has a layout (only those are printed)."""
    spec = pack.types.get(entity.type)
    return spec is not None and spec.layout is not None


def plan_faces(pack: Pack, entities: Sequence[Entity], bleed: float, backs: bool = True) -> Plan:
    """Faces of every printable entity (copies share their faces), with the problems found building them."""
    plan = Plan()
    layouts, problems = read_layouts(pack)
    plan.diagnostics.extend(problems)
    fonts = pack_fonts(pack)
    builder = FaceBuilder(pack, bleed, fonts)
    resolved: dict[str, tuple[Layout, tuple[float, float]] | None] = {}
    for entity in entities:
        if not printable(pack, entity):
            continue
        if entity.type not in resolved:
            resolved[entity.type] = _resolve_type(pack, entity.type, layouts, plan.diagnostics)
        found = resolved[entity.type]
        if found is None:
            continue
        layout, size = found
        card = card_context(pack, entity)
        front, problems = builder.build(card, layout, "front", size)
        plan.diagnostics.extend(problems)
        back_index = None
        if backs:
            back_layout, side = _back_layout(pack, entity, layout, layouts, plan.diagnostics)
            back, problems = builder.build(card, back_layout, side, size)
            plan.diagnostics.extend(problems)
            back_index = plan.add(back, size) if back else None
        front_index = plan.add(front, size)
        plan.cards.extend(Printed(entity, size, front_index, back_index) for _ in range(max(entity.copies, 0)))
    plan.diagnostics.extend(fonts.diagnostics)
    return plan


def _resolve_type(pack: Pack, type_id: str, layouts: dict[str, Layout], found: list[Diagnostic]
                  ) -> tuple[Layout, tuple[float, float]] | None:
    spec = pack.types[type_id]
    layout = layouts.get(str(spec.layout))
    if layout is None:
        found.append(codes.NO_LAYOUT.at(pack.locate("types", type_id, "layout"),
                                        f"type '{type_id}' names layout '{spec.layout}', which is not defined",
                                        hint=did_you_mean(str(spec.layout), layouts)))
        return None
    size = pack.card_size(type_id)
    if size is None and isinstance(layout.size, str):
        size = pack.sizes.get(layout.size) or CARD_SIZES_MM.get(layout.size)
    elif size is None and isinstance(layout.size, tuple):
        size = layout.size
    if size is None or min(size) <= 0:
        found.append(codes.NO_SIZE.at(pack.locate("types", type_id), f"type '{type_id}' has no known card size",
                                      hint="set `size:` on the type or its layout"))
        return None
    return layout, size


def _back_layout(pack: Pack, entity: Entity, layout: Layout, layouts: dict[str, Layout],
                 found: list[Diagnostic]) -> tuple[Layout, str]:
    """The deck's back layout for a card in a deck that names one, else its own layout's back."""
    deck = _deck_of(pack, entity)
    if deck is None or deck.back is None:
        return layout, "back"
    chosen = layouts.get(deck.back)
    if chosen is None:
        found.append(codes.NO_LAYOUT.at(pack.locate("decks", deck.index, "back"),
                                        f"deck '{deck.id}' names back layout '{deck.back}', which is not defined",
                                        hint=did_you_mean(deck.back, layouts)))
        return layout, "back"
    return chosen, "back" if chosen.back else "front"


def _deck_of(pack: Pack, entity: Entity) -> Deck | None:
    return next((d for d in pack.decks if d.select is not None and d.select.matches(entity)), None)
