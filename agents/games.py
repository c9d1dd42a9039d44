"""The games this library ships, looked up by name: a client of the registry
(tabletop_core.games), where each game's package registers its `GameSpec`. What the agents
know of each game beyond its spec is its profile (`agents.profiles`)."""

from __future__ import annotations

from types import ModuleType

from tabletop_core.games import game_module, game_names

GAME_NAMES = game_names()


def load_game(name: str) -> ModuleType:
    """The environment package of game `name` (e.g. `aquilon_env`)."""
    return game_module(name)


def installed_games() -> list[str]:
    """The games whose environment packages are complete in this installation."""
    names = []
    for name in GAME_NAMES:
        try:
            module = load_game(name)
        except ImportError:
            continue
        if hasattr(module, "raw_env"):
            names.append(name)
    return names
