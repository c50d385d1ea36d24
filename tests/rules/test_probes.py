"""`probe("name", ...)` calls the engine's registered probe; missing or failing probes are diagnostics."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from deckwright.model import Pack
from deckwright.plugin import GameSpec
from tests.rules.packs import check, codes, write_pack


@dataclass(frozen=True)
class Rates:
    stockpile: float
    stuck: float


def _claims(*exprs: str) -> dict[str, str]:
    """A rules file of one clause (its claims on lines 8, 9, ...) with these claim expressions."""
    listed = "".join(f"      - {{id: c{i}, expr: \"{expr}\"}}\n" for i, expr in enumerate(exprs))
    return {"01-end.yaml": "section: end\ntitle: End\nclauses:\n  - id: end\n    summary: The game ends.\n"
                           "    source: [{doc: book, line: 5}]\n    claims:\n" + listed}


@pytest.fixture
def probes(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, dict[str, Any]]]:
    """A fake engine with three probes, standing in for the installed game; records every call."""
    calls: list[tuple[str, dict[str, Any]]] = []

    def recorded(name: str, answer: Callable[..., Any]) -> Callable[..., Any]:
        def probe(pack: Pack, players: int = 4, scenario: str = "") -> Any:
            calls.append((name, {"players": players, "scenario": scenario}))
            return answer(pack, players)
        return probe

    def broken(pack: Pack, players: int) -> Any:
        raise ValueError("no deck for 9 players")

    spec = GameSpec("fake", "Fake", probes={
        "setup_feasible": recorded("setup_feasible", lambda pack, players: players <= 3),
        "end_condition_rates": recorded("end_condition_rates", lambda pack, players: Rates(0.0, 1.0)),
        "broken": broken,
    })
    monkeypatch.setattr("deckwright.rules.probes.load_game", lambda name: spec)
    monkeypatch.setattr("deckwright.engine.check.load_game", lambda name: spec)
    return calls


def test_probe_answers_claims_once_per_question(workdir: Path, probes: list[Any]) -> None:
    write_pack(workdir, _claims("all(probe('setup_feasible', players=p) for p in [2, 3, 4])",
                                "probe('setup_feasible', players=2)",
                                "probe('end_condition_rates', players=4).stockpile > 0"),
               manifest_extra="engine: adventure-land\n")
    status, report = check("tiny")
    failed = codes(report, "DW401")
    assert [d["message"] for d in failed] == [
        "claim 'c0' of clause 'end' does not hold: for p = 4: probe('setup_feasible', players=p) is false",
        "claim 'c2' of clause 'end' does not hold: probe('end_condition_rates', players=4).stockpile (0.0) > 0 is false",
    ]
    assert [d["line"] for d in failed] == [8, 10]
    assert [c[0] for c in probes].count("setup_feasible") == 3  # players=2 asked twice, answered once
    assert status == 1


def test_missing_probe_is_a_warning_with_a_hint(workdir: Path, probes: list[Any]) -> None:
    write_pack(workdir, _claims("probe('setup_feasable', players=2)"), manifest_extra="engine: adventure-land\n")
    status, report = check("tiny")
    (found,) = codes(report, "DW404")
    assert found["severity"] == "warning"
    assert found["message"] == "claim 'c0' of clause 'end': engine 'adventure-land' has no probe 'setup_feasable'"
    assert found["hint"] == "did you mean 'setup_feasible'?"
    assert (found["line"], found["column"]) == (8, 25)
    assert status == 0


def test_pack_without_engine_cannot_probe(workdir: Path) -> None:
    write_pack(workdir, _claims("probe('terminates')"))
    _, report = check("tiny")
    (found,) = codes(report, "DW404")
    assert found["message"] == "claim 'c0' of clause 'end': pack 'tiny' has no engine to answer probe 'terminates'"


def test_failing_probe_and_wrong_parameters_are_reported_not_raised(workdir: Path, probes: list[Any]) -> None:
    write_pack(workdir, _claims("probe('broken', players=9)", "probe('setup_feasible', colour='red')"),
               manifest_extra="engine: adventure-land\n")
    status, report = check("tiny")
    (error,) = codes(report, "DW405")
    assert error["message"] == ("claim 'c0' of clause 'end': probe 'broken' failed: "
                                "ValueError: no deck for 9 players")
    (invalid,) = codes(report, "DW402")
    assert "probe 'setup_feasible' cannot take {\"colour\": \"red\"}" in invalid["message"]
    assert status == 1
