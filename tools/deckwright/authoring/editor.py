"""Editor association: every content file mapped to a JSON Schema the YAML language server can read.

The core schemas' `$id`s (https://deckwright.dev/schema/core/...) are names, not served URLs, so
an editor cannot fetch them. Every schema a pack uses is therefore exported into one folder with
its `$ref`s rewritten to relative file paths, and each entities file gets a small wrapper schema
(one entity or a list of them, each checked against its own type's schema by its `type`).
"""

from __future__ import annotations

import json
import os
import posixpath
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urldefrag, urljoin

from deckwright.errors import DeckwrightError
from deckwright.model import Pack
from deckwright.model.load import CORE_SCHEMA_OF, schema_file_uri
from deckwright.model.manifest import file_rules
from deckwright.schema import SchemaStore, core_uri
from deckwright.schema.store import CORE_BASE

EDITORS = ("vscode",)
SETTINGS = {"vscode": Path(".vscode") / "settings.json"}
_DRAFT = "https://json-schema.org/draft/2020-12/schema"


@dataclass(frozen=True)
class Export:
    """The schema files to write (path -> contents) and which globs each file's schema covers."""

    files: Mapping[Path, Any]
    associations: Mapping[str, tuple[str, ...]]


def export_schemas(packs: Sequence[tuple[Pack, SchemaStore]], folder: Path, root: Path) -> Export:
    """Every schema the packs use, exported under `folder`, and the content globs of each (relative to root)."""
    targets: dict[str, Path] = {}
    for pack, store in packs:
        for uri, source in store.by_uri.items():
            if uri.startswith(CORE_BASE):
                targets[uri] = _confined(folder, Path("core") / uri[len(CORE_BASE):], uri)
            elif source.doc is not None:
                targets[uri] = _confined(folder, Path(pack.id) / Path(source.doc.relpath).name, uri)
    files: dict[Path, Any] = {}
    for pack, store in packs:
        for uri, source in store.by_uri.items():
            if uri in targets:
                files[targets[uri]] = _relocated(source.contents, uri, targets[uri].parent, targets)
    associations: dict[str, list[str]] = {}
    for pack, store in packs:
        for path, schema, globs in _pack_files(pack, store, folder, targets, root):
            if schema is not None:
                files[path] = schema
            associations.setdefault(_relative(path, root), []).extend(globs)
    return Export(files, {k: tuple(dict.fromkeys(v)) for k, v in associations.items()})


def _confined(folder: Path, relative: Path, uri: str) -> Path:
    """`folder / relative`, normalised; a DeckwrightError (nothing is written) if that leads out of `folder`."""
    target = Path(os.path.normpath(folder / relative))
    if relative.is_absolute() or not target.is_relative_to(Path(os.path.normpath(folder))) or target == folder:
        raise DeckwrightError(f"schema {uri} would be exported to {target}, outside {folder}; nothing was written")
    return target


def vscode_settings(existing: Mapping[str, Any], export: Export, folder: str) -> dict[str, Any]:
    """VS Code settings with `yaml.schemas` pointing content at the exported schemas (others kept)."""
    settings = dict(existing)
    schemas = {k: v for k, v in dict(settings.get("yaml.schemas") or {}).items()
               if not k.startswith(folder.rstrip("/") + "/")}
    schemas.update({key: list(globs) for key, globs in sorted(export.associations.items())})
    settings["yaml.schemas"] = schemas
    return settings


def read_settings(path: Path) -> dict[str, Any]:
    """An editor's settings file (empty if absent), read as VS Code does: JSON with comments and
    trailing commas; DeckwrightError if it cannot be merged."""
    if not path.exists():
        return {}
    try:
        data = json.loads(strip_jsonc(path.read_text(encoding="utf-8")) or "{}")
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DeckwrightError(f"{path}: cannot merge into it ({exc}); fix it or merge by hand") from exc
    if not isinstance(data, dict):
        raise DeckwrightError(f"{path}: expected a JSON object")
    return data


