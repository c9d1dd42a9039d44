"""OpenSpiel's own algorithms on the games: ISMCTS and MCTS bots (random-rollout evaluator)
play full games through evaluate_bots."""

import numpy as np
import pytest

from tabletop_core.openspiel import ISMCTSBot

from .common import SMALL, config_id, dealt, pyspiel

pytestmark = pytest.mark.frameworks

mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")
ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")
evaluate_bots = pytest.importorskip("open_spiel.python.algorithms.evaluate_bots")
uniform_random = pytest.importorskip("open_spiel.python.bots.uniform_random")


def bots_for(game, seed):
    """ISMCTS for seat 0, MCTS for seat 1, uniform random for the rest; all seeded, the
    ISMCTS resampler too (OpenSpiel's default sampler is seeded from the clock)."""
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    search = ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=4,
                       random_state=np.random.RandomState(seed))
    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
    search.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    tree = mcts.MCTSBot(game, 2.0, 4, evaluator, random_state=np.random.RandomState(seed + 1))
    others = [uniform_random.UniformRandomBot(p, np.random.RandomState(seed + p))
              for p in range(2, game.num_players())]
    return [search, tree, *others]


@pytest.mark.parametrize("config", SMALL, ids=config_id)
def test_ismcts_and_mcts_play_full_games(config):
    game = pyspiel.load_game(*config)
    state = game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, bots_for(game, 1), np.random.RandomState(0))
    assert state.is_terminal() and not state.is_truncated()
    assert len(returns) == game.num_players() and abs(sum(returns)) < 1e-9
    assert max(returns) == 1.0  # these seeded games end with a winner, not a tie


def test_openspiels_own_ismcts_class_lacks_only_restart_at():
    game = pyspiel.load_game("python_aquilon")
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1), 2.0, 2)
    with pytest.raises(pyspiel.SpielError, match="RestartAt"):
        bot.restart_at(game.new_initial_state())
    assert ISMCTSBot.__bases__ == (ismcts.ISMCTSBot,) and set(vars(ISMCTSBot)) - {
        "__module__", "__doc__", "restart_at", "__qualname__"} == set()


def test_ismcts_searches_only_from_its_information():
    """ISMCTS's root samples come from resample_from_infostate: each keeps the searching
    seat's information state (OpenSpiel asserts it) and they differ in what it cannot see."""
    game = pyspiel.load_game("python_dragon", {"players": 3})
    state = dealt(game, 2)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
                           2.0, 8, random_state=np.random.RandomState(0))
    samples = []
    bot.set_resampler(lambda s, p: samples.append(s.resample_from_infostate(
        p, pyspiel.UniformProbabilitySampler(0.0, 1.0))) or samples[-1].clone())
    action = bot.step(state)
    assert action in state.legal_actions() and len(samples) == 8
    key = state.information_state_string()
    assert all(s.information_state_string(state.current_player()) == key for s in samples)
    assert len({s.engine_state().tobytes() for s in samples}) > 1
