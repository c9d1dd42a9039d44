"""Simurgh states at the edges (issue 51), refused wherever a state comes in: a tile marked
unknown to a seat that sees it, a tile being laid that could not have been played, more vassals
kept back than unplaced, a stack objective counted in the draw, a cost left that cannot be
paid, an area bonus leaving its tile no vassal placement, a drawn setup dragon marked owned.
And `determinize` reads nothing of another seat's hidden dragon pick."""

from __future__ import annotations

import base64
import pickle

import numpy as np
import pytest

from simurgh_env.engine import layout as L
from simurgh_env.engine.tables import N_RES, N_TILES
from simurgh_env.env import SPEC, raw_env

from .scenario import do, fresh, phase

FACE_UP = (L.LOC_SLOT, L.LOC_WILDS, L.LOC_CHRONICLE, L.LOC_ROW)


def _midgame(seed: int = 1, moves: int = 60):
    env = raw_env(num_players=3)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        env.step(int(rng.choice(env.legal_actions())))
    return env


def _reached(name: str, seed: int) -> np.ndarray:
    """The first state of phase `name` in a random 3-player game."""
    env = raw_env(num_players=3)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    while phase(env.clone_state()) != name:
        env.step(int(rng.choice(env.legal_actions())))
    return env.clone_state()


def test_a_tile_marked_unknown_to_a_seat_that_sees_it_is_refused():
    """A face-up tile is known to every seat, a tile in hand to its holder (C26)."""
    env = _midgame()
    state = env.clone_state()
    face_up = [t for t in range(N_TILES) if state[L.TLOC + t] in FACE_UP]
    held = [t for t in range(N_TILES) if state[L.TLOC + t] == L.LOC_HAND]
    assert len(face_up) >= 4 and len(held) >= 3
    cases = [(t, seat) for t in face_up for seat in range(3)]
    cases += [(t, int(state[L.TIDX + t])) for t in held]
    for tile, seat in cases:
        bad = state.copy()
        bad[L.TKNOWN + tile] &= ~(1 << seat)
        with pytest.raises(ValueError, match="tile_known"):
            env.restore_state(bad)
        np.testing.assert_array_equal(env.clone_state(), state)


def test_a_tile_being_laid_that_could_not_have_been_played_is_refused():
    """While a seat chooses the area of the tile it is laying, the tile must have been a legal
    play a moment before (S29): not once the turn's main action is done. (`determinize` redraws
    the tile among such plays, and found none in such a state.)"""
    state = _reached("tile_area", seed=3)
    for done in (1, 2):
        bad = state.copy()
        bad[L.MAIN_DONE] = done
        with pytest.raises(ValueError, match="phase/actor/depth"):
            SPEC.check_state(bad)


def test_more_vassals_kept_back_than_the_actor_has_unplaced_is_refused():
    """Vassals returned to the actor this turn wait among its unplaced ones (S44)."""
    state = _midgame().clone_state()
    unplaced = state[L.UNPLACED + 2 * state[L.ACTOR]:L.UNPLACED + 2 * state[L.ACTOR] + 2]
    for kind in range(2):
        bad = state.copy()
        bad[L.BLOCKED + kind] = unplaced[kind] + 1
        with pytest.raises(ValueError, match="blocked: more"):
            SPEC.check_state(bad)


def test_a_stack_objective_counted_in_the_draw_is_refused():
    """The objectives drawn at the Monument are off the stack (S48): a draw counting one still
    in the stack is refused (`determinize` would deal that objective twice)."""
    env = raw_env(num_players=3)
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    while not 0 < env.clone_state()[L.ODRAW_N] < L.MAX_DRAW:
        env.step(int(rng.choice(env.legal_actions())))
    state = env.clone_state()
    n = int(state[L.ODRAW_N])
    for tile in state[L.OSTACK:L.OSTACK + state[L.OSTACK_N]]:
        bad = state.copy()
        bad[L.ODRAW + n] = tile
        bad[L.ODRAW:L.ODRAW + n + 1].sort()
        bad[L.ODRAW_N] = n + 1
        with pytest.raises(ValueError, match="objective_locations"):
            SPEC.check_state(bad)


