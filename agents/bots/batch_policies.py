"""Bots for many games at once: one jitted call picks the actions of every selected game.

A numba policy (`tabletop_core.signatures.POLICY`, e.g. a game's heuristic) decides on a state
sampled from the acting seat's information with the engine's `determinize`, never on the true
state.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange, types

from tabletop_core.rng import RNG_WORDS, derive_seed, rng_next, rng_seed
from tabletop_core.signatures import DeterminizeFn, PolicyFn, engine_functions
from tabletop_core.spec import GameSpec

_BATCH_POLICY = types.void(
    types.int32[:, ::1], types.int64[::1], types.uint8[:, ::1], types.boolean[::1],
    types.int32[:, ::1], types.int64[::1], DeterminizeFn, PolicyFn,
)


@njit(_BATCH_POLICY, cache=True, parallel=True)
def batch_policy(states, players, masks, active, rngs, out, determinize, policy):
    """out[i] = policy's action for players[i] in game i where active[i], else -1."""
    for i in prange(states.shape[0]):
        if not active[i]:
            out[i] = -1
            continue
        sample = states[i].copy()
        determinize(sample, players[i], rng_next(rngs[i], 0))
        out[i] = policy(sample, players[i], masks[i], rngs[i])


class BatchPolicy:
    """A numba policy applied to selected games of a batch, with one generator per game."""

    def __init__(self, game: GameSpec, policy, num_envs: int, seed: int):
        self.determinize = engine_functions(game)["determinize"]
        self.policy = policy
        self.rngs = np.zeros((num_envs, RNG_WORDS), np.int32)
        for i in range(num_envs):
            rng_seed(self.rngs[i], 0, derive_seed(seed, i, 17))
        self.out = np.full(num_envs, -1, np.int64)

    def act(self, states, players, masks, active) -> np.ndarray:
        """Actions for the active games (-1 elsewhere)."""
        batch_policy(states, players, masks, active, self.rngs, self.out, self.determinize,
                     self.policy)
        return self.out


def batch_bot(name: str, game: GameSpec, num_envs: int, num_players: int, seed: int,
              observations: np.ndarray):
    """A bot for selected games of a batch by name: "random", "heuristic" (numba policies on
    sampled states) or "baseline[:<policy.npz>]" (a learned policy reading `observations`,
    the batch's observation array, in place)."""
    if name == "baseline" or name.startswith("baseline:"):
        from agents.bots import parse_bot
        from agents.bots.baseline import BatchBaseline, load_policy

        source = parse_bot(name)[1]
        return BatchBaseline(load_policy(source, game, num_players), observations, seed)
    from agents.bots.policies import numba_policy

    return BatchPolicy(game, numba_policy(name, game), num_envs, seed)
