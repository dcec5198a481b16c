"""The import graph: no circle anywhere in judgekit, and the engine's modules in the order of the rulebook.

The graph is read from the source (every ``import``, at the top of a module or inside a function), so a
circle cannot hide behind a late import.  ``from package import name`` depends on the submodule when
*name* is one, else on the package.  The engine's layers are documented in docs/engine.md: a module
may import modules of its own layer or of the layers below it, never above.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "judgekit"

# docs/engine.md, bottom first: each layer may import only itself and the layers before it.
ENGINE_LAYERS = [
    ("state and card data", ["rules", "trace", "desugar", "cards", "state"]),
    ("reads", ["filters", "layers", "instructions", "costs", "locations", "targeting"]),
    ("events and trigger matching", ["events"]),
    ("replacement", ["replacement"]),
    ("chain entry", ["empower", "triggers"]),
    ("board actions", ["gear", "zones", "movement", "damage", "scoring", "effect_play", "chaincontrol", "object_costs"]),
    ("the interpreter", ["effects"]),
    ("resolution", ["chain"]),
    ("combat", ["combat"]),
    ("turn", ["turn"]),
    ("playing", ["playing"]),
    ("public face", ["actions"]),
]


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def import_graph() -> dict[str, set[str]]:
    """Module → the judgekit modules it imports anywhere in its source."""
    modules = _modules()
    graph = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        wanted = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                wanted |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(anchor + ([node.module] if node.module else []))
                for alias in node.names:
                    wanted.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base)
        graph[name] = {module for module in wanted if module in modules and module != name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return found


def test_no_import_circle_anywhere_in_judgekit():
    assert circles(import_graph()) == []


def test_the_circle_finder_finds_a_circle_through_a_late_import():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_every_engine_module_imports_only_its_layer_and_the_layers_below():
    layer_of = {f"judgekit.engine.{module}": rank for rank, (_, names) in enumerate(ENGINE_LAYERS) for module in names}
    graph = import_graph()
    engine = {name for name in graph if name.startswith("judgekit.engine.")}
    unplaced = sorted(engine - set(layer_of))
    assert not unplaced, f"add these engine modules to a layer in tests/test_layers.py and docs/engine.md: {unplaced}"
    upward = [
        f"{module} ({ENGINE_LAYERS[layer_of[module]][0]}) imports {other} ({ENGINE_LAYERS[layer_of[other]][0]})"
        for module in sorted(engine)
        for other in sorted(graph[module])
        if other in layer_of and layer_of[other] > layer_of[module]
    ]
    assert upward == []


def test_the_engine_reads_no_files():
    """The engine does no I/O: scenario files, the card store and the FAQ catalogue are read by judgekit.scenarios."""
    graph = import_graph()
    outside = {
        f"{module} → {other}"
        for module in graph
        if module.startswith("judgekit.engine")
        for other in graph[module]
        if not other.startswith("judgekit.engine") and other not in ("judgekit.errors", "judgekit.refs")
    }
    assert outside == set()


def _forwards(node: ast.AST) -> bool:
    """A function whose body (its docstring aside) is one ``return`` of a call to another module's name."""
    body = [part for part in node.body if not (isinstance(part, ast.Expr) and isinstance(part.value, ast.Constant))]
    return (len(body) == 1 and isinstance(body[0], ast.Return) and isinstance(body[0].value, ast.Call)
            and isinstance(body[0].value.func, ast.Attribute))


def test_no_engine_or_scenarios_module_only_forwards():
    """Item 5 of issue 15: every module of the engine and of the scenarios package does work of its own — it is not
    under 60 lines holding nothing but functions that hand their call to another module, or names imported again."""
    thin = []
    for name, path in _modules().items():
        if not name.startswith(("judgekit.engine.", "judgekit.scenarios.")):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        own = [node for node in tree.body if isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.Assign, ast.AnnAssign))]
        working = [node for node in own if not (isinstance(node, ast.FunctionDef) and _forwards(node))]
        if len(path.read_text(encoding="utf-8").splitlines()) < 60 or not working:
            thin.append(name)
    assert not thin, f"modules that only forward (fold them into the module they forward to): {thin}"


def _imported_modules(tree: ast.Module) -> set[str]:
    """The local names a module's source binds to judgekit modules (``from judgekit.engine import triggers``)."""
    modules = _modules()
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names |= {alias.asname or alias.name for alias in node.names if f"{node.module}.{alias.name}" in modules}
        elif isinstance(node, ast.Import):
            names |= {(alias.asname or alias.name).split(".")[0] for alias in node.names if alias.name in modules}
    return names


def test_no_engine_module_installs_its_work_into_another_module():
    """Item 5 of issue 15: a lower module never gets a higher one's work done through a hook the higher one fills in
    as it is imported (``triggers.KILL_FOR_COST[:] = [...]``, ``module.hook = f``): it returns what must be done to
    its caller instead.  No engine module assigns to another module's attributes or items."""
    installs = []
    for name, path in _modules().items():
        if not name.startswith("judgekit.engine."):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = _imported_modules(tree)
        for node in ast.walk(tree):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
                node, (ast.AugAssign, ast.AnnAssign)) else []
            for target in targets:
                base = target
                while isinstance(base, (ast.Attribute, ast.Subscript)):
                    base = base.value
                if target is not base and isinstance(base, ast.Name) and base.id in imported:
                    installs.append(f"{name}:{node.lineno}")
    assert installs == []
