"""The resolved, immutable model of a pack that every stage after loading works on."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Any, TypeVar

from deckwright.diagnostic import Citation, CodeFilter, Location
from deckwright.loading import Document
from deckwright.model.citations import citations
from deckwright.model.layouts import Layouts
from deckwright.model.rules import Rules

CARD_SIZES_MM: Mapping[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),
    "bridge": (57.2, 88.9),
    "tarot": (70.0, 120.0),
    "mini": (44.45, 63.5),
    "euro-mini": (44.0, 68.0),
    "square": (70.0, 70.0),
}
DEFAULT_ICON_MARKUP = r":([a-z0-9-]+):"
DEFAULT_KEYWORD_MARKUP = r"\[([A-Za-z][\w '&-]*?)(?: [0-9X]+)?\]"

T = TypeVar("T")


@dataclass(frozen=True)
class TypeSpec:
    """An entity type: its schema (None: ids and references only), card size, layout, reference fields,
    the text fields scanned for markup (none unless named), the fields a translation may carry, and
    whether its entities are the game's scenarios."""

    id: str
    schema: str | None
    title: str
    size: str | None = None
    layout: str | None = None
    refs: tuple[tuple[str, str], ...] = ()
    text: tuple[str, ...] = ()
    translatable: tuple[str, ...] | None = None
    scenario: bool = False


def ref_targets(target: str) -> tuple[str, ...]:
    """The types a reference declaration names (`set`, `set | cycle`, `*` for any type)."""
    return tuple(t.strip() for t in target.split("|") if t.strip())


@dataclass(frozen=True, slots=True)
class Entity:
    """A card, token, item, scenario...: its data as written, and where it is written (slots: a pack of
    100,000 cards holds as many, some 100 bytes each instead of 330 with an attribute dictionary)."""

    id: str
    type: str
    name: str
    copies: int
    data: Mapping[str, Any]
    doc: Document
    parts: tuple[Any, ...]
    id_field: str | None = "id"

    @classmethod
    def of_record(cls, id: str, type: str, name: str, copies: int, data: Mapping[str, Any], doc: Document,
                  parts: tuple[Any, ...], id_field: str | None) -> Entity:
        """The entity of one record, every field given: the same object as the constructor's, its fields set
        through their slots rather than the frozen assignment (loading builds one per record; that was a
        quarter of a warm re-lint's entity reading)."""
        entity = object.__new__(cls)
        _SET_ID(entity, id)
        _SET_TYPE(entity, type)
        _SET_NAME(entity, name)
        _SET_COPIES(entity, copies)
        _SET_DATA(entity, data)
        _SET_DOC(entity, doc)
        _SET_PARTS(entity, parts)
        _SET_ID_FIELD(entity, id_field)
        return entity

    @property
    def anonymous(self) -> bool:
        """A record read from a files rule that declares no id field (rulings, ...): checked, never found by id."""
        return self.id_field is None

    def locate_id(self) -> Location:
        """Where the entity's id is written (the record's start when it has none)."""
        if self.id_field is not None and self.id_field in self.data:
            return self.locate(self.id_field)
        return self.locate()

    def locate(self, *field: Any, key: bool = False) -> Location:
        """Location of the entity, or of one of its fields (a path of keys and indices)."""
        return self.doc.locate(self.parts + tuple(field), key=key)

    def get(self, name: str, default: Any = None) -> Any:
        return self.data.get(name, default)

    @property
    def sources(self) -> tuple[Citation, ...]:
        return citations(self.data.get("source"))


# The slots' own setters, which the frozen class's assignment refuses (Entity.of_record).
(_SET_ID, _SET_TYPE, _SET_NAME, _SET_COPIES, _SET_DATA, _SET_DOC, _SET_PARTS, _SET_ID_FIELD) = (
    Entity.__dict__[name].__set__ for name in ("id", "type", "name", "copies", "data", "doc", "parts", "id_field"))


