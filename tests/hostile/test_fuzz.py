"""Generated and damaged input through the loader and lint: seeded, bounded, never a traceback.

Hypothesis writes YAML-like text from the characters that matter to YAML; byte flips damage the
shipped packs' own files. Both are deterministic (derandomized Hypothesis, seeded flips)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckwright.loading.read import parse_text
from tests.hostile.conftest import dw

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = [
    ROOT / "content/adventure-land/pack.yaml",
    ROOT / "schemas/adventure-land/fog-creature.schema.json",
    ROOT / "schemas/core/entity.schema.json",
    *sorted((ROOT / "content/adventure-land").rglob("*.yaml"))[1:4],
]
YAMLISH = st.text(alphabet=list(":-[]{}#&*!|>'\"%@`,? \t\n\\0123456789.eE+xoab_~=<") + ["\u00e9", "\ufeff", "\x00"],
                  max_size=300)


def _flipped(data: bytes, seed: int, flips: int = 8) -> bytes:
    rng = random.Random(seed)
    damaged = bytearray(data)
    for _ in range(flips):
        at = rng.randrange(len(damaged))
        damaged[at] = rng.choice([rng.randrange(256), ord(rng.choice("[]{}:-&*!\"'\n\t#"))])
    return bytes(damaged)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(YAMLISH)
def test_generated_yaml_parses_to_data_or_located_problems(text: str) -> None:
    for kind in ("yaml", "json"):
        parsed = parse_text(text, kind)
        for problem in parsed.problems:
            assert problem.line >= 1 and problem.column >= 1, problem


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
@pytest.mark.parametrize("seed", range(12))
def test_byte_flips_of_shipped_files_parse_or_report(path: Path, seed: int) -> None:
    raw = _flipped(path.read_bytes(), seed)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return  # reported as DW107 before any parser runs (see test_corpus)
    parsed = parse_text(text, "json" if path.suffix == ".json" else "yaml")
    assert all(p.line >= 1 for p in parsed.problems)


@settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(YAMLISH)
def test_generated_card_files_lint_with_located_diagnostics(mini: Path, text: str) -> None:
    Path("mini/cards/cards.yaml").write_text(text, encoding="utf-8", errors="surrogatepass")
    outcome = dw("lint", "mini", "--format", "json", "--no-cache")
    assert outcome.exit_code in (0, 1)


@pytest.mark.parametrize("seed", range(4))
def test_byte_flipped_pack_lints_with_located_diagnostics(mini: Path, seed: int) -> None:
    for n, rel in enumerate(["pack.yaml", "cards/cards.yaml", "schemas/card.schema.json", "layouts/cards.yaml"]):
        path = Path("mini") / rel
        path.write_bytes(_flipped(path.read_bytes(), seed * 10 + n, flips=3))
    outcome = dw("lint", "mini", "--format", "json", "--no-cache")
    assert outcome.exit_code in (0, 1)
