"""The floors of the code and its import graph, read from the sources with `ast` (nothing is
imported but the registry, which lists the games without importing them).

Floors: `tabletop_core` (imports no game and no `agents` module), the game packages (import
the core and themselves, no other game), `agents` (the games and the core), `benchmarks`
(scripts over all of them). Every import counts, at any level: module level, inside functions,
under `if TYPE_CHECKING`, and `importlib.import_module` of a literal name (a computed name
cannot be read off the source: the doors find games through tabletop_core.games instead).

An import of `a.b.c` is an edge to the module `a.b.c` (or its nearest enclosing module in the
repository), `from a.b import c` to `a.b.c` when that is a module, else to `a.b`. Importing a
module also runs its parents' `__init__`; those implicit edges are left out, as import-cycle
checkers do, since a package's own `__init__` importing its submodules would otherwise make
every package a circle with its children.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tabletop_core.games import game_names, game_package

ROOT = Path(__file__).resolve().parents[2]
GAME_PACKAGES = tuple(sorted({game_package(name).split(".")[0] for name in game_names()}))
# The floors, lowest first; a script folder has no __init__.py (its scripts import each other
# by their bare names, the folder being on sys.path).
FLOORS = (("tabletop_core",), GAME_PACKAGES, ("agents",), ("benchmarks",))
SCRIPT_FOLDERS = ("benchmarks",)


def _modules() -> dict[str, tuple[Path, bool]]:
    """{dotted name: (file, is a package __init__)} of every module of every floor."""
    modules = {}
    for top in (t for floor in FLOORS for t in floor):
        for path in sorted((ROOT / top).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            is_package = parts[-1] == "__init__"
            if is_package:
                parts = parts[:-1]
            modules[".".join(parts)] = (path, is_package)
    return modules


MODULES = _modules()


def _imported_names(module: str, path: Path, is_package: bool):
    """(line, dotted name, imported attribute or None) of every import in the file."""
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name, None
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".") if is_package else module.split(".")[:-1]
                base = base[:len(base) - node.level + 1]
                name = ".".join([*base, *([node.module] if node.module else [])])
            else:
                name = node.module
            for alias in node.names:
                yield node.lineno, name, alias.name
        elif (isinstance(node, ast.Call) and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
              and (isinstance(node.func, ast.Attribute) and node.func.attr == "import_module"
                   or isinstance(node.func, ast.Name)
                   and node.func.id in ("import_module", "__import__"))):
            yield node.lineno, node.args[0].value, None


def _in_repository(module: str, name: str) -> str:
    """`name` as named in MODULES: a script imports its folder's scripts by their bare names."""
    folder = module.split(".")[0]
    if folder in SCRIPT_FOLDERS and f"{folder}.{name.split('.')[0]}" in MODULES:
        return f"{folder}.{name}"
    return name


def _resolve(module: str, name: str) -> str | None:
    """The repository module that importing `name` from `module` loads, or None (outside)."""
    name = _in_repository(module, name)
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _imports() -> dict[str, dict[str, int]]:
    """{module: {imported repository module: first line}}, every level of the file."""
    graph = {}
    for module, (path, is_package) in MODULES.items():
        edges: dict[str, int] = {}
        for line, name, attribute in _imported_names(module, path, is_package):
            target = None
            if attribute is not None:  # from name import attribute: a submodule, or name's
                submodule = _in_repository(module, f"{name}.{attribute}")
                target = submodule if submodule in MODULES else None
            target = target or _resolve(module, name)
            if target is not None and target != module:
                edges.setdefault(target, line)
        graph[module] = edges
    return graph


GRAPH = _imports()


def _floor(module: str) -> int:
    top = module.split(".")[0]
    return next(k for k, floor in enumerate(FLOORS) if top in floor)


def test_the_registry_lists_the_game_packages():
    assert GAME_PACKAGES and all((ROOT / p / "__init__.py").is_file() for p in GAME_PACKAGES)
    assert "tabletop_core.rllib" in GRAPH and "agents.games" in GRAPH


def test_tabletop_core_imports_no_game_and_no_agents():
    forbidden = {*GAME_PACKAGES, "agents", "benchmarks", "tests"}
    bad = []
    for module, (path, is_package) in MODULES.items():
        if not module.startswith("tabletop_core"):
            continue
        for line, name, _ in _imported_names(module, path, is_package):
            if name.split(".")[0] in forbidden:
                bad.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
    assert not bad, "\n".join(bad)


