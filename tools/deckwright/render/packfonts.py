"""Fonts a pack ships: TrueType files inside the pack, named in a layouts file's `fonts` table.

```yaml
fonts:
  display: {regular: fonts/Display-Regular.ttf, bold: fonts/Display-Bold.ttf, licence: fonts/OFL.txt}
```

A layout element then says `font: display`. Each family must name its licence (a file in the pack
or a licence id) so whoever prints the cards can see that embedding is allowed. Files are read only
from inside the pack, up to MAX_FONT_BYTES each, and must be TrueType (an OpenType font with
TrueType outlines); anything else is a diagnostic and the element falls back to the default family.
A pack family is registered under a name made from its files' digest, so two packs with a family of
the same name never meet in reportlab's process-wide registry.
"""

from __future__ import annotations

import hashlib
import io
import struct
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from reportlab.pdfbase.ttfonts import TTFError, TTFont

from deckwright.diagnostic import Diagnostic, Location
from deckwright.loading import Document
from deckwright.model import Pack
from deckwright.model.files import escapes, inside
from deckwright.render import codes
from deckwright.render.fonts import FAMILIES, STYLES, Family
from deckwright.schema import did_you_mean

MAX_FONT_BYTES = 16 * 1024 * 1024


@dataclass
class FontTable:
    """The families a pack's layouts may name: the shipped ones and the pack's own."""

    families: dict[str, Family] = field(default_factory=lambda: dict(FAMILIES))
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def unknown(self, name: str, where: Location) -> None:
        """Report an element's font family that is neither shipped nor the pack's."""
        self.diagnostics.append(codes.FONT_PROBLEM.at(
            where, f"no font family '{name}'", hint=did_you_mean(name, self.families) or
            f"shipped families: {', '.join(FAMILIES)}; a pack adds its own under `fonts:` in a layouts file"))


def pack_fonts(pack: Pack) -> FontTable:
    """The pack's font families from every layouts file (the first definition of a name wins)."""
    table = FontTable()
    for doc in pack.layouts.files:
        data = doc.data if isinstance(doc.data, dict) else {}
        fonts = data.get("fonts")
        if not isinstance(fonts, Mapping):
            continue
        for name, spec in fonts.items():
            name = str(name)
            if name in FAMILIES:
                table.diagnostics.append(codes.FONT_PROBLEM.at(
                    doc.locate(("fonts", name), key=True), f"font family '{name}' has a shipped family's name",
                    hint="give the pack's family another name"))
            elif name not in table.families and isinstance(spec, Mapping):
                found = _family(pack, name, spec, doc, ("fonts", name), table.diagnostics)
                if found is not None:
                    table.families[name] = found
    return table


def _family(pack: Pack, name: str, spec: Mapping[str, object], doc: Document, parts: tuple[str, ...],
            found: list[Diagnostic]) -> Family | None:
    """The family a `fonts` entry describes, every file checked; None without a usable regular style."""
    files: dict[str, Path] = {}
    digest = hashlib.sha256()
    for style in STYLES:
        rel = spec.get(style)
        if not isinstance(rel, str):
            continue
        data, problem = _read(pack.root, rel)
        if data is None:
            found.append(codes.FONT_PROBLEM.at(doc.locate((*parts, style)), problem,
                                               hint="ship a TrueType font (.ttf, or .otf with TrueType outlines) "
                                                    "inside the pack"))
            continue
        digest.update(style.encode() + b"\0" + data)
        files[style] = (pack.root / rel).resolve()
    if "regular" not in files:
        if "regular" not in spec:
            found.append(codes.FONT_PROBLEM.at(doc.locate(parts), f"font family '{name}' has no regular style",
                                               hint="name the regular style's file under `regular:`"))
        return None
    return Family(f"pack-{digest.hexdigest()[:16]}", files)


def _read(root: Path, rel: str) -> tuple[bytes | None, str]:
    """The bytes of a font file that reportlab can embed, or None and what is wrong with it."""
    path = root / rel
    if escapes(rel) or not inside(root, path):
        return None, f"font file '{rel}' lies outside the pack folder"
    if not path.is_file():
        return None, f"font file '{rel}' does not exist"
    if path.suffix.lower() not in (".ttf", ".otf"):
        return None, f"font file '{rel}' is not a .ttf or .otf file"
    if path.stat().st_size > MAX_FONT_BYTES:
        return None, f"font file '{rel}' is larger than {MAX_FONT_BYTES // (1024 * 1024)} MB"
    data = path.read_bytes()
    try:
        TTFont(f"DW-check-{hashlib.sha256(data).hexdigest()[:16]}", io.BytesIO(data))
    except (TTFError, ValueError, KeyError, IndexError, struct.error, OSError) as exc:
        return None, f"font file '{rel}' cannot be embedded: {exc}"
    return data, ""
