"""TabletopMultiAgentEnv: RLlib's own env check for every game and player count, rewards equal
to the AEC env's for the same seed and decisions (games ending on another seat's move
included), joint sealed steps that show each seat only what the AEC env shows it, truncation
and bad input."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("ray.rllib")

from ray.rllib.utils.pre_checks.env import check_multiagent_environments  # noqa: E402

from agents.games import load_game  # noqa: E402
from tabletop_core.joint import group_views  # noqa: E402
from tabletop_core.rllib import ENV_NAMES, TabletopMultiAgentEnv, register_envs  # noqa: E402
from tests.core.game_tables import full_options  # noqa: E402

pytestmark = pytest.mark.frameworks
GAMES = list(ENV_NAMES)


def _cases():
    for game in GAMES:
        spec = load_game(game).SPEC
        for players in range(spec.min_players, spec.max_players + 1):
            yield game, players


@pytest.mark.parametrize(("game", "players"), list(_cases()))
def test_rllib_env_check_passes(game, players):
    env = TabletopMultiAgentEnv({"game": game, "num_players": players})
    check_multiagent_environments(env)
    obs, _ = env.reset(seed=1)
    space = env.get_observation_space(env.possible_agents[0])
    for agent, o in obs.items():
        assert space.contains(o), agent
        assert o["action_mask"].dtype == np.float32 and o["action_mask"].any()


def _lockstep(game: str, players: int, seed: int, rng: np.random.Generator,
              options: dict | None = None):
    """Play the RLlib env with random legal joint actions, replaying every seat's decisions in
    the AEC env as it asks for them; check each seat's observation and mask against the AEC
    env's at that moment, and in joint steps of several seats its `legal_actions` against the
    AEC env's descriptions. Returns (RLlib final rewards, AEC rewards, last deciding seats,
    descriptions compared)."""
    env = TabletopMultiAgentEnv({"game": game, "num_players": players, **(options or {})})
    aec = load_game(game).raw_env(num_players=players, **(options or {}))
    aec.reset(seed=seed)
    obs, _ = env.reset(seed=seed)
    queued: dict[str, list] = {a: [] for a in env.possible_agents}
    described = 0
    while True:
        actions = {}
        for agent, o in obs.items():
            legal = np.flatnonzero(o["action_mask"])
            actions[agent] = int(rng.choice(legal))
            words = env.legal_actions(agent) if len(obs) > 1 else None
            queued[agent].append((actions[agent], o, words))
        obs, rewards, terminateds, truncateds, infos = env.step(actions)
        while not all(aec.terminations.values()) and queued[aec.agent_selection]:
            action, seen, words = queued[aec.agent_selection].pop(0)
            expected = aec.observe(aec.agent_selection)
            np.testing.assert_array_equal(seen["observations"], expected["observation"])
            np.testing.assert_array_equal(seen["action_mask"], expected["action_mask"])
            if words is not None:
                assert words == [(a, aec.action_to_string(a)) for a in aec.legal_actions()]
                described += 1
            aec.step(action)
        if terminateds["__all__"]:
            assert set(obs) == set(rewards) == set(env.possible_agents)
            assert all(terminateds.values()) and not any(truncateds.values())
            assert not any(o["action_mask"].any() for o in obs.values())
            aec_rewards = {a: aec._cumulative_rewards[a] for a in aec.possible_agents}
            return rewards, aec_rewards, set(actions), described
        assert not all(aec.terminations.values())


# Games whose every joint step is all seats' (Goofspiel's bids): none ends on a step that
# leaves a seat out.
ALL_SEATS_EVERY_STEP = {"goofspiel"}


@pytest.mark.parametrize("game", GAMES)
def test_rewards_and_views_match_the_aec_env(game):
    spec = load_game(game).SPEC
    rng = np.random.default_rng(7)
    ended_on_other_move = 0
    for seed in range(3):
        players = spec.min_players + seed % (spec.max_players - spec.min_players + 1)
        rewards, aec_rewards, last_movers, _ = _lockstep(game, players, seed, rng)
        assert rewards == pytest.approx(aec_rewards)
        assert sum(rewards.values()) == pytest.approx(0.0)
        ended_on_other_move += len(last_movers) < players
    # seats that did not make the last move were paid too
    assert (ended_on_other_move > 0) != (game in ALL_SEATS_EVERY_STEP)


# Every registered game, with every kind of decision it knows (Simurgh in Dragonlord mode).
SEALED_CASES = [(name, full_options(name)) for name in GAMES]


@pytest.mark.parametrize(("game", "options"), SEALED_CASES)
def test_sealed_descriptions_match_the_aec_env(game, options):
    """In a joint step, `legal_actions` describes each seat's options as the AEC env does when
    it asks that seat (not the first seat's: its drawn dragons, its partial sealed bid)."""
    players = load_game(game).SPEC.min_players + 1
    rng = np.random.default_rng(11)
    assert sum(_lockstep(game, players, seed, rng, options)[3] for seed in range(2)) > 0


@pytest.mark.parametrize(("game", "options"), SEALED_CASES)
def test_sealed_steps_hide_the_other_seats_choices(game, options):
    """Twins: every seat of a joint step gets from the RLlib env the observation, mask and
    action descriptions it would get whatever the seats before it in the sealed decision chose
    (their choices filled in at random), including choices queued from earlier joint steps
    (Dragon's bid digits)."""
    players = load_game(game).SPEC.min_players
    env = TabletopMultiAgentEnv({"game": game, "num_players": players, **options})
    rng = np.random.default_rng(5)
    buffer = np.zeros(env.game.max_players, np.int64)

    def random_filler(state, mask):
        return int(rng.choice(np.flatnonzero(mask)))

    sealed = 0
    obs, _ = env.reset(seed=3)
    for _ in range(800):
        if len(obs) > 1:
            sealed += 1
            queues = [list(q) for q in env.joint._queues]
            for _ in range(3):
                states = {}
                twin = group_views(env.game, env.joint.state, queues, buffer, random_filler,
                                   states)
                assert [env.possible_agents[s] for s in twin] == list(obs)
                for seat, (features, mask) in twin.items():
                    agent = env.possible_agents[seat]
                    np.testing.assert_array_equal(obs[agent]["observations"], features)
                    np.testing.assert_array_equal(obs[agent]["action_mask"], mask)
                    state = states.get(seat, env.joint.state)
                    assert env.legal_actions(agent) == [
                        (a, env.game.action_to_string(state, a)) for a in np.flatnonzero(mask)]
        actions = {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in obs.items()}
        obs, _, terminateds, truncateds, _ = env.step(actions)
        if terminateds["__all__"] or truncateds["__all__"]:
            obs, _ = env.reset(seed=int(rng.integers(1000)))
    assert sealed > 0, f"{game}: no joint step with several deciding seats"


def test_max_moves_truncates_without_reward():
    env = TabletopMultiAgentEnv({"game": "aquilon", "num_players": 2, "max_moves": 5})
    obs, _ = env.reset(seed=0)
    for _ in range(10):
        actions = {a: env.get_action_space(a).sample() for a in obs}
        obs, rewards, terminateds, truncateds, _ = env.step(actions)
        if truncateds["__all__"]:
            break
    assert truncateds["__all__"] and not terminateds["__all__"]
    assert env.joint.moves == 5 and set(obs) == set(env.possible_agents)
    assert rewards == {a: 0.0 for a in env.possible_agents}


def test_illegal_actions_and_bad_options():
    env = TabletopMultiAgentEnv({"game": "aquilon", "num_players": 3})
    obs, _ = env.reset(seed=2)
    agent = next(iter(obs))
    illegal = int(np.flatnonzero(obs[agent]["action_mask"] == 0)[0])
    state = env.joint.state.copy()
    with pytest.raises(ValueError, match=rf"illegal action {illegal} for {agent} \(seat \d\): "
                                         rf"\d+ actions are legal") as error:
        env.step({**{a: 0 for a in obs}, agent: illegal})
    assert "\n" not in str(error.value) and len(str(error.value)) < 160
    np.testing.assert_array_equal(env.joint.state, state)  # nothing changed
    assert len(env.legal_actions(agent)) == int(obs[agent]["action_mask"].sum())
    with pytest.raises(ValueError, match="actions needed for exactly"):
        env.step({})
    penalized = TabletopMultiAgentEnv({"game": "aquilon", "num_players": 3,
                                       "illegal_action": "penalize"})
    obs, _ = penalized.reset(seed=2)
    _, rewards, terminateds, _, _ = penalized.step({**{a: 0 for a in obs}, agent: illegal})
    assert terminateds["__all__"] and rewards[agent] == -1.0
    assert sorted(rewards.values()).count(0.0) == 2
    for bad in ({"game": "chess"}, {"game": "aquilon", "num_players": 9},
                {"game": "aquilon", "max_moves": 0}, {"game": "aquilon", "no_such_option": 1},
                {"game": "aquilon", "illegal_action": "ignore"}):
        with pytest.raises(ValueError):
            TabletopMultiAgentEnv(bad)


def test_registered_names_and_seat_states():
    from ray.tune.registry import ENV_CREATOR, _global_registry

    assert register_envs() == ENV_NAMES
    env = _global_registry.get(ENV_CREATOR, ENV_NAMES["dragon"])({"num_players": 3,
                                                                  "seat_states": True})
    obs, infos = env.reset(seed=4)
    for agent in obs:
        sample = infos[agent]["seat_state"]
        seat = int(sample[-1])
        assert env.possible_agents[seat] == agent
        assert sample.shape == (env.game.state_size + 1,) and sample.dtype == np.int32
