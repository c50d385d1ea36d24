"""A re-lint from the cache after an edit reports exactly what a cold lint of the edited pack reports, the
findings that span files included (duplicate ids, references into the edited file), and re-uses the cache."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import run, write

MANIFEST = """\
id: relint
name: Re-lint
version: "1"
players: {min: 1, max: 2}
schemas: schemas
sources: [{id: book, file: none.txt, title: Book}]
files: [{include: "cards/*.yaml", kind: entities}]
ignore: ["schemas/*"]
types:
  card: {schema: card.schema.json, text: [text], refs: {"drops[]": card, boss: card}}
glossary:
  - {term: Poison, kind: keyword, meaning: Poisons.}
  - {term: coin, kind: icon, meaning: A coin.}
"""

SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://example.org/schema/relint/card.schema.json",
    "$ref": "https://deckwright.dev/schema/core/entity.schema.json",
    "properties": {"type": {"const": "card"}, "power": {"type": "integer", "maximum": 9},
                   "drops": {"type": "array", "items": {"type": "string"}}, "boss": {"type": "string"},
                   "text": {"type": "string"}, "code": {"type": "string"}},
    "unevaluatedProperties": False,
}


def card(i: int, *, power: int = 1, drops: str = "", extra: str = "") -> str:
    return (f"- id: card-{i}\n  type: card\n  name: Card {i}\n  power: {power}\n  drops: [{drops or f'card-{i + 1}'}]\n"
            f"  text: \"Gain :coin:. Inflicts [Poison].\"\n  source: [{{doc: book, line: {i + 1}}}]\n{extra}")


def cards(first: int, count: int) -> str:
    return "".join(card(i) for i in range(first, first + count))


FILES = {f"cards/set-{n}.yaml": cards(20 * n, 20) for n in range(4)}
FILES["cards/set-3.yaml"] = FILES["cards/set-3.yaml"].replace("drops: [card-80]", "drops: [card-0]")

# Each edit changes one file; its findings involve the other files (unchanged and read from the cache).
EDITS = {
    "a card removed that another file drops": ("cards/set-1.yaml", lambda t: t.replace(card(20), "")),
    "an id another file already uses": ("cards/set-2.yaml", lambda t: t.replace("id: card-41\n", "id: card-5\n")),
    "a schema error and a YAML 1.1 trap": ("cards/set-2.yaml", lambda t: t.replace(card(44), card(44, power=12, extra="  code: 1:30\n"))),
    "a broken reference to an unchanged file": ("cards/set-0.yaml", lambda t: t.replace("drops: [card-3]", "drops: [card-300, card-61]")),
    "an undefined keyword and a source": ("cards/set-3.yaml", lambda t: t.replace("[Poison]", "[Poisson]", 1).replace("doc: book", "doc: books", 1)),
    "a syntax error": ("cards/set-1.yaml", lambda t: t.replace(card(30), card(30, extra="  bad: [\n"))),
    "the file emptied": ("cards/set-0.yaml", lambda t: ""),
    "a boss that is a list": ("cards/set-0.yaml", lambda t: t.replace(card(2), card(2, extra="  boss: [card-1]\n"))),
}


def lint(pack: Path, *options: str) -> str:
    return run("lint", "--format", "json", *options, pack.name).output


@pytest.fixture
def relint_pack(workdir: Path) -> Path:
    pack = workdir / "relint"
    write(pack / "pack.yaml", MANIFEST)
    write(pack / "schemas" / "card.schema.json", json.dumps(SCHEMA))
    for name, text in FILES.items():
        write(pack / name, text)
    return pack


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_a_cached_relint_after_an_edit_reports_what_a_cold_lint_reports(relint_pack: Path, edit: str) -> None:
    assert json.loads(lint(relint_pack))["diagnostics"] == []
    name, change = EDITS[edit]
    path = relint_pack / name
    path.write_text(change(path.read_text()))
    warm, cold = lint(relint_pack), lint(relint_pack, "--no-cache")
    assert json.loads(cold)["diagnostics"], "the edit makes findings"
    assert warm == cold
    path.write_text(FILES[name])  # and back: the findings go, from the cache as from a cold lint
    assert lint(relint_pack) == lint(relint_pack, "--no-cache")


def test_every_edit_in_turn_is_reported_as_a_cold_lint_reports_it(relint_pack: Path) -> None:
    lint(relint_pack)
    for name, change in EDITS.values():
        path = relint_pack / name
        path.write_text(change(path.read_text()))
        assert lint(relint_pack) == lint(relint_pack, "--no-cache")


def test_unchanged_files_are_read_from_the_cache_and_edits_leave_no_stale_entries(relint_pack: Path,
                                                                                  workdir: Path) -> None:
    lint(relint_pack)
    entries = sorted(p.name for p in (workdir / ".cache").iterdir())
    assert [e.split("-")[0] for e in entries].count("clean") == len(FILES)
    assert [e.split("-")[0] for e in entries].count("yaml") == len(FILES) + 1  # the manifest too
    for n in range(5):
        path = relint_pack / "cards/set-2.yaml"
        path.write_text(path.read_text().replace(f"power: {n % 3 + 1}\n", f"power: {n % 3 + 2}\n", 1))
        lint(relint_pack)
    assert sorted(p.name for p in (workdir / ".cache").iterdir()) == entries


def test_a_forged_clean_mark_never_stops_a_run(relint_pack: Path, workdir: Path) -> None:
    """A clean mark claimed for a file whose records are not clean lints it as any other (never a traceback)."""
    import marshal

    lint(relint_pack)
    path = relint_pack / "cards/set-1.yaml"
    path.write_text("- not a record\n- {id: card-20, type: card, copies: 100001}\n- {type: nothing}\n- {type: card}\n"
                    "- {id: card-21, type: [card]}\n- {id: card-22, type: card, copies: true}\n")
    lint(relint_pack)  # the new bytes are parsed and cached
    digest = __import__("hashlib").sha256(path.read_bytes()).hexdigest()
    for entry in (workdir / ".cache").iterdir():
        if entry.name.startswith("clean-"):
            _, fingerprint = marshal.loads(entry.read_bytes())
            entry.write_bytes(marshal.dumps((digest, fingerprint)))
    found = json.loads(lint(relint_pack))["diagnostics"]
    assert {d["code"] for d in found} >= {"DW301", "DW319"}
