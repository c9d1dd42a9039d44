"""The OpenSpiel games' metadata, parameters, dynamics against the AEC environments, zero-sum
returns, the move limit, observers, illegal actions and action descriptions."""


import numpy as np
import pytest

from tabletop_core.games import game_module, game_names, game_spec
from tabletop_core.inputs import normalize_seed
from tabletop_core.openspiel import DEFAULT_MAX_MOVES
from tabletop_core.rewards import RANK, final_rewards
from tests.core.random_play import random_states

from .common import SMALL, config_id, dealt, engine_play, play, pyspiel

pytestmark = pytest.mark.frameworks

make_observation = pytest.importorskip("open_spiel.python.observation").make_observation

GAMES = [game_spec(name).openspiel_name for name in game_names()]


def env_module(name):
    return game_module(name.removeprefix("python_"))


@pytest.mark.parametrize("name", GAMES)
def test_game_type_and_info(name):
    game = pyspiel.load_game(name)
    kind = game.get_type()
    spec = env_module(name).SPEC
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (kind.min_num_players, kind.max_num_players) == (spec.min_players, spec.max_players)
    assert game.num_distinct_actions() == spec.num_actions
    assert game.max_game_length() == DEFAULT_MAX_MOVES[name.removeprefix("python_")]
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    assert game.observation_tensor_shape() == [spec.obs_size]
    assert game.information_state_tensor_shape() == [
        spec.obs_size + spec.max_players + spec.num_actions + 1]
    assert game.max_chance_outcomes() == 256


def test_parameters_reach_the_engine():
    game = pyspiel.load_game("python_simurgh", {"players": 4, "mode": "dragonlord",
                                                "length": "long", "ties": "markers",
                                                "max_moves": 77})
    assert game.num_players() == 4 and game.max_game_length() == 77
    assert game.definition.config.tolist() == [4, 1, 2, 1]
    assert pyspiel.load_game("python_simurgh").definition.config.tolist() == [2, 0, 0, 0]
    dragon = pyspiel.load_game("python_dragon", {"players": 5, "start_player": 2})
    assert dragon.definition.config.tolist() == [5, 2]


@pytest.mark.parametrize("name,params,message", [
    ("python_aquilon", {"players": 6}, "between 2 and 5"),
    ("python_simurgh", {"mode": "peaceful"}, "mode must be"),
    ("python_simurgh", {"length": "endless"}, "length must be"),
    ("python_simurgh", {"ties": "never"}, "ties must be"),
    ("python_dragon", {"players": 3, "start_player": 3}, "start_player"),
    ("python_dragon", {"max_moves": 0}, "max_moves"),
])
def test_bad_parameters_are_refused(name, params, message):
    with pytest.raises(ValueError, match=message):
        pyspiel.load_game(name, params)


@pytest.mark.parametrize("config", SMALL, ids=config_id)
def test_same_deal_and_actions_give_the_aec_environments_game(config):
    """The chance actions deal_actions(k) deal the AEC environment's reset(seed=k); both then
    agree on every legal action, every observation and the final rewards until the first
    move that waits for chance nodes (the AEC environment draws from the deal's generator).
    All game long, the state is the engine's own game replayed with the reseeds."""
    name, params = config
    game = pyspiel.load_game(name, params)
    spec, n = game.definition.spec, game.num_players()
    opts = {k: v for k, v in params.items() if k != "players"}
    env = env_module(name).raw_env(num_players=params["players"], **opts)
    rng = np.random.default_rng(3)
    for deal in (0, 1, 4000, 2**64 + 7):
        state = dealt(game, deal)
        env.reset(seed=deal)
        array = np.zeros(spec.state_size, np.int32)
        spec.init(array, game.definition.config, normalize_seed(deal))
        same_draws = True
        while not state.is_terminal():
            seat = state.current_player()
            np.testing.assert_array_equal(state.engine_state(), array)
            mask = np.zeros(spec.num_actions, np.uint8)
            spec.legal_mask(array, mask)
            assert state.legal_actions() == np.flatnonzero(mask).tolist()
            for viewer in range(n):
                obs = np.zeros(spec.obs_size, np.float32)
                spec.observe(array, viewer, obs)
                np.testing.assert_array_equal(state.observation_tensor(viewer), obs)
                if same_draws:
                    np.testing.assert_array_equal(
                        obs, env.observe(env.possible_agents[viewer])["observation"])
            if same_draws:
                assert env.agent_selection == env.possible_agents[seat]
                assert state.legal_actions() == env.legal_actions()
            action = int(rng.choice(state.legal_actions()))
            chance = play(state, action, rng)
            engine_play(spec, array, action, chance)
            same_draws = same_draws and not chance
            if same_draws:
                env.step(action)
        np.testing.assert_array_equal(state.engine_state(), array)
        scores, keys, rewards = np.zeros(n), np.zeros(n, np.int64), np.zeros(n)
        spec.final_scores(array, scores, keys)
        final_rewards(scores, keys, n, RANK, rewards)
        assert state.returns() == rewards.tolist()
        if same_draws:
            assert all(env.terminations.values())
            assert state.returns() == [env._cumulative_rewards[a] for a in env.possible_agents]
        assert sum(state.returns()) == 0.0 and max(state.returns()) > 0  # ties share


