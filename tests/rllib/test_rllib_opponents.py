"""Opponents inside `TabletopMultiAgentEnv` (env_config "opponents"), in-process: the learner's
seat sees and earns exactly what it does when every seat passes through RLlib, opponents decide
from their own seat's view only (never from the learner's uncommitted sealed choice), the pool
of `PoolOpponents` follows the SB3 path's semantics, and a snapshot's numpy policy is the
module's."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("ray.rllib")

import torch  # noqa: E402
from ray.rllib.core.columns import Columns  # noqa: E402
from ray.rllib.core.rl_module.rl_module import RLModuleSpec  # noqa: E402
from ray.rllib.utils.pre_checks.env import check_multiagent_environments  # noqa: E402

from agents.games import load_game  # noqa: E402
from agents.rllib.modules import MaskedPPOTorchRLModule  # noqa: E402
from agents.rllib.opponents import PoolOpponents, snapshot_policy  # noqa: E402
from tabletop_core.rllib import (  # noqa: E402
    ENV_NAMES,
    SINGLE_AGENT_ENV_NAMES,
    TabletopMultiAgentEnv,
    TabletopSingleAgentEnv,
    register_envs,
)
from tests.core.game_tables import full_options  # noqa: E402

pytestmark = pytest.mark.frameworks
GAMES = list(ENV_NAMES)
LEARNER_SALT = 100


def choose(observation: np.ndarray, mask: np.ndarray, salt: int) -> int:
    """A legal action that depends only on one seat's observation and mask."""
    legal = np.flatnonzero(mask)
    return int(legal[(int(np.round(float(observation.sum()) * 997)) + salt) % len(legal)])


class Scripted:
    """Opponents that play `choose` from their own view; they record what they are given."""

    needs_seat_states = True
    playing = "scripted"

    def __init__(self, learner_seat: int, game):
        self.learner_seat = learner_seat
        self.game = game
        self.env = None
        self.seen: list[tuple] = []

    def __call__(self) -> Scripted:
        return self

    def new_game(self, seed: int) -> int:
        return self.learner_seat

    def act(self, seat, observation, mask, seat_state) -> int:
        played = self.env.joint.played if self.env is not None else -1
        self.seen.append((played, seat, observation.copy(), mask.copy(), seat_state.copy()))
        return choose(observation, mask, seat)


def _play_every_seat(game: str, players: int, seed: int, learner: int, options: dict):
    """Every seat through the env: (learner's observations and masks, learner's reward,
    every other seat's (observation, mask) in order)."""
    env = TabletopMultiAgentEnv({"game": game, "num_players": players, **options})
    obs, _ = env.reset(seed=seed)
    mine, theirs = [], []
    while True:
        actions = {}
        for agent, o in obs.items():
            seat = env.possible_agents.index(agent)
            if seat == learner:
                mine.append((o["observations"], o["action_mask"]))
                actions[agent] = choose(o["observations"], o["action_mask"], LEARNER_SALT)
            else:
                theirs.append((seat, o["observations"], o["action_mask"]))
                actions[agent] = choose(o["observations"], o["action_mask"], seat)
        obs, rewards, terminateds, _, _ = env.step(actions)
        if terminateds["__all__"]:
            return mine, rewards[env.possible_agents[learner]], theirs


@pytest.mark.parametrize(("game", "options"), [(name, full_options(name)) for name in GAMES])
def test_the_learner_sees_and_earns_what_it_would_with_every_seat_in_rllib(game, options):
    spec = load_game(game).SPEC
    for seed in range(3):
        players = spec.min_players + seed % (spec.max_players - spec.min_players + 1)
        learner = seed % players
        expected, expected_reward, others = _play_every_seat(game, players, seed, learner,
                                                             options)
        scripted = Scripted(learner, spec)
        env = TabletopMultiAgentEnv({"game": game, "num_players": players,
                                     "opponents": scripted, **options})
        scripted.env = env
        agent = env.possible_agents[learner]
        obs, _ = env.reset(seed=seed)
        seen = []
        while True:
            assert list(obs) == [agent]  # only the learner passes through RLlib
            o = obs[agent]
            seen.append((o["observations"], o["action_mask"]))
            obs, rewards, terminateds, truncateds, infos = env.step(
                {agent: choose(o["observations"], o["action_mask"], LEARNER_SALT)})
            if terminateds["__all__"]:
                break
            assert rewards == {agent: 0.0} and not truncateds["__all__"]
        assert set(obs) == set(rewards) == {agent} and not obs[agent]["action_mask"].any()
        assert rewards[agent] == pytest.approx(expected_reward)
        assert infos[agent]["opponent"] == "scripted"
        assert len(seen) == len(expected)
        for (features, mask), (want_features, want_mask) in zip(seen, expected, strict=True):
            np.testing.assert_array_equal(features, want_features)
            np.testing.assert_array_equal(mask, want_mask)
        # The opponents were given exactly their seats' views, and states drawn from them.
        assert len(scripted.seen) == len(others)
        for (_, seat, features, mask, state), (want_seat, want_features, want_mask) in zip(
                scripted.seen, others, strict=True):
            assert seat == want_seat
            np.testing.assert_array_equal(features, want_features)
            np.testing.assert_array_equal(mask, want_mask)
            from_state = np.zeros(spec.obs_size, np.float32)
            spec.observe(state, seat, from_state)
            np.testing.assert_array_equal(from_state, features)


