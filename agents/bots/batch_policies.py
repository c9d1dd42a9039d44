"""Bots for many games at once: one jitted call picks the actions of every selected game.

A numba policy (`tabletop_core.signatures.POLICY`, e.g. a game's heuristic) decides on a state
sampled from the acting seat's information with the engine's `determinize`, never on the true
state. Any other bot plays through `BatchBots`: its own `act`, game by game, on the acting
seat's `SeatView`.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange, types

from agents.bots.base import Bot, state_view
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


class BatchBots:
    """Any bot spec of `agents.bots` for selected games of a batch: `Bot.act` on each active
    game's `SeatView` of the acting seat (its observation and mask, and states sampled from its
    information), one bot per (game slot, seat), made on first use and seeded from a stream of
    its own. A bot that watches the game (`Bot.watches`) is refused: a batch shows it only its
    own turns."""

    def __init__(self, spec: str, game: GameSpec, num_envs: int, num_players: int, seed: int):
        from agents.bots import make_bot

        if make_bot(spec).watches:
            raise ValueError(f"bot {spec} watches the game, which a batch of games cannot "
                             "show it (it sees only its own turns)")
        self.spec, self.game, self.num_players, self.seed = spec, game, num_players, seed
        self.bots: dict[tuple[int, int], Bot] = {}
        self.out = np.full(num_envs, -1, np.int64)

    def bot(self, slot: int, seat: int) -> Bot:
        """The bot of game slot `slot`'s seat `seat` (made on first use)."""
        from agents.bots import make_bot

        key = (slot, seat)
        if key not in self.bots:
            self.bots[key] = make_bot(self.spec, derive_seed(self.seed, slot, 31 + seat))
        return self.bots[key]

    def act(self, states, players, masks, active) -> np.ndarray:
        """Actions for the active games (-1 elsewhere)."""
        self.out[:] = -1
        for i in np.flatnonzero(active):
            seat = int(players[i])
            view = state_view(self.game, self.num_players, seat, states[i].copy())
            self.out[i] = self.bot(int(i), seat).act(view)
        return self.out


def batch_bot(name: str, game: GameSpec, num_envs: int, num_players: int, seed: int,
              observations: np.ndarray):
    """A bot for selected games of a batch by name: "random", "heuristic" (numba policies on
    sampled states), "baseline[:<policy.npz>]" (a learned policy reading `observations`,
    the batch's observation array, in place), or any other bot spec through `BatchBots`."""
    if name == "baseline" or name.startswith("baseline:"):
        from agents.bots import parse_bot
        from agents.bots.baseline import BatchBaseline, load_policy

        source = parse_bot(name)[1]
        return BatchBaseline(load_policy(source, game, num_players), observations, seed)
    if name not in ("random", "heuristic"):
        return BatchBots(name, game, num_envs, num_players, seed)
    from agents.bots.policies import numba_policy

    return BatchPolicy(game, numba_policy(name, game), num_envs, seed)
