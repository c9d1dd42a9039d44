"""Batch kernels for Aquilon: every game of the batch advanced in one jitted call."""

import numpy as np
from numba import njit, prange

from aquilon_env.engine import (
    current_player,
    final_scores,
    init,
    legal_mask,
    observe,
    play,
)
from tabletop_core.rewards import final_rewards
from tabletop_core.rng import derive_seed


@njit(cache=True, parallel=True)
def batch_reset(states, config, base_seed, episodes, obs, masks, players):
    """Deal game i from seed (base_seed, i, episodes[i]) and write its first view."""
    for i in prange(states.shape[0]):
        init(states[i], config, derive_seed(base_seed, i, episodes[i]))
        players[i] = current_player(states[i])
        legal_mask(states[i], masks[i])
        observe(states[i], players[i], obs[i])


@njit(cache=True, parallel=True)
def batch_step(states, config, actions, base_seed, episodes, reward_mode,
               obs, masks, rewards, done, players):
    """Play actions[i] in game i; finished games pay their rewards and are dealt again."""
    for i in prange(states.shape[0]):
        state = states[i]
        play(state, actions[i])
        done[i] = current_player(state) < 0
        for seat in range(rewards.shape[1]):
            rewards[i, seat] = 0.0
        if done[i]:
            n = rewards.shape[1]
            scores = np.zeros(n, np.float64)
            keys = np.zeros(n, np.int64)
            final_scores(state, scores, keys)
            final_rewards(scores, keys, n, reward_mode, rewards[i])
            episodes[i] += 1
            init(state, config, derive_seed(base_seed, i, episodes[i]))
        players[i] = current_player(state)
        legal_mask(state, masks[i])
        observe(state, players[i], obs[i])