@pytest.mark.parametrize("game", ["aquilon", "dragon"])
def test_opponents_never_see_the_learners_sealed_choice(game):
    """Twins: two games alike until the learner makes another choice in a sealed step; the
    opponents' inputs for that step (their views and sampled states) are the same."""
    spec = load_game(game).SPEC

    def run(diverge_at: int | None):
        scripted = Scripted(0, spec)
        env = TabletopMultiAgentEnv({"game": game, "num_players": 3, "opponents": scripted})
        scripted.env = env
        obs, _ = env.reset(seed=11)
        sealed_steps, before = [], {}
        for step in range(400):
            (agent, o), = obs.items()
            pick = choose(o["observations"], o["action_mask"], LEARNER_SALT)
            if len(env.joint.deciding) > 1:
                sealed_steps.append(step)
                before[step] = env.joint.played
                if step == diverge_at:
                    legal = np.flatnonzero(o["action_mask"])
                    pick = int(legal[legal != pick][0])
            obs, _, terminateds, _, _ = env.step({agent: pick})
            if terminateds["__all__"]:
                break
        return scripted.seen, sealed_steps, before

    _, sealed_steps, _ = run(None)
    assert sealed_steps, f"{game}: the learner met no sealed step"
    compared = 0
    for step in sealed_steps[:3]:
        seen_a, _, before = run(None)
        seen_b, _, _ = run(step)
        at_step = [k for k, row in enumerate(seen_a) if row[0] == before[step]]
        assert at_step
        for k in at_step:
            for left, right in zip(seen_a[k][1:], seen_b[k][1:], strict=True):
                np.testing.assert_array_equal(left, right)
            compared += 1
    assert compared > 0


def test_env_check_and_bad_opponents():
    for game in GAMES:
        spec = load_game(game).SPEC
        env = TabletopMultiAgentEnv({"game": game, "num_players": spec.min_players,
                                     "opponents": PoolOpponents(game, spec.min_players,
                                                                ("random", "heuristic"))})
        check_multiagent_environments(env)
    with pytest.raises(ValueError, match="factory"):
        TabletopMultiAgentEnv({"game": "aquilon", "opponents": "heuristic"})
    with pytest.raises(ValueError, match="unknown bot|no bot|bot"):
        PoolOpponents("aquilon", 2, ("nobody",))
    # Simurgh's first move is seat 0's: the learner in seat 1 never decides before truncation.
    short = TabletopMultiAgentEnv({"game": "simurgh", "num_players": 2, "max_moves": 1,
                                   "opponents": Scripted(1, load_game("simurgh").SPEC)})
    with pytest.raises(ValueError, match="ended before seat 1 decided"):
        short.reset(seed=0)


def test_pool_opponents_follow_the_pool():
    config = PoolOpponents("dragon", 3, ("random", "heuristic"), snapshot_share=0.5)

    def draws(seeds, snapshot_after=None):
        players = config()
        out = []
        for k, seed in enumerate(seeds):
            if k == snapshot_after:
                players.add_snapshot("snapshot_0", _mlp("dragon", 3))
            out.append((players.new_game(seed), players.playing))
        return out

    seeds = list(range(60))
    games = draws(seeds)
    assert games == draws(seeds) and games != draws([s + 100 for s in seeds])
    assert {seat for seat, _ in games} == {0, 1, 2}
    assert {name for _, name in games} == {"random", "heuristic"}
    later = draws(seeds, snapshot_after=30)
    assert later[:30] == games[:30]
    assert {name for _, name in later[30:]} == {"random", "heuristic", "snapshot_0"}
    # Every kind plays legal actions, the same ones for the same game seed.
    env = TabletopMultiAgentEnv({"game": "dragon", "num_players": 3, "seat_states": True})
    obs, infos = env.reset(seed=2)
    agent, o = next(iter(obs.items()))
    seat = env.possible_agents.index(agent)
    mask = o["action_mask"].astype(np.uint8)
    state = infos[agent]["seat_state"][:-1].copy()
    snapshot = _mlp("dragon", 3)

    def actions():
        players = config()
        players.add_snapshot("snapshot_0", snapshot)
        out = []
        for seed in seeds[:30]:
            players.new_game(seed)
            out.append((players.playing, players.act(seat, o["observations"], mask, state)))
        return out

    played = actions()
    assert played == actions()
    assert {name for name, _ in played} == {"random", "heuristic", "snapshot_0"}
    assert all(mask[action] for _, action in played)
    with pytest.raises(ValueError, match="trained for"):
        config().add_snapshot("snapshot_1", _mlp("aquilon", 3))


