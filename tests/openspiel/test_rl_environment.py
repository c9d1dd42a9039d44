"""OpenSpiel's `rl_environment` on the games: the state methods it calls give what OpenSpiel's
own C++ paths give, and OpenSpiel's PyTorch DQN trains over it, one agent per seat."""

import numpy as np
import pytest

from tabletop_core.games import game_spec
from tabletop_core.inputs import normalize_seed
from tabletop_core.openspiel import CHANCE, DEAL_NODES
from tabletop_core.rewards import RANK, final_rewards
from tests.core.game_tables import GAMES, full_options

from .common import SMALL, config_id, dealt, engine_play, play, pyspiel

pytestmark = pytest.mark.frameworks

rl_environment = pytest.importorskip("open_spiel.python.rl_environment")

# The benchmark's tables too (benchmarks/openspiel_rl.py).
TABLES = SMALL + [("python_dragon", {"players": 4}), ("python_simurgh", {"players": 4})]


def bits(values) -> bytes:
    return np.array(values, np.float64).tobytes()  # tells -0.0 from 0.0, unlike ==


def check_against_openspiel(state, seats) -> None:
    """The Python-side tensors and legal actions are OpenSpiel's C++ ones, bit for bit."""
    for seat in seats:
        for method in ("information_state_tensor", "observation_tensor"):
            ours = getattr(state, method)(seat)
            assert type(ours) is list
            assert bits(ours) == bits(getattr(pyspiel.State, method)(state, seat))
        assert state.legal_actions(seat) == pyspiel.State.legal_actions(state, seat)
    assert state.legal_actions() == pyspiel.State.legal_actions(state)
    if state.current_player() >= 0:
        assert bits(state.information_state_tensor()) == bits(
            pyspiel.State.information_state_tensor(state))
    else:
        for method in ("information_state_tensor", "observation_tensor"):
            with pytest.raises(pyspiel.SpielError, match="player >= 0"):
                getattr(state, method)()


@pytest.mark.parametrize("config", TABLES, ids=config_id)
def test_state_methods_match_openspiels_own(config):
    """Along random games, asked at every node (chance and terminal ones included), of every
    seat or of some seats only (so that a tensor is rebuilt after several moves), and on a
    clone mid-game, which carries on by itself."""
    name, params = config
    game = pyspiel.load_game(name, params)
    n = game.num_players()
    rng = np.random.default_rng(11)
    for deal in (0, 9):
        state = game.new_initial_state()
        check_against_openspiel(state, range(n))
        for outcome in dealt(game, deal).history():
            state.apply_action(outcome)
            check_against_openspiel(state, range(n))
        moves = 0
        while not state.is_terminal():
            seats = range(n) if rng.random() < 0.5 else [int(rng.integers(n))]
            check_against_openspiel(state, seats)
            if moves == 20:
                clone = state.clone()
                while not clone.is_terminal():
                    check_against_openspiel(clone, range(n))
                    play(clone, int(rng.choice(clone.legal_actions())), rng)
                check_against_openspiel(clone, range(n))
            state.apply_action(int(rng.choice(state.legal_actions())))
            while state.is_chance_node():
                check_against_openspiel(state, range(n))
                state.apply_action(int(rng.integers(256)))
            moves += 1
        check_against_openspiel(state, range(n))


def engine_returns(game, state) -> list[float]:
    """The returns of the engine's own game replayed from `state`'s full history: the deal's
    seed, then every move with the chance outcomes after it (a reseed)."""
    spec, n = game.definition.spec, game.num_players()
    history = state.full_history()
    seed = int.from_bytes(bytes(h.action for h in history[:DEAL_NODES]), "big")
    array = np.zeros(spec.state_size, np.int32)
    spec.init(array, game.definition.config, normalize_seed(seed))
    rest = history[DEAL_NODES:]
    k = 0
    while k < len(rest):
        action, chance = rest[k].action, []
        k += 1
        while k < len(rest) and rest[k].player == CHANCE:
            chance.append(rest[k].action)
            k += 1
        engine_play(spec, array, action, chance)
    scores, keys, rewards = np.zeros(n), np.zeros(n, np.int64), np.zeros(n)
    spec.final_scores(array, scores, keys)
    final_rewards(scores, keys, n, RANK, rewards)
    return rewards.tolist()


# Short games: every game at its smallest table, with every kind of decision (Simurgh short,
# dragonlord: chance nodes mid-game).
DQN_GAMES = [(game_spec(name).openspiel_name,
              {"players": game_spec(name).min_players, **full_options(name)}) for name in GAMES]
DQN_STEPS = 3000


@pytest.mark.parametrize("config", DQN_GAMES, ids=config_id)
def test_openspiel_dqn_trains_over_rl_environment(config):
    """OpenSpiel's PyTorch DQN, one agent per seat, for DQN_STEPS environment steps (then the
    game under way is finished), in OpenSpiel's own training loop: every action it picks is
    legal, every episode ends with the engine's returns, each agent counts its steps, and
    each agent learned (a finite loss, its Q-network changed)."""
    torch = pytest.importorskip("torch")
    dqn = pytest.importorskip("open_spiel.python.pytorch.dqn")
    name, params = config
    game = pyspiel.load_game(name, params)
    env = rl_environment.Environment(game, enable_legality_check=True)
    env.seed(5)
    size = env.observation_spec()["info_state"][0]
    assert size == game.information_state_tensor_size()
    agents = [dqn.DQN(seat, size, env.action_spec()["num_actions"], hidden_layers_sizes=[32],
                      replay_buffer_capacity=1000, batch_size=32, min_buffer_size_to_learn=100,
                      learn_every=10, update_target_network_every=200,
                      epsilon_decay_duration=DQN_STEPS, learning_rate=0.01, seed=seat)
              for seat in range(game.num_players())]
    before = [[p.detach().clone() for p in a._q_network.parameters()] for a in agents]
    steps = episodes = 0
    acted = [0] * len(agents)
    while steps < DQN_STEPS:
        time_step = env.reset()
        while not time_step.last():
            seat = time_step.observations["current_player"]
            action = agents[seat].step(time_step).action
            assert action in time_step.observations["legal_actions"][seat]
            assert action in pyspiel.State.legal_actions(env.get_state)
            time_step = env.step([action])
            acted[seat] += 1
            steps += 1
        for agent in agents:
            agent.step(time_step)
        episodes += 1
        state = env.get_state
        assert state.is_terminal() and not state.is_truncated()
        assert time_step.rewards == state.returns() == engine_returns(game, state)
        # zero-sum to the bit; someone wins unless every seat ties (Simurgh shares ties: S71)
        assert sum(time_step.rewards) == 0.0
        assert max(time_step.rewards) > 0 or set(time_step.rewards) == {0.0}
    assert sum(acted) == steps
    for agent, own, start in zip(agents, acted, before, strict=True):
        assert agent.step_counter == own + episodes
        assert agent.loss is not None and np.isfinite(agent.loss)
        params = list(agent._q_network.parameters())
        assert any(not torch.equal(p, q) for p, q in zip(params, start, strict=True))
