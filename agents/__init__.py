"""Bots, tournaments, human play and self-play training for the library's games."""

from pathlib import Path

from tabletop_core.cache import game_package_dirs, refresh_numba_cache

# The heuristics compile game engine code into their own cache: refresh it when it changes.
refresh_numba_cache(
    Path(__file__).parent,
    depends_on=(Path(__file__).parent.parent / "tabletop_core", *game_package_dirs()),
)
