"""The PettingZoo surface of Simurgh: registry, its own options, errors and words (what
every game's env does alike: tests/core/test_env_common.py; PettingZoo's api_test and seed_test
on every game's env: tests/core/test_pettingzoo_api.py)."""

import re
from pathlib import Path

import numpy as np
import pettingzoo
import pytest

import simurgh_env
from simurgh_env.engine import layout as L
from tests.common import needs_registry

SPEC_PATH = Path(__file__).resolve().parents[2] / "docs" / "rules" / "simurgh.md"


@needs_registry
def test_registered_in_pettingzoo():
    env = pettingzoo.make("aec", "tabletop/simurgh-v4", num_players=4, mode="dragonlord")
    assert env.unwrapped.metadata["name"] == "simurgh_v4"  # docs/rules/simurgh.md, Versions
    env.reset(seed=1)
    assert env.unwrapped.num_players == 4
    assert env.agents == ["player_0", "player_1", "player_2", "player_3"]
    assert env.unwrapped.config.tolist() == [4, 1, 0, 0]


def test_options_reach_the_engine():
    for mode, length, ties, config in (("spearman", "short", "share", [3, 0, 0, 0]),
                                       ("dragonlord", "medium", "markers", [3, 1, 1, 1]),
                                       ("spearman", "long", "share", [3, 0, 2, 0])):
        env = simurgh_env.raw_env(num_players=3, mode=mode, length=length, ties=ties)
        env.reset(seed=0)
        assert env.config.tolist() == config
        state = env.engine_state
        assert [state[L.MODE], state[L.LENGTH], state[L.TIES]] == config[1:]
    batch = simurgh_env.BatchEnv(num_envs=2, num_players=2, mode="dragonlord", length="long")
    batch.reset()
    assert batch.states[:, L.MODE].tolist() == [1, 1]
    assert batch.states[:, L.LENGTH].tolist() == [2, 2]


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"num_players": 1}, "between 2 and 5"),
        ({"num_players": 6}, "between 2 and 5"),
        ({"num_players": 3.0}, "integer"),
        ({"num_players": 3, "mode": "lord"}, "mode must be one of"),
        ({"num_players": 3, "length": 2}, "length must be one of"),
        ({"num_players": 3, "ties": "markers_first"}, "ties must be one of"),
        ({"num_players": 3, "players": 5}, "unknown option"),
        ({"num_players": 3, "reward_mode": "points"}, "reward_mode"),
        ({"num_players": 3, "render_mode": "rgb"}, "render_mode"),
    ],
)
def test_bad_configuration_is_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        simurgh_env.raw_env(**kwargs)


def test_bad_batch_configuration_is_refused():
    with pytest.raises(ValueError, match="num_envs"):
        simurgh_env.BatchEnv(num_envs=0)
    with pytest.raises(ValueError, match="mode"):
        simurgh_env.BatchEnv(num_envs=2, mode="Spearman")
    with pytest.raises(ValueError, match="unknown option"):
        simurgh_env.BatchEnv(num_envs=2, seats=2)


@pytest.mark.parametrize("mode", ["spearman", "dragonlord"])
def test_every_legal_action_has_words_and_render_shows_the_table(mode):
    env = simurgh_env.raw_env(num_players=3, render_mode="ansi", mode=mode)
    env.reset(seed=8)
    rng = np.random.default_rng(2)
    game = env.game
    for _ in range(400):
        if game.current_player(env.clone_state()) < 0:
            break
        for action in env.legal_actions():
            text = env.action_to_string(action)
            public = game.public_action_to_string(env.clone_state(), action)
            assert text and public and "?" not in text
        env.step(int(rng.choice(env.legal_actions())))
    text = env.render()
    assert "Player 2" in text and "Scouts' Quarters" in text and "Monument" in text
    seat_view = game.render_text(env.clone_state(), 1)
    assert "(you)" in seat_view


def test_hidden_choices_are_not_named_publicly():
    env = simurgh_env.raw_env(num_players=3, mode="dragonlord")
    env.reset(seed=1)
    public = env.game.public_action_to_string(env.clone_state(), L.A_PICK)
    assert "power" in public and "#" not in public


def test_spec_documents_the_action_ranges():
    """The action table of docs/rules/simurgh.md matches the engine's ranges."""
    text = SPEC_PATH.read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\d+)(?:–(\d+))? \| (\d+) \|", text, flags=re.M)
    starts = [int(a) for a, _, _ in rows]
    ranges = [(L.A_PLACE, L.A_RETRIEVE), (L.A_RETRIEVE, L.A_PLAY_TILE),
              (L.A_PLAY_TILE, L.A_AREA), (L.A_AREA, L.A_MOVE), (L.A_MOVE, L.A_ABILITY),
              (L.A_ABILITY, L.A_OPTION), (L.A_OPTION, L.A_MIX), (L.A_MIX, L.A_RESOURCE),
              (L.A_RESOURCE, L.A_MARKER), (L.A_MARKER, L.A_REMOVE_MARKER),
              (L.A_REMOVE_MARKER, L.A_SPEND), (L.A_SPEND, L.A_PICK),
              (L.A_PICK, L.A_RETURN_TOP), (L.A_RETURN_TOP, L.A_RETURN_BOTTOM),
              (L.A_RETURN_BOTTOM, L.A_OBJ_SPACE), (L.A_OBJ_SPACE, L.A_SCOUT),
              (L.A_SCOUT, L.A_DISCARD_TOP), (L.A_DISCARD_TOP, L.A_DISCARD_BOTTOM),
              (L.A_DISCARD_BOTTOM, L.A_PASS), (L.A_PASS, L.A_END_TURN),
              (L.A_END_TURN, L.NUM_ACTIONS)]
    assert starts == [a for a, _ in ranges]
    for (first, last, count), (a, b) in zip(rows, ranges, strict=True):
        assert int(count) == b - a and int(last or first) == b - 1
    assert f"Discrete({L.NUM_ACTIONS})" in text
    assert f"`OBS_SIZE` = {simurgh_env.SPEC.obs_size}" in text
