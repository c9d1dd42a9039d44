"""The PettingZoo surface of Aquilon: API conformance, seeding, copies, errors, registry."""

import copy
import pickle

import numpy as np
import pettingzoo
import pytest
from pettingzoo.test import api_test, seed_test

import aquilon_env
from tests.common import needs_registry

from ..common import play_random


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_pettingzoo_api(num_players):
    api_test(aquilon_env.env(num_players=num_players), num_cycles=400)


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_pettingzoo_seed(num_players):
    seed_test(lambda: aquilon_env.env(num_players=num_players), num_cycles=200)


@needs_registry
def test_registered_in_pettingzoo():
    env = pettingzoo.make("aec", "tabletop/aquilon-v1", num_players=4)
    assert env.unwrapped.metadata["name"] == "aquilon_v1"  # docs/rules/aquilon.md, Versions
    env.reset(seed=1)
    assert env.unwrapped.num_players == 4
    assert env.agents == ["lord_0", "lord_1", "lord_2", "lord_3"]


def test_same_seed_same_game():
    a = aquilon_env.raw_env(num_players=3)
    b = aquilon_env.raw_env(num_players=3)
    a.reset(seed=11)
    b.reset(seed=11)
    play_random(a, np.random.default_rng(5))
    play_random(b, np.random.default_rng(5))
    np.testing.assert_array_equal(a.clone_state(), b.clone_state())
    assert a.final_scores().tolist() == b.final_scores().tolist()


def test_different_seeds_deal_differently():
    a = aquilon_env.raw_env(num_players=3)
    a.reset(seed=1)
    first = a.clone_state()
    a.reset(seed=2)
    assert not np.array_equal(first, a.clone_state())


@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
def test_copies_continue_identically(how):
    env = aquilon_env.env(num_players=4)
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    play_random(env, rng, steps=40)
    twin = copy.deepcopy(env) if how == "deepcopy" else pickle.loads(pickle.dumps(env))
    rest_a = play_random(env, np.random.default_rng(9))
    rest_b = play_random(twin, np.random.default_rng(9))
    assert rest_a == rest_b
    assert env.unwrapped.final_scores().tolist() == twin.unwrapped.final_scores().tolist()


def test_illegal_action_raises_and_changes_nothing():
    env = aquilon_env.raw_env(num_players=2)
    env.reset(seed=4)
    play_random(env, np.random.default_rng(1), steps=2)  # into the first tavern
    before = env.clone_state()
    illegal = int(np.flatnonzero(env._mask == 0)[0])
    with pytest.raises(ValueError, match="legal"):
        env.step(illegal)
    with pytest.raises(ValueError, match="illegal action"):
        env.step(10_000)
    np.testing.assert_array_equal(before, env.clone_state())


def test_penalize_option_ends_the_game():
    env = aquilon_env.raw_env(num_players=3, illegal_action="penalize")
    env.reset(seed=4)
    offender = env.agent_selection
    env.step(int(np.flatnonzero(env._mask == 0)[0]))
    assert all(env.terminations.values())
    assert env._cumulative_rewards[offender] == -1.0
    assert sum(env._cumulative_rewards.values()) == -1.0


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"num_players": 1}, "between 2 and 5"),
        ({"num_players": 6}, "between 2 and 5"),
        ({"num_players": 3.0}, "integer"),
        ({"num_players": 3, "cards": 5}, "unknown option"),
        ({"num_players": 3, "reward_mode": "score"}, "reward_mode"),
        ({"num_players": 3, "render_mode": "rgb"}, "render_mode"),
        ({"num_players": 3, "illegal_action": "ignore"}, "illegal_action"),
    ],
)
def test_bad_configuration_is_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        aquilon_env.raw_env(**kwargs)


def test_bad_batch_configuration_is_refused():
    with pytest.raises(ValueError, match="num_envs"):
        aquilon_env.BatchEnv(num_envs=0)
    with pytest.raises(ValueError, match="between 2 and 5"):
        aquilon_env.BatchEnv(num_envs=2, num_players=7)


def test_every_legal_action_has_words_and_render_shows_the_table():
    env = aquilon_env.raw_env(num_players=3, render_mode="ansi")
    env.reset(seed=8)
    rng = np.random.default_rng(2)
    for _ in range(150):
        if env.game.current_player(env._state) < 0:
            break
        for action in env.legal_actions():
            text = env.action_to_string(action)
            assert text and "empty" not in text
        env.step(int(rng.choice(env.legal_actions())))
    text = env.render()
    assert "Lord 2" in text and "Treasury" in text
    env.reset(seed=8)
    assert "Yjdad's Tankard" in env.render()


def test_rewards_at_the_end_follow_the_ranks():
    env = aquilon_env.raw_env(num_players=3)
    env.reset(seed=21)
    play_random(env, np.random.default_rng(3))
    scores = env.final_scores()
    rewards = [env._cumulative_rewards[a] for a in env.possible_agents]
    assert abs(sum(rewards)) < 1e-9
    best = int(np.argmax(scores))
    assert rewards[best] == max(rewards)


def test_margin_rewards_option():
    env = aquilon_env.raw_env(num_players=2, reward_mode="margin")
    env.reset(seed=21)
    play_random(env, np.random.default_rng(3))
    s = env.final_scores()
    assert env._cumulative_rewards["lord_0"] == pytest.approx(s[0] - s[1])
    assert env._cumulative_rewards["lord_1"] == pytest.approx(s[1] - s[0])
