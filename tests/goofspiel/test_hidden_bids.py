"""The doors of the hidden bids, tested with twins: a state and its determinization for a seat
differ only in what that seat may not know, and give it the same observation and text. With
imp_info the other seats' past bids are hidden (only who took each prize is seen); a bid sealed
this turn is hidden from the other seats in every game."""

import numpy as np
import pytest

from goofspiel_env import SPEC
from goofspiel_env.engine import layout as L
from goofspiel_env.text import render_text

from .play import new_game, random_bids


def _observation(state, viewer):
    out = np.zeros(SPEC.obs_size, np.float32)
    SPEC.observe(state, viewer, out)
    return out


def _states(players, imp_info, seed):
    """States of a random game: at the start of each turn and after each seat's bid."""
    state = new_game(players, seed, num_cards=6, imp_info=imp_info)
    rng = np.random.default_rng(seed)
    while SPEC.current_player(state) >= 0:
        for card in random_bids(state, rng):
            yield state.copy()
            SPEC.play(state, card)
    yield state.copy()


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("imp_info", [False, True])
def test_twins_look_the_same_to_their_viewer(players, imp_info):
    changed_bids = changed_pending = 0
    for seed in range(12):
        for state in _states(players, imp_info, seed):
            for viewer in range(players):
                twin = state.copy()
                SPEC.determinize(twin, viewer, seed * 31 + viewer)
                SPEC.check_state(twin)
                assert np.array_equal(_observation(twin, viewer), _observation(state, viewer))
                if SPEC.current_player(state) >= 0:  # a finished game's text shows all
                    assert render_text(twin, viewer) == render_text(state, viewer)
                    assert render_text(twin) == render_text(state)
                bids = slice(L.BIDS, L.BIDS + L.C * L.P)
                if not imp_info:
                    assert np.array_equal(twin[bids], state[bids])
                changed_bids += not np.array_equal(twin[bids], state[bids])
                changed_pending += not np.array_equal(twin[L.PENDING:L.PENDING + L.P],
                                                      state[L.PENDING:L.PENDING + L.P])
                own = L.BIDS + viewer + L.P * np.arange(L.C)
                assert np.array_equal(twin[own], state[own])
    assert changed_pending > 0
    assert (changed_bids > 0) == imp_info


def test_the_viewer_sees_the_bids_of_others_without_imp_info_only():
    for imp_info in (False, True):
        state = new_game(2, num_cards=4, points_order="descending", imp_info=imp_info)
        SPEC.play(state, 1)
        SPEC.play(state, 2)  # seat 1 takes the 4 with a 3
        assert "Turn 1: prize 4 to player 1; bids 0: 2, 1: " + ("?" if imp_info else "3") \
            in render_text(state, 0)
        seat1 = SPEC.observation_layout.views(_observation(state, 0))["seat.hand"][1]
        assert seat1.tolist()[:4] == ([0, 0, 0, 0] if imp_info else [1, 1, 0, 1])


def test_a_sealed_bid_is_seen_by_its_seat_only():
    state = new_game(2, num_cards=4, points_order="descending")
    SPEC.play(state, 3)
    for viewer, seen in ((0, True), (1, False)):
        views = SPEC.observation_layout.views(_observation(state, viewer))
        assert views["seat.bid_done"][0] == 1
        assert bool(views["seat.bid"][0].any()) == seen
    assert "has bid 4" in render_text(state, 0) and "has bid 4" not in render_text(state, 1)
