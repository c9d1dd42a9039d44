"""`ISMCTSBot`: OpenSpiel's Python ISMCTS bot with the `restart_at` it lacks."""

from __future__ import annotations

import pyspiel
from open_spiel.python.algorithms import ismcts


class ISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's Python ISMCTS bot, unchanged, plus the `restart_at` that
    `evaluate_bots` calls and it lacks (it keeps nothing between decisions: each search
    starts from the state it is given)."""

    def restart_at(self, state: pyspiel.State) -> None:
        self.reset()
