"""Input is checked at the door: actions, seeds, seats, and calls made before a game exists."""

from __future__ import annotations

import numpy as np
import pytest

from tabletop_core.games import game_module, game_names
from tabletop_core.inputs import normalize_seed

GAMES = game_names()


def module(game: str):
    return game_module(game)


@pytest.mark.parametrize("game", GAMES)
def test_batch_step_takes_only_an_integer_array_of_its_shape(game):
    batch = module(game).BatchEnv(num_envs=2, seed=0)
    batch.reset()
    before = batch.states.copy()
    legal = batch.sample_random_actions()
    for bad in (legal.astype(np.float64) + 0.9, np.array([True, True]),
                np.array([str(a) for a in legal]), np.array([np.nan, np.nan]),
                np.array([legal[0], None], dtype=object), legal[:1], 3,
                np.array([2**63, 0], np.uint64)):
        with pytest.raises(ValueError):
            batch.step(bad)
        with pytest.raises(ValueError):
            batch.step(bad, skip_negative=True)
        np.testing.assert_array_equal(batch.states, before)
    batch.step(list(legal))  # a list of ints is an integer array
    batch.step(batch.sample_random_actions().astype(np.int32))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("mode", ["raise", "penalize"])
def test_aec_step_refuses_non_integers_in_both_modes(game, mode):
    env = module(game).raw_env(illegal_action=mode)
    env.reset(seed=1)
    action = env.legal_actions()[0]
    before = env.clone_state()
    for bad in (True, False, np.bool_(True), float(action), "1", None, [action],
                np.array([action])):
        with pytest.raises(ValueError, match="integer"):
            env.step(bad)
        np.testing.assert_array_equal(env.clone_state(), before)
        assert not any(env.terminations.values())
    env.step(np.int16(action))
    env.step(np.array(env.legal_actions()[0]))  # a 0-d integer array is an integer


@pytest.mark.parametrize("game", GAMES)
def test_seeds_of_any_size_are_reduced_deterministically(game):
    env = module(game).raw_env()
    views = []
    for seed in (2**63, 2**64 + 5, 10**40, 2**63):
        env.reset(seed=seed)
        views.append(env.clone_state())
    np.testing.assert_array_equal(views[0], views[3])
    assert not np.array_equal(views[0], views[1]) and not np.array_equal(views[1], views[2])
    env.reset(seed=np.uint64(2**64 - 1))
    for bad in (-1, 1.5, "3", True):
        with pytest.raises(ValueError, match="seed"):
            env.reset(seed=bad)
    batch = module(game).BatchEnv(num_envs=2, seed=2**70)
    batch.reset()


def test_seed_reduction_is_the_documented_hash():
    import hashlib

    seed = 2**64 + 12345
    digest = hashlib.blake2b(seed.to_bytes(9, "big"), digest_size=8).digest()
    assert normalize_seed(seed) == int.from_bytes(digest, "big") % 2**63
    assert normalize_seed(2**63 - 1) == 2**63 - 1


@pytest.mark.parametrize("game", GAMES)
def test_determinize_checks_its_arguments(game):
    env = module(game).raw_env()
    env.reset(seed=0)
    for player, seed in ((0.5, 1), (True, 1), (-1, 1), (env.num_players, 1), (0, -1.5),
                         (0, -1), (0, "x")):
        with pytest.raises(ValueError):
            env.determinize(player, seed)
    env.determinize(np.int64(0), 2**65)


@pytest.mark.parametrize("game", GAMES)
def test_the_raw_env_before_reset_says_so(game):
    env = module(game).raw_env(render_mode="ansi")
    agent = env.possible_agents[0]
    calls = [lambda: env.observe(agent), lambda: env.step(0), env.last, env.state,
             env.render, env.legal_actions, env.clone_state, lambda: env.determinize(0, 1),
             env.final_scores]
    for call in calls:
        with pytest.raises(RuntimeError, match="reset"):
            call()
    env.reset(seed=0)
    with pytest.raises(ValueError, match="unknown agent"):
        env.observe("nobody")


@pytest.mark.parametrize("game", GAMES)
def test_the_parallel_env_before_reset_says_so_as_the_raw_env_does(game):
    env = module(game).parallel_env(render_mode="ansi")
    agent = env.possible_agents[0]
    calls = [lambda: env.step({}), lambda: env.step({agent: 0}), env.render, env.state,
             lambda: env.deciding_agents, lambda: env.moves]
    raw = module(game).raw_env()
    with pytest.raises(RuntimeError) as want:
        raw.state()
    for call in calls:
        with pytest.raises(RuntimeError) as got:
            call()
        assert str(got.value) == str(want.value)
    env.reset(seed=0)
    assert env.moves == 0 and env.deciding_agents
