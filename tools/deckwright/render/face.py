"""A card face as a tuple of drawing operations (render.ops), built from a layout and a card's fields.

Each element is drawn by the class of its kind (render.elements); this module applies what every
kind shares (`when`, `repeat`, `rotate`) and the checks of a whole face (text too small, text
boxes mostly empty). Everything that would print wrong (overflowing text, a missing image, a glyph the font lacks) is
collected as a Diagnostic on the card.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from jinja2 import TemplateSyntaxError

from deckwright.diagnostic import Diagnostic, Location
from deckwright.model import Pack
from deckwright.model.pack import Entity
from deckwright.render import codes
from deckwright.render.elements import Job, SetText, draw_element
from deckwright.render.fit import Fitted, TextStyle, fit
from deckwright.render.fonts import DEFAULT_FAMILY, Family, family, missing_glyphs
from deckwright.render.images import ImageCheck, check_image
from deckwright.render.layout import Element, Layout
from deckwright.render.ops import Face, Op, Turn
from deckwright.render.packfonts import FontTable
from deckwright.render.text import TEMPLATE_FAILURES, TextEngine
from deckwright.render.units import pt

MAX_REPEAT = 20


@dataclass(frozen=True)
class Card:
    """What a face is drawn for: the entity (None for a deck back) and its template context."""

    entity: Entity | None
    context: Mapping[str, Any]

    def locate(self, names: frozenset[str] = frozenset()) -> Location | None:
        """The card's location, or that of the one field a template reads."""
        if self.entity is None:
            return None
        used = [n for n in sorted(names) if n in self.entity.data]
        return self.entity.locate(used[0]) if len(used) == 1 else self.entity.locate()


def card_context(pack: Pack, entity: Entity | None) -> Card:
    """A card's template context: its fields, plus `card`, `id`, `name`, `type`, `type_title`, `copies` and `pack`."""
    data = dict(entity.data) if entity is not None else {}
    context = {**data, "card": data, "pack": {"id": pack.id, "name": pack.name, "version": pack.version}}
    if entity is not None:
        spec = pack.types.get(entity.type)
        context.update(id=entity.id, name=entity.name, type=entity.type, copies=entity.copies,
                       type_title=spec.title if spec is not None and spec.title else entity.type)
    return Card(entity, context)


