"""External references of SVG art: an SVG may only name files inside its pack.

svglib follows `<image href>` and `<use href>` to files relative to the SVG (and to the SVGs those
name), so an SVG in the pack could pull any readable file of the machine into a proof. Before an
SVG is drawn, every reference in it, and in the SVGs it names, is resolved the way svglib resolves
it (relative to the referring file, links followed); one that leads outside the pack, is absolute
or names a URL keeps the whole SVG out of the proof, with a diagnostic. CSS `url(...)` values are
held to the same rule (svglib draws only `url(#id)` from them, but a pack should not name more).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from lxml import etree

_URL = re.compile(r"url\(\s*['\"]?([^'\")]*)['\"]?\s*\)", re.IGNORECASE)
_IMPORT = re.compile(r"@import\s+['\"]([^'\"]*)['\"]", re.IGNORECASE)
_EMBEDDED = re.compile(r"^data:", re.IGNORECASE)
_MAX_FILES = 64  # SVGs followed through references, per drawn SVG


def outside_references(svg: Path, root: Path) -> list[str]:
    """References of `svg` (and of the pack SVGs it names) that do not lead to a file inside `root`."""
    root = root.resolve()
    todo, seen, refused = [svg.resolve()], set[Path](), list[str]()
    while todo and len(seen) < _MAX_FILES:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        for reference in _references(current):
            target = _target(current, reference, root)
            if target is None:
                refused.append(reference)
            elif target.suffix.lower() in (".svg", ".svgz") and target.is_file():
                todo.append(target)
    return refused


def _references(svg: Path) -> list[str]:
    """Every file an SVG names: href attributes, CSS url() and @import; fragments and data: URIs excepted."""
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, recover=True)
    try:
        tree = etree.parse(str(svg), parser)
    except (etree.Error, OSError, ValueError):
        return []
    root = tree.getroot()
    if root is None:
        return []
    found: list[str] = []
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        for name, value in element.attrib.items():
            local = etree.QName(name).localname
            if local == "href":
                found.append(value.strip())
            elif local == "style" or "url(" in value:
                found.extend(_URL.findall(value))
        if etree.QName(element).localname == "style" and element.text:
            found.extend(_URL.findall(element.text) + _IMPORT.findall(element.text))
    return [r for r in found if r and not r.startswith("#") and not _EMBEDDED.match(r)]


def _target(svg: Path, reference: str, root: Path) -> Path | None:
    """The file a reference names, if it lies inside `root`; None for URLs, absolute paths and escapes."""
    iri = reference.split("#", 1)[0]
    if not iri:
        return svg
    if "\0" in iri or ":" in iri.split("/", 1)[0] or os.path.isabs(iri):
        return None
    path = Path(os.path.normpath(os.path.join(os.path.dirname(svg), iri)))
    try:
        resolved = path.resolve()
    except (OSError, RuntimeError):
        return None
    return resolved if resolved == root or root in resolved.parents else None