def test_no_import_runs_back_up_a_floor():
    bad = []
    for module, edges in GRAPH.items():
        top = module.split(".")[0]
        for target, line in edges.items():
            target_top = target.split(".")[0]
            other_game = top in GAME_PACKAGES and target_top in GAME_PACKAGES and target_top != top
            if _floor(target) > _floor(module) or other_game:
                bad.append(f"{MODULES[module][0].relative_to(ROOT)}:{line} imports {target}")
    assert not bad, "\n".join(bad)


def _cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(graph[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        components.append(sorted(component))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(graph[child])))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return components


def _circle(component: list[str]) -> list[str]:
    """One circle through the first module of a strongly connected component."""
    members = set(component)
    start = component[0]
    paths = {start: [start]}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for child in GRAPH[node]:
            if child == start:
                return [*paths[node], start]
            if child in members and child not in paths:
                paths[child] = [*paths[node], child]
                queue.append(child)
    return component


def test_the_cycle_finder_finds_a_circle():
    graph = {"a": {"b": 1}, "b": {"c": 1}, "c": {"a": 1}, "d": {"a": 1}}
    assert _cycles(graph) == [["a", "b", "c"]]
    assert _cycles({"a": {"b": 1}, "b": {}}) == []


def test_no_import_circle():
    circles = [" -> ".join(_circle(c)) for c in _cycles(GRAPH)]
    assert not circles, "import circles:\n" + "\n".join(circles)


# The floors inside `agents`, lowest first: what each game brings, the bots (interface,
# searches, every bot and their registry), the match harness and play, what the recipes share,
# the recipes (which do not import each other), the best responses (which may train one),
# the command line. `agents/__init__.py` (the
# package itself) imports only its harness's `evaluate`, lazily.
AGENT_FLOORS = (
    ("agents.games", "agents.profiles"),
    ("agents.search",),
    ("agents.bots",),
    ("agents.play",),
    ("agents.training", "agents.cluster"),
    ("agents.ppo", "agents.baseline", "agents.az", "agents.rllib"),
    ("agents.exploit",),
    ("agents.cli",),
)


def _agent_floor(module: str) -> tuple[int, str]:
    """(floor, package) of an `agents` module (`python -m agents` runs the command line)."""
    if module == "agents.__main__":
        module = "agents.cli"
    for k, floor in enumerate(AGENT_FLOORS):
        for package in floor:
            if module == package or module.startswith(package + "."):
                return k, package
    raise AssertionError(f"{module} is on no floor of AGENT_FLOORS")


def test_every_agents_module_is_on_a_floor():
    for module in GRAPH:
        if module.startswith("agents."):
            _agent_floor(module)


def test_no_import_runs_up_or_across_the_agents_floors():
    bad = []
    for module, edges in GRAPH.items():
        if not module.startswith("agents."):
            continue
        floor, package = _agent_floor(module)
        for target, line in edges.items():
            if target == "agents" or not target.startswith("agents."):
                continue
            target_floor, target_package = _agent_floor(target)
            if target_floor > floor or (target_floor == floor and target_package != package):
                bad.append(f"{MODULES[module][0].relative_to(ROOT)}:{line} imports {target}")
    assert not bad, "\n".join(bad)


def test_the_floor_check_sees_an_import_across_the_recipes():
    # az importing the baseline recipe would be refused: the check is not vacuous
    assert _agent_floor("agents.az.recipe") == _agent_floor("agents.baseline.recipe")[:1] + (
        "agents.az",)
    assert _agent_floor("agents.bots.az")[0] < _agent_floor("agents.az.recipe")[0]


PRIVATE_ENGINE_READ = re.compile(r"(?<!self)\._(state|mask)\b")
# The mark of a test's cheating bot, whose refusal is what the test checks.
PEEKS_ON_PURPOSE = "# peeks on purpose"


def test_no_private_engine_state_read_outside_the_core():
    """Bots, records, tools, training and the tests read the env's public, read-only
    `engine_state` and `engine_mask` (and give the engine `clone_state()`), never its private
    arrays."""
    bad = []
    for top in ("agents", "benchmarks", "docs", "tests"):
        for path in sorted((ROOT / top).rglob("*.py")):
            for number, line in enumerate(path.read_text().splitlines(), 1):
                if PRIVATE_ENGINE_READ.search(line) and not line.endswith(PEEKS_ON_PURPOSE):
                    bad.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not bad, "\n".join(bad)
    assert PRIVATE_ENGINE_READ.search("view = env." + "_state.copy()")
    assert not PRIVATE_ENGINE_READ.search("self._state[:] = state")
