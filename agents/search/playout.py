"""Leaves valued by playing on: a policy (random with probability `epsilon`) to the end of the
game or for `playout_limit` moves, scored by the rank reward plus a score-margin term.

`playout` calls function arguments, so it is not cached itself: it is compiled into the search
kernel that calls it, whose signature is explicit."""

from __future__ import annotations

from numba import njit, types

from agents.search.profile import (
    PLAYOUT_LEGAL_MASK,
    PLAYOUT_PLAY,
    PLAYOUT_POLICY,
    add_cycles,
    clock,
)
from tabletop_core.rewards import rank_rewards
from tabletop_core.rng import rng_below, rng_next
from tabletop_core.signatures import STATE, PolicyFn


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


@njit(cache=True)
def rollout_rewards(scores, keys, num_players, out):
    """Rank reward plus a small score-margin term (relative to the table's mean score), which
    tells a near win from a rout and makes random playouts less noisy."""
    rank_rewards(keys, num_players, out)
    total = 0.0
    size = 0.0
    for i in range(num_players):
        total += scores[i]
        size += abs(scores[i])
    scale = max(size / num_players, 1.0)
    for i in range(num_players):
        margin = (scores[i] - (total - scores[i]) / (num_players - 1)) / scale
        out[i] += max(-1.0, min(1.0, margin))


@njit(types.int64(STATE, types.int64, types.uint8[::1], types.int32[::1], PolicyFn, types.float64),
      cache=True)
def policy_action(state, player, mask, rng, policy, epsilon):
    """The policy's action, or with probability `epsilon` a uniformly random legal one."""
    if rng_next(rng, 0) < epsilon * 4294967296.0:
        return random_legal(mask, rng)
    return policy(state, player, mask, rng)


@njit
def playout(state, num_players, playout_limit, mask, scores, keys, rewards, rng, policy,
            epsilon, engine, cycles, profiling):
    """Play `state` on with `policy` (a random legal action with probability `epsilon`) to
    the end or for `playout_limit` moves (-1: no limit), then score it into `rewards`. With
    `profiling`, the cycles of its policy, play and legal_mask calls go to `cycles`."""
    moves = 0
    while moves != playout_limit:
        player = engine.current_player(state)
        if player < 0:
            break
        moves += 1
        start = clock(profiling)
        engine.legal_mask(state, mask)
        add_cycles(cycles, PLAYOUT_LEGAL_MASK, start, profiling)
        start = clock(profiling)
        action = policy_action(state, player, mask, rng, policy, epsilon)
        add_cycles(cycles, PLAYOUT_POLICY, start, profiling)
        start = clock(profiling)
        engine.play(state, action)
        add_cycles(cycles, PLAYOUT_PLAY, start, profiling)
    engine.final_scores(state, scores, keys)
    rollout_rewards(scores, keys, num_players, rewards)
