"""The deal: chance nodes no seat can enumerate (issue 22). A seat that could try every deal
would read every hidden hand and deck order off the deals that fit what it saw (later draws
have chance nodes of their own: test_chance.py)."""


import numpy as np
import pytest

from tabletop_core.games import game_names, game_spec
from tabletop_core.inputs import normalize_seed
from tabletop_core.openspiel import DEAL_NODES

from .common import SMALL, Sampler, config_id, dealt, pyspiel

pytestmark = pytest.mark.frameworks
GAMES = [game_spec(name).openspiel_name for name in game_names()]


def chance_from(game, outcomes):
    """A new state of `game` after the chance actions `outcomes`."""
    state = game.new_initial_state()
    for outcome in outcomes:
        assert state.is_chance_node()
        state.apply_action(outcome)
    return state


def raw_deal(k):
    """The chance actions that compose the 64-bit number `k`."""
    return list(k.to_bytes(DEAL_NODES, "big"))


def hidden_parts(game, state):
    """The engine state without the generator's words (which determinize always redraws)."""
    rng = game.definition.spec.rng_at
    array = state.engine_state()
    array[rng:rng + 4] = 0
    return array.tobytes()


@pytest.mark.parametrize("name", GAMES)
def test_there_are_at_least_2_64_equally_likely_deals(name):
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    deals, nodes = 1, 0
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert len(outcomes) <= game.max_chance_outcomes() <= 256
        assert {p for _, p in outcomes} == {1.0 / len(outcomes)}
        assert [a for a, _ in outcomes] == state.legal_actions()
        deals *= len(outcomes)
        nodes += 1
        state.apply_action(outcomes[len(outcomes) // 3][0])
    assert deals >= 2**64 and nodes == DEAL_NODES
    # Every chance node matters: changing any one outcome deals another game.
    base = list(range(3, 3 + DEAL_NODES))
    games = {chance_from(game, base).engine_state().tobytes()}
    for node in range(DEAL_NODES):
        changed = list(base)
        changed[node] ^= 0x5A
        games.add(chance_from(game, changed).engine_state().tobytes())
    assert len(games) == DEAL_NODES + 1


@pytest.mark.parametrize("name", GAMES)
def test_a_deal_is_the_aec_environments_reset_with_its_number(name):
    """The chance actions are the bytes of k, and deal what reset(seed=k) deals (the engine
    seed is normalize_seed(k)); deal_actions(seed) replays any AEC seed's deal."""
    game = pyspiel.load_game(name)
    spec, config = game.definition.spec, game.definition.config
    for k in (0, 5, 2**40 + 3, 2**63 - 1, 2**63, 2**64 - 1):
        expected = np.zeros(spec.state_size, np.int32)
        spec.init(expected, config, normalize_seed(k))
        np.testing.assert_array_equal(chance_from(game, raw_deal(k)).engine_state(), expected)
        np.testing.assert_array_equal(dealt(game, k).engine_state(), expected)


@pytest.mark.parametrize("config", SMALL, ids=config_id)
def test_a_seat_is_unsure_of_many_full_states(config):
    """Right after the deal and later on, each seat's information is consistent with many
    full states that differ in what it cannot see: resampling keeps its information state and
    observation and draws many distinct hidden parts."""
    game = pyspiel.load_game(*config)
    rng = np.random.default_rng(4)
    state = dealt(game, 2024)
    checked = 0
    for stop in (0, 10, 40):
        while len(state.history()) - DEAL_NODES < stop and not state.is_terminal():
            state.apply_action(int(rng.choice(state.legal_actions())))
        if state.is_terminal():
            break
        for seat in range(game.num_players()):
            view = (state.information_state_string(seat), state.observation_string(seat),
                    state.observation_tensor(seat))
            hidden = set()
            for i in range(24):
                other = state.resample_from_infostate(seat, Sampler(100 * stop + i))
                assert (other.information_state_string(seat), other.observation_string(seat),
                        other.observation_tensor(seat)) == view
                hidden.add(hidden_parts(game, other))
            assert len(hidden) >= 12, (stop, seat, len(hidden))
            checked += 1
    assert checked >= 2 * game.num_players()


@pytest.mark.parametrize("config", SMALL, ids=config_id)
def test_information_states_never_hold_the_chance_outcomes(config):
    """Two chance sequences that deal the same game (k >= 2**63 gives the engine seed
    normalize_seed(k), also dealt by that seed's own bytes) give every seat the same
    information state all game long; during the deal nobody's string changes."""
    game = pyspiel.load_game(*config)
    n = game.num_players()
    k = 2**64 - 12345
    states = [chance_from(game, raw_deal(k)), chance_from(game, raw_deal(normalize_seed(k)))]
    assert states[0].history() != states[1].history()
    during = {chance_from(game, raw_deal(k)[:m]).information_state_string(seat)
              for m in range(DEAL_NODES) for seat in range(n)}
    assert during == {f"Player {seat} of {n}: before the deal" for seat in range(n)}
    rng = np.random.default_rng(0)
    moves = 0
    while not states[0].is_terminal():
        if moves % 7 == 0:
            assert_same_information(states, str(k))
        action = int(rng.choice(states[0].legal_actions()))
        for s in states:
            s.apply_action(action)
        moves += 1
    assert_same_information(states, str(k))


def assert_same_information(states, secret):
    """Every seat's information state is the same in all `states` and never shows `secret`."""
    for seat in range(states[0].num_players()):
        strings = {s.information_state_string(seat) for s in states}
        assert len(strings) == 1 and secret not in strings.pop()
        assert len({tuple(s.information_state_tensor(seat)) for s in states}) == 1


def test_openspiels_rl_environment_resets_to_a_decision():
    """rl_environment samples the deal's chance nodes through chance_outcomes()."""
    rl_environment = pytest.importorskip("open_spiel.python.rl_environment")
    env = rl_environment.Environment(pyspiel.load_game("python_dragon"))
    step = env.reset()
    assert not env.get_state.is_chance_node()
    assert step.observations["legal_actions"][env.get_state.current_player()]
