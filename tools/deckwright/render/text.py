"""Card text: jinja2 templates in a sandbox, escaped for reportlab paragraph markup, with icons and keywords.

A template is written by the layout's author and may contain paragraph markup (`<b>`); the values
it inserts come from cards and are escaped, so a card whose text holds `<`, `&` or `{{` prints those
characters and can neither inject markup nor run code. After rendering, the pack's icon markup
(`:sword:`) becomes the glossary symbol in the icon's colour, keyword markup (`[Leap]`) is set in
bold, and `**bold**` / `*italic*` in card text become bold and italic.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from jinja2 import ChainableUndefined, TemplateError, meta
from markupsafe import Markup, escape

from deckwright.model import Pack
from deckwright.model.pack import Term
from deckwright.patterns import linear
from deckwright.render.colour import hex_colour
from deckwright.render.fonts import DEFAULT_FAMILY, family
from deckwright.sandbox import BudgetedSandbox

TEMPLATE_FAILURES = (TemplateError, TypeError, ValueError, ArithmeticError, LookupError, AttributeError,
                     RecursionError)
_BOLD = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?=\S)([^*]+?)(?<=\S)\*(?![\w*])")
_TAGS = re.compile(r"<[^>]*>")
_ENTITIES = {"&lt;": "<", "&gt;": ">", "&#34;": '"', "&#39;": "'", "&quot;": '"', "&amp;": "&"}
_ENTITY = re.compile("|".join(map(re.escape, _ENTITIES)))


class _Sandbox(BudgetedSandbox):
    """The budgeted jinja2 sandbox (deckwright.sandbox) that layout text templates render in."""


def _finalize(value: Any) -> Any:
    return "" if value is None else value


@dataclass(frozen=True)
class Compiled:
    """A compiled template and the top-level names it reads (to point diagnostics at a field)."""

    render: Callable[[Mapping[str, Any]], str]
    names: frozenset[str]


class TextEngine:
    """Compiles layout templates once and turns rendered text into paragraph markup for one pack."""

    def __init__(self, pack: Pack) -> None:
        self.env = _Sandbox(autoescape=True, undefined=ChainableUndefined, finalize=_finalize)
        self.env.globals["describe"] = describe
        self.env.filters["describe"] = describe
        self.pack = pack
        self._compiled: dict[str, Compiled] = {}
        self._expressions: dict[str, Callable[..., Any]] = {}
        self._icon = linear(pack.markup.get("icon") or r":([a-z0-9-]+):")
        self._keyword = linear(pack.markup.get("keyword") or r"\[([A-Za-z][A-Za-z -]*?)\]")
        self._icon_face = family(DEFAULT_FAMILY).face()

    def compile(self, source: str) -> Compiled:
        """The compiled template (raises jinja2.TemplateSyntaxError)."""
        found = self._compiled.get(source)
        if found is None:
            template = self.env.from_string(source)
            names = frozenset(meta.find_undeclared_variables(self.env.parse(source)))
            found = self._compiled[source] = Compiled(template.render, names)
        return found

    def test(self, expression: str, context: Mapping[str, Any]) -> bool:
        """Whether a `when` expression holds for a card."""
        compiled = self._expressions.get(expression)
        if compiled is None:
            compiled = self._expressions[expression] = self.env.compile_expression(expression)
        return bool(compiled(**context))

    def markup(self, source: str, context: Mapping[str, Any]) -> str:
        """Paragraph markup of a template rendered for a card."""
        return self.decorate(self.compile(source).render(context))

    def decorate(self, text: str) -> str:
        """Icons, keywords, bold and italic in rendered (already escaped) text."""
        text = self._icon.sub(self._icon_markup, text)
        text = self._keyword.sub(lambda m: f"<b>{m.group(1)}</b>", text)
        text = _BOLD.sub(r"<b>\1</b>", text)
        text = _ITALIC.sub(r"<i>\1</i>", text)
        return text.replace("\n", "<br/>")

    def icon(self, name: str) -> Term | None:
        """The glossary icon of that name (None when it is not an icon)."""
        term = self.pack.term(name)
        return term if term is not None and term.kind == "icon" else None

    def _icon_markup(self, match: Any) -> str:
        term = self.icon(match.group(1))
        if term is None:
            return match.group(0)
        colour = f' color="{hex_colour(term.color)}"' if term.color and hex_colour(term.color) else ""
        if term.symbol:
            return f'<font name="{self._icon_face}"{colour}>{escape(term.symbol)}</font>'
        return f"<b>{escape(term.term)}</b>"


SKIPPED = frozenset({"id", "type", "name", "source", "assumed", "copies", "text", "notes"})


def describe(value: Any, skip: Any = ()) -> Markup:
    """A field value (mapping, list, scalar) as readable lines: `label: value`, one field a line, escaped."""
    if isinstance(value, Mapping):
        skipped = SKIPPED | set(skip)
        lines = [escape(f"{str(k).replace('_', ' ')}: ") + describe(v) for k, v in value.items()
                 if k not in skipped and v not in (None, "", [], {})]
        return Markup("<br/>").join(lines)
    if isinstance(value, list):
        short = all(not isinstance(v, (Mapping, list)) and len(str(v)) <= 24 for v in value)
        if short:
            return Markup(", ").join(describe(v) for v in value)
        return Markup("").join(Markup("<br/>• ") + describe(v) for v in value)
    if isinstance(value, bool):
        return escape("yes" if value else "no")
    return escape(value)


def plain(markup: str) -> str:
    """The characters paragraph markup prints (tags removed, entities decoded)."""
    return _ENTITY.sub(lambda m: _ENTITIES[m.group(0)], _TAGS.sub("", markup.replace("<br/>", "\n")))
