"""Numba policies as first-class functions (signature `tabletop_core.signatures.POLICY`): the
uniformly random one and each game's heuristic. Search playouts and batched opponents use them.
"""

from __future__ import annotations

import importlib

from numba import njit

from tabletop_core.rng import rng_below
from tabletop_core.signatures import POLICY, EngineFunction
from tabletop_core.spec import GameSpec


@njit(cache=True)
def random_legal(mask, rng):
    """A uniformly random legal action of `mask` (generator words in `rng`)."""
    count = 0
    for a in range(mask.shape[0]):
        count += mask[a]
    pick = rng_below(rng, 0, count)
    for a in range(mask.shape[0]):
        if mask[a]:
            if pick == 0:
                return a
            pick -= 1
    return -1


@njit(POLICY, cache=True)
def random_policy(state, seat, mask, rng):
    """A uniformly random legal action."""
    return random_legal(mask, rng)


RANDOM_POLICY = EngineFunction(random_policy, POLICY)
_HEURISTICS: dict[str, EngineFunction] = {}


def heuristic_policy(game: GameSpec) -> EngineFunction:
    """The game's heuristic (`agents.bots.heuristics.<game>.choose`) as a policy function."""
    if game.name not in _HEURISTICS:
        module = importlib.import_module(f"agents.bots.heuristics.{game.name}")
        _HEURISTICS[game.name] = EngineFunction(module.choose, POLICY)
    return _HEURISTICS[game.name]


def numba_policy(name: str, game: GameSpec) -> EngineFunction:
    """"random" or "heuristic" as a policy function for `game`."""
    if name == "random":
        return RANDOM_POLICY
    if name == "heuristic":
        return heuristic_policy(game)
    raise ValueError(f"no numba policy named {name!r} (random, heuristic)")
