"""Templates a pack writes (layout text, sheet templates) render under step, size and number budgets:
going past one is a diagnostic at the template, never a hang, a MemoryError or a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jinja2 import Environment
from jinja2.sandbox import SecurityError

from deckwright import sandbox
from tests.hostile.conftest import dw
from tests.sheets.conftest import run_sheets, write_pack

BOMBS = [
    "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}",
    "{{ ((10**64)**64)**64 }}",
    "{{ (10**64) * (10**64) * (10**64) * (10**4000) }}",
    "{{ (['x'*100000]*100000)|join }}",
    "{{ range(10**30)|list }}",
    "{% for i in range(200000) %}{{ 'x' * 100000 }}{% endfor %}",
    "{% for a in 'x' * 100000 %}{% for b in 'x' * 100000 %}{% endfor %}{% endfor %}",
    "{% for a in ('x' * 100000)|list %}{% for b in ('x' * 100000)|list %}{% endfor %}{% endfor %}",
    "{% set ns = namespace(s='x') %}{% for i in range(64) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}",
    "{% set ns = namespace(s=['x']) %}{% for i in range(64) %}{% set ns.s = ns.s + ns.s %}{% endfor %}",
    "{{ ('x' * 100000)|replace('x', 'x' * 100000) }}",
    "{{ ('x' * 100000).replace('x', 'x' * 100000) }}",
    "{{ 'x'.center(10**10) }}",
    "{{ ('a\\n' * 50000)|indent(100000) }}",
    "{{ '%300000000d' % 1 }}",
    "{{ '%300000000d'|format(1) }}",
    "{{ '{:>300000000}'.format(1) }}",
    "{{ '{:>{w}}'.format(1, w=300000000) }}",
    "{{ ''.join(['x' * 100000] * 100000) }}",
]


@pytest.mark.parametrize("bomb", BOMBS)
def test_layout_template_over_budget_is_a_diagnostic(mini: Path, bomb: str) -> None:
    layout = Path("mini/layouts/cards.yaml")
    layout.write_text(layout.read_text().replace('text: "{{ text }}"', f"text: {json.dumps(bomb)}"))
    for command in ("lint", "proof"):
        outcome = dw(command, "mini", "--format", "json", "--no-cache", *(["-o", "p.pdf"] if command == "proof" else []))
        refused = [d for d in outcome.diagnostics() if d["code"] == "DW601"]
        assert outcome.exit_code == 1 and refused, outcome.stdout


@pytest.mark.parametrize("bomb", BOMBS)
def test_sheet_template_over_budget_is_a_diagnostic(tmp_path: Path, bomb: str) -> None:
    pack = write_pack(tmp_path, {"findings.html.j2": f"first\n{bomb}\n"})
    status, output = run_sheets(str(pack), "-o", str(tmp_path / "out"), "--format", "json")
    found = [(d["code"], d["line"]) for d in json.loads(output)["diagnostics"] if d["code"] in ("DW702", "DW703")]
    assert status == 1 and found in ([("DW702", 2)], [("DW703", 2)])
    assert "<h1>Findings</h1>" in (tmp_path / "out" / "findings.html").read_text(encoding="utf-8")


def test_a_render_past_its_time_budget_stops(monkeypatch: pytest.MonkeyPatch) -> None:
    """The wall-clock backstop: with no time left, the first loop step ends the render."""
    monkeypatch.setattr(sandbox, "MAX_SECONDS", -1.0)
    template = sandbox.BudgetedSandbox().from_string("{% for c in 'abc' %}{{ c }}{% endfor %}")
    with pytest.raises(SecurityError, match="rendering took more than"):
        sandbox.render_bounded(template, {})


def test_loops_and_filters_within_budget_render_as_jinja2_does() -> None:
    source = ("{% for a in xs if a > 1 %}{{ loop.index }}/{{ loop.length }}:{{ a ~ '!' }} {% else %}none{% endfor %}"
              "{{ (xs + xs)|sum }} {{ 'ab'|replace('a', 'xy')|center(6) }} {{ 'q'.rjust(3, '-') }}"
              "{{ '%5.2f|%d%%|%(a)s' % {'a': 1} if false }}{{ '%5.2f' % 3.14159 }} {{ '{:>6.2f}|{}'.format(2.5, 'x') }}"
              "{{ 10 % 3 }} {{ '%-4s|'|format('ab') }}")
    expected = Environment().from_string(source).render(xs=[1, 2, 3])
    assert sandbox.render_bounded(sandbox.BudgetedSandbox().from_string(source), {"xs": [1, 2, 3]}) == expected
