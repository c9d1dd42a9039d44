"""No kernel cached on disk takes a jitted function as an argument unless its signature is
explicit.

Numba keys the cache entry of such a kernel by the function object it was given, so the entry
never matches in another process: every process that compiles the kernel appends another, and
once the index holds about twenty, writing it fails with `ReferenceError: underlying object has
vanished` (seen in the bounds-checked CI run, two workers on one cache). A kernel that calls a
function argument is therefore either compiled with an explicit signature (its arguments are
then first-class function types, which cache fine) or not cached, and called from a cached
kernel specialised to one game (`engine/batch.py`).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import textwrap

from numba.core.registry import CPUDispatcher

from tabletop_core.games import game_names, game_package

PACKAGES = ("tabletop_core", *(game_package(name) for name in game_names()), "agents", "tests")
# Modules that need an optional framework to import; their kernels are covered where installed.
OPTIONAL = ("tabletop_core.openspiel", "tabletop_core.rllib", "agents.rllib")


def _modules():
    for package_name in PACKAGES:
        package = importlib.import_module(package_name)
        yield package
        for info in pkgutil.walk_packages(package.__path__, f"{package_name}."):
            leaf = info.name.rsplit(".", 1)[-1]
            if leaf.startswith("test_") or leaf == "__main__":
                continue  # no kernels there; test modules are collection's to import
            try:
                yield importlib.import_module(info.name)
            except ImportError:
                if not info.name.startswith(OPTIONAL):
                    raise


def _called_parameters(dispatcher: CPUDispatcher) -> list[str]:
    """The parameters of the kernel's Python function that its body calls."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(dispatcher.py_func)))
    function = tree.body[0]
    names = {arg.arg for arg in function.args.args}
    return sorted({node.func.id for node in ast.walk(function)
                   if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                   and node.func.id in names})


def _cached_kernels():
    seen = {}
    for module in _modules():
        for value in vars(module).values():
            if isinstance(value, CPUDispatcher) and value.py_func.__module__ == module.__name__:
                seen[f"{module.__name__}.{value.py_func.__name__}"] = value
    return seen


def test_the_scan_finds_the_kernels_it_checks():
    kernels = _cached_kernels()
    assert "tabletop_core.batch.step_games" in kernels
    assert _called_parameters(kernels["tabletop_core.batch.step_games"]) == [
        "current_player", "final_scores", "init", "legal_mask", "observe", "play"]


def test_no_cached_kernel_takes_a_jitted_function_without_a_signature():
    offenders = [
        f"{name} calls its arguments {called}"
        for name, kernel in sorted(_cached_kernels().items())
        if (called := _called_parameters(kernel)) and type(kernel._cache).__name__ != "NullCache"
        and kernel._can_compile
    ]
    assert not offenders, ("cached on disk without an explicit signature (give it one or drop "
                           "cache=True; see this module's docstring): " + "; ".join(offenders))
