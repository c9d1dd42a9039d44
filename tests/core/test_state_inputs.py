"""States and configs as callers hand them in (issue 51): a valid state in a read-only array (a
memory-mapped file, the env's own `engine_state` view) is restored like any other, and a config
that `make_config` could not have given is refused with a ValueError before an engine reads
it."""

from __future__ import annotations

import numpy as np
import pytest

from tabletop_core.games import game_module
from tabletop_core.joint import JointGame

from ..common import play_random
from .test_env_common import GAMES


def _midgame(game: str, seed: int):
    env = game_module(game).raw_env()
    env.reset(seed=seed)
    play_random(env, np.random.default_rng(seed), steps=12)
    return env


@pytest.mark.parametrize("game", GAMES)
def test_a_read_only_state_is_restored(game, tmp_path):
    env = _midgame(game, 4)
    saved = env.clone_state()
    np.save(tmp_path / "state.npy", saved)
    mapped = np.load(tmp_path / "state.npy", mmap_mode="r")
    frozen = saved.copy()
    frozen.flags.writeable = False
    for state in (mapped, frozen, env.engine_state):
        other = _midgame(game, 5)
        other.game.check_state(state, other.config)
        other.restore_state(state)
        np.testing.assert_array_equal(other.clone_state(), saved)
        assert other.legal_actions() == env.legal_actions()


@pytest.mark.parametrize("game", GAMES)
def test_batch_load_states_takes_a_read_only_array(game):
    batch = game_module(game).BatchEnv(num_envs=2, seed=1)
    first = batch.reset().action_mask.copy()
    states = batch.states.copy()
    states.flags.writeable = False
    batch.step(batch.sample_random_actions())
    out = batch.load_states(states)
    np.testing.assert_array_equal(out.action_mask, first)


def _bad_configs(spec):
    good = spec.make_config(spec.default_players)
    last = good.copy()
    last[-1] = 99  # the player count (Aquilon's only entry) or an option out of range
    return [
        (good[:-1], "shape"),
        (np.append(good, np.int32(0)), "shape"),
        (good.astype(np.int64), "int32"),
        (list(good), "int32"),
        (last, "players" if len(good) == 1 else "deals an invalid game"),
    ]


@pytest.mark.parametrize("game", GAMES)
def test_a_config_not_from_make_config_is_refused(game):
    env = _midgame(game, 6)
    spec, state = env.game, env.clone_state()
    n = env.num_players
    np.testing.assert_array_equal(spec.check_config(env.config), env.config)
    for bad, message in _bad_configs(spec):
        with pytest.raises(ValueError, match=message):
            spec.check_config(bad)
        with pytest.raises(ValueError, match=message):
            spec.check_state(state, bad)
        with pytest.raises(ValueError, match=message):
            JointGame(spec, n, bad)
    other = spec.make_config(spec.min_players if n != spec.min_players else n + 1)
    with pytest.raises(ValueError, match="players"):
        JointGame(spec, n, other)
