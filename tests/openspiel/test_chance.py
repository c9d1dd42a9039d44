"""Chance after the deal (issue 22): a move whose `play` draws randomness waits for 8 chance
nodes that reseed the generator, so no state holds its future draws."""

import base64
import pickle

import numpy as np
import pytest

from tabletop_core.inputs import normalize_seed
from tabletop_core.openspiel import DEAL_NODES
from tabletop_core.rng import RNG_WORDS

from .common import Sampler, dealt, engine_play, play, pyspiel

pytestmark = pytest.mark.frameworks
DRAWING = [("python_aquilon", {"players": 3}),
           ("python_simurgh", {"players": 3, "mode": "dragonlord", "length": "short"})]


def draws(spec, array, action):
    """Whether the engine's `play` of `action` advances the generator."""
    after = array.copy()
    spec.play(after, action)
    at = spec.rng_at
    return not np.array_equal(after[at:at + RNG_WORDS], array[at:at + RNG_WORDS])


def waiting_state(game, deal):
    """A state of the first random game (from deal `deal` on) whose move waits for its chance
    nodes, taken as that move is applied."""
    while True:
        rng = np.random.default_rng(deal)
        state = dealt(game, deal)
        while not state.is_terminal():
            state.apply_action(int(rng.choice(state.legal_actions())))
            if state.is_chance_node():
                return state
        deal += 1


@pytest.mark.parametrize("config", DRAWING, ids=lambda c: c[0])
def test_exactly_the_drawing_moves_wait_for_8_chance_nodes(config):
    """Replayed from the history on the engine itself: every move whose `play` draws is
    followed in the history by 8 chance outcomes (drawn before it is played), no other move
    is, and the state is the engine's game reseeded by them."""
    game = pyspiel.load_game(*config)
    spec, chance_id = game.definition.spec, pyspiel.PlayerId.CHANCE
    waited = 0
    for deal in range(8):
        rng = np.random.default_rng(deal)
        state = dealt(game, deal)
        while not state.is_terminal():
            play(state, int(rng.choice(state.legal_actions())), rng)
        items = state.full_history()[DEAL_NODES:]
        array = np.zeros(spec.state_size, np.int32)
        spec.init(array, game.definition.config, normalize_seed(deal))
        i = 0
        while i < len(items):
            assert items[i].player != chance_id
            action = items[i].action
            chance = []
            while i + 1 + len(chance) < len(items) and items[i + 1 + len(chance)].player == (
                    chance_id):
                chance.append(items[i + 1 + len(chance)].action)
            assert len(chance) == (DEAL_NODES if draws(spec, array, action) else 0)
            engine_play(spec, array, action, chance)
            waited += bool(chance)
            i += 1 + len(chance)
        np.testing.assert_array_equal(state.engine_state(), array)
    assert waited >= 2


@pytest.mark.parametrize("config", DRAWING, ids=lambda c: c[0])
def test_the_draws_follow_the_chance_nodes_not_the_deal(config):
    """The same history up to a drawing move, then different chance outcomes: different
    shuffles. During the wait the seat to act is CHANCE and nobody's view changes."""
    game = pyspiel.load_game(*config)
    state = waiting_state(game, 1)
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    assert state.legal_actions() == list(range(256))
    mover = game.definition.spec.current_player(state.engine_state())
    views = [state.information_state_string(s) for s in range(game.num_players())]
    at = game.definition.spec.rng_at
    shuffles = set()
    for outcomes in ([0] * DEAL_NODES, [255] * DEAL_NODES, list(range(DEAL_NODES))):
        other = state.clone()
        for k, outcome in enumerate(outcomes):
            assert other.action_to_string(pyspiel.PlayerId.CHANCE, outcome) == (
                f"chance byte {k + 1} of {DEAL_NODES}: {outcome}")
            assert [other.information_state_string(s) for s in range(len(views))] == views
            other.apply_action(outcome)
        assert other.history() == state.history() + outcomes
        assert other.information_state_string(mover).startswith(views[mover] + "\n")
        after = other.engine_state()
        after[at:at + RNG_WORDS] = 0
        shuffles.add(after.tobytes())
    assert len(shuffles) == 3


@pytest.mark.parametrize("config", DRAWING, ids=lambda c: c[0])
def test_resampling_while_a_move_waits(config):
    """The mover keeps its waiting action (its own choice) and the outcomes drawn so far are
    redrawn; another seat, which has not seen it, gets the position before it."""
    game = pyspiel.load_game(*config)
    state = waiting_state(game, 2)
    for outcome in (7, 9, 11):
        state.apply_action(outcome)
    mover = game.definition.spec.current_player(state.engine_state())
    for seat in range(game.num_players()):
        other = state.resample_from_infostate(seat, Sampler(seat))
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert other.observation_string(seat) == state.observation_string(seat)
        if seat == mover:
            assert other.is_chance_node() and len(other.history()) == 3
            assert other._record.pending == state._record.pending
            for outcome in range(DEAL_NODES - 3):
                other.apply_action(outcome)
            assert not other.is_chance_node()
            assert other.information_state_string(seat).startswith(
                state.information_state_string(seat) + "\n")
        else:
            assert other.current_player() == mover and other.history() == []


def _pickled(state, record):
    head, _, _ = state.serialize().rpartition("__dict__=")
    return head + "__dict__=" + base64.b64encode(pickle.dumps({"_record": record})).decode()


@pytest.mark.parametrize("config", DRAWING, ids=lambda c: c[0])
def test_a_waiting_state_round_trips_and_a_bad_wait_is_refused(config):
    game = pyspiel.load_game(*config)
    state = waiting_state(game, 3)
    for outcome in (1, 2):
        state.apply_action(outcome)
    again = game.deserialize_state(state.serialize())
    assert again._record.pending == state._record.pending
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        action = int(rng.choice(state.legal_actions()))
        for s in (state, again):
            s.apply_action(action)
    assert str(again) == str(state) and again.history() == state.history()
    assert [again.information_state_string(s) for s in range(game.num_players())] == [
        state.information_state_string(s) for s in range(game.num_players())]

    waiting = waiting_state(game, 3)
    record = waiting._record
    mask = record.legal_mask()
    record.pending = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="bad pending action"):
        game.deserialize_state(_pickled(waiting, record))
    record.pending, record.chance = None, [1, 2]
    with pytest.raises(ValueError, match="bad chance outcomes"):
        game.deserialize_state(_pickled(waiting, record))
