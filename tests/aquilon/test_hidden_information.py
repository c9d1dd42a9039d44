"""Hidden information: each observation is a function of that seat's information only."""

import numpy as np
import pytest

from aquilon_env import engine as E
from aquilon_env.engine import layout as L
from tests.core.random_play import random_states

from .reference import check_invariants


def observe(state, viewer):
    out = np.zeros(E.OBS_SIZE, np.float32)
    E.observe(state, viewer, out)
    return out


def legal(state):
    mask = np.zeros(E.NUM_ACTIONS, np.uint8)
    E.legal_mask(state, mask)
    return np.flatnonzero(mask)


@pytest.mark.parametrize("num_players", [2, 3, 5])
def test_a_bid_changes_nothing_another_lord_sees(num_players):
    config = np.array([num_players], np.int32)
    for seed in range(6):
        state = np.zeros(E.STATE_SIZE, np.int32)
        E.init(state, config, seed)
        for seat in range(num_players - 1):  # the last bid starts the reveal
            views = {}
            for bid in range(L.NUM_BIDS):
                after = state.copy()
                E.play(after, L.A_BID + bid)
                assert E.current_player(after) == seat + 1  # the order ignores the bid
                for viewer in range(num_players):
                    if viewer != seat:
                        views.setdefault(viewer, set()).add(observe(after, viewer).tobytes())
            for viewer, seen in views.items():
                assert len(seen) == 1, f"seat {viewer} can tell seat {seat}'s bid"
                if viewer > seat + 1:  # nor, unless it is next to bid, whether it has bid
                    assert seen == {observe(state, viewer).tobytes()}
            E.play(state, L.A_BID + int(np.random.default_rng(seed).integers(L.NUM_BIDS)))


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_observation_and_mask_survive_determinization(num_players):
    """Whatever determinize resamples for a seat, that seat's observation (and, if it acts, its
    legal actions) are unchanged, and the resampled state is a legal state."""
    changed = 0
    for i, state in enumerate(random_states("aquilon", num_players, games=6, seed=num_players)):
        for viewer in range(num_players):
            other = state.copy()
            E.determinize(other, viewer, 1000 + i)
            np.testing.assert_array_equal(observe(state, viewer), observe(other, viewer))
            if viewer == E.current_player(state):
                np.testing.assert_array_equal(legal(state), legal(other))
            check_invariants(other)
            changed += not np.array_equal(state, other)
    assert changed > 0


def test_determinize_resamples_hidden_positions_and_decks():
    states = list(random_states("aquilon", 4, games=3, seed=7, every=1))
    resolving = [s for s in states if s[L.PHASE] == L.PICK and s[L.TAVERN] == 0]
    assert resolving
    state = resolving[0]
    viewer = int(state[L.ACTOR])
    other = (viewer + 1) % 4
    hidden = slice(L.TAL_VAL + other * 5 + 1, L.TAL_VAL + other * 5 + 5)
    outcomes = set()
    decks = set()
    for seed in range(40):
        copy = state.copy()
        E.determinize(copy, viewer, seed)
        outcomes.add(copy[hidden].tobytes())
        decks.add(copy[L.DECK2:L.DECK2 + 5].tobytes())
        # Revealed positions and the viewer's own talions never move.
        assert copy[L.TAL_VAL + other * 5] == state[L.TAL_VAL + other * 5]
        np.testing.assert_array_equal(
            copy[L.TAL_VAL + viewer * 5:L.TAL_VAL + viewer * 5 + 5],
            state[L.TAL_VAL + viewer * 5:L.TAL_VAL + viewer * 5 + 5],
        )
    assert len(outcomes) > 1 and len(decks) > 1


def test_hidden_talion_positions_are_invisible_until_revealed():
    for state in random_states("aquilon", 3, games=4, seed=11):
        if state[L.PHASE] == L.BID:
            continue
        for viewer in range(3):
            for seat in range(3):
                if seat == viewer:
                    continue
                hidden = [
                    p for p in range(5) if state[L.TAL_KNOWN + seat * 5 + p] == 0
                ]
                if len(hidden) < 2:
                    continue
                swapped = state.copy()
                for field in (L.TAL_VAL, L.TAL_KIND):  # the two talions, kinds and all
                    a, b = (field + seat * 5 + p for p in hidden[:2])
                    swapped[a], swapped[b] = state[b], state[a]
                np.testing.assert_array_equal(observe(state, viewer), observe(swapped, viewer))


def _svara_states():
    for num_players in (2, 3):
        for state in random_states("aquilon", num_players, games=400, seed=31, every=1):
            if state[L.PHASE] == L.SVARA:
                yield state


def test_only_the_lord_looking_sees_svaras_cards():
    found = 0
    for state in _svara_states():
        actor = int(state[L.ACTOR])
        n = int(state[L.NUM_PLAYERS])
        reordered = state.copy()
        pos = int(state[L.DECK2_POS])
        top = reordered[L.DECK2 + pos:L.DECK2 + pos + 5].copy()
        reordered[L.DECK2 + pos:L.DECK2 + pos + 5] = top[::-1]
        assert not np.array_equal(observe(state, actor), observe(reordered, actor))
        for viewer in range(n):
            if viewer != actor:
                np.testing.assert_array_equal(
                    observe(state, viewer), observe(reordered, viewer)
                )
        found += 1
        if found >= 5:
            break
    assert found > 0, "no Svara decision met in the random games"


def test_state_view_sees_everything():
    for state in random_states("aquilon", 3, games=2, seed=5):
        full = observe(state, -1)
        assert full.min() >= -1.0 and full.max() <= 1.0
        if state[L.PHASE] != L.BID:
            continue
        other = state.copy()
        E.determinize(other, 0, 3)
        if not np.array_equal(
            other[L.TAL_VAL:L.TAL_VAL + 15], state[L.TAL_VAL:L.TAL_VAL + 15]
        ):
            assert not np.array_equal(full, observe(other, -1))
