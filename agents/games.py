"""The games this library ships, looked up by name: a client of the registry
(tabletop_core.games), where each game's package registers its `GameSpec`.

`DEFAULT_PLAYERS`, `DEFAULT_TRAIN_PLAYERS` and `PLAY_MOVE_LIMITS` ({game: value}) are each
game's `GameSpec.default_players`, `train_players` and `play_max_moves`, built when first read
(reading them imports every game)."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from tabletop_core.games import game_module, game_names, game_spec

GAME_NAMES = game_names()
_SPEC_TABLES = {"DEFAULT_PLAYERS": "default_players", "DEFAULT_TRAIN_PLAYERS": "train_players",
                "PLAY_MOVE_LIMITS": "play_max_moves"}


def __getattr__(name: str) -> Any:
    if name in _SPEC_TABLES:
        return {game: getattr(game_spec(game), _SPEC_TABLES[name]) for game in GAME_NAMES}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
