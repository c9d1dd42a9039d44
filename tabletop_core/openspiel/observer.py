"""`_Observer`, OpenSpiel's Python observer of the games (`TabletopGame.make_py_observer`)."""

from __future__ import annotations

import numpy as np

from tabletop_core.openspiel.definition import Definition
from tabletop_core.openspiel.state import TabletopState


class _Observer:
    """OpenSpiel's Python observer: one seat's observation or information state."""

    def __init__(self, definition: Definition, perfect_recall: bool):
        self.definition = definition
        self.perfect_recall = perfect_recall
        spec = definition.spec
        seats = spec.max_players
        size = spec.obs_size + (seats + spec.num_actions + 1 if perfect_recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor[:spec.obs_size]}
        # The game's named observation pieces, views into the same floats. Not in `dict`:
        # OpenSpiel sizes the tensor from every entry of `dict`, and the pieces overlap it.
        self.pieces = spec.observation_layout.views(self.dict["observation"])
        if perfect_recall:
            self.dict["seat"] = self.tensor[spec.obs_size:spec.obs_size + seats]
            self.dict["own_action_counts"] = self.tensor[spec.obs_size + seats:-1]
            self.dict["progress"] = self.tensor[-1:]

    def set_from(self, state: TabletopState, player: int) -> None:
        record = state._record
        if self.perfect_recall:
            self.tensor[:] = record.information_state_tensor(player)
        else:
            self.tensor[:] = record.observation(player)

    def string_from(self, state: TabletopState, player: int) -> str:
        record = state._record
        if self.perfect_recall:
            return record.information_state_string(player)
        return record.table_text(player)
