"""What every game's rule-scenario module (tests/<game>/scenario.py) drives the engine with.

A scenario builds a position directly in the engine's state array and then plays it with `do`,
which refuses an action the engine does not offer. `EngineDoors(engine, layout)` gives those
doors for one game's engine package (`<game>_env.engine` and its `layout`); each scenario
module binds them to its own names (`legal, do, actor = DOORS.legal, ...`) and adds its game's
own helpers.
"""

from __future__ import annotations

import numpy as np


class EngineDoors:
    """The engine doors of one game: a state to deal into, legal actions, play, observe."""

    def __init__(self, engine, layout):
        self.engine = engine
        self.layout = layout

    def new_state(self, config: np.ndarray, seed: int) -> np.ndarray:
        """A state dealt by the engine's `init` with this config and seed."""
        state = np.zeros(self.engine.STATE_SIZE, np.int32)
        self.engine.init(state, config, seed)
        return state

    def legal(self, state: np.ndarray) -> list[int]:
        """The legal actions of the seat to act."""
        mask = np.zeros(self.engine.NUM_ACTIONS, np.uint8)
        self.engine.legal_mask(state, mask)
        return [int(a) for a in np.flatnonzero(mask)]

    def do(self, state: np.ndarray, *actions: int) -> None:
        """Play actions one after the other, each asserted legal first."""
        for action in actions:
            options = self.legal(state)
            assert action in options, f"action {action} is not legal; legal: {options}"
            self.engine.play(state, int(action))

    def actor(self, state: np.ndarray) -> int:
        """The seat to act (-1 once the game is over)."""
        return int(state[self.layout.ACTOR])

    def observe(self, state: np.ndarray, viewer: int) -> np.ndarray:
        """`viewer`'s observation of `state`."""
        out = np.zeros(self.engine.OBS_SIZE, np.float32)
        self.engine.observe(state, viewer, out)
        return out
