"""The Parallel view of every game (tabletop_core.parallel): PettingZoo's own tests, the AEC
game step by step, joint sealed steps that show no seat another's choice, conversions, bad
input."""

from __future__ import annotations

import copy
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test
from pettingzoo.utils.conversions import (
    aec_to_parallel,
    parallel_to_aec,
    turn_based_aec_to_parallel,
)

from tabletop_core.games import game_module, game_names
from tests.common import needs_registry
from tests.core.seat_play import MAX_MOVES, PARAMS, SEALED_PARAMS, SeatPolicies, play_aec

GAMES = game_names()


def module(name):
    return game_module(name)


def make(name, opts, n, **kwargs):
    return module(name).parallel_env(num_players=n, **opts, **kwargs)


def random_masked(rng):
    def choose(view):
        return int(rng.choice(np.flatnonzero(view["action_mask"])))
    return choose


@pytest.mark.parametrize("name,opts,n", PARAMS)
def test_pettingzoo_parallel_api_test(name, opts, n):
    env = make(name, opts, n, max_moves=MAX_MOVES[name])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the API test warns about what it cannot assert
        parallel_api_test(env, num_cycles=3000)


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_parallel_seed_test(name):
    # The seed test samples its actions without masks: "penalize" turns the first illegal one
    # into the end of the game, which must come the same way in both envs.
    parallel_seed_test(lambda: module(name).parallel_env(illegal_action="penalize"))


@pytest.mark.parametrize("name", GAMES)
def test_the_same_seed_and_decisions_give_the_same_game(name):
    runs = []
    for _ in range(2):
        env = module(name).parallel_env(max_moves=300)
        obs, _ = env.reset(seed=11)
        choose = random_masked(np.random.default_rng(5))
        trace = []
        while env.agents:
            actions = {a: choose(obs[a]) for a in env.agents}
            obs, rewards, terms, truncs, infos = env.step(actions)
            trace.append((actions, {a: o["observation"].tobytes() for a, o in obs.items()},
                          rewards, terms, truncs))
        runs.append(trace)
    assert runs[0] == runs[1]


@pytest.mark.parametrize("name,opts,n", PARAMS)
def test_the_parallel_view_plays_the_aec_game_step_by_step(name, opts, n):
    game = module(name).SPEC
    max_moves = MAX_MOVES[name]
    for seed in range(2):
        env = make(name, opts, n, max_moves=max_moves)
        aec_log, aec_states, aec_rewards = play_aec(name, opts, n, seed, seed + 9, max_moves)
        policies = SeatPolicies(seed + 9, n)
        obs, _ = env.reset(seed=seed)
        expected = np.zeros(game.obs_size, np.float32)
        while env.agents:
            deciding = env.deciding_agents
            for agent in env.agents:
                mask = obs[agent]["action_mask"]
                if agent not in deciding:  # the no-op only, and what the AEC seat sees now
                    assert mask.sum() == 1 and mask[env.no_op] == 1
                    seat = env.possible_agents.index(agent)
                    game.observe(aec_states[env._joint.played], seat, expected)
                    np.testing.assert_array_equal(obs[agent]["observation"], expected)
                else:
                    assert mask[env.no_op] == 0
            actions = {
                a: policies(env.possible_agents.index(a), obs[a]["observation"],
                            obs[a]["action_mask"][:-1])
                for a in deciding
            }
            live = list(env.agents)
            obs, rewards, terms, truncs, infos = env.step(actions)
            done = any(terms.values()) or any(truncs.values())
            assert set(obs) == set(rewards) == set(live)
            assert len(set(terms.values())) == len(set(truncs.values())) == 1  # all together
            if not done:
                assert not any(rewards.values())
        for seat in range(n):
            assert policies.log[seat] == aec_log[seat], f"seat {seat} decided differently"
        assert env._joint.played == len(aec_states) - 1
        if all(terms.values()):  # every seat is paid in the last step, as the AEC env pays
            np.testing.assert_array_equal([rewards[a] for a in env.possible_agents], aec_rewards)
            assert all(infos[a]["final_scores"] for a in env.possible_agents)
        else:
            assert all(truncs.values()) and not any(rewards.values())
            assert all(info["TimeLimit.truncated"] and info["moves"] >= max_moves
                       for info in infos.values())
        assert all(o["action_mask"].tolist() == env._only_no_op.tolist() for o in obs.values())


