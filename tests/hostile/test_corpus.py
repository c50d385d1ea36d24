"""A corpus of broken and hostile packs through lint, check, proof, sheets and fmt: no traceback, a
location on every diagnostic, the expected code, and the contract's exit status (1: findings)."""

from __future__ import annotations

import json
import struct
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.hostile.conftest import dw

DIGITS = "9" * 5000


def _png(width: int, height: int) -> bytes:
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 1000))
            + chunk(b"IEND", b""))


def _replace(rel: str, old: str, new: str) -> Callable[[Path], None]:
    def edit(pack: Path) -> None:
        path = pack / rel
        text = path.read_text()
        assert old in text, (rel, old)
        path.write_text(text.replace(old, new, 1))
    return edit


def _write(rel: str, data: str | bytes) -> Callable[[Path], None]:
    def edit(pack: Path) -> None:
        (pack / rel).parent.mkdir(parents=True, exist_ok=True)
        (pack / rel).write_bytes(data if isinstance(data, bytes) else data.encode())
    return edit


def _image(src: str, data: bytes | None = None) -> Callable[[Path], None]:
    def edit(pack: Path) -> None:
        if data is not None:
            _write("art/big.png", data)(pack)
        _replace("pack.yaml", '  - {include: "layouts/*.yaml", kind: layouts}\n',
                  '  - {include: "layouts/*.yaml", kind: layouts}\n  - {include: "art/*", kind: assets}\n')(pack)
        _replace("layouts/cards.yaml", "    back:\n",
                 f"      - {{kind: image, x: 5, y: 40, w: 20, h: 20, src: {json.dumps(src)}}}\n    back:\n")(pack)
    return edit


def _schema(change: dict[str, object], raw: str | None = None) -> Callable[[Path], None]:
    def edit(pack: Path) -> None:
        path = pack / "schemas/card.schema.json"
        schema = json.loads(path.read_text())
        schema["properties"].update(change)
        text = json.dumps(schema, indent=2)
        path.write_text(text.replace('"RAW"', raw) if raw else text)
    return edit


def _deep_schema(depth: int) -> dict[str, object]:
    node: dict[str, object] = {"type": "integer"}
    for _ in range(depth):
        node = {"type": "array", "items": node}
    return node


CASES: dict[str, tuple[Callable[[Path], None], str]] = {
    "deep-flow-yaml": (_replace("cards/cards.yaml", "code: 1:30", "code: " + "[" * 600 + "]" * 600), "DW106"),
    "huge-int-yaml": (_replace("cards/cards.yaml", "cost: 1\n", f"cost: {DIGITS}\n"), "DW120"),
    "huge-int-tagged": (_replace("cards/cards.yaml", "cost: 1\n", f"cost: !!int {DIGITS}\n"), "DW120"),
    "sexagesimal-overflow": (_replace("cards/cards.yaml", "code: 1:30", "code: 1" + ":00" * 200), "DW105"),
    "huge-int-json": (_schema({"cost": {"type": "integer", "maximum": "RAW"}}, DIGITS), "DW120"),
    "nan-json": (_schema({"cost": {"type": "integer", "maximum": "RAW"}}, "NaN"), "DW120"),
    "infinity-json": (_schema({"cost": {"type": "integer", "minimum": "RAW"}}, "-Infinity"), "DW120"),
    "deep-schema": (_schema({"code": _deep_schema(600)}), "DW20"),
    "recursive-ref": (lambda pack: (_schema({"code": {"anyOf": [{"type": "integer"}, {"$ref": "#/properties/code"}]}})(pack),
                                    _replace("cards/cards.yaml", "cost: 1\n", "cost: one\n")(pack)), "DW20"),
    "nul-art-path": (_image("art/a\u0000b.png"), "DW602"),
    "long-art-name": (_image("art/" + "x" * 5000 + ".png"), "DW602"),
    "bomb-png": (_image("art/big.png", _png(30000, 30000)), "DW602"),
    "copies-typo": (_replace("cards/cards.yaml", "copies: 2", "copies: 2000000"), "DW319"),
    "copies-billion": (_replace("cards/cards.yaml", "copies: 2", "copies: 1000000000"), "DW319"),
    "not-utf8": (_write("cards/cards.yaml", b"- id: \xff\xfe\n"), "DW107"),
    "binary-json": (_write("schemas/card.schema.json", bytes(range(256))), "DW10"),
}

COMMANDS = {
    "lint": ("lint",),
    "check": ("check", "--runs", "1"),
    "proof": ("proof", "-o", "out.pdf"),
    "sheets": ("sheets", "-o", "sheets"),
    "fmt": ("fmt", "--check"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_hostile_case_is_a_located_diagnostic(mini: Path, case: str) -> None:
    edit, code = CASES[case]
    edit(mini)
    outcome = dw("lint", "mini", "--format", "json", "--no-cache")
    assert outcome.exit_code in (0, 1)
    assert any(d["code"].startswith(code) for d in outcome.diagnostics()), outcome.stdout[:3000]


QUICK = ["huge-int-yaml", "nan-json", "bomb-png", "copies-typo", "deep-flow-yaml"]


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("case", [*QUICK, *(pytest.param(c, marks=pytest.mark.slow) for c in sorted(CASES) if c not in QUICK)])
def test_every_command_survives_the_case(mini: Path, case: str, command: str) -> None:
    CASES[case][0](mini)
    outcome = dw(*COMMANDS[command], "mini", "--format", "json")
    # sheets reports only the sheets' own findings (loading problems are lint's), so it may exit 0; a
    # case that is only a warning (sexagesimal-overflow) exits 0; an error is exit 1 and is reported
    errors = [d for d in outcome.diagnostics() if d["severity"] == "error" and not d.get("accepted")]
    assert outcome.exit_code == (1 if errors else 0), outcome.stdout[:2000] + outcome.stderr
    if command in ("lint", "check", "proof") or (command, case) == ("fmt", "not-utf8"):
        assert any(d["code"].startswith(CASES[case][1]) for d in outcome.diagnostics()), outcome.stdout[:2000]


def test_corrupt_cache_entries_are_ignored_and_rewritten(mini: Path) -> None:
    first = dw("lint", "mini", "--format", "json")
    entries = sorted(p for p in Path(".cache").rglob("*") if p.is_file())  # the layout check's slot too
    assert entries
    for n, entry in enumerate(entries):
        entry.write_bytes([b"", b"\x00garbage", (b"{" * 100000)][n % 3] if n % 4 else entry.read_bytes()[:-7])
    second = dw("lint", "mini", "--format", "json")
    assert second.exit_code == first.exit_code and second.diagnostics() == first.diagnostics()
    third = dw("lint", "mini", "--format", "json")
    assert third.diagnostics() == first.diagnostics()