def _number(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


@dataclass(frozen=True)
class Selection:
    """Entities chosen by type, field values and ids; an empty selection chooses nothing."""

    types: tuple[str, ...] = ()
    where: Mapping[str, Any] = field(default_factory=dict)
    ids: tuple[str, ...] = ()
    sum: str | None = None

    @classmethod
    def from_mapping(cls, raw: Mapping[str, Any] | None) -> Selection | None:
        if not raw:
            return None
        types = raw.get("type", ())
        return cls(
            types=(types,) if isinstance(types, str) else tuple(types),
            where=dict(raw.get("where") or {}),
            ids=tuple(raw.get("ids") or ()),
            sum=raw.get("sum"),
        )

    def matches(self, entity: Entity) -> bool:
        if self.types and entity.type not in self.types:
            return False
        if self.ids and entity.id not in self.ids:
            return False
        for key, wanted in self.where.items():
            value = entity.data.get(key)
            if isinstance(wanted, list):
                if value not in wanted:
                    return False
            elif value != wanted:
                return False
        return True


@dataclass(frozen=True)
class Deck:
    id: str
    name: str
    select: Selection | None
    count: int | None
    back: str | None
    index: int


@dataclass(frozen=True)
class Component:
    id: str
    name: str
    count: int
    select: Selection | None
    index: int
    sources: tuple[Citation, ...] = ()
    assumed: str | None = None


@dataclass(frozen=True)
class Term:
    """A glossary entry: keyword, icon, condition, token..."""

    term: str
    kind: str
    meaning: str
    index: int
    aliases: tuple[str, ...] = ()
    symbol: str | None = None
    color: str | None = None

    @property
    def names(self) -> tuple[str, ...]:
        return (self.term, *self.aliases)


@dataclass(frozen=True)
class Source:
    """A document the pack cites."""

    id: str
    file: str
    title: str
    lines: int | None = None


@dataclass(frozen=True)
class Markup:
    """An inline markup pattern of card text, and what its captured term must name.

    `check` is "glossary" (a glossary term), "type" (an entity of `type`, by `field`, its id when
    None) or None (markup that is recognised, like `<b>`, and never checked).
    """

    name: str
    pattern: str
    check: str | None = "glossary"
    type: str | None = None
    field: str | None = None


DEFAULT_MARKUP = (Markup("icon", DEFAULT_ICON_MARKUP), Markup("keyword", DEFAULT_KEYWORD_MARKUP))


@dataclass(frozen=True)
class Acknowledgement:
    """A finding the pack accepts: its code, subject and the fingerprint of the values it showed, and where
    the manifest lists it (`index` in `acknowledged`). `match` is the refused old form (a piece of the
    message or path), kept only to report it."""

    code: str
    reason: str
    index: int
    doc: Document
    subject: str | None = None
    values: str | None = None
    count: int | None = None
    match: str | None = None

    def locate(self, *field: Any) -> Location:
        """Where the entry (or one of its fields) is written in the manifest."""
        return self.doc.locate(("acknowledged", self.index, *field))


@dataclass(frozen=True)
class Pack:
    """A loaded pack. Stages read it; none changes it or re-reads its files."""

    id: str
    name: str
    version: str
    root: Path
    display: str
    manifest: Document
    players: tuple[int, int]
    engine: str | None
    types: Mapping[str, TypeSpec]
    entities: tuple[Entity, ...]
    decks: tuple[Deck, ...] = ()
    components: tuple[Component, ...] = ()
    glossary: tuple[Term, ...] = ()
    sources: tuple[Source, ...] = ()
    acknowledged: tuple[Acknowledgement, ...] = ()
    sizes: Mapping[str, tuple[float, float]] = field(default_factory=dict)
    markup: Mapping[str, str] = field(default_factory=dict)
    rules: Rules = Rules()
    layouts: Layouts = Layouts()
    engine_files: tuple[Document, ...] = ()
    assets: tuple[str, ...] = ()
    translations: Mapping[str, Mapping[tuple[str, str], Mapping[str, Any]]] = field(default_factory=dict)  # locale -> (type, id)
    documents: tuple[Document, ...] = ()
    namespaces: Mapping[str, str] = field(default_factory=dict)
    locales: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    content_root: Path | None = None
    marks: tuple[Markup, ...] = DEFAULT_MARKUP
    unreadable: frozenset[str] = frozenset()  # types with a file that does not parse: their ids are incomplete
    codes: CodeFilter = field(default_factory=lambda: CodeFilter())

    @property
    def files_root(self) -> Path:
        """The folder content files and art are read from: the database folder `root:` names, else the pack folder."""
        return self.content_root or self.root

    @property
    def schema_folder(self) -> Path:
        """The folder the pack's schemas are read from (`schemas`, relative to the database folder after `{root}/`)."""
        return schemas_folder(self.root, self.content_root, self.manifest.data)

    @property
    def folders(self) -> tuple[Path, ...]:
        """Every folder the pack reads its own files from: the pack, its database (`root:`) and its schemas."""
        found: list[Path] = []
        for folder in (self.root, self.files_root, self.schema_folder):
            if not any(folder.resolve().is_relative_to(f.resolve()) for f in found):
                found.append(folder)
        return tuple(found)

    # Indexes later stages build over this pack, once (`derived`); a `replace`d pack starts empty.
    _derived: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def derived(self, key: str, build: Callable[[Pack], T]) -> T:
        """The value `build(self)`, computed the first time `key` is asked for and kept with the pack."""
        if key not in self._derived:
            self._derived[key] = build(self)
        value: T = self._derived[key]
        return value

    def seeded(self, key: str, value: Any) -> Pack:
        """A copy of this pack whose `derived(key)` is `value` (a what-if: the same pack with other facts)."""
        copy = replace(self)
        copy._derived[key] = value
        return copy

    @cached_property
    def by_id(self) -> Mapping[str, Entity]:
        """Entities by id whatever their type (the first, where types share an id)."""
        index: dict[str, Entity] = {}
        for entity in self.entities:
            if entity.id_field is not None:  # not anonymous
                index.setdefault(entity.id, entity)
        return index

    def namespace(self, type_id: str) -> str:
        """The id namespace of a type: its own, unless the manifest makes types share one."""
        return self.namespaces.get(type_id, type_id)

    @cached_property
    def by_namespace(self) -> Mapping[str, Mapping[str, Entity]]:
        """Entities by namespace, then id (the first, where an id is duplicated: lint reports the rest); the index by
        type itself when no types share a namespace (each type is its own)."""
        namespaces = self.namespaces
        if all(shared == type_id for type_id, shared in namespaces.items()):
            return self.by_type
        index: dict[str, dict[str, Entity]] = {}
        for entity in self.entities:
            if entity.id_field is not None:  # not anonymous
                index.setdefault(namespaces.get(entity.type, entity.type), {}).setdefault(entity.id, entity)
        return index

    @cached_property
    def by_type(self) -> Mapping[str, Mapping[str, Entity]]:
        """Entities by type, then id (the first of a type, where an id is duplicated)."""
        index: dict[str, dict[str, Entity]] = {}
        for entity in self.entities:
            if entity.id_field is not None:  # not anonymous
                index.setdefault(entity.type, {}).setdefault(entity.id, entity)
        return index

    def find(self, entity_id: str, types: Sequence[str] = ("*",)) -> Entity | None:
        """The entity of one of `types` (`*`: any) with this id."""
        if "*" in types:
            return self.by_id.get(entity_id)
        for type_id in types:
            found = self.by_type.get(type_id, {}).get(entity_id)
            if found is not None:
                return found
        return None

    def of_type(self, *types: str) -> Iterator[Entity]:
        return (e for e in self.entities if e.type in types)

    def select(self, selection: Selection | None) -> list[Entity]:
        if selection is None:
            return []
        return [e for e in self.entities if selection.matches(e)]

    def count(self, selection: Selection | None) -> int:
        """Physical pieces chosen by the selection (copies counted; the `sum` field's value when it names one)."""
        if selection is not None and selection.sum:
            return sum(e.copies * _number(e.get(selection.sum)) for e in self.select(selection))
        return sum(e.copies for e in self.select(selection))

    def locate(self, *parts: Any, key: bool = False) -> Location:
        """Location inside the manifest."""
        return self.manifest.locate(parts, key=key)

    def card_size(self, type_id: str) -> tuple[float, float] | None:
        spec = self.types.get(type_id)
        if spec is None or spec.size is None:
            return None
        return self.sizes.get(spec.size) or CARD_SIZES_MM.get(spec.size)

    def term(self, name: str) -> Term | None:
        return self.terms_by_name.get(name.casefold())

    @cached_property
    def terms_by_name(self) -> Mapping[str, Term]:
        index: dict[str, Term] = {}
        for term in self.glossary:
            for name in term.names:
                index.setdefault(name.casefold(), term)
        return index

    def source(self, doc_id: str) -> Source | None:
        return next((s for s in self.sources if s.id == doc_id), None)


def walk_path(data: Any, path: str) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Values at a dotted field path with their own paths.

    A segment is a field (`a`), every item of a list field (`a[]`), every value of a mapping (`*`,
    `*[]` when those values are lists) or the keys of a mapping field (`a{}`, last segment only: the
    path then ends at the key, which is located with `key=True`).
    """

    def children(value: Any, head: str, at: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], Any]]:
        each = head.endswith("[]")
        name = head[:-2] if each else head
        if name.endswith("{}"):
            field = value.get(name[:-2]) if isinstance(value, dict) else None
            if isinstance(field, dict):
                yield from ((at + (name[:-2], key), key) for key in field)
            return
        if name == "*":
            found = list(value.items()) if isinstance(value, dict) else []
        elif isinstance(value, dict) and name in value:
            found = [(name, value[name])]
        else:
            found = []
        for key, child in found:
            if each:
                if isinstance(child, list):
                    yield from ((at + (key, i), item) for i, item in enumerate(child))
            else:
                yield at + (key,), child

    def step(value: Any, parts: Sequence[str], at: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], Any]]:
        if not parts:
            if isinstance(value, list):
                for i, item in enumerate(value):
                    yield at + (i,), item
            elif value is not None:
                yield at, value
            return
        for where, child in children(value, parts[0], at):
            if parts[0].endswith("{}"):
                yield where, child
            else:
                yield from step(child, parts[1:], where)

    if "." in path or "*" in path or "{" in path or not isinstance(data, dict):
        yield from step(data, path.split("."), ())
        return
    # One field (`a` or `a[]`), by far the most common reference path: no recursion.
    name = path[:-2] if path.endswith("[]") else path
    value = data.get(name)
    if isinstance(value, list):
        for i, item in enumerate(value):
            yield (name, i), item
    elif value is not None and name == path:
        yield (name,), value


def is_key_path(path: str) -> bool:
    """Whether a field path names mapping keys (`a{}`), located at the key rather than the value."""
    return path.endswith("{}")


ROOT_PREFIX = "{root}/"


def schemas_folder(folder: Path, root: Path | None, data: Mapping[str, Any]) -> Path:
    """The pack's schema folder: `schemas` relative to the pack folder, or to the database folder after `{root}/`."""
    name = str(data.get("schemas", "schemas"))
    if name.startswith(ROOT_PREFIX) and root is not None:
        return root / name[len(ROOT_PREFIX):]
    return folder / name