@pytest.mark.parametrize("name,opts,n", SEALED_PARAMS)
def test_in_a_joint_sealed_step_no_seat_sees_another_seats_choice(name, opts, n):
    """Twins: the same joint step with one seat's action changed. Until the reveal (Dragon's
    Interest's digits: the next digit of the same bids) every other seat's observation and mask
    are the same."""
    rng = np.random.default_rng(1)
    compared = 0
    for seed in range(30 if name == "dragon" else 6):
        env = make(name, opts, n, max_moves=MAX_MOVES[name])
        obs, _ = env.reset(seed=seed)
        while env.agents:
            deciding = env.deciding_agents
            actions = {a: random_masked(rng)(obs[a]) for a in deciding}
            if len(deciding) > 1:
                for changed in deciding:
                    legal = np.flatnonzero(obs[changed]["action_mask"])
                    if len(legal) < 2:
                        continue
                    other = int(rng.choice(legal[legal != actions[changed]]))
                    twin_env, ref_env = copy.deepcopy(env), copy.deepcopy(env)
                    twin_obs, *_ = twin_env.step({**actions, changed: other})
                    ref_obs, *_ = ref_env.step(actions)
                    if not any(ref_env._joint._queues):
                        continue  # the step completed the sealed decision: choices revealed
                    for agent in env.agents:
                        if agent != changed:
                            for key in ("observation", "action_mask"):
                                np.testing.assert_array_equal(
                                    twin_obs[agent][key], ref_obs[agent][key]
                                )
                    compared += 1
            obs, *_ = env.step(actions)
    if name == "dragon":
        assert compared > 0  # multi-digit bids came up


def test_the_no_op_is_the_documented_last_id():
    for name in GAMES:
        env = module(name).parallel_env()
        assert env.no_op == module(name).SPEC.num_actions
        assert env.action_space(env.possible_agents[0]).n == env.no_op + 1
        assert f"the no-op {env.no_op}" in " ".join(type(env).__doc__.split())


@pytest.mark.parametrize("name", GAMES)
def test_parallel_to_aec_passes_the_aec_api_test(name):
    aec = parallel_to_aec(module(name).parallel_env(max_moves=400))
    api_test(aec, num_cycles=400)
    assert aec_to_parallel(aec) is aec.env.env  # PettingZoo unwraps its own conversion


def test_aec_to_parallel_refuses_the_turn_based_env_as_pettingzoo_documents():
    """The AEC env asks one seat at a time, sometimes the same seat several times running: it
    is not `is_parallelizable`, and PettingZoo's converter refuses it; parallel_env() is the
    parallel view. PettingZoo's turn_based_aec_to_parallel works (one seat per step)."""
    for name in GAMES:
        aec = module(name).env()
        assert aec.metadata["is_parallelizable"] is False
        with pytest.raises(AssertionError, match="is_parallelizable"):
            aec_to_parallel(aec)
        assert module(name).parallel_env().metadata["is_parallelizable"] is True
    par = turn_based_aec_to_parallel(module("aquilon").env(num_players=3))
    obs, _ = par.reset(seed=2)
    choose = random_masked(np.random.default_rng(0))
    while par.agents:
        actor = par.aec_env.agent_selection
        obs, rewards, terms, truncs, infos = par.step({actor: choose(obs[actor])})
    assert sorted(rewards.values()) == [-1.0, 0.0, 1.0]


