"""Shared by the joint-step tests: the game cases, and one random generator per seat so that
two doors (AEC, joint, parallel) playing the same game make the same decisions."""

from __future__ import annotations

from collections import defaultdict

import numpy as np
import pytest

from tabletop_core.games import game_module, game_spec
from tests.core.game_tables import GAMES, table_id, tables

# Every registered game, table size and Simurgh mode.
PARAMS = [pytest.param(name, opts, n, id=table_id(name, n, opts))
          for name in GAMES for n, opts in tables(name, "mode")]
# Options under which a game has no sealed decision: Simurgh's sealed dragon pick exists only
# in Dragonlord mode.
UNSEALED = {"simurgh": {"mode": "spearman"}}


def sealed(name: str, opts: dict) -> bool:
    """Whether game `name` with options `opts` has sealed decisions."""
    options = {**dict(game_spec(name).options), **opts}
    return not any(options[k] == v for k, v in UNSEALED.get(name, {}).items())


# The cases with sealed decisions.
SEALED_PARAMS = [p for p in PARAMS if sealed(*p.values[:2])]
# Simurgh games played at random can last very long; the limit keeps the tests short (no limit
# for the other games).
MAX_MOVES = defaultdict(lambda: None, {"simurgh": 700})


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
