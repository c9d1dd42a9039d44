"""The `az` bot: legal moves only, its seat's information only, its budget, its network."""

import time

import numpy as np
import pytest

from agents.bots import check_bots_fit, make_bot
from agents.bots.az import AZ_DEFAULT_ITERATIONS, AZBot, default_network_path, load_network, run_az
from agents.bots.base import seat_view
from agents.bots.baseline import load_policy
from agents.bots.mlp import MaskedMLP
from agents.games import load_game
from agents.play.records import play_game
from tabletop_core.games import game_names, game_spec
from tests.agents.test_bots import _decision, _twin_view
from tests.agents.user_policies import one_size_policy

# The player count each shipped baseline was trained for.
# Every registered game that ships a network, at its table of training (that of its default
# network); a game without one (Goofspiel) is searched with a fresh network
# (agents.bots.az.load_network).
PLAYERS = {name: game_spec(name).train_players for name in game_names()
           if default_network_path(name) is not None}
GAMES = list(PLAYERS)
# Every table size each game's default network serves.
TABLES = [(name, n) for name in GAMES
          for n in MaskedMLP.load(default_network_path(name)).table_sizes]


@pytest.mark.parametrize("game, players", TABLES)
def test_az_only_plays_legal_actions(game, players):
    # play_game goes through the AEC env, which raises on any illegal action.
    bots = ["az:4", "heuristic", "random", "random", "random"][:players]
    record = play_game(game, players, bots, seed=5)
    assert len(record.actions) > 50


@pytest.mark.parametrize("game, players", TABLES)
def test_az_decides_from_its_seats_information_only(game, players):
    env = load_game(game).raw_env(num_players=players)
    env.reset(seed=21)
    rng = np.random.default_rng(1)
    checked = 0
    step = 0
    while not all(env.terminations.values()):
        if len(env.legal_actions()) > 1 and step % 3 == 0:
            seat = env.possible_agents.index(env.agent_selection)
            view, twin = _twin_view(env, seat, seed=step + 300)
            assert AZBot(3, iterations=12).act(view) == AZBot(3, iterations=12).act(twin)
            checked += 1
        env.step(int(rng.choice(env.legal_actions())))
        step += 1
    assert checked > 4


@pytest.mark.parametrize("game", GAMES)
def test_az_runs_its_iterations_and_is_deterministic_for_a_seed(game):
    env = _decision(game, PLAYERS[game], seed=2, steps=20)
    view = seat_view(env, env.possible_agents.index(env.agent_selection))
    network = load_network(None, env.game, PLAYERS[game])
    runs = [run_az(env.game, network, view.sample_state(4), view.seat, PLAYERS[game],
                   view.action_mask, seed=9, iterations=37) for _ in range(2)]
    (action, tree, done), (again, twin_tree, _) = runs
    assert done == 37 and action == again and view.action_mask[action]
    assert np.array_equal(tree.root_visits(), twin_tree.root_visits())
    # The first iteration expands the root; each later one visits one root action.
    assert tree.root_visits().sum() == 36
    assert tree.node_count <= 38
    bot = make_bot("az:37", seed=3)
    bot.act(view)
    assert bot.iterations_run == 37


def test_az_respects_a_time_budget():
    env = _decision("simurgh", 2, seed=3, steps=10)
    view = seat_view(env, env.possible_agents.index(env.agent_selection))
    bot = make_bot("az:0.3s", seed=1)
    bot.act(view)  # loads the network and the compiled kernels
    bot.iterations_run = 0
    start = time.perf_counter()
    action = bot.act(view)
    elapsed = time.perf_counter() - start
    assert view.action_mask[action]
    assert 0.3 <= elapsed < 1.5  # one chunk of 16 iterations past the budget at most
    assert bot.iterations_run > 16


@pytest.mark.parametrize("game", GAMES)
def test_the_kernels_forward_pass_equals_the_policy_of_its_file_read_as_a_baseline(game):
    # The default network: the shipped az network where there is one, else the baseline's.
    policy = load_policy(str(default_network_path(game)), load_game(game).SPEC, PLAYERS[game])
    network = load_network(None, load_game(game).SPEC, PLAYERS[game])
    env = load_game(game).raw_env(num_players=PLAYERS[game])
    env.reset(seed=8)
    rng = np.random.default_rng(8)
    observations = []
    while not all(env.terminations.values()):
        seat = env.possible_agents.index(env.agent_selection)
        observations.append(seat_view(env, seat).observation)
        env.step(int(rng.choice(env.legal_actions())))
    expected = policy.logits(np.array(observations), np.ones((len(observations),
                                                               policy.num_actions), bool))
    got = np.array([network.policy_logits(obs) for obs in observations])
    np.testing.assert_allclose(got, expected, rtol=1e-4, atol=1e-4)


