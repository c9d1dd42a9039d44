"""Move limits: one meaning for every interface (AEC, batch, and the views built on them).

A game still running after `max_moves` moves is cut: it is truncated for every seat, nobody is
paid, and the interface says why. A move is one decision of one seat applied to the game,
whoever makes it, so the count is the length of the game's action history: a joint step in
which k seats commit counts k moves, and a view that cuts after a joint step cuts at the first
step that reaches the limit. Restoring a saved state starts the count again (the state holds no
move counter). `None` means no limit.

The batch kernels apply the same rule (`move_limit_reached`, compiled into them); Python doors
use a `MoveLimit`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

# The info key every door sets on a cut game (Gymnasium's TimeLimit convention).
TRUNCATED_INFO = "TimeLimit.truncated"


def check_max_moves(max_moves: Any) -> int:
    """The limit as an int (0 for None: no limit); ValueError unless None or a positive int."""
    if max_moves is None:
        return 0
    if isinstance(max_moves, bool) or not isinstance(max_moves, int | np.integer) \
            or max_moves < 1:
        raise ValueError(f"max_moves must be None or a positive integer, got {max_moves!r}")
    return int(max_moves)


@njit(cache=True)
def move_limit_reached(moves, max_moves, finished):
    """Whether a game must be cut after `moves` moves: it has not `finished`, a limit is set
    (`max_moves` > 0) and reached."""
    return not finished and max_moves > 0 and moves >= max_moves


class MoveLimit:
    """Counts the moves of one game against an optional limit (see the module docstring)."""

    def __init__(self, max_moves: int | None):
        self.max_moves = check_max_moves(max_moves)
        self.moves = 0

    def reset(self) -> None:
        """A new game (or a restored state): the count starts again from 0."""
        self.moves = 0

    def count(self, finished: bool, moves: int = 1) -> bool:
        """Count `moves` applied moves; True when the game, unless `finished`, must be cut."""
        self.moves += moves
        return bool(move_limit_reached(self.moves, self.max_moves, finished))

    def info(self) -> dict[str, Any]:
        """What a door puts in each seat's info when it cuts the game."""
        return {TRUNCATED_INFO: True, "moves": self.moves, "max_moves": self.max_moves}