@pytest.mark.parametrize("name", GAMES)
def test_returns_sum_to_exactly_zero_at_four_seats(name):
    """The games are declared zero-sum, and OpenSpiel checks `sum(returns) == 0.0` exactly:
    at 4 seats places are worth thirds, and Dragon's returns summed to 1e-16 (issue 51)."""
    game = pyspiel.load_game(name, {"players": 4})
    finished = 0
    for state in random_states(game, games=30, seed=51, every=10**6, final=True):
        if state.is_terminal() and not state.is_truncated():
            returns = state.returns()
            assert sum(returns) == 0.0, returns
            finished += 1
    assert finished >= 25


@pytest.mark.parametrize("name", GAMES)
def test_observation_types_the_game_does_not_provide_give_none(name):
    """OpenSpiel's contract (issue 51; its integration suite asks for a public-only and a
    private-only observer): a seat's own view, with or without perfect recall, and None for
    any other type, from `make_py_observer`, `make_observation` and `make_observer`."""
    game = pyspiel.load_game(name)
    kind, private = pyspiel.IIGObservationType, pyspiel.PrivateInfoType
    for unsupported in (kind(public_info=False, perfect_recall=False),
                        kind(perfect_recall=False, private_info=private.NONE),
                        kind(perfect_recall=True, private_info=private.ALL_PLAYERS)):
        assert game.make_py_observer(unsupported) is None
        assert make_observation(game, unsupported) is None
        assert game.make_observer(unsupported, {}) is None
    state = dealt(game, 3)
    for recall in (False, True):
        observer = make_observation(game, kind(perfect_recall=recall))
        assert observer.string_from(state, 1) == (state.information_state_string(1) if recall
                                                  else state.observation_string(1))
    assert make_observation(game).string_from(state, 0) == state.observation_string(0)
    assert isinstance(game.make_observer({}), pyspiel.Observer)  # make_observer(params)
    with pytest.raises(ValueError, match="parameters are not supported"):
        game.make_py_observer(None, {"colour": True})


@pytest.mark.parametrize("name", GAMES)
def test_the_move_limit_ends_the_game_with_zero_returns(name):
    game = pyspiel.load_game(name, {"max_moves": 12})
    state = dealt(game, 5)
    for _ in range(12):
        assert not state.is_terminal()
        state.apply_action(state.legal_actions()[0])
    assert state.is_terminal() and state.is_truncated()
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.returns() == [0.0] * game.num_players() == state.rewards()
    assert state.legal_actions() == []
    with pytest.raises(ValueError, match="over"):
        state.apply_action(0)


@pytest.mark.parametrize("name", GAMES)
def test_illegal_actions_raise_and_change_nothing(name):
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    with pytest.raises(ValueError, match="chance outcome"):
        state.apply_action(game.max_chance_outcomes())
    state = dealt(game, 9)
    before = (str(state), state.history(), state.information_state_string(0))
    illegal = sorted(set(range(game.num_distinct_actions())) - set(state.legal_actions()))
    for action in (illegal[0], -2, game.num_distinct_actions()):
        with pytest.raises(ValueError, match="illegal action"):
            state.apply_action(action)
    assert (str(state), state.history(), state.information_state_string(0)) == before


@pytest.mark.parametrize("param", ["colour", "deals"])  # `deals` was dropped (test_deal.py)
def test_unknown_parameters_are_refused_by_openspiel(param):
    with pytest.raises(pyspiel.SpielError, match=f"Unknown parameter '{param}'"):
        pyspiel.load_game("python_aquilon", {param: 1})


def test_action_strings_mover_and_others():
    """The mover reads its own description; another seat reads only the number."""
    game = pyspiel.load_game("python_aquilon", {"players": 3})
    state = dealt(game, 2)
    action = state.legal_actions()[0]
    spec = env_module("python_aquilon").SPEC
    assert state.action_to_string(0, action) == spec.action_to_string(
        state.engine_state(), action)
    assert state.action_to_string(1, action) == f"P0: action {action}"
    assert game.new_initial_state().action_to_string(pyspiel.PlayerId.CHANCE, 3) == (
        "deal byte 1 of 8: 3")


def test_equal_descriptions_of_different_actions_are_told_apart():
    """Bidding either of two equal talions reads alike in the game's text; OpenSpiel wants
    distinct strings, so such actions get their numbers."""
    game = pyspiel.load_game("python_aquilon", {"players": 2})
    rng = np.random.default_rng(0)
    found = False
    for deal in range(30):
        state = dealt(game, deal)
        while not state.is_terminal() and not found:
            texts = [state.action_to_string(state.current_player(), a)
                     for a in state.legal_actions()]
            assert len(set(texts)) == len(texts)
            found = any("(action " in t for t in texts)
            state.apply_action(int(rng.choice(state.legal_actions())))
        if found:
            break
    assert found
