"""Shared by the joint-step tests: the game cases, and one random generator per seat so that
two doors (AEC, joint, parallel) playing the same game make the same decisions."""

from __future__ import annotations

import numpy as np
import pytest

from tabletop_core.games import game_module

# (game, options, player counts); Simurgh's sealed dragon pick exists only in Dragonlord mode.
CASES = [
    ("aquilon", {}, (2, 3, 5)),
    ("dragon", {}, (3, 4, 5)),
    ("simurgh", {"mode": "dragonlord"}, (2, 4)),
    ("simurgh", {}, (3,)),
]
PARAMS = [
    pytest.param(name, opts, n, id=f"{name}{'-' + opts['mode'] if opts else ''}-{n}p")
    for name, opts, counts in CASES for n in counts
]
# The cases with sealed decisions (Simurgh's Spearman mode has none).
SEALED_PARAMS = [p for p in PARAMS if p.values[0] != "simurgh" or p.values[1]]
# Simurgh games played at random can last very long; the limit keeps the tests short.
MAX_MOVES = {"aquilon": None, "dragon": None, "simurgh": 700}


class SeatPolicies:
    """One random generator per seat: a seat's k-th decision is drawn the same way whatever the
    door, so two doors playing the same game make the same decisions."""

    def __init__(self, seed, n):
        self.rngs = [np.random.default_rng([seed, seat]) for seat in range(n)]
        self.log = [[] for _ in range(n)]  # per seat: (observation, mask, action)

    def __call__(self, seat, obs, mask):
        legal = np.flatnonzero(mask)
        action = int(legal[self.rngs[seat].integers(len(legal))])
        self.log[seat].append((obs.tobytes(), np.asarray(mask, np.uint8).tobytes(), action))
        return action


def play_aec(name, opts, n, seed, policy_seed, max_moves):
    """The AEC env's game under SeatPolicies: (log, states after each move, rewards)."""
    env = game_module(name).raw_env(num_players=n, **opts)
    env.reset(seed=seed)
    policies = SeatPolicies(policy_seed, n)
    states = [env.clone_state()]
    while not all(env.terminations.values()) and (max_moves is None or len(states) <= max_moves):
        agent = env.agent_selection
        seat = env.possible_agents.index(agent)
        view = env.observe(agent)
        env.step(policies(seat, view["observation"], view["action_mask"]))
        states.append(env.clone_state())
    rewards = np.array([env.rewards[a] for a in env.possible_agents])
    return policies.log, states, rewards
