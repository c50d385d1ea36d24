"""The kinds of layout element: one class per kind, its typed parameters, and the operations it draws.

A kind's parameters are a frozen dataclass whose field names are the layout's keys; a key the layout
leaves out takes the `default` the layout schema (schemas/core/layout.schema.json) gives it, so the
defaults are written once, where an editor shows them. `ELEMENTS` maps each `kind` to its class.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, fields
from functools import cache
from importlib.resources import files
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from deckwright.lint.assets import missing_art
from deckwright.render import codes
from deckwright.render.colour import resolve
from deckwright.render.fit import TextStyle
from deckwright.render.fonts import DEFAULT_FAMILY, family
from deckwright.render.layout import Element, Layout
from deckwright.render.ops import Ellipse, Line, Op, Paragraph, Picture, Rect
from deckwright.render.shapes import badge_ops, badge_text_size, icon_ops
from deckwright.render.text import plain
from deckwright.render.units import pt

if TYPE_CHECKING:
    from deckwright.diagnostic import Diagnostic
    from deckwright.render.face import Card, FaceBuilder

Colour = str | Mapping[str, Any] | None
P = TypeVar("P")


@cache
def schema_defaults() -> dict[str, dict[str, Any]]:
    """Each element kind's parameter defaults, as the layout schema states them."""
    schema = json.loads(files("deckwright").joinpath("schemas/core/layout.schema.json").read_text(encoding="utf-8"))
    defs = schema["$defs"]
    by_kind = {}
    for rule in defs["element"]["allOf"]:  # `if kind is K then $ref D`: which definition describes each kind
        kind = rule["if"]["properties"]["kind"]["const"]
        props = defs[rule["then"]["$ref"].rpartition("/")[2]]["properties"]
        by_kind[kind] = {name: prop["default"] for name, prop in props.items()
                         if isinstance(prop, dict) and "default" in prop}
    return by_kind


_COERCE: dict[str, Callable[[Any], Any]] = {
    "float": float, "bool": bool, "str": str, "float | None": lambda v: None if v is None else float(v),
    "tuple[float, ...]": lambda v: tuple(v or ()), "Colour": lambda v: v,
}


def parameters(cls: type[P], element: Element) -> P:
    """The element's parameters: what the layout says, else the schema's default (also for a value the
    schema refused, which the loader has reported already)."""
    defaults = schema_defaults().get(element.kind, {})
    values = {}
    for f in fields(cls):  # type: ignore[arg-type]
        fallback = defaults.get(f.name, None if f.default is MISSING else f.default)
        try:
            values[f.name] = _COERCE[str(f.type)](element.props.get(f.name, fallback))
        except (TypeError, ValueError):
            values[f.name] = _COERCE[str(f.type)](fallback)
    return cls(**values)


@dataclass(frozen=True)
class SetText:
    """Text a face sets: its element, the fields it reads, its size, and its box's and its lines' area (pt²)."""

    element: Element
    names: frozenset[str]
    size: float
    box_area: float
    used_area: float


@dataclass
class Job:
    """One element drawn for one card: where it draws and where its findings go."""

    builder: FaceBuilder
    card: Card
    layout: Layout
    element: Element
    size: tuple[float, float]
    found: list[Diagnostic]
    texts: list[SetText]

    def colour(self, spec: Colour) -> str | None:
        return resolve(spec, self.card.context, self.layout.palettes)

    def box(self, bleed: bool = False) -> tuple[float, float, float, float]:
        return self.builder.box(self.element, self.size, bleed)


class Kind:
    """A kind of element: `draw` gives its operations for one card."""

    kind: ClassVar[str]

    def draw(self, job: Job) -> list[Op]:
        raise NotImplementedError


@dataclass(frozen=True)
class RectKind(Kind):
    """`rect`: a rectangle in its box, its sides on the card edge extended into the bleed with `bleed`."""

    kind: ClassVar[str] = "rect"
    fill: Colour
    stroke: Colour
    stroke_width: float
    radius: float
    bleed: bool

    def draw(self, job: Job) -> list[Op]:
        return [Rect(*job.box(self.bleed), job.colour(self.fill), job.colour(self.stroke), pt(self.stroke_width),
                     pt(self.radius))]


@dataclass(frozen=True)
class EllipseKind(RectKind):
    """`ellipse`: an ellipse inscribed in its box (the parameters of `rect`)."""

    kind: ClassVar[str] = "ellipse"

    def draw(self, job: Job) -> list[Op]:
        return [Ellipse(*job.box(self.bleed), job.colour(self.fill), job.colour(self.stroke), pt(self.stroke_width))]


@dataclass(frozen=True)
class FrameKind(Kind):
    """`frame`: a rectangle `inset` mm inside the card's trim."""

    kind: ClassVar[str] = "frame"
    inset: float
    fill: Colour
    stroke: Colour
    stroke_width: float
    radius: float

    def draw(self, job: Job) -> list[Op]:
        bleed, (width, height) = job.builder.bleed, job.size
        return [Rect(pt(bleed + self.inset), pt(bleed + self.inset), pt(width - 2 * self.inset),
                     pt(height - 2 * self.inset), job.colour(self.fill), job.colour(self.stroke),
                     pt(self.stroke_width), pt(self.radius))]


