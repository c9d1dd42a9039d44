"""The deal of a seed: its chance actions (`deal_actions`) and the state they lead to
(`dealt_state`), the game the AEC environment deals with `reset(seed=seed)`."""

from __future__ import annotations

from tabletop_core.inputs import normalize_seed
from tabletop_core.openspiel.definition import DEAL_NODES
from tabletop_core.openspiel.game import TabletopGame
from tabletop_core.openspiel.state import TabletopState


def deal_actions(seed: int) -> list[int]:
    """The chance actions that deal the game the AEC environment deals with `reset(seed=seed)`
    (any non-negative integer)."""
    return list(normalize_seed(seed).to_bytes(DEAL_NODES, "big"))


def dealt_state(game: TabletopGame, seed: int) -> TabletopState:
    """A new state of `game` after the deal of the AEC environment's `reset(seed=seed)`."""
    state = game.new_initial_state()
    for outcome in deal_actions(seed):
        state.apply_action(outcome)
    return state