@dataclass
class FaceBuilder:
    """Builds faces for one pack and one bleed; remembers fitted text and image checks across cards."""

    pack: Pack
    bleed: float
    fonts: FontTable = field(default_factory=FontTable)
    engine: TextEngine = field(init=False)
    _fitted: dict[tuple[Any, ...], Fitted] = field(default_factory=dict, init=False)
    _images: dict[tuple[str, float, float], ImageCheck] = field(default_factory=dict, init=False)
    _symbols: frozenset[str] = field(default=frozenset(), init=False)
    _warned: set[Location] = field(default_factory=set, init=False)
    _families: dict[str, Family] = field(default_factory=dict, init=False)

    def __post_init__(self) -> None:
        self.engine = TextEngine(self.pack)
        self._symbols = frozenset(t.symbol for t in self.pack.glossary if t.symbol)

    def build(self, card: Card, layout: Layout, side: str, size: tuple[float, float]) -> tuple[Face, list[Diagnostic]]:
        """The operations of one side of a card, and what is wrong with them."""
        ops: list[Op] = []
        found: list[Diagnostic] = []
        texts: list[SetText] = []
        for element in layout.side(side):
            try:
                for copy, each in self._copies(card, element):
                    if "when" in copy.props and not self.engine.test(str(copy.get("when")), each.context):
                        continue
                    drawn = draw_element(Job(self, each, layout, copy, size, found, texts))
                    ops.extend(self._turned(copy, size, drawn))
            except TEMPLATE_FAILURES as exc:
                found.append(_template_problem(card, element, exc))
        found.extend(self._too_small(card, layout, texts))
        found.extend(_too_empty(card, layout, side, size, texts))
        return tuple(ops), found

    def _copies(self, card: Card, element: Element) -> list[tuple[Element, Card]]:
        """The element once; or, with `repeat`, once per item of its list, moved by dx, dy each time."""
        repeat = element.get("repeat")
        if not isinstance(repeat, Mapping):
            return [(element, card)]
        items = self.engine.evaluate(str(repeat.get("over")), card.context)
        if isinstance(items, Mapping):
            items = list(items.items())
        if not isinstance(items, (list, tuple)):
            items = [] if items is None or items == "" else [items]
        name = str(repeat.get("as", "item"))
        dx, dy = float(repeat.get("dx", 0)), float(repeat.get("dy", 0))
        x, y, w, h = element.box
        return [(replace(element, box=(x + i * dx, y + i * dy, w, h)),
                 Card(card.entity, {**card.context, name: item, "index": i}))
                for i, item in enumerate(items[:int(repeat.get("max", MAX_REPEAT))])]

    def _turned(self, element: Element, size: tuple[float, float], ops: list[Op]) -> list[Op]:
        """The element's operations turned about the centre of its box by its `rotate` degrees."""
        angle = float(element.get("rotate", 0) or 0)
        if not ops or angle % 360 == 0:
            return ops
        x, y, w, h = self.box(element, size, bleed=False)
        return [Turn(x + w / 2, y + h / 2, angle, tuple(ops))]

    def _too_small(self, card: Card, layout: Layout, texts: list[SetText]) -> list[Diagnostic]:
        """Text under the layout's minimum size: at the element when the layout asks for it, else at the card."""
        found = []
        least = layout.settings.min_text_size
        for text in texts:
            if text.size >= least - 1e-6:
                continue
            asked = float(text.element.get("size", text.size))
            if asked < least - 1e-6:
                key = text.element.locate()
                if key in self._warned:
                    continue
                self._warned.add(key)
                found.append(codes.TEXT_TOO_SMALL.at(
                    text.element.locate("size"), f"layout element sets text at {asked:g} pt, under the "
                    f"{least:g} pt minimum", hint="give the element a larger size (and room for it)"))
            else:
                found.append(codes.TEXT_TOO_SMALL.at(
                    card.locate(text.names), f"text of layout element {text.element.doc.display}:"
                    f"{text.element.locate().line} shrinks to {text.size:g} pt to fit, under the {least:g} pt minimum",
                    hint="shorten the text, or give the box more room (min_size at or above the minimum)"))
        return found

    def glyphs(self, card: Card, element: Element, text: str, found: list[Diagnostic],
                names: frozenset[str] = frozenset(), icons: bool = False) -> None:
        fam = self.family(element)
        symbols = self._symbols if icons else frozenset()
        lacking = [c for c in missing_glyphs(text, fam)
                   if c not in symbols or missing_glyphs(c, family(DEFAULT_FAMILY))]
        if lacking:
            shown = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in lacking)
            found.append(codes.MISSING_GLYPH.at(card.locate(names), f"font '{element.get('font', DEFAULT_FAMILY)}' has no glyph for {shown}",
                                                hint="use another character or another font"))

    def fitted(self, markup: str, style: TextStyle, width: float, height: float) -> Fitted:
        """The markup fitted to a box (remembered: equal text in equal boxes is fitted once)."""
        key = (markup, style, width, height)
        fitted = self._fitted.get(key)
        if fitted is None:
            fitted = self._fitted[key] = fit(markup, style, width, height)
        return fitted

    def image(self, path: str, width: float, height: float) -> ImageCheck:
        """The check of an image for a box of `width` x `height` points (remembered per file and box)."""
        key = (path, width, height)
        checked = self._images.get(key)
        if checked is None:
            checked = self._images[key] = check_image(self.pack.root, path, width, height)
        return checked

    def family(self, element: Element) -> Family:
        """The element's font family, registered; the default one when the name is unknown (reported once)."""
        name = str(element.get("font", DEFAULT_FAMILY))
        found = self._families.get(name)
        if found is None:
            known = self.fonts.families.get(name)
            if known is None:
                self.fonts.unknown(name, element.locate("font"))
            found = self._families[name] = (known or family(DEFAULT_FAMILY)).register()
        return found

    def box(self, element: Element, size: tuple[float, float], bleed: bool) -> tuple[float, float, float, float]:
        x, y, w, h = element.box
        if bleed:
            edge = 0.01
            left, top = x <= edge, y <= edge
            right, bottom = x + w >= size[0] - edge, y + h >= size[1] - edge
            x, w = (x - self.bleed if left else x), w + self.bleed * (left + right)
            y, h = (y - self.bleed if top else y), h + self.bleed * (top + bottom)
        return (pt(self.bleed + x), pt(self.bleed + size[1] - y - h), pt(w), pt(h))

    def point(self, x: float, y: float, size: tuple[float, float]) -> tuple[float, float]:
        return pt(self.bleed + x), pt(self.bleed + size[1] - y)


def _too_empty(card: Card, layout: Layout, side: str, size: tuple[float, float], texts: list[SetText]
               ) -> list[Diagnostic]:
    """A face whose text boxes take most of the card but whose text leaves most of them empty."""
    card_area = pt(size[0]) * pt(size[1])
    boxes = sum(t.box_area for t in texts)
    if card.entity is None or not texts or boxes < card_area / 2:
        return []
    empty = (boxes - sum(t.used_area for t in texts)) / card_area
    if empty <= layout.settings.max_empty_share:
        return []
    return [codes.MOSTLY_EMPTY.at(card.locate(), f"the {side} of '{card.entity.id}' (layout '{layout.id}') is "
                                  f"{empty:.0%} empty text box; at most {layout.settings.max_empty_share:.0%} is allowed",
                                  hint="set fewer, larger text boxes, or a larger size that fills them")]




def _template_problem(card: Card, element: Element, exc: BaseException) -> Diagnostic:
    where = None if isinstance(exc, TemplateSyntaxError) else card.locate()
    message = f"layout element {element.doc.display}:{element.locate().line}: {type(exc).__name__}: {exc}"
    return codes.TEMPLATE_ERROR.at(where or element.locate(), message,
                                   hint="templates read the card's fields; check names and filters")