def strip_jsonc(text: str) -> str:
    """JSON-with-comments as plain JSON: `//` and `/* */` comments and trailing commas removed
    (outside strings), every other character kept, so error positions still match the file."""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        char = text[i]
        if char == '"':
            end = i + 1
            while end < n and text[end] != '"':
                end += 2 if text[end] == "\\" else 1
            out.append(text[i:end + 1])
            i = end + 1
        elif text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            out.append(" " * (end - i))
            i = end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append("".join(c if c == "\n" else " " for c in text[i:end]))
            i = end
        elif char == "," and _next_significant(text, i + 1) in ("}", "]"):
            out.append(" ")
            i += 1
        else:
            out.append(char)
            i += 1
    return "".join(out)


def _next_significant(text: str, start: int) -> str:
    """The next character after `start` that is neither white space nor inside a comment."""
    i = start
    while i < len(text):
        if text[i].isspace():
            i += 1
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = len(text) if end < 0 else end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = len(text) if end < 0 else end + 2
        else:
            return text[i]
    return ""


def _pack_files(pack: Pack, store: SchemaStore, folder: Path, targets: Mapping[str, Path],
                root: Path) -> list[tuple[Path, Any, list[str]]]:
    """(schema file, contents to write or None, content globs) for the manifest and each files rule."""
    base = _relative(pack.files_root, root)  # `files` globs are relative to the database folder `root:` names
    found: list[tuple[Path, Any, list[str]]] = [
        (targets[core_uri("pack")], None, [posixpath.join(_relative(pack.root, root), "pack.yaml")])]
    schema_folder = pack.schema_folder
    wrapper = folder / pack.id / "entities.schema.json"
    for rule in file_rules(pack.manifest.data):
        globs = [posixpath.join(base, g) for g in rule.include if g.endswith((".yaml", ".yml"))]
        if not globs:
            continue
        if rule.kind in CORE_SCHEMA_OF:
            core = targets.get(core_uri(CORE_SCHEMA_OF[rule.kind]))
            if core is not None:
                found.append((core, None, globs))
        elif rule.kind == "entities" and not rule.records:
            types = ({rule.type: pack.types[rule.type]} if rule.type is not None and rule.type in pack.types
                     else dict(pack.types))
            refs = {name: _relative(targets[uri], wrapper.parent) for name, spec in types.items()
                    if spec.schema and (uri := schema_file_uri(store, schema_folder, spec.schema)) in targets}
            found.append((wrapper if rule.type is None else folder / pack.id / f"entities-{rule.type}.schema.json",
                          _entities_schema(pack.name, refs, typed=rule.type is None), globs))
    return found


def _entities_schema(name: str, refs: Mapping[str, str], *, typed: bool) -> dict[str, Any]:
    """One entity or a list of them; with `typed`, each is checked against the schema its `type` names."""
    if typed:
        one: dict[str, Any] = {
            "type": "object",
            "required": ["type"],
            "properties": {"type": {"enum": sorted(refs), "description": "A type declared in the pack manifest."}},
            "allOf": [{"if": {"properties": {"type": {"const": t}}, "required": ["type"]}, "then": {"$ref": ref}}
                      for t, ref in sorted(refs.items())],
        }
    else:
        one = {"$ref": next(iter(refs.values()))} if refs else {"type": "object"}
    return {"$schema": _DRAFT, "title": f"{name} entities",
            "description": "A content file of the pack: one entity, or a list of entities.",
            "anyOf": [{"type": "array", "items": one}, one]}


def _relocated(schema: Any, uri: str, folder: Path, targets: Mapping[str, Path]) -> Any:
    """The schema with `$ref`s to exported schemas as relative paths, and no `$id` to resolve against."""
    def walk(node: Any) -> Any:
        if isinstance(node, list):
            return [walk(item) for item in node]
        if not isinstance(node, dict):
            return node
        result = {}
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                target, fragment = urldefrag(urljoin(uri, value))
                if target in targets and not value.startswith("#"):
                    value = _relative(targets[target], folder) + (f"#{fragment}" if fragment else "")
            elif key == "$id" and node is schema:
                continue
            result[key] = walk(value)
        return result

    return walk(schema)


def _relative(path: Path, start: Path) -> str:
    return Path(os.path.relpath(path, start)).as_posix()
