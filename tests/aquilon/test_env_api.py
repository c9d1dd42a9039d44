"""The PettingZoo surface of Aquilon: registry, its own options, errors and words (what
every game's env does alike: tests/core/test_env_common.py; PettingZoo's api_test and seed_test
on every game's env: tests/core/test_pettingzoo_api.py)."""

import numpy as np
import pettingzoo
import pytest

import aquilon_env
from tests.common import needs_registry


@needs_registry
def test_registered_in_pettingzoo():
    env = pettingzoo.make("aec", "tabletop/aquilon-v4", num_players=4)
    assert env.unwrapped.metadata["name"] == "aquilon_v4"  # docs/rules/aquilon.md, Versions
    env.reset(seed=1)
    assert env.unwrapped.num_players == 4
    assert env.agents == ["lord_0", "lord_1", "lord_2", "lord_3"]


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"num_players": 1}, "between 2 and 5"),
        ({"num_players": 6}, "between 2 and 5"),
        ({"num_players": 3.0}, "integer"),
        ({"num_players": 3, "cards": 5}, "unknown option"),
        ({"num_players": 3, "reward_mode": "points"}, "reward_mode"),
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
        if env.game.current_player(env.clone_state()) < 0:
            break
        for action in env.legal_actions():
            text = env.action_to_string(action)
            assert text and "empty" not in text
        env.step(int(rng.choice(env.legal_actions())))
    text = env.render()
    assert "Lord 2" in text and "Treasury" in text
    env.reset(seed=8)
    assert "Yjdad's Tankard" in env.render()


