"""What every game's raw PettingZoo env does alike, one suite: the same seed deals and plays the
same game, other seeds deal otherwise, copies and restored snapshots play on identically, an
illegal action raises and changes nothing (or, with illegal_action="penalize", ends the game
with -1 for the offender), and final rewards follow the ranks (or the margins)."""

import copy
import pickle

import numpy as np
import pytest

from tabletop_core.games import game_module, game_names

from ..common import play_random
from .game_tables import full_options

GAMES = game_names()


def _env(game: str, wrapped: bool = False, **options):
    module = game_module(game)
    return (module.env if wrapped else module.raw_env)(**options)


def _min_players(game: str) -> int:
    return game_module(game).SPEC.min_players


def _to_an_illegal_action(env, seed: int) -> int:
    """Play random moves until some action is illegal; return the first illegal one."""
    rng = np.random.default_rng(seed)
    while not (env.engine_mask == 0).any():
        env.step(int(rng.choice(env.legal_actions())))
    return int(np.flatnonzero(env.engine_mask == 0)[0])


@pytest.mark.parametrize(("game", "options"), [
    (game, {"num_players": game_module(game).SPEC.default_players, **full_options(game)})
    for game in GAMES
])
def test_same_seed_same_game(game, options):
    a, b = _env(game, **options), _env(game, **options)
    a.reset(seed=11)
    b.reset(seed=11)
    play_random(a, np.random.default_rng(5))
    play_random(b, np.random.default_rng(5))
    np.testing.assert_array_equal(a.clone_state(), b.clone_state())
    assert a.final_scores().tolist() == b.final_scores().tolist()


@pytest.mark.parametrize("game", GAMES)
def test_different_seeds_deal_differently(game):
    env = _env(game, num_players=3)
    env.reset(seed=1)
    first = env.clone_state()
    env.reset(seed=2)
    assert not np.array_equal(first, env.clone_state())


@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
@pytest.mark.parametrize("game", GAMES)
def test_copies_continue_identically(game, how):
    env = _env(game, wrapped=True, num_players=4)
    env.reset(seed=3)
    play_random(env, np.random.default_rng(0), steps=40)
    twin = copy.deepcopy(env) if how == "deepcopy" else pickle.loads(pickle.dumps(env))
    rest_a = play_random(env, np.random.default_rng(9))
    rest_b = play_random(twin, np.random.default_rng(9))
    assert rest_a == rest_b
    assert env.unwrapped.final_scores().tolist() == twin.unwrapped.final_scores().tolist()


@pytest.mark.parametrize("game", GAMES)
def test_snapshot_and_restore(game):
    env = _env(game, num_players=_min_players(game))
    env.reset(seed=6)
    play_random(env, np.random.default_rng(1), steps=30)
    snapshot = env.clone_state()
    first = play_random(env, np.random.default_rng(2))
    env.restore_state(snapshot)
    assert play_random(env, np.random.default_rng(2)) == first


@pytest.mark.parametrize("game", GAMES)
def test_illegal_action_raises_and_changes_nothing(game):
    env = _env(game, num_players=_min_players(game))
    env.reset(seed=4)
    illegal = _to_an_illegal_action(env, seed=1)
    before = env.clone_state()
    with pytest.raises(ValueError, match="legal"):
        env.step(illegal)
    with pytest.raises(ValueError, match="illegal action"):
        env.step(10_000)
    np.testing.assert_array_equal(before, env.clone_state())


@pytest.mark.parametrize("game", GAMES)
def test_penalize_option_ends_the_game(game):
    env = _env(game, num_players=3, illegal_action="penalize")
    env.reset(seed=4)
    illegal = _to_an_illegal_action(env, seed=1)
    offender = env.agent_selection
    env.step(illegal)
    assert all(env.terminations.values())
    assert env._cumulative_rewards[offender] == -1.0
    assert sum(env._cumulative_rewards.values()) == -1.0  # the others get 0


@pytest.mark.parametrize("game", GAMES)
def test_rewards_at_the_end_follow_the_ranks(game):
    env = _env(game, num_players=3)
    env.reset(seed=21)
    play_random(env, np.random.default_rng(3))
    rewards = [env._cumulative_rewards[a] for a in env.possible_agents]
    assert abs(sum(rewards)) < 1e-9
    keys = np.zeros(3, np.int64)  # the rank keys: scores with the rulebook's tie-breaks
    env.game.final_scores(env.clone_state(), np.zeros(3), keys)
    assert rewards[int(np.argmax(keys))] == max(rewards)
    assert env.infos[env.possible_agents[0]]["final_scores"] == env.final_scores().tolist()


@pytest.mark.parametrize("game", GAMES)
def test_margin_rewards_option(game):
    players = _min_players(game)
    env = _env(game, num_players=players, reward_mode="margin")
    env.reset(seed=21)
    play_random(env, np.random.default_rng(3))
    s = env.final_scores()
    for seat, agent in enumerate(env.possible_agents):
        others = (s.sum() - s[seat]) / (players - 1)
        assert env._cumulative_rewards[agent] == pytest.approx(s[seat] - others)
