"""The games in the frameworks people use with PettingZoo, as their docs say to use them:
TorchRL's PettingZooWrapper (AEC and Parallel views) and SuperSuit's vector envs."""

from __future__ import annotations

import numpy as np
import pytest

from tabletop_core.games import game_module
from tests.core.game_tables import GAMES, full_options

pytestmark = pytest.mark.frameworks

# Every registered game, with every kind of decision it knows (Simurgh in Dragonlord mode).
CASES = [(name, full_options(name)) for name in GAMES]
IDS = [name for name, _ in CASES]


def module(name):
    return game_module(name)


@pytest.mark.parametrize("view", ["aec", "parallel"])
@pytest.mark.parametrize("name,opts", CASES, ids=IDS)
def test_torchrl_wrapper_checks_its_specs_and_never_takes_an_illegal_action(name, opts, view):
    from torchrl.envs.libs.pettingzoo import PettingZooWrapper
    from torchrl.envs.utils import check_env_specs

    make = module(name).env if view == "aec" else module(name).parallel_env
    env = PettingZooWrapper(env=make(num_players=3, **opts), use_mask=True, seed=0)
    check_env_specs(env)
    rollout = env.rollout(400, break_when_any_done=False)  # random actions from masked specs
    acted = 0
    for group in env.group_map:
        actions = rollout[group, "action"]
        masks = rollout[group, "action_mask"]
        acting = rollout[group, "mask"]  # TorchRL's mask of the agents that act in a step
        legal = masks.gather(-1, actions.unsqueeze(-1)).squeeze(-1)
        assert legal[acting].all()
        acted += int(acting.sum())
    assert acted >= 400
    if view == "parallel":  # every live seat acts in every step (deciding or with its no-op)
        assert rollout["lord" if name == "aquilon" else "player", "mask"].all()


@pytest.mark.parametrize("name,opts", CASES, ids=IDS)
def test_supersuit_vector_envs_step_the_parallel_view_with_masks_intact(name, opts):
    import supersuit as ss

    num_players = 3
    vec = ss.pettingzoo_env_to_vec_env_v1(module(name).parallel_env(num_players=num_players,
                                                                     **opts))
    twin = module(name).parallel_env(num_players=num_players, **opts)
    obs, _ = vec.reset(seed=4)
    twin_obs, _ = twin.reset(seed=4)
    rng = np.random.default_rng(0)
    done = False
    while not done:  # the same game as the plain parallel env, mask for mask
        for row, agent in enumerate(twin.possible_agents):
            np.testing.assert_array_equal(obs["action_mask"][row], twin_obs[agent]["action_mask"])
            np.testing.assert_array_equal(obs["observation"][row], twin_obs[agent]["observation"])
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
        obs, rewards, terms, truncs, _ = vec.step(actions)
        twin_obs, twin_rewards, *_ = twin.step(dict(zip(twin.possible_agents, actions.tolist(),
                                                        strict=True)))
        np.testing.assert_array_equal(rewards, [twin_rewards[a] for a in twin.possible_agents])
        done = bool(terms.any() or truncs.any())
        if name == "simurgh" and twin.moves > 300:
            break
    envs = ss.concat_vec_envs_v1(vec, 2, num_cpus=0, base_class="gymnasium")
    obs, _ = envs.reset(seed=1)
    finished = 0
    for _ in range(300):
        assert (obs["action_mask"].sum(axis=1) >= 1).all()
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
        obs, rewards, terms, truncs, _ = envs.step(actions)  # an illegal one would raise
        for game in range(2):
            rows = slice(game * num_players, (game + 1) * num_players)
            if terms[rows].any():
                assert terms[rows].all() and abs(rewards[rows].sum()) < 1e-9
                finished += 1
    if name != "simurgh":
        assert finished > 0
