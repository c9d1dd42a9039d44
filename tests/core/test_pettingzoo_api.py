"""PettingZoo's own tests (pettingzoo.test: api_test, seed_test) on every registered game's AEC
env, at every table size and every combination of the options varied in
tests/core/game_tables.py (Simurgh's modes and lengths): one suite over every env, as
PettingZoo's classic environments are tested. A game's own PettingZoo surface (registry,
options, errors, words) stays in tests/<game>/test_env_api.py; what every env does alike beyond
PettingZoo's tests, in tests/core/test_env_common.py."""

import pytest
from pettingzoo.test import api_test, seed_test

from tabletop_core.games import game_module

from .game_tables import game_tables

# The most cycles any game's own copy of these tests ran (api_test: Aquilon 400, Dragon's
# Interest and Simurgh 300; seed_test: Aquilon and Simurgh 200, Dragon's Interest 150).
API_CYCLES = 400
SEED_CYCLES = 200


@pytest.mark.parametrize(("game", "num_players", "options"), game_tables())
def test_pettingzoo_api(game, num_players, options):
    api_test(game_module(game).env(num_players=num_players, **options), num_cycles=API_CYCLES)


@pytest.mark.parametrize(("game", "num_players", "options"), game_tables())
def test_pettingzoo_seed(game, num_players, options):
    module = game_module(game)
    seed_test(lambda: module.env(num_players=num_players, **options), num_cycles=SEED_CYCLES)