def test_bad_actions_are_refused_and_change_nothing():
    env = module("dragon").parallel_env(num_players=3)
    obs, _ = env.reset(seed=3)
    assert sorted(env.deciding_agents) == env.possible_agents  # the first Contract choice
    state = env.state().copy()
    good = {a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in env.agents}
    bad_inputs = [
        ({**good, "player_1": env.no_op}, r"illegal action 65 for player_1 \(\d+ legal\)"),
        ({k: v for k, v in good.items() if k != "player_2"}, "no action for player_2"),
        ({**good, "player_7": 0}, "unknown or finished agents"),
        ({**good, "player_0": True}, "illegal action True"),
        ([1, 2, 3], "must be a dict"),
    ]
    for actions, message in bad_inputs:
        with pytest.raises(ValueError, match=message):
            env.step(actions)
        np.testing.assert_array_equal(env.state(), state)
    env.step(good)
    # In a turn-based decision the others must send the no-op (or nothing).
    while len(env.deciding_agents) > 1:
        obs, *_ = env.step({a: int(np.flatnonzero(obs[a]["action_mask"])[0])
                            for a in env.deciding_agents})
    actor = env.deciding_agents[0]
    idle = next(a for a in env.agents if a != actor)
    first_legal = int(np.flatnonzero(env._observations()[actor]["action_mask"])[0])
    with pytest.raises(ValueError, match=f"for {idle} .*its no-op is 65"):
        env.step({actor: first_legal, idle: 0})
    env.step({actor: first_legal, idle: env.no_op})


def test_penalize_ends_the_game_with_minus_one_for_each_offender():
    env = module("aquilon").parallel_env(num_players=3, illegal_action="penalize")
    obs, _ = env.reset(seed=0)
    actions = {a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in env.agents}
    actions["lord_1"] = env.no_op
    _, rewards, terms, truncs, infos = env.step(actions)
    assert rewards == {"lord_0": 0.0, "lord_1": -1.0, "lord_2": 0.0}
    assert all(terms.values()) and not any(truncs.values()) and env.agents == []
    assert infos["lord_1"]["illegal_action"] and not infos["lord_0"]["illegal_action"]


def test_options_are_those_of_env_and_checked():
    with pytest.raises(ValueError, match="max_moves"):
        module("aquilon").parallel_env(max_moves=-1)
    with pytest.raises(ValueError, match="reward_mode"):
        module("aquilon").parallel_env(reward_mode="win")
    with pytest.raises(ValueError, match="unknown option"):
        module("simurgh").parallel_env(colour="red")
    env = module("simurgh").parallel_env(num_players=3, mode="dragonlord", length="medium",
                                         reward_mode="margin", render_mode="ansi")
    obs, _ = env.reset(seed=1)
    while len(env.deciding_agents) == 1:  # the power draft, then the action draft
        actor = env.deciding_agents[0]
        obs, *_ = env.step({actor: int(np.flatnonzero(obs[actor]["action_mask"])[0])})
    assert env.deciding_agents == env.possible_agents  # the sealed dragon pick
    assert isinstance(env.render(), str) and env.render()
    frame = module("aquilon").parallel_env(render_mode="rgb_array")
    frame.reset(seed=0)
    picture = frame.render()
    assert picture.ndim == 3 and picture.shape[2] == 3 and picture.dtype == np.uint8
    assert env.state().shape == env.state_space.shape


@needs_registry
def test_the_games_are_registered_for_both_apis():
    import pettingzoo

    for name in GAMES:
        env_id = module(name).ENV_ID
        assert env_id in pettingzoo.aec_registry and env_id in pettingzoo.parallel_registry
        par = pettingzoo.make("parallel", env_id, num_players=3)
        assert type(par) is module(name).raw_parallel_env


def test_copies_and_pickles_continue_identically():
    import pickle

    env = module("dragon").parallel_env(num_players=3)
    obs, _ = env.reset(seed=8)
    choose = random_masked(np.random.default_rng(2))
    for _ in range(5):  # into the first sealed step's middle or beyond
        obs, *_ = env.step({a: choose(obs[a]) for a in env.deciding_agents})
    copies = [copy.deepcopy(env), pickle.loads(pickle.dumps(env))]
    while env.agents:
        actions = {a: choose(obs[a]) for a in env.deciding_agents}
        obs, rewards, *_ = env.step(actions)
        for twin in copies:
            twin_obs, twin_rewards, *_ = twin.step(actions)
            assert twin_rewards == rewards
            for agent, view in obs.items():
                np.testing.assert_array_equal(twin_obs[agent]["observation"], view["observation"])
                np.testing.assert_array_equal(twin_obs[agent]["action_mask"], view["action_mask"])
