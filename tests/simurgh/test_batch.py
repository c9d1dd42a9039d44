"""BatchEnv: the same games as the single-game engine, auto-reset, rewards, errors."""

import numpy as np
import pytest

import simurgh_env
from simurgh_env import engine as E
from tabletop_core.rewards import final_rewards
from tabletop_core.rng import derive_seed


@pytest.mark.parametrize("players, mode, length", [(3, "spearman", "short"),
                                                   (2, "dragonlord", "short")])
def test_batch_matches_single_games_through_resets(players, mode, length):
    n, seed = 5, 5
    batch = simurgh_env.BatchEnv(num_envs=n, num_players=players, seed=seed, mode=mode,
                                 length=length)
    out = batch.reset()
    config = simurgh_env.env(num_players=players, mode=mode, length=length).unwrapped.config
    singles = [np.zeros(E.STATE_SIZE, np.int32) for _ in range(n)]
    episodes = [0] * n
    for i, s in enumerate(singles):
        E.init(s, config, derive_seed(seed, i, 0))
    obs = np.zeros(E.OBS_SIZE, np.float32)
    mask = np.zeros(E.NUM_ACTIONS, np.uint8)
    finished = 0
    for _ in range(900):
        for i, s in enumerate(singles):
            assert out.current_player[i] == E.current_player(s)
            E.legal_mask(s, mask)
            np.testing.assert_array_equal(out.action_mask[i], mask)
            E.observe(s, E.current_player(s), obs)
            np.testing.assert_array_equal(out.observation[i], obs)
        actions = batch.sample_random_actions()
        out = batch.step(actions)
        for i, s in enumerate(singles):
            E.play(s, int(actions[i]))
            over = E.current_player(s) < 0
            assert bool(out.terminated[i]) == over
            if over:
                scores = np.zeros(players)
                keys = np.zeros(players, np.int64)
                expected = np.zeros(players)
                E.final_scores(s, scores, keys)
                final_rewards(scores, keys, players, 0, expected)
                np.testing.assert_allclose(out.rewards[i], expected, atol=1e-6)
                episodes[i] += 1
                E.init(s, config, derive_seed(seed, i, episodes[i]))
                finished += 1
            else:
                assert not out.rewards[i].any()
    assert finished >= n


def test_batch_is_reproducible_and_seed_dependent():
    def run(seed):
        batch = simurgh_env.BatchEnv(num_envs=8, num_players=4, seed=seed)
        batch.reset()
        for _ in range(80):
            out = batch.step(batch.sample_random_actions())
        return out.observation.copy()

    np.testing.assert_array_equal(run(1), run(1))
    assert not np.array_equal(run(1), run(2))


def test_batch_refuses_illegal_actions_without_changing_anything():
    batch = simurgh_env.BatchEnv(num_envs=4, num_players=2, seed=0)
    out = batch.reset()
    before = batch.states.copy()
    actions = batch.sample_random_actions()
    actions[2] = int(np.flatnonzero(out.action_mask[2] == 0)[0])
    with pytest.raises(ValueError, match="game 2"):
        batch.step(actions)
    np.testing.assert_array_equal(before, batch.states)


def test_batch_skips_negative_actions_when_asked():
    batch = simurgh_env.BatchEnv(num_envs=3, num_players=3, seed=2)
    batch.reset()
    before = batch.states.copy()
    actions = batch.sample_random_actions()
    actions[1] = -1
    batch.step(actions, skip_negative=True)
    np.testing.assert_array_equal(before[1], batch.states[1])
    assert not np.array_equal(before[0], batch.states[0])
