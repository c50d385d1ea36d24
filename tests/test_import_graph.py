"""The sub-packages of tools/deckwright import each other without a cycle (DESIGN: dependencies point one way).

The graph is computed from the source with `ast`, every import statement counted (those inside functions
and under TYPE_CHECKING too: a lazy import is still a dependency), so a cycle cannot hide behind laziness.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "tools" / "deckwright"


def imported_modules(tree: ast.AST, module: str) -> list[tuple[str, int]]:
    """Absolute names of the modules a file imports (relative imports resolved against `module`), with lines."""
    found: list[tuple[str, int]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((alias.name, node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = module.split(".")[: -node.level]
                base = ".".join([*parent, base] if base else parent)
            found.append((base, node.lineno))
            found.extend((f"{base}.{alias.name}", node.lineno) for alias in node.names)
    return found


def subpackage_graph(package: Path = PACKAGE) -> dict[str, dict[str, str]]:
    """sub-package -> sub-package it imports -> where (file:line of one such import)."""
    subpackages = {p.name for p in package.iterdir() if (p / "__init__.py").is_file()}
    graph: dict[str, dict[str, str]] = {name: {} for name in subpackages}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package).with_suffix("").parts
        if len(parts) < 2:
            continue  # a top-level module (cli.py, plugin.py) is not a sub-package
        module = ".".join(("deckwright", *parts))  # `__init__` kept: relative imports resolve the same way
        for name, line in imported_modules(ast.parse(path.read_text(encoding="utf-8")), module):
            target = name.split(".")
            if target[0] == "deckwright" and len(target) > 1 and target[1] in subpackages and target[1] != parts[0]:
                graph[parts[0]].setdefault(target[1], f"{path.relative_to(package)}:{line}")
    return graph


def find_cycle(graph: dict[str, dict[str, str]]) -> list[str]:
    """One cycle of the graph as a path [a, b, ..., a]; empty when there is none."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, {})):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                cycle = visit(nxt)
                if cycle:
                    return cycle
        path.pop()
        state[node] = 2
        return []

    for start in sorted(graph):
        if start not in state:
            cycle = visit(start)
            if cycle:
                return cycle
    return []


def test_no_import_cycle_between_subpackages() -> None:
    graph = subpackage_graph()
    cycle = find_cycle(graph)
    where = [f"{a} -> {b} ({graph[a][b]})" for a, b in zip(cycle, cycle[1:])]
    assert not cycle, "import cycle between sub-packages:\n  " + "\n  ".join(where)


def test_the_graph_sees_lazy_and_relative_imports_and_reports_a_cycle(tmp_path: Path) -> None:
    package = tmp_path / "deckwright"
    for name, text in {
        "__init__.py": "",
        "low/__init__.py": "",
        "low/a.py": "def f() -> None:\n    from deckwright.high.b import g  # lazy\n",
        "high/__init__.py": "",
        "high/b.py": "from ..low import a\n",
        "solo.py": "import deckwright.high.b\n",
    }.items():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text(text)
    graph = subpackage_graph(package)
    assert graph == {"low": {"high": "low/a.py:2"}, "high": {"low": "high/b.py:1"}}
    assert find_cycle(graph) == ["high", "low", "high"]
    (package / "low" / "a.py").write_text("x = 1\n")
    assert find_cycle(subpackage_graph(package)) == []


def test_runs_sit_above_the_stages_and_commands_above_runs() -> None:
    graph = subpackage_graph()
    stages = {"loading", "schema", "model", "lint", "rules", "engine", "render", "export", "sheets", "report"}
    assert not stages & {b for a in stages for b in graph[a] if b in {"runs", "commands"}}
    assert "commands" not in graph["runs"]
