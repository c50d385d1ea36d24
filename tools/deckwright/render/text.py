"""Card text: jinja2 templates in a sandbox, escaped for reportlab paragraph markup, with icons and keywords.

A template is written by the layout's author and may contain paragraph markup (`<b>`); the values
it inserts come from cards and are escaped, so a card whose text holds `<`, `&` or `{{` prints those
characters and can neither inject markup nor run code. After rendering, the pack's icon markup
(`:sword:`) becomes the glossary symbol in the icon's colour, keyword markup (`[Leap]`, `[Poison 1]`)
is set in bold with its value and without its brackets, and `**bold**` / `*italic*` in card text become bold and italic.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from jinja2 import ChainableUndefined, TemplateError, meta
from markupsafe import Markup, escape

from deckwright.model import Pack
from deckwright.model.markup import keyword_text, marked
from deckwright.model.pack import DEFAULT_ICON_MARKUP, DEFAULT_KEYWORD_MARKUP, Term
from deckwright.patterns import PatternError, linear
from deckwright.render.colour import hex_colour
from deckwright.render.fonts import DEFAULT_FAMILY, family
from deckwright.sandbox import BudgetedSandbox, render_bounded

TEMPLATE_FAILURES = (TemplateError, TypeError, ValueError, ArithmeticError, LookupError, AttributeError,
                     RecursionError)
_BOLD = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?=\S)([^*]+?)(?<=\S)\*(?![\w*])")
_TAGS = re.compile(r"<[^>]*>")
_TAG_SPLIT = re.compile(r"(<[^>]*>)")
_ENTITIES = {"&lt;": "<", "&gt;": ">", "&#34;": '"', "&#39;": "'", "&quot;": '"', "&amp;": "&"}
_ENTITY = re.compile("|".join(map(re.escape, _ENTITIES)))


class _Sandbox(BudgetedSandbox):
    """The budgeted jinja2 sandbox (deckwright.sandbox) that layout text templates render in."""


def _pattern(expression: str | None, default: str) -> Any:
    """The pack's markup pattern on the linear-time engine; the default where it has none or one RE2
    refuses (the manifest's finding)."""
    try:
        return linear(expression or default)
    except PatternError:
        return linear(default)


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
        self.env.filters["name"] = self.name_of
        self.env.filters["amounts"] = amounts
        self.env.globals["entity"] = self.entity
        self.pack = pack
        self._compiled: dict[str, Compiled] = {}
        self._expressions: dict[str, Callable[..., Any]] = {}
        self._patterns = {"icon": _pattern(pack.markup.get("icon"), DEFAULT_ICON_MARKUP),
                          "keyword": _pattern(pack.markup.get("keyword"), DEFAULT_KEYWORD_MARKUP)}
        self._icon_face = family(DEFAULT_FAMILY).face()

    def compile(self, source: str) -> Compiled:
        """The compiled template (raises jinja2.TemplateSyntaxError)."""
        found = self._compiled.get(source)
        if found is None:
            template = self.env.from_string(source)
            names = frozenset(meta.find_undeclared_variables(self.env.parse(source)))
            found = self._compiled[source] = Compiled(partial(render_bounded, template), names)
        return found

    def test(self, expression: str, context: Mapping[str, Any]) -> bool:
        """Whether a `when` expression holds for a card."""
        return bool(self.evaluate(expression, context))

    def evaluate(self, expression: str, context: Mapping[str, Any]) -> Any:
        """The value of an expression (a `when` or a `repeat`'s list) for a card."""
        compiled = self._expressions.get(expression)
        if compiled is None:
            compiled = self._expressions[expression] = self.env.compile_expression(expression)
        return compiled(**context)

    def markup(self, source: str, context: Mapping[str, Any]) -> str:
        """Paragraph markup of a template rendered for a card."""
        return self.decorate(self.compile(source).render(context))

    def decorate(self, text: str) -> str:
        """Icons, keywords, bold and italic in rendered (already escaped) text.

        Markup is found in the characters a reader sees: each run between the template's own tags is
        unescaped, matched (so `[Ranger's Mark 2]` matches although its quote arrives as `&#39;`) and
        escaped again piece by piece.
        """
        text = "".join(piece if _TAGS.fullmatch(piece) else self._marked_run(html.unescape(piece))
                       for piece in _TAG_SPLIT.split(text))
        text = _BOLD.sub(r"<b>\1</b>", text)
        text = _ITALIC.sub(r"<i>\1</i>", text)
        return text.replace("\n", "<br/>")

    def _marked_run(self, run: str) -> str:
        pieces = []
        for kind, found in marked(run, self._patterns):
            if isinstance(found, str):
                pieces.append(str(escape(found)))
            elif kind == "icon":
                pieces.append(self._icon_markup(found))
            else:
                pieces.append(f"<b>{escape(keyword_text(found))}</b>")
        return "".join(pieces)

    def name_of(self, value: Any, joiner: str = ", ") -> str:
        """The name of the entity an id refers to (ids in a list: their names joined); other values as they are."""
        if isinstance(value, (list, tuple)):
            return joiner.join(self.name_of(v) for v in value)
        found = self.pack.by_id.get(value) if isinstance(value, str) else None
        return found.name if found is not None else ("" if value is None else str(value))

    def entity(self, value: Any) -> Mapping[str, Any]:
        """The fields of the entity an id refers to (with its `name`), empty when there is none."""
        found = self.pack.by_id.get(value) if isinstance(value, str) else None
        return {**found.data, "name": found.name, "id": found.id} if found is not None else {}

    def icon(self, name: str) -> Term | None:
        """The glossary icon of that name (None when it is not an icon)."""
        term = self.pack.term(name)
        return term if term is not None and term.kind == "icon" else None

    def _icon_markup(self, match: Any) -> str:
        term = self.icon(match.group(1))
        if term is None:
            return str(escape(match.group(0)))
        colour = f' color="{hex_colour(term.color)}"' if term.color and hex_colour(term.color) else ""
        if term.symbol:
            return f'<font name="{self._icon_face}"{colour}>{escape(term.symbol)}</font>'
        return f"<b>{escape(term.term)}</b>"


def amounts(value: Any, labels: Mapping[str, str] | None = None, joiner: str = ", ") -> str:
    """A mapping of counts in words: `{coins: 70, reputation: 2}` reads `70 coins, 2 reputation`.

    `labels` renames fields (`{xp: "experience"}`); zero, empty and missing amounts are left out.
    """
    if not isinstance(value, Mapping):
        return "" if value is None else str(value)
    names = labels or {}
    return joiner.join(f"{amount} {names.get(key, str(key).replace('_', ' '))}" for key, amount in value.items()
                       if amount not in (None, "", 0, [], {}) and not isinstance(amount, (Mapping, list)))


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
