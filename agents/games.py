"""The games this library ships, looked up by name."""

from __future__ import annotations

import importlib
from types import ModuleType

GAME_NAMES = ("aquilon", "dragon", "simurgh")
DEFAULT_PLAYERS = {"aquilon": 3, "dragon": 4, "simurgh": 3}
DEFAULT_TRAIN_PLAYERS = {"aquilon": 2, "dragon": 3, "simurgh": 2}


def load_game(name: str) -> ModuleType:
    """The environment package of game `name` (e.g. `aquilon_env`)."""
    if name not in GAME_NAMES:
        raise ValueError(f"unknown game {name!r}; choose from {', '.join(GAME_NAMES)}")
    return importlib.import_module(f"{name}_env")


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
