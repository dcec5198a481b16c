"""A module-level name is bound once: a second table or function of the same name in a long module (the
compiler's zh.py has several thousand lines, written by several hands at once) silently replaces the first."""

from __future__ import annotations

import ast
from collections import Counter

from conftest import ROOT


def _bound_twice(source: str) -> list[str]:
    names = Counter()
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign):
            names.update(target.id for target in node.targets if isinstance(target, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
            names[node.target.id] += 1
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names[node.name] += 1
    return sorted(name for name, count in names.items() if count > 1)


def test_the_check_sees_a_table_bound_twice():
    assert _bound_twice("A = 1\ndef f(): pass\nA = {2}\ndef f(): pass\nB: int = 3\n") == ["A", "f"]


def test_no_module_of_judgekit_binds_a_name_twice():
    twice = {str(path.relative_to(ROOT)): names for path in sorted((ROOT / "judgekit").rglob("*.py"))
             if (names := _bound_twice(path.read_text(encoding="utf-8")))}
    assert twice == {}
