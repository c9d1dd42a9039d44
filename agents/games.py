"""The games this library ships, looked up by name."""

from __future__ import annotations

import importlib
from types import ModuleType

GAME_NAMES = ("aquilon", "dragon", "simurgh")
DEFAULT_PLAYERS = {"aquilon": 3, "dragon": 4, "simurgh": 3}
DEFAULT_TRAIN_PLAYERS = {"aquilon": 2, "dragon": 3, "simurgh": 2}
# Move limits (all seats' moves together, tabletop_core.limits) of tournaments, evaluation,
# human play and replays: over ten times the longest game of random and heuristic play
# measured by benchmarks/game_lengths.py (docs/rules/<game>.md, "Game length"), so that no
# real game reaches them, while an agent that stalls cannot hang a tournament. A cut game is
# reported as such and scores as a draw.
PLAY_MOVE_LIMITS = {"aquilon": 2_000, "dragon": 10_000, "simurgh": 30_000}


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