def test_single_agent_env_is_one_seat_of_the_game():
    from gymnasium.utils.env_checker import (
        check_reset_return_type,
        check_reset_seed_determinism,
        env_reset_passive_checker,
        env_step_passive_checker,
    )
    from ray.rllib.env.env_context import EnvContext
    from ray.tune.registry import ENV_CREATOR, _global_registry

    for game in GAMES:
        players = load_game(game).SPEC.min_players
        config = {"game": game, "num_players": players,
                  "opponents": PoolOpponents(game, players, ("random", "heuristic"))}
        env = TabletopSingleAgentEnv(config)
        # gymnasium's own checks, but for check_env's step determinism, which steps an action
        # sampled in one position after resetting to another (illegal in a masked game).
        check_reset_return_type(env)
        check_reset_seed_determinism(env)
        env_reset_passive_checker(env)
        env_step_passive_checker(env, env.action_space.sample())

        def play(env, seed):
            obs, _ = env.reset(seed=seed)
            env.action_space.seed(0)
            seen = [obs["observations"]]
            while True:
                action = env.action_space.sample()
                assert obs["action_mask"][action] == 1
                obs, reward, terminated, truncated, info = env.step(action)
                seen.append(obs["observations"])
                if terminated:
                    return np.stack(seen), reward, info, env.multi_agent_env.learner_seat
                assert reward == 0.0 and not truncated

        first = play(env, 9)
        again = play(TabletopSingleAgentEnv(config), 9)
        np.testing.assert_array_equal(first[0], again[0])  # the same seed, the same game
        assert first[1:] == again[1:] and first[2]["opponent"] in ("random", "heuristic")
        assert first[1] in (-1.0, 0.0, 1.0) and len(first[2]["final_scores"]) == players
    with pytest.raises(ValueError, match="needs env_config 'opponents'"):
        TabletopSingleAgentEnv({"game": "aquilon"})
    # RLlib gives every sub-env of a runner one EnvContext: the registered maker numbers them,
    # so that they deal different games.
    register_envs()
    make = _global_registry.get(ENV_CREATOR, SINGLE_AGENT_ENV_NAMES["aquilon"])
    context = EnvContext({"num_players": 2, "opponents": PoolOpponents("aquilon", 2)},
                         worker_index=7)
    envs = [make(context) for _ in range(3)]
    assert len({env.multi_agent_env._stream for env in envs}) == 3
    deals = [env.reset()[0]["observations"].tobytes() + env.reset()[0]["observations"].tobytes()
             for env in envs]
    assert len(set(deals)) == 3


def _mlp(game: str, players: int):
    """A freshly initialised learner module's policy, as a snapshot."""
    env = TabletopMultiAgentEnv({"game": game, "num_players": players})
    space = env.get_observation_space(env.possible_agents[0])
    module = RLModuleSpec(module_class=MaskedPPOTorchRLModule, observation_space=space,
                          action_space=env.action_spaces[env.possible_agents[0]],
                          model_config={"fcnet_hiddens": [16], "fcnet_activation": "tanh",
                                        "vf_share_layers": False}).build()
    return snapshot_policy(module.get_state(), env.game.env_id, players)


def test_snapshot_policy_is_the_modules_policy():
    spec = load_game("dragon").SPEC
    env = TabletopMultiAgentEnv({"game": "dragon", "num_players": 3})
    space = env.get_observation_space(env.possible_agents[0])
    rng = np.random.default_rng(0)
    obs, _ = env.reset(seed=1)
    rows = []
    while len(rows) < 20:
        rows.extend(obs.values())
        obs, _, terminateds, _, _ = env.step(
            {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in obs.items()})
        if terminateds["__all__"]:
            obs, _ = env.reset(seed=int(rng.integers(100)))
    features = np.stack([o["observations"] for o in rows])
    masks = np.stack([o["action_mask"] for o in rows])

    def build(**model):
        return RLModuleSpec(module_class=MaskedPPOTorchRLModule, observation_space=space,
                            action_space=env.action_spaces[env.possible_agents[0]],
                            model_config={"fcnet_hiddens": [24, 12], "fcnet_activation": "tanh",
                                          **model}).build()

    module = build(vf_share_layers=False)
    policy = snapshot_policy(module.get_state(), spec.env_id, 3)
    with torch.no_grad():
        logits = module.forward_inference({Columns.OBS: {
            "observations": torch.as_tensor(features), "action_mask": torch.as_tensor(masks)}})[
            Columns.ACTION_DIST_INPUTS].numpy()
    mine = policy.logits(features, masks)
    legal = masks > 0
    np.testing.assert_allclose(mine[legal], logits[legal], rtol=1e-5, atol=1e-5)
    assert np.isneginf(mine[~legal]).all()
    np.testing.assert_array_equal(policy.act(features, masks), logits.argmax(-1))
    with pytest.raises(ValueError, match="unshared tanh actor encoder"):
        snapshot_policy(build(vf_share_layers=True).get_state(), spec.env_id, 3)