@dataclass(frozen=True)
class LineKind(Kind):
    """`line`: from (x, y) to (x2, y2), dashed when `dash` lists lengths."""

    kind: ClassVar[str] = "line"
    x2: float
    y2: float
    stroke: Colour
    stroke_width: float
    dash: tuple[float, ...]

    def draw(self, job: Job) -> list[Op]:
        x1, y1 = job.builder.point(job.element.box[0], job.element.box[1], job.size)
        x2, y2 = job.builder.point(self.x2, self.y2, job.size)
        return [Line(x1, y1, x2, y2, job.colour(self.stroke), pt(self.stroke_width), self.dash)]


@dataclass(frozen=True)
class TextKind(Kind):
    """`text`: a template's markup set in its box, shrunk down to `min_size` to fit."""

    kind: ClassVar[str] = "text"
    text: str
    font: str
    style: str
    size: float
    min_size: float | None
    leading: float
    color: Colour
    align: str
    valign: str

    def draw(self, job: Job) -> list[Op]:
        b, card, element = job.builder, job.card, job.element
        box = job.box()
        markup = b.engine.markup(self.text, card.context)
        names = b.engine.compile(self.text).names
        if not plain(markup).strip():
            job.texts.append(SetText(element, names, self.size, box[2] * box[3], 0.0))
            return []
        style = TextStyle(b.family(element).face(self.style), self.size,
                          self.size if self.min_size is None else self.min_size, self.leading,
                          job.colour(self.color) or "#000000", self.align, job.layout.settings.language)
        fitted = b.fitted(markup, style, box[2], box[3])
        job.texts.append(SetText(element, names, fitted.size, box[2] * box[3], box[2] * min(fitted.height, box[3])))
        if not fitted.fits:
            job.found.append(codes.TEXT_OVERFLOW.at(
                card.locate(names), f"text of layout element {element.doc.display}:{element.locate().line} "
                f"does not fit its {element.box[2]:g}x{element.box[3]:g} mm box even at {fitted.size:g} pt",
                hint="shorten the text, or give the box more room or a smaller min_size"))
        b.glyphs(card, element, plain(markup), job.found, names, icons=True)
        return [Paragraph(*box, markup, style, fitted.size, self.valign)]


@dataclass(frozen=True)
class ImageKind(Kind):
    """`image`: the file a template names, fitted to its box by `fit`."""

    kind: ClassVar[str] = "image"
    src: str
    fit: str
    bleed: bool

    def draw(self, job: Job) -> list[Op]:
        box = job.box(self.bleed)
        compiled = job.builder.engine.compile(self.src)
        path = plain(compiled.render(job.card.context)).strip()
        if not path:
            return []
        checked = job.builder.image(path, box[2], box[3])
        entity = job.card.entity
        if checked.missing and entity is not None and entity.data.get("art") == path:
            job.found.append(missing_art(entity.locate("art"), path))  # lint's finding: reported once
        elif checked.problem is not None:
            code, message, hint = checked.problem
            job.found.append(code.at(job.card.locate(compiled.names) or job.element.locate("src"), message, hint=hint))
        return [] if checked.file is None else [Picture(checked.file, *box, self.fit)]


@dataclass(frozen=True)
class IconsKind(Kind):
    """`icons`: a row of glossary icons named by a template (space- or comma-separated)."""

    kind: ClassVar[str] = "icons"
    items: str
    align: str
    fill: Colour

    def draw(self, job: Job) -> list[Op]:
        engine = job.builder.engine
        names = engine.compile(self.items).render(job.card.context).replace(",", " ").split()
        terms = [(t.symbol or t.term[:1].upper(), t.color) for t in map(engine.icon, names) if t is not None]
        return icon_ops(terms, job.box(), self.align, job.colour(self.fill), family(DEFAULT_FAMILY).face("bold"))


@dataclass(frozen=True)
class BadgeKind(Kind):
    """`badge`: a shape with a short text centred in it (a cost, a stat)."""

    kind: ClassVar[str] = "badge"
    shape: str
    text: str
    fill: Colour
    stroke: Colour
    stroke_width: float
    color: Colour
    font: str
    size: float

    def draw(self, job: Job) -> list[Op]:
        b, box = job.builder, job.box()
        text = plain(b.engine.markup(self.text, job.card.context))
        face = b.family(job.element).face("bold")
        b.glyphs(job.card, job.element, text, job.found)
        if text:
            job.texts.append(SetText(job.element, b.engine.compile(self.text).names,
                                  badge_text_size(text, face, self.size, box), 0.0, 0.0))
        return badge_ops(self.shape, box, text, face, self.size, job.colour(self.fill), job.colour(self.stroke),
                         pt(self.stroke_width), job.colour(self.color))


ELEMENTS: dict[str, type[Kind]] = {k.kind: k for k in (RectKind, EllipseKind, FrameKind, LineKind, TextKind,
                                                        ImageKind, IconsKind, BadgeKind)}


def draw_element(job: Job) -> list[Op]:
    """The operations of the job's element, by its kind's class and parameters."""
    kind = ELEMENTS.get(job.element.kind)
    return [] if kind is None else parameters(kind, job.element).draw(job)
