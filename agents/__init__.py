"""Bots, tournaments, human play and self-play training for the library's games.

`agents.evaluate(agent, game, opponents)` measures an agent (a bot name, a `Bot` or a function
of one seat's observation and mask) against opponents: `agents.play.evaluate`.

The floors of this package, lowest first (an import never runs up a floor, nor across the
recipes; tests/core/test_layering.py): `games` and `profiles` (what the agents know of each
game), `bots` (the bot interface, the searches, every bot and the registry of their names),
`play` (the match harness, tournaments, records, human play, replays), `training` and
`cluster` (what the recipes share), the recipes `ppo`, `baseline`, `az` and `rllib`, and the
command line `cli` on top.
"""

from pathlib import Path
from typing import Any

from tabletop_core.cache import game_package_dirs, refresh_numba_cache

# The heuristics compile game engine code into their own cache: refresh it when it changes.
refresh_numba_cache(
    Path(__file__).parent,
    depends_on=(Path(__file__).parent.parent / "tabletop_core", *game_package_dirs()),
)


def __getattr__(name: str) -> Any:
    if name == "evaluate":  # imported when first used: a bot's process needs none of it
        from agents.play.evaluate import evaluate

        return evaluate
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
