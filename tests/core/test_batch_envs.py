"""Every game's BatchEnv, one suite: the same games as the single-game engine through
auto-resets (with each game's own options), reproducible and seed-dependent, illegal actions
refused without changing anything, negative actions skipped when asked, no step before reset."""

import numpy as np
import pytest

from tabletop_core.games import game_module, game_names

from ..common import check_batch_against_single_games
from .game_tables import table_id, tables

GAMES = game_names()
# enough for every game to end
STEPS = {"aquilon": 700, "dragon": 400, "goofspiel": 100, "simurgh": 900}


def _module(game: str):
    return game_module(game)


# Every table size and Simurgh mode, and each game's largest table with margin rewards.
SINGLE_GAME_CASES = [
    pytest.param(game, {"num_players": n, **options}, id=table_id(game, n, options))
    for game in GAMES for n, options in tables(game, "mode")
] + [
    pytest.param(game, {"num_players": n, "reward_mode": "margin"}, id=f"{game}-{n}p-margin")
    for game in GAMES for n in [game_module(game).SPEC.max_players]
]


@pytest.mark.parametrize(("game", "options"), SINGLE_GAME_CASES)
def test_batch_matches_single_games_through_resets(game, options):
    module = _module(game)
    batch = module.BatchEnv(num_envs=6, seed=5, **options)
    reward_mode = int(options.get("reward_mode") == "margin")
    finished = check_batch_against_single_games(batch, module.engine, steps=STEPS[game],
                                                reward_mode=reward_mode)
    assert finished >= 6  # every game ended at least once and was dealt again


@pytest.mark.parametrize("game", GAMES)
def test_batch_is_reproducible_and_seed_dependent(game):
    def run(seed):
        batch = _module(game).BatchEnv(num_envs=8, num_players=4, seed=seed)
        batch.reset()
        for _ in range(60):
            out = batch.step(batch.sample_random_actions())
        return out.observation.copy()

    np.testing.assert_array_equal(run(1), run(1))
    assert not np.array_equal(run(1), run(2))


@pytest.mark.parametrize("game", GAMES)
def test_batch_refuses_illegal_actions_without_changing_anything(game):
    module = _module(game)
    batch = module.BatchEnv(num_envs=4, num_players=module.SPEC.min_players, seed=0)
    out = batch.reset()
    before = batch.states.copy()
    actions = batch.sample_random_actions()
    actions[2] = int(np.flatnonzero(out.action_mask[2] == 0)[0])
    with pytest.raises(ValueError, match="game 2"):
        batch.step(actions)
    np.testing.assert_array_equal(before, batch.states)
    with pytest.raises(ValueError, match="shape"):
        batch.step(np.zeros(3, np.int64))
    np.testing.assert_array_equal(before, batch.states)


@pytest.mark.parametrize("game", GAMES)
def test_batch_skips_negative_actions_when_asked(game):
    batch = _module(game).BatchEnv(num_envs=3, num_players=3, seed=2)
    batch.reset()
    before = batch.states.copy()
    actions = batch.sample_random_actions()
    actions[1] = -1
    batch.step(actions, skip_negative=True)
    np.testing.assert_array_equal(before[1], batch.states[1])
    assert not np.array_equal(before[0], batch.states[0])


@pytest.mark.parametrize("game", GAMES)
def test_step_before_reset_is_refused(game):
    batch = _module(game).BatchEnv(num_envs=2)
    with pytest.raises(RuntimeError, match="reset"):
        batch.step(np.zeros(2, np.int64))