@pytest.mark.parametrize(("name", "seed"), [("remove_marker", 4), ("spend", 7)])
def test_a_cost_left_that_cannot_be_paid_is_refused(name, seed):
    """A cost is chosen only if it can be paid in full (S23), and a payment waits only while
    some of it is left: a frame with nothing left, or more markers to remove or vassals to
    spend than the seat has (which no action could pay), is refused."""
    state = _reached(name, seed)
    left = L.FRAMES + (state[L.DEPTH] - 1) * L.FW + L.F_LEFT
    for wrong in (0, state[left] + 1, 30):
        bad = state.copy()
        bad[left] = wrong
        with pytest.raises(ValueError, match="frames"):
            SPEC.check_state(bad)


def test_an_area_bonus_leaving_its_tile_no_placement_is_refused():
    """An area bonus is taken only if the tile being placed then takes a vassal (C11): the
    seat's resources gone in the middle of it (here while a bonus ability is offered), the
    tile could take none, and the turn could not go on."""
    state = _reached("bonus", seed=11)
    top = L.FRAMES + (state[L.DEPTH] - 1) * L.FW
    assert state[top + L.F_KIND] == L.K_AREA_BONUS
    seat = int(state[L.ACTOR])
    bad = state.copy()
    bad[L.RES + seat * N_RES:L.RES + (seat + 1) * N_RES] = 0
    with pytest.raises(ValueError, match="frames"):
        SPEC.check_state(bad)


def test_a_drawn_setup_dragon_marked_owned_is_refused():
    """During the Dragonlord pick each seat's three drawn dragons are its own to choose from
    (S15), none already owned."""
    n = 4
    state = fresh(n, "dragonlord", seed=8)
    for _ in range(n + 2 * n):
        do(state, L.A_PICK)
    assert phase(state) == "dragon_pick"
    for seat in range(n):
        for dragon in state[L.SETUP_DRAWN + 3 * seat:L.SETUP_DRAWN + 3 * seat + 3]:
            bad = state.copy()
            bad[L.DLOC + dragon] = L.D_OWNED
            with pytest.raises(ValueError, match="dragon_locations"):
                SPEC.check_state(bad)


def test_openspiel_refuses_such_a_state_under_a_recomputed_checksum():
    pyspiel = pytest.importorskip("pyspiel")
    from tabletop_core.openspiel import dealt_state

    game = pyspiel.load_game("python_simurgh", {"players": 2})
    state = dealt_state(game, 2)
    rng = np.random.default_rng(2)
    for _ in range(30):
        state.apply_action(int(rng.choice(state.legal_actions())))
    record = state._record
    tile = next(t for t in range(N_TILES) if record.state[L.TLOC + t] in FACE_UP)
    record.state[L.TKNOWN + tile] = 1 << 1  # known to seat 1 only
    head, _, _ = state.serialize().rpartition("__dict__=")
    raw = pickle.dumps({"_record": record})  # the record's checksum is computed afresh
    text = head + "__dict__=" + base64.b64encode(raw).decode()
    with pytest.raises(ValueError, match="tile_known"):
        game.deserialize_state(text)


def test_determinize_does_not_read_another_seats_hidden_dragon_pick():
    """Twins differing only in the dragon seat 0 kept in the Dragonlord setup pick (S15), which
    no other seat sees, determinize alike for every other seat and seed."""
    n = 5
    state = fresh(n, "dragonlord", seed=8)
    for _ in range(n + 2 * n):  # the power draft, then the action draft
        do(state, L.A_PICK)
    assert phase(state) == "dragon_pick"
    twins = []
    for pick in range(3):
        twin = state.copy()
        do(twin, L.A_PICK + pick)
        twins.append(twin)
    changed = np.flatnonzero((twins[0] != twins[1]) | (twins[0] != twins[2]))
    assert changed.tolist() == [L.SETUP_PICK]
    for viewer in range(1, n):
        for seed in range(40):
            results = set()
            for twin in twins:
                drawn = twin.copy()
                SPEC.determinize(drawn, viewer, seed)
                results.add(drawn.tobytes())
            assert len(results) == 1, f"seat {viewer}, seed {seed}"
