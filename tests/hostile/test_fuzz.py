"""Generated and damaged input through the loader and every command: seeded, bounded, never a traceback.

Hypothesis writes YAML-like text from the characters that matter to YAML; byte flips damage the
shipped packs' own files; `_from_schema` draws manifests from the manifest's own JSON schema (mostly
valid, sometimes not: every keyword it reads is occasionally ignored). All of it is deterministic (derandomized Hypothesis, seeded flips). Each case runs lint,
check, proof, sheets and fmt (tests.hostile.test_corpus.COMMANDS) in-process, each command under
`bounded` (a timer that fails the test past 10 s), and `dw` fails on any traceback and on a JSON
diagnostic without a file and line. The cases through every command are marked `slow`.
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckwright.loading.read import parse_text
from tests.hostile.conftest import bounded, dw
from tests.hostile.test_corpus import COMMANDS

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = [
    ROOT / "content/adventure-land/pack.yaml",
    ROOT / "schemas/adventure-land/fog-creature.schema.json",
    ROOT / "schemas/core/entity.schema.json",
    *sorted((ROOT / "content/adventure-land").rglob("*.yaml"))[1:4],
]
MINI_FILES = ["pack.yaml", "cards/cards.yaml", "schemas/card.schema.json", "layouts/cards.yaml"]
YAMLISH = st.text(alphabet=list(":-[]{}#&*!|>'\"%@`,? \t\n\\0123456789.eE+xoab_~=<") + ["\u00e9", "\ufeff", "\x00"],
                  max_size=300)
SLOW = settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck), database=None)


def _flipped(data: bytes, seed: int, flips: int = 8) -> bytes:
    rng = random.Random(seed)
    damaged = bytearray(data)
    for _ in range(flips):
        at = rng.randrange(len(damaged))
        damaged[at] = rng.choice([rng.randrange(256), ord(rng.choice("[]{}:-&*!\"'\n\t#"))])
    return bytes(damaged)


def _through_every_command(pack: str = "mini") -> None:
    """lint, check, proof, sheets and fmt on the pack: each bounded in time, none with a traceback,
    every diagnostic located (dw), and the contract's exit statuses."""
    for name, args in COMMANDS.items():
        with bounded():
            outcome = dw(*args, pack, "--format", "json", "--no-cache")
        assert outcome.exit_code in (0, 1, 2), (name, outcome.exit_code)
        if outcome.exit_code == 2:  # a usage error: said on stderr, not a silent failure
            assert outcome.stderr.strip(), name


CORE = ROOT / "tools/deckwright/schemas/core"
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 10**6), st.text(max_size=12), YAMLISH)


def _from_schema(node: Any, document: dict[str, Any], depth: int = 0) -> st.SearchStrategy[Any]:
    """Values for a JSON schema node: its enum, const or examples, its type's values with its properties
    (required ones always, others sometimes), items and $ref followed (into the core schemas), and
    now and then any scalar at all, so that invalid manifests are drawn too."""
    if not isinstance(node, dict) or depth > 6:
        return SCALARS
    ref = node.get("$ref")
    if isinstance(ref, str):
        file, _, pointer = ref.partition("#")
        target = json.loads((CORE / file).read_text()) if file else document
        resolved: Any = target
        for part in pointer.strip("/").split("/") if pointer.strip("/") else []:
            resolved = resolved[part]
        return _from_schema(resolved, target, depth + 1)
    choices: list[st.SearchStrategy[Any]] = []
    for key in ("enum", "examples"):
        if isinstance(node.get(key), list) and node[key]:
            choices.append(st.sampled_from(node[key]))
    if "const" in node:
        choices.append(st.just(node["const"]))
    for key in ("anyOf", "oneOf"):
        choices += [_from_schema(sub, document, depth + 1) for sub in node.get(key, [])]
    kinds = node.get("type", [])
    for kind in kinds if isinstance(kinds, list) else [kinds]:
        if kind == "object" or (not kinds and "properties" in node):
            properties = node.get("properties", {})
            required = [k for k in node.get("required", []) if k in properties]
            choices.append(st.fixed_dictionaries(
                {k: _from_schema(properties[k], document, depth + 1) for k in required},
                optional={k: _from_schema(v, document, depth + 1) for k, v in properties.items() if k not in required}))
        elif kind == "array":
            choices.append(st.lists(_from_schema(node.get("items", {}), document, depth + 1), max_size=3))
        elif kind == "string":
            choices.append(st.text(max_size=20))
        elif kind in ("integer", "number"):
            choices.append(st.integers(node.get("minimum", -5), node.get("maximum", 10**9)))
        elif kind == "boolean":
            choices.append(st.booleans())
    return st.one_of(*choices, SCALARS) if choices else SCALARS


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
    with bounded():
        outcome = dw("lint", "mini", "--format", "json", "--no-cache")
    assert outcome.exit_code in (0, 1)


@pytest.mark.parametrize("seed", range(4))
def test_byte_flipped_pack_lints_with_located_diagnostics(mini: Path, seed: int) -> None:
    for n, rel in enumerate(MINI_FILES):
        path = Path("mini") / rel
        path.write_bytes(_flipped(path.read_bytes(), seed * 10 + n, flips=3))
    with bounded():
        outcome = dw("lint", "mini", "--format", "json", "--no-cache")
    assert outcome.exit_code in (0, 1)


@pytest.mark.slow
@SLOW
@given(st.sampled_from(MINI_FILES), YAMLISH)
def test_generated_yaml_through_every_command(mini: Path, rel: str, text: str) -> None:
    pristine = Path("pristine")
    if not pristine.exists():
        shutil.copytree("mini", pristine)
    shutil.rmtree("mini")
    shutil.copytree(pristine, "mini")
    Path("mini", rel).write_text(text, encoding="utf-8", errors="surrogatepass")
    _through_every_command()


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
def test_byte_flipped_pack_through_every_command(mini: Path, seed: int) -> None:
    for n, rel in enumerate(MINI_FILES):
        path = Path("mini") / rel
        path.write_bytes(_flipped(path.read_bytes(), 1000 + seed * 10 + n, flips=2))
    _through_every_command()


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3))
def test_byte_flipped_shipped_pack_files_through_every_command(mini: Path, seed: int) -> None:
    """A shipped file's damage carried into a small pack: a flipped copy of Adventure Land's
    card schema and manifest stand in for the mini pack's own."""
    shipped = ROOT / "schemas/adventure-land/fog-creature.schema.json"
    Path("mini/schemas/card.schema.json").write_bytes(_flipped(shipped.read_bytes(), seed, flips=4))
    manifest = Path("mini/pack.yaml")
    manifest.write_bytes(_flipped(manifest.read_bytes(), 500 + seed, flips=2))
    _through_every_command()


@pytest.mark.slow
@SLOW
@given(_from_schema(json.loads((CORE / "pack.schema.json").read_text()),
                    json.loads((CORE / "pack.schema.json").read_text())))
def test_manifests_generated_from_the_schema_through_every_command(mini: Path, manifest: dict[str, Any]) -> None:
    Path("mini/pack.yaml").write_text(json.dumps(manifest, ensure_ascii=False), encoding="utf-8",
                                      errors="surrogatepass")
    _through_every_command()


def test_the_bound_fails_a_busy_hang_and_a_waiting_one() -> None:
    import time

    with pytest.raises(pytest.fail.Exception, match="CPU"):
        with bounded(0.2):
            while True:
                pass
    with pytest.raises(pytest.fail.Exception, match="wall-clock"):
        with bounded(5, wait=0.2):
            time.sleep(3)
