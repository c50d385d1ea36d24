"""Pack templates override the built-in ones, inside the sandbox; their failures are findings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.sheets.conftest import run_sheets, write_pack

GLOSSARY = '{% extends "base.html.j2" %}{% block content %}<p class="studio">{{ pack.name }}: '\
           '{{ sheet.groups | length }} groups</p>{% endblock %}'


def build(tmp_path: Path, templates: dict[str, str]) -> tuple[int, dict, Path]:
    pack = write_pack(tmp_path, templates)
    out = tmp_path / "out"
    status, output = run_sheets(str(pack), "-o", str(out), "--format", "json")
    return status, json.loads(output), out


def codes_of(report: dict) -> list[tuple[str, int]]:
    return [(d["code"], d["line"]) for d in report["diagnostics"] if d["code"].startswith("DW70") and d["code"] != "DW705"]


def test_a_pack_template_replaces_the_built_in_one_and_is_escaped(tmp_path: Path) -> None:
    status, report, out = build(tmp_path, {"glossary.html.j2": GLOSSARY})
    html = (out / "glossary.html").read_text(encoding="utf-8")
    assert status == 0 and codes_of(report) == []
    assert '<p class="studio">Tiny &lt;script&gt;' in html and ": 2 groups</p>" in html
    assert "<h1>Glossary</h1>" in html  # the built-in base it extends


def test_a_pack_stylesheet_restyles_every_sheet(tmp_path: Path) -> None:
    _, _, out = build(tmp_path, {"sheets.css.j2": "body { color: rebeccapurple; }"})
    assert "rebeccapurple" in (out / "rules.html").read_text(encoding="utf-8")


def test_a_template_that_does_not_parse_is_reported_and_the_built_in_used(tmp_path: Path) -> None:
    status, report, out = build(tmp_path, {"rules.html.j2": "line one\n{% for x in %}\n"})
    assert status == 1 and codes_of(report) == [("DW701", 2)]
    (found,) = [d for d in report["diagnostics"] if d["code"] == "DW701"]
    assert found["file"].endswith("tiny/templates/rules.html.j2")
    assert "<h1>Rules summary</h1>" in (out / "rules.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("body", [
    "{{ sheet.__class__.__mro__ }}",
    "{{ pack.__init__.__globals__ }}",
    "{{ ''.__class__.__subclasses__() }}",
    "{{ 'x' * 100000000 }}",
    "{{ 9 ** 999999 }}",
    "{% for i in range(10 ** 7) %}{% endfor %}",
])
def test_a_template_escaping_the_sandbox_is_refused(tmp_path: Path, body: str) -> None:
    status, report, out = build(tmp_path, {"findings.html.j2": f"first\n{body}\n"})
    assert status == 1 and codes_of(report) in ([("DW702", 2)], [("DW703", 2)])
    assert "<h1>Findings</h1>" in (out / "findings.html").read_text(encoding="utf-8")


def test_a_template_failing_on_the_data_is_reported_at_its_line(tmp_path: Path) -> None:
    status, report, _ = build(tmp_path, {"components.html.j2": "a\nb\n{{ sheet.no_such_thing }}\n"})
    assert status == 1 and codes_of(report) == [("DW703", 3)]


def test_an_oversized_template_is_not_read(tmp_path: Path) -> None:
    status, report, _ = build(tmp_path, {"index.html.j2": "x" * (300 * 1024)})
    assert status == 1 and codes_of(report) == [("DW704", 1)]