def test_a_value_head_is_read_and_used_at_the_leaves(tmp_path):
    game = load_game("aquilon").SPEC
    rng = np.random.default_rng(0)
    value = [(rng.normal(0, 0.05, (16, game.obs_size)).astype(np.float32),
              np.zeros(16, np.float32)),
             (rng.normal(0, 0.5, (2, 16)).astype(np.float32), np.zeros(2, np.float32))]
    policy_only = one_size_policy(tmp_path, "aquilon", 2)  # the shipped policy, 2 players
    with np.load(policy_only) as data:
        arrays = dict(data)
    for k, (w, b) in enumerate(value):
        arrays[f"value_weight_{k}"], arrays[f"value_bias_{k}"] = w, b
    path = tmp_path / "net.npz"
    np.savez(path, **arrays)
    network = load_network(str(path), game, 2)
    assert network.value_layers == 2 and network.policy_layers == 3
    env = _decision("aquilon", 2, seed=1, steps=6)
    view = seat_view(env, env.possible_agents.index(env.agent_selection))
    expected = np.tanh(view.observation @ value[0][0].T) @ value[1][0].T
    np.testing.assert_allclose(network.values(view.observation), expected, atol=1e-5)
    action, tree, done = run_az(game, network, view.sample_state(1), view.seat, 2,
                                view.action_mask, seed=1, iterations=30)
    assert done == 30 and view.action_mask[action]
    # Values of the head are within a few tenths; playouts would score in [-2, 2] by steps of 1.
    root = tree.children[0][tree.children[0] >= 0]
    means = tree.value[root] / np.maximum(tree.visits[root], 1)
    assert np.abs(means).max() < 1.0
    # Mixed with playouts: all playout (share 1) is the search without a value head, and a
    # share between gives another tree.
    trees = {}
    for name, source, share in (("playouts", policy_only, 0.0), ("all playout", path, 1.0),
                                ("half", path, 0.5)):
        trees[name] = run_az(game, load_network(str(source), game, 2), view.sample_state(1),
                             view.seat, 2, view.action_mask, seed=1, iterations=30,
                             playout_share=share)[1]
    assert np.array_equal(trees["playouts"].value, trees["all playout"].value)
    assert not np.array_equal(trees["half"].value, trees["all playout"].value)
    # A head that does not write a value for every seat is refused (a wider one serves).
    arrays["value_weight_1"] = np.zeros((1, 16), np.float32)
    arrays["value_bias_1"] = np.zeros(1, np.float32)
    bad = tmp_path / "bad.npz"
    np.savez(bad, **arrays)
    with pytest.raises(ValueError, match="value head does not fit"):
        load_network(str(bad), game, 2)


def test_root_noise_is_off_by_default_and_changes_the_search_when_on():
    env = _decision("aquilon", 2, seed=5, steps=12)
    view = seat_view(env, env.possible_agents.index(env.agent_selection))
    network = load_network(None, env.game, 2)
    state = view.sample_state(0)
    _, plain, _ = run_az(env.game, network, state, view.seat, 2, view.action_mask, seed=2,
                         iterations=60)
    _, noisy, _ = run_az(env.game, network, state, view.seat, 2, view.action_mask, seed=2,
                         iterations=60, noise_fraction=0.5, noise_alpha=0.3)
    assert not np.array_equal(plain.root_visits(), noisy.root_visits())
    assert not np.any(noisy.root_visits()[~view.action_mask.astype(bool)])


def test_az_specs_and_player_counts(tmp_path):
    assert make_bot("az").iterations == AZ_DEFAULT_ITERATIONS
    assert make_bot("az:50").iterations == 50
    assert make_bot("az:0.5s").seconds == 0.5
    for bad in ("az:fast", "az:0", "az:-5", "az:-1s", "az:nans", "az:"):
        with pytest.raises(ValueError, match="bad az budget"):
            make_bot(bad)
    for players in (3, 4, 5):  # the shipped network serves every table size
        check_bots_fit(["az", "az:20", "baseline"], "dragon", players)
    three = one_size_policy(tmp_path, "dragon", 3)
    with pytest.raises(ValueError, match="trained for 3 players"):
        check_bots_fit([f"az:20:{three}"], "dragon", 4)
    assert isinstance(load_policy(None, load_game("aquilon").SPEC, 2), MaskedMLP)
