"""The PettingZoo surface of Dragon's Interest: registry, its own options, errors and words (what
every game's env does alike: tests/core/test_env_common.py; PettingZoo's api_test and seed_test
on every game's env: tests/core/test_pettingzoo_api.py)."""

import numpy as np
import pettingzoo
import pytest

import dragon_env
from dragon_env.engine import layout as L
from tests.common import needs_registry

from ..common import play_random


@needs_registry
def test_registered_in_pettingzoo():
    env = pettingzoo.make("aec", "tabletop/dragon-v2", num_players=5)
    assert env.unwrapped.metadata["name"] == "dragon_v2"  # docs/rules/dragon.md, Versions
    env.reset(seed=1)
    assert env.unwrapped.num_players == 5
    assert env.agents == [f"player_{i}" for i in range(5)]
    assert env.action_space("player_0").n == 65
    assert env.observation_space("player_0")["observation"].shape == (dragon_env.SPEC.obs_size,)


def test_start_player_option():  # D9
    env = dragon_env.raw_env(num_players=5, start_player=3)
    for seed in range(5):
        env.reset(seed=seed)
        assert env.agent_selection == "player_3"


def test_illegal_action_names_the_legal_ones():
    env = dragon_env.raw_env(num_players=4)
    env.reset(seed=4)
    state = env.clone_state()
    state[L.HAND + int(state[L.ACTOR])] &= ~1  # the Jester has left the hand
    env.restore_state(state)
    before = env.clone_state()
    with pytest.raises(ValueError, match=r"legal: 1 \(play Contract 2\)"):
        env.step(0)
    with pytest.raises(ValueError, match="illegal action"):
        env.step(10_000)
    np.testing.assert_array_equal(before, env.clone_state())


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"num_players": 2}, "between 3 and 5"),
        ({"num_players": 6}, "between 3 and 5"),
        ({"num_players": 4.0}, "integer"),
        ({"num_players": 4, "guild": False}, "unknown option"),
        ({"num_players": 4, "start_player": 4}, "start_player"),
        ({"num_players": 4, "start_player": True}, "start_player"),
        ({"num_players": 4, "reward_mode": "points"}, "reward_mode"),
        ({"num_players": 4, "render_mode": "rgb"}, "render_mode"),
        ({"num_players": 4, "illegal_action": "ignore"}, "illegal_action"),
    ],
)
def test_bad_configuration_is_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        dragon_env.raw_env(**kwargs)


def test_bad_batch_configuration_is_refused():
    with pytest.raises(ValueError, match="num_envs"):
        dragon_env.BatchEnv(num_envs=0)
    with pytest.raises(ValueError, match="between 3 and 5"):
        dragon_env.BatchEnv(num_envs=2, num_players=2)
    with pytest.raises(ValueError, match="unknown option"):
        dragon_env.BatchEnv(num_envs=2, colour="red")


def test_every_legal_action_has_words_and_render_shows_the_table():
    env = dragon_env.raw_env(num_players=4, render_mode="ansi")
    env.reset(seed=8)
    rng = np.random.default_rng(2)
    kinds = set()
    while env.game.current_player(env.clone_state()) >= 0:
        kinds.add(int(env.engine_state[L.STEP]))
        for action in env.legal_actions():
            assert env.action_to_string(action)
            assert env.game.public_action_to_string(env.clone_state(), action)
        if env.engine_state[L.STEP] == L.BID_AMOUNT:
            words = env.game.public_action_to_string(env.clone_state(), L.A_DIGIT)
            assert words == "makes a sealed bid"
        env.step(int(rng.choice(env.legal_actions())))
    assert {L.CHOOSE_CONTRACT, L.PICK_TILE, L.ACTIVATE} <= kinds
    text = env.render()
    assert "round" in text and "Player 3" in text and "Castle" in text
    seat_text = env.game.render_text(env.clone_state(), 1)
    assert "Player 1 (you)" in seat_text


def test_determinize_method_and_snapshots():
    env = dragon_env.raw_env(num_players=4)
    env.reset(seed=6)
    play_random(env, np.random.default_rng(1), steps=25)
    snap = env.clone_state()
    sample = env.determinize(1, seed=3)
    assert sample.shape == snap.shape
    env.restore_state(sample)
    assert env.observe("player_1")["observation"].tobytes() == env.observe("player_1")[
        "observation"].tobytes()
    env.restore_state(snap)
    np.testing.assert_array_equal(env.clone_state(), snap)
    with pytest.raises(ValueError, match="player"):
        env.determinize(4, seed=0)
