"""A card face as a tuple of drawing operations, built from a layout and a card's fields.

Operations are plain tuples in PDF points, with the origin at the bottom-left corner of the bleed
box, so two cards that look the same give equal faces and the proof stores that face once.
Everything that would print wrong (overflowing text, a missing image, a glyph the font lacks) is
collected as a Diagnostic on the card.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from jinja2 import TemplateSyntaxError

from deckwright.diagnostic import Diagnostic, Location
from deckwright.lint.assets import missing_art
from deckwright.model import Pack
from deckwright.model.pack import Entity
from deckwright.render import codes
from deckwright.render.colour import resolve
from deckwright.render.fit import Fitted, TextStyle, fit
from deckwright.render.fonts import DEFAULT_FAMILY, Family, family, missing_glyphs
from deckwright.render.images import ImageCheck, check_image
from deckwright.render.layout import Element, Layout
from deckwright.render.packfonts import FontTable
from deckwright.render.shapes import badge_ops, badge_text_size, icon_ops
from deckwright.render.text import TEMPLATE_FAILURES, TextEngine, plain
from deckwright.render.units import pt

Op = tuple[Any, ...]
Face = tuple[Op, ...]
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


@dataclass(frozen=True)
class SetText:
    """Text a face sets: its element, the fields it reads, its size, and its box's and its lines' area (pt²)."""

    element: Element
    names: frozenset[str]
    size: float
    box_area: float
    used_area: float


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
                    drawn = self._element(each, layout, copy, size, found, texts)
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
        x, y, w, h = self._box(element, size, bleed=False)
        return [("turn", x + w / 2, y + h / 2, angle, tuple(ops))]

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

    def _element(self, card: Card, layout: Layout, element: Element, size: tuple[float, float],
                 found: list[Diagnostic], texts: list[SetText]) -> list[Op]:
        kind = element.kind
        colour = lambda name, default=None: resolve(element.get(name, default), card.context, layout.palettes)  # noqa: E731
        box = self._box(element, size, bleed=bool(element.get("bleed")))
        width = pt(float(element.get("stroke_width", 0.3)))
        if kind == "frame":
            inset = float(element.get("inset", 3.0))
            x, y = pt(self.bleed + inset), pt(self.bleed + inset)
            w, h = pt(size[0] - 2 * inset), pt(size[1] - 2 * inset)
            return [("rect", x, y, w, h, colour("fill"), colour("stroke", "black"), pt(float(element.get(
                "stroke_width", 0.8))), pt(float(element.get("radius", 2.0))))]
        if kind in ("rect", "ellipse"):
            radius = pt(float(element.get("radius", 0.0)))
            return [(kind, *box, colour("fill"), colour("stroke"), width, radius)]
        if kind == "line":
            x1, y1 = self._point(element.box[0], element.box[1], size)
            x2, y2 = self._point(float(element.get("x2", 0)), float(element.get("y2", 0)), size)
            return [("line", x1, y1, x2, y2, colour("stroke", "black"), width, tuple(element.get("dash") or ()))]
        if kind == "text":
            return self._text(card, layout, element, box, found, texts)
        if kind == "image":
            return self._image(card, element, box, found)
        if kind == "icons":
            names = self.engine.compile(str(element.get("items"))).render(card.context).replace(",", " ").split()
            terms = [(t.symbol or t.term[:1].upper(), t.color) for t in map(self.engine.icon, names) if t is not None]
            return icon_ops(terms, box, str(element.get("align", "left")), colour("fill", "#444444"),
                            family(DEFAULT_FAMILY).face("bold"))
        if kind == "badge":
            source = str(element.get("text"))
            text = plain(self.engine.markup(source, card.context))
            face = self._family(element).face("bold")
            self._glyphs(card, element, text, found)
            if text:
                set_size = badge_text_size(text, face, float(element.get("size", 12)), box)
                texts.append(SetText(element, self.engine.compile(source).names, set_size, 0.0, 0.0))
            return badge_ops(str(element.get("shape", "circle")), box, text, face, float(element.get("size", 12)),
                             colour("fill", "#333333"), colour("stroke"), width, colour("color", "white"))
        return []

    def _text(self, card: Card, layout: Layout, element: Element, box: tuple[float, float, float, float],
              found: list[Diagnostic], texts: list[SetText]) -> list[Op]:
        source = str(element.get("text"))
        markup = self.engine.markup(source, card.context)
        names = self.engine.compile(source).names
        if not plain(markup).strip():
            texts.append(SetText(element, names, float(element.get("size", 9)), box[2] * box[3], 0.0))
            return []
        fam = self._family(element)
        size = float(element.get("size", 9))
        style = TextStyle(fam.face(str(element.get("style", "regular"))), size, float(element.get("min_size", size)),
                          float(element.get("leading", 1.2)), resolve(element.get("color", "black"), card.context,
                                                                      layout.palettes) or "#000000",
                          str(element.get("align", "left")), layout.settings.language)
        key = (markup, style, box[2], box[3])
        fitted = self._fitted.get(key)
        if fitted is None:
            fitted = self._fitted[key] = fit(markup, style, box[2], box[3])
        texts.append(SetText(element, names, fitted.size, box[2] * box[3], box[2] * min(fitted.height, box[3])))
        if not fitted.fits:
            found.append(codes.TEXT_OVERFLOW.at(
                card.locate(names), f"text of layout element {element.doc.display}:{element.locate().line} "
                f"does not fit its {element.box[2]:g}x{element.box[3]:g} mm box even at {fitted.size:g} pt",
                hint="shorten the text, or give the box more room or a smaller min_size"))
        self._glyphs(card, element, plain(markup), found, names, icons=True)
        return [("para", *box, markup, style, fitted.size, str(element.get("valign", "top")))]

    def _glyphs(self, card: Card, element: Element, text: str, found: list[Diagnostic],
                names: frozenset[str] = frozenset(), icons: bool = False) -> None:
        fam = self._family(element)
        symbols = self._symbols if icons else frozenset()
        lacking = [c for c in missing_glyphs(text, fam)
                   if c not in symbols or missing_glyphs(c, family(DEFAULT_FAMILY))]
        if lacking:
            shown = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in lacking)
            found.append(codes.MISSING_GLYPH.at(card.locate(names), f"font '{element.get('font', DEFAULT_FAMILY)}' has no glyph for {shown}",
                                                hint="use another character or another font"))

    def _image(self, card: Card, element: Element, box: tuple[float, float, float, float],
               found: list[Diagnostic]) -> list[Op]:
        source = str(element.get("src"))
        compiled = self.engine.compile(source)
        path = plain(compiled.render(card.context)).strip()
        if not path:
            return []
        key = (path, box[2], box[3])
        checked = self._images.get(key)
        if checked is None:
            checked = self._images[key] = check_image(self.pack.root, path, box[2], box[3])
        if checked.missing and card.entity is not None and card.entity.data.get("art") == path:
            found.append(missing_art(card.entity.locate("art"), path))  # lint's finding: reported once
        elif checked.problem is not None:
            code, message, hint = checked.problem
            found.append(code.at(card.locate(compiled.names) or element.locate("src"), message, hint=hint))
        if checked.file is None:
            return []
        return [("image", checked.file, *box, str(element.get("fit", "cover")))]

    def _family(self, element: Element) -> Family:
        """The element's font family, registered; the default one when the name is unknown (reported once)."""
        name = str(element.get("font", DEFAULT_FAMILY))
        found = self._families.get(name)
        if found is None:
            known = self.fonts.families.get(name)
            if known is None:
                self.fonts.unknown(name, element.locate("font"))
            found = self._families[name] = (known or family(DEFAULT_FAMILY)).register()
        return found

    def _box(self, element: Element, size: tuple[float, float], bleed: bool) -> tuple[float, float, float, float]:
        x, y, w, h = element.box
        if bleed:
            edge = 0.01
            left, top = x <= edge, y <= edge
            right, bottom = x + w >= size[0] - edge, y + h >= size[1] - edge
            x, w = (x - self.bleed if left else x), w + self.bleed * (left + right)
            y, h = (y - self.bleed if top else y), h + self.bleed * (top + bottom)
        return (pt(self.bleed + x), pt(self.bleed + size[1] - y - h), pt(w), pt(h))

    def _point(self, x: float, y: float, size: tuple[float, float]) -> tuple[float, float]:
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
