"""Numba policies as first-class functions (signature `tabletop_core.signatures.POLICY`): the
uniformly random one and each game's heuristic (named by its profile, `agents.profiles`).
Search playouts and batched opponents use them.
"""

from __future__ import annotations

import importlib

import numpy as np
from numba import njit

from agents.bots.base import Bot, SeatView, certain
from agents.profiles import game_profile
from agents.search.playout import random_legal
from tabletop_core.cache import announce_compiles
from tabletop_core.rng import rng_seed
from tabletop_core.signatures import POLICY, EngineFunction
from tabletop_core.spec import GameSpec


@njit(POLICY, cache=True)
def random_policy(state, seat, mask, rng):
    """A uniformly random legal action."""
    return random_legal(mask, rng)


RANDOM_POLICY = EngineFunction(random_policy, POLICY)
_HEURISTICS: dict[str, EngineFunction] = {}


def heuristic_reference(game: str) -> str:
    """The "module:function" of `game`'s heuristic (its profile's); ValueError for a game
    without one."""
    reference = game_profile(game).heuristic
    if reference is None:
        raise ValueError(f"{game} has no heuristic (its profile names none); use random, "
                         "ismcts or az")
    return reference


def heuristic_policy(game: GameSpec) -> EngineFunction:
    """The game's heuristic (its profile's `heuristic`) as a policy function; ValueError for a
    game without one."""
    if game.name not in _HEURISTICS:
        module, _, function = heuristic_reference(game.name).partition(":")
        announce_compiles(module, game.name)  # its first import compiles it
        _HEURISTICS[game.name] = EngineFunction(
            getattr(importlib.import_module(module), function), POLICY)
    return _HEURISTICS[game.name]


def playout_policy(game: GameSpec) -> EngineFunction:
    """What the searches' playouts follow: the game's heuristic, else the random policy."""
    return heuristic_policy(game) if game_profile(game.name).heuristic else RANDOM_POLICY


def numba_policy(name: str, game: GameSpec) -> EngineFunction:
    """"random" or "heuristic" as a policy function for `game`."""
    if name == "random":
        return RANDOM_POLICY
    if name == "heuristic":
        return heuristic_policy(game)
    raise ValueError(f"no numba policy named {name!r} (random, heuristic)")


class HeuristicBot(Bot):
    """The game's rule-based player (`heuristic_policy`), run on a state sampled from the
    seat's information."""

    name = "heuristic"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = np.zeros(4, np.int32)
        rng_seed(self.rng, 0, seed)

    def act(self, view: SeatView) -> int:
        state = view.sample_state(self.seed)
        mask = view.action_mask.astype(np.uint8)
        return int(heuristic_policy(view.game).dispatcher(state, view.seat, mask, self.rng))

    def knows_probabilities(self, game: str) -> bool:
        """In a game whose profile declares its heuristic pure (`pure_heuristic`)."""
        return game_profile(game).pure_heuristic

    def action_probabilities(self, view: SeatView) -> np.ndarray:
        """Its one action, certain, where the heuristic is pure."""
        if not self.knows_probabilities(view.game.name):
            return super().action_probabilities(view)
        return certain(self.act(view), len(view.action_mask))
