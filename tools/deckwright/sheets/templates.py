"""The sandboxed jinja2 environment of the sheets: built-in templates, overridable by a pack's own.

A pack overrides a built-in template by shipping a file of the same name under `templates/`
(for example `templates/glossary.html.j2` or `templates/sheets.css.j2`), read through a files
rule of kind `assets`. Every template, built-in or the pack's, runs in an immutable sandbox with
autoescaping on; a pack template that does not parse, breaks the sandbox or fails is reported and
the built-in template of that name is used instead.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from jinja2 import (
    ChoiceLoader,
    FunctionLoader,
    PackageLoader,
    StrictUndefined,
    TemplateSyntaxError,
)
from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError

from deckwright.diagnostic import Diagnostic, Location
from deckwright.model.files import display_path
from deckwright.model.pack import Pack
from deckwright.sandbox import BudgetedSandbox
from deckwright.sheets import codes

TEMPLATE_FOLDER = "templates/"
TEMPLATE_SUFFIXES = (".j2", ".css")
MAX_TEMPLATE_BYTES = 256 * 1024
MAX_OUTPUT_CHARS = 32 * 1024 * 1024


@dataclass(frozen=True)
class PackTemplate:
    """A template a pack ships: its name (path under templates/), file as shown, and text."""

    name: str
    file: str
    source: str


class SheetSandbox(BudgetedSandbox, ImmutableSandboxedEnvironment):
    """The budgeted sandbox (deckwright.sandbox), with lists and dicts of the context read-only."""


def pack_templates(pack: Pack) -> tuple[dict[str, PackTemplate], list[Diagnostic]]:
    """The templates a pack ships under templates/, and what is wrong with them (too large, invalid)."""
    found: dict[str, PackTemplate] = {}
    diagnostics = []
    for rel in pack.assets:
        if not rel.startswith(TEMPLATE_FOLDER) or not rel.endswith(TEMPLATE_SUFFIXES):
            continue
        path = pack.root / rel
        file = Location(display_path(pack.display, rel), 1, 1)
        if path.stat().st_size > MAX_TEMPLATE_BYTES:
            diagnostics.append(codes.TEMPLATE_TOO_LARGE.at(file, f"{rel} is larger than {MAX_TEMPLATE_BYTES} bytes"))
            continue
        found[rel[len(TEMPLATE_FOLDER):]] = PackTemplate(rel[len(TEMPLATE_FOLDER):], file.file,
                                                         path.read_text(encoding="utf-8", errors="replace"))
    valid = {}
    for name, template in found.items():
        try:
            environment({}).parse(template.source, name, template.file)
        except TemplateSyntaxError as exc:
            diagnostics.append(codes.TEMPLATE_SYNTAX.at(Location(template.file, exc.lineno or 1, 1), exc.message or str(exc),
                                                        hint=f"the built-in {name} is used instead"))
            continue
        valid[name] = template
    return valid, diagnostics


def environment(overrides: Mapping[str, PackTemplate]) -> SheetSandbox:
    """A sandboxed environment: the pack's templates first, then the built-in ones."""
    def load(name: str) -> tuple[str, str, Callable[[], bool]] | None:
        template = overrides.get(name)
        return None if template is None else (template.source, template.file, lambda: True)

    loader = ChoiceLoader([FunctionLoader(load), PackageLoader("deckwright.sheets", "templates")])
    return SheetSandbox(loader=loader, autoescape=True, undefined=StrictUndefined, trim_blocks=True,
                        lstrip_blocks=True, keep_trailing_newline=True)


def render(env: SheetSandbox, name: str, context: Mapping[str, Any]) -> str:
    """The template rendered over `context`, refused past MAX_OUTPUT_CHARS."""
    parts: list[str] = []
    size = 0
    for chunk in env.get_template(name).generate(dict(context)):
        size += len(chunk)
        if size > MAX_OUTPUT_CHARS:
            raise SecurityError(f"output larger than {MAX_OUTPUT_CHARS} characters")
        parts.append(chunk)
    return "".join(parts)


def render_with_fallback(overrides: Mapping[str, PackTemplate], name: str, context: Mapping[str, Any]
                         ) -> tuple[str, list[Diagnostic]]:
    """Render with the pack's templates; on their failure, report it and render with the built-in ones."""
    if not overrides:
        return render(environment({}), name, context), []
    try:
        return render(environment(overrides), name, context), []
    except Exception as exc:  # the pack's template code failed: whatever it raised is a finding about it
        return render(environment({}), name, context), [_failure(exc, overrides, name)]


def _failure(exc: Exception, overrides: Mapping[str, PackTemplate], name: str) -> Diagnostic:
    files = {t.file for t in overrides.values()}
    where = Location(overrides[name].file if name in overrides else next(iter(sorted(files))), 1, 1)
    tb: types.TracebackType | None = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename in files:
            where = Location(tb.tb_frame.f_code.co_filename, tb.tb_lineno, 1)
        tb = tb.tb_next
    code = codes.TEMPLATE_REFUSED if isinstance(exc, SecurityError) else codes.TEMPLATE_FAILED
    return code.at(where, f"{type(exc).__name__}: {exc}", hint=f"{name} was rendered with the built-in templates")
