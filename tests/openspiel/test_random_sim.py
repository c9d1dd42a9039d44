"""OpenSpiel's own random simulation test on every game, player count, mode and length."""

import pytest

from .common import ALL_CONFIGS, NAMES, config_id, pyspiel

pytestmark = pytest.mark.frameworks


@pytest.mark.parametrize("config", ALL_CONFIGS, ids=config_id)
def test_random_sim_test(config):
    name, params = config
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name", NAMES)
def test_random_sim_test_with_a_short_move_limit(name):
    """Games cut by the move limit are terminal; OpenSpiel checks max_game_length holds."""
    game = pyspiel.load_game(name, {"max_moves": 30})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
