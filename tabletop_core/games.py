"""The registry of games: every door (AEC, Parallel, batch, RLlib, OpenSpiel, texts, drawings)
finds the games here, and reads nothing of a game but its `GameSpec`.

A game is a package (e.g. `aquilon_env`) whose `SPEC` is its `GameSpec` and which exposes
`raw_env`, `env`, `raw_parallel_env`, `parallel_env` and `BatchEnv`. It is registered under its
name by an entry point of the group `tabletop_rl.games` whose value is the package:

    [project.entry-points."tabletop_rl.games"]
    aquilon = "aquilon_env"

so that adding a game is one new package and that one line; `tabletop_core` imports no game
(tests/core/test_layering.py). The games are listed from the entry points of every installed
distribution, from that table of the source checkout this module lives in (a checkout run
without reinstalling, whose installed metadata may be older), and from `register_game` calls of
the running process, without importing any game; a game's package is imported when its spec or
module is first asked for.
"""

from __future__ import annotations

import importlib
import tomllib
from functools import cache
from importlib import metadata
from pathlib import Path
from types import ModuleType

from tabletop_core.spec import GameSpec

ENTRY_POINT_GROUP = "tabletop_rl.games"
_DISTRIBUTION = "tabletop-rl"

_registered: dict[str, str] = {}  # register_game calls of this process: name -> package


def register_game(name: str, package: str) -> None:
    """Register the game `name` as the package `package` (imported only when needed), in this
    process; an installed game registers through its entry point instead."""
    if not name.isidentifier():
        raise ValueError(f"a game name must be an identifier, got {name!r}")
    _registered[name] = package


def unregister_game(name: str) -> None:
    """Undo `register_game(name, ...)` in this process (nothing if it was not registered)."""
    _registered.pop(name, None)


@cache
def _checkout_table(group: str = ENTRY_POINT_GROUP) -> dict[str, str]:
    """The entry points of `group` in the source checkout's pyproject.toml (none for an
    installed wheel)."""
    path = Path(__file__).resolve().parent.parent / "pyproject.toml"
    try:
        project = tomllib.loads(path.read_text()).get("project", {})
    except (OSError, tomllib.TOMLDecodeError):
        return {}
    if project.get("name") != _DISTRIBUTION:
        return {}
    return dict(project.get("entry-points", {}).get(group, {}))


@cache
def _entry_point_table(group: str = ENTRY_POINT_GROUP) -> dict[str, str]:
    return {ep.name: ep.value for ep in metadata.entry_points(group=group)}


def entry_point_table(group: str) -> dict[str, str]:
    """{name: value} of the entry points of `group` in every installed distribution and in
    the source checkout (the checkout's win): how games, and what other packages attach to
    them by name, are found."""
    return {**_entry_point_table(group), **_checkout_table(group)}


def _table() -> dict[str, str]:
    return {**entry_point_table(ENTRY_POINT_GROUP), **_registered}


def game_names() -> tuple[str, ...]:
    """The names of the registered games, sorted (no game is imported)."""
    return tuple(sorted(_table()))


def game_package(name: str) -> str:
    """The package of the registered game `name`; ValueError for an unknown name."""
    table = _table()
    if name not in table:
        raise ValueError(f"unknown game {name!r}; choose from {', '.join(sorted(table))}")
    return table[name]


def game_module(name: str) -> ModuleType:
    """The package of game `name`, imported (e.g. `aquilon_env`); ValueError for an unknown
    name, ImportError if its package is missing."""
    module = importlib.import_module(game_package(name))
    spec = getattr(module, "SPEC", None)
    if not isinstance(spec, GameSpec) or spec.name != name:
        raise ValueError(f"the package {module.__name__} registered as game {name!r} has no "
                         f"SPEC of that name")
    return module


def game_spec(name: str) -> GameSpec:
    """The `GameSpec` of game `name`; ValueError for an unknown name."""
    return game_module(name).SPEC


def game_specs() -> dict[str, GameSpec]:
    """{name: spec} of every registered game (imports them all)."""
    return {name: game_spec(name) for name in game_names()}


def game_package_dirs() -> tuple[Path, ...]:
    """The folders of the registered games' packages that are installed (found without
    importing them)."""
    import importlib.util

    dirs = []
    for name in game_names():
        top = game_package(name).split(".")[0]
        try:
            found = importlib.util.find_spec(top)
        except (ImportError, ValueError):
            found = None
        if found is not None and found.submodule_search_locations:
            dirs.extend(Path(p) for p in found.submodule_search_locations)
    return tuple(dirs)
