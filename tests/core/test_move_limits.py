"""A move limit on every interface, with one meaning: a game still running after N moves of
all seats together is truncated for everyone, without reward."""

from __future__ import annotations

import numpy as np
import pytest

from tabletop_core.games import game_module, game_names
from tabletop_core.limits import TRUNCATED_INFO, MoveLimit

GAMES = game_names()


def module(game: str):
    return game_module(game)


def test_first_legal_action_in_simurgh_now_ends_by_truncation():
    """The docs' first-legal-action loop never ends a Simurgh game; with a limit the game is cut."""
    env = module("simurgh").env(max_moves=3000)
    env.reset(seed=0)
    moves = 0
    for agent in env.agent_iter():
        _, reward, termination, truncation, info = env.last()
        if termination or truncation:
            assert truncation and not termination and reward == 0
            assert info[TRUNCATED_INFO] and info["moves"] == 3000 == info["max_moves"]
            env.step(None)
            continue
        env.step(int(np.flatnonzero(env.observe(agent)["action_mask"])[0]))
        moves += 1
    assert moves == 3000


@pytest.mark.parametrize("game", GAMES)
def test_the_aec_env_cuts_where_the_batch_env_cuts(game):
    """Same seed, same actions: both doors truncate at the same move, and a game that ends
    before the limit ends normally in both."""
    m = module(game)
    limit = 20  # within every game's length
    batch = m.BatchEnv(num_envs=1, seed=9, max_moves=limit)
    batch.reset()
    from tabletop_core.rng import derive_seed

    env = m.raw_env(max_moves=limit)
    env.reset(seed=int(derive_seed(9, 0, 0)))
    for move in range(1, limit + 1):
        np.testing.assert_array_equal(env.clone_state(), batch.states[0])
        action = int(batch.sample_random_actions()[0])
        env.step(action)
        out = batch.step(np.array([action]))
        assert bool(out.truncated[0]) == all(env.truncations.values()) == (move == limit)
        assert not out.terminated[0] and not any(env.terminations.values())
    assert all(env.rewards[a] == 0 for a in env.possible_agents)
    assert env.legal_actions() == [] and not env.observe(env.agent_selection)["action_mask"].any()


def test_a_game_shorter_than_the_limit_is_not_cut():
    env = module("aquilon").raw_env(max_moves=10_000)
    env.reset(seed=2)
    while not any(env.terminations.values()):
        env.step(env.legal_actions()[-1])
    assert not any(env.truncations.values())
    assert sorted(env.rewards.values()) != [0.0, 0.0]


@pytest.mark.parametrize("bad", [0, -3, 2.5, True, "10"])
def test_bad_limits_are_refused_at_construction(bad):
    with pytest.raises(ValueError, match="max_moves"):
        module("aquilon").raw_env(max_moves=bad)
    with pytest.raises(ValueError, match="max_moves"):
        module("aquilon").BatchEnv(num_envs=1, max_moves=bad)
    with pytest.raises(ValueError, match="max_moves"):
        MoveLimit(bad)


def test_restore_starts_the_count_again():
    env = module("dragon").raw_env(max_moves=5)
    env.reset(seed=0)
    for _ in range(3):
        env.step(env.legal_actions()[0])
    env.restore_state(env.clone_state())
    for _ in range(4):
        env.step(env.legal_actions()[0])
    assert not any(env.truncations.values())
    env.step(env.legal_actions()[0])
    assert all(env.truncations.values())
