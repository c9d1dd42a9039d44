"""The registration with `pyspiel` of every game of the registry as `python_<name>`, done at
import: `GAME_CLASSES` (a `TabletopGame` subclass per game) and `GAME_NAMES` (their short
names)."""

from __future__ import annotations

import pyspiel

from tabletop_core.games import game_names, game_spec
from tabletop_core.openspiel.definition import _PICKLED_MODULE
from tabletop_core.openspiel.game import TabletopGame, game_type


def _register() -> tuple[dict[str, pyspiel.GameType], dict[str, type]]:
    # OpenSpiel's registry keeps each creator until the process ends, after Python has shut
    # down: a class (unlike a closure) is never freed by that last release.
    types, classes = {}, {}
    registered = {t.short_name for t in pyspiel.registered_games()}
    for name in game_names():
        types[name] = game_type(game_spec(name))
        title = "".join(w.capitalize() for w in name.split("_"))
        classes[name] = type(f"{title}Game", (TabletopGame,), {"name": name,
                                                               "__module__": _PICKLED_MODULE})
        if types[name].short_name not in registered:
            pyspiel.register_game(types[name], classes[name])
    return types, classes


_GAME_TYPES, GAME_CLASSES = _register()
GAME_NAMES = tuple(t.short_name for t in _GAME_TYPES.values())
