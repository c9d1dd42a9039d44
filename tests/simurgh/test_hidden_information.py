"""Hidden information: each observation is a function of that seat's information only, and
determinize resamples exactly what the seat cannot see (C25, C26, C38)."""

import numpy as np
import pytest

from simurgh_env import engine as E
from simurgh_env.data import ALL_ACTION_TILES
from simurgh_env.engine import layout as L
from simurgh_env.engine import observation as OBS
from simurgh_env.env import MODES
from tests.core.random_play import random_states

from .reference import check_invariants
from .scenario import (
    RIDER,
    city,
    do,
    dragon_on_top,
    fresh,
    give_tile,
    hand,
    legal,
    observe,
    quiet,
    set_resources,
)

FAMILY = [int(t.family) for t in ALL_ACTION_TILES]


@pytest.mark.parametrize("num_players, mode", [(2, 0), (3, 1), (4, 0), (5, 1)])
def test_observation_and_mask_survive_determinization(num_players, mode):
    """Whatever determinize resamples for a seat, its observation (and, if it acts, its legal
    actions) are unchanged, and the resampled state is a legal state."""
    changed = 0
    for i, state in enumerate(random_states("simurgh", num_players, {"mode": MODES[mode]},
                                            games=3, seed=num_players + 10 * mode, every=4)):
        for viewer in range(num_players):
            other = state.copy()
            E.determinize(other, viewer, 1000 + i)
            np.testing.assert_array_equal(observe(state, viewer), observe(other, viewer))
            if viewer == E.current_player(state):
                assert legal(state) == legal(other)
            if i % 5 == 0:
                check_invariants(other)
            hidden = slice(L.TLOC, L.OSTACK + 12)
            changed += not np.array_equal(state[hidden], other[hidden])
    assert changed > 0


def test_determinize_resamples_hands_within_families_and_keeps_what_is_known():
    """Other hands change identity within their families (C25); the viewer's hand, public
    tiles and the resources never change."""
    state = fresh(4, seed=3)
    viewer = 1
    identities = set()
    for seed in range(30):
        other = state.copy()
        E.determinize(other, viewer, seed)
        assert hand(other, viewer) == hand(state, viewer)
        np.testing.assert_array_equal(other[L.SLOTS:L.SLOTS + 4], state[L.SLOTS:L.SLOTS + 4])
        np.testing.assert_array_equal(other[L.RES:L.RES + 30], state[L.RES:L.RES + 30])
        np.testing.assert_array_equal(other[L.HAND_FAM:L.HAND_FAM + 25],
                                      state[L.HAND_FAM:L.HAND_FAM + 25])
        identities.add(tuple(hand(other, 0)))
    assert len(identities) > 5


def test_tiles_put_back_on_top_are_known_to_their_returner_only():
    """C26: the Breeding Grounds' returned dragons are known to the returner, who sees them in
    its observation; they stay put under determinize for it, not for the others."""
    state = quiet(3)
    set_resources(state, 0, 1, 1, 1, 1, 0, 1)
    for number in (60, 61, 62):
        dragon_on_top(state, number)
    before = [observe(state, v) for v in range(3)]
    do(state, city("Breeding Grounds", RIDER), L.A_PICK + 0, L.A_RETURN_TOP, L.A_RETURN_TOP)
    top_two = [int(d) for d in state[L.DSTACK + state[L.DSTACK_N] - 2:L.DSTACK
                                     + state[L.DSTACK_N]]]
    assert sorted(top_two) == [61 - 49, 62 - 49]  # #60 kept: the draw is sorted (offers.py)
    mine = observe(state, 0)
    for viewer in range(3):
        other = state.copy()
        E.determinize(other, viewer, 4)
        kept = other[L.DSTACK + other[L.DSTACK_N] - 2:L.DSTACK + other[L.DSTACK_N]].tolist()
        if viewer == 0:
            assert kept == top_two
    assert not np.array_equal(mine, before[0])
    # Another seat cannot tell which two dragons were returned on top.
    swapped = state.copy()
    n = int(state[L.DSTACK_N])
    a, b = n - 1, 0
    da, db = int(swapped[L.DSTACK + a]), int(swapped[L.DSTACK + b])
    swapped[L.DSTACK + a], swapped[L.DSTACK + b] = db, da
    swapped[L.DIDX + da], swapped[L.DIDX + db] = b, a
    swapped[L.DKNOWN + da], swapped[L.DKNOWN + db] = swapped[L.DKNOWN + db], swapped[L.DKNOWN + da]
    for viewer in (1, 2):
        np.testing.assert_array_equal(observe(state, viewer), observe(swapped, viewer))
    assert not np.array_equal(observe(state, 0), observe(swapped, 0))


def test_the_monument_draw_is_seen_by_the_drawer_only():
    state = quiet(3)
    do(state, city("Dragonlord's Monument", RIDER))
    assert state[L.ODRAW_N] == 3
    swapped = state.copy()
    n = int(state[L.OSTACK_N])
    drawn, under = int(swapped[L.ODRAW]), int(swapped[L.OSTACK + n - 1])
    swapped[L.ODRAW], swapped[L.OSTACK + n - 1] = under, drawn
    swapped[L.OLOC + drawn], swapped[L.OLOC + under] = L.O_STACK, L.O_DRAWN
    swapped[L.OIDX + drawn], swapped[L.OIDX + under] = n - 1, -1
    swapped[L.OKNOWN + drawn], swapped[L.OKNOWN + under] = 0, 1
    for viewer in (1, 2):
        np.testing.assert_array_equal(observe(state, viewer), observe(swapped, viewer))
    assert not np.array_equal(observe(state, 0), observe(swapped, 0))


def test_hidden_hand_tiles_are_invisible_but_their_families_are_not():
    """C25: swapping a hidden hand tile with a stack tile of the same family changes nothing
    another seat sees; the owner sees it."""
    state = fresh(3, seed=5)
    tile = hand(state, 1)[0] - 1
    family = FAMILY[tile]
    stack_tile = next(int(t) for t in state[L.STACK:L.STACK + state[L.STACK_N] - 1]
                      if FAMILY[int(t)] == family)
    swapped = state.copy()
    for field in (L.TLOC, L.TIDX, L.TKNOWN, L.TFAM_SEEN):
        swapped[field + tile], swapped[field + stack_tile] = (state[field + stack_tile],
                                                              state[field + tile])
    swapped[L.STACK + state[L.TIDX + stack_tile]] = tile
    for viewer in (0, 2):
        np.testing.assert_array_equal(observe(state, viewer), observe(swapped, viewer))
    assert not np.array_equal(observe(state, 1), observe(swapped, 1))
    assert not np.array_equal(observe(state, -1), observe(swapped, -1))


def test_power_draft_options_are_seen_by_the_chooser_only():
    state = fresh(3, "dragonlord", seed=2)
    chooser = int(state[L.ACTOR])
    swapped = state.copy()
    boxed = next(t for t in range(48) if state[L.TLOC + t] == L.LOC_POWER_DECK)
    option = int(state[L.OPTIONS])
    for field in (L.TLOC, L.TIDX, L.TKNOWN):
        swapped[field + boxed] = state[field + option]
        swapped[field + option] = state[field + boxed]
    swapped[L.OPTIONS] = boxed
    deck = [int(x) for x in state[L.POWER_DECK:L.POWER_DECK + state[L.POWER_DECK_N]]]
    swapped[L.POWER_DECK + deck.index(boxed)] = option
    for viewer in range(3):
        if viewer != chooser:
            np.testing.assert_array_equal(observe(state, viewer), observe(swapped, viewer))
    assert not np.array_equal(observe(state, chooser), observe(swapped, chooser))


def test_determinize_resamples_another_seats_hidden_dragon_pick():
    state = fresh(3, "dragonlord", seed=6)
    while state[L.PHASE] != L.DRAGON_PICK:
        do(state, legal(state)[0])
    do(state, L.A_PICK + 2)  # seat 0 chooses, hidden
    picks = set()
    for seed in range(20):
        other = state.copy()
        E.determinize(other, 1, seed)
        picks.add(int(other[L.SETUP_DRAWN + other[L.SETUP_PICK]]))
        mine = state[L.SETUP_DRAWN + 3:L.SETUP_DRAWN + 6]
        np.testing.assert_array_equal(other[L.SETUP_DRAWN + 3:L.SETUP_DRAWN + 6], mine)
    assert len(picks) > 3


def test_a_seat_remembers_its_discard_drawn_by_another_seat():
    """C26, perfect recall: seat 0 discards a hidden tile (#1) on top and knows it there; seat 1
    draws the top tile face down; seat 0 saw it go into seat 1's hand and still knows seat 1
    holds #1. Seat 2 never knew the tile. Twins: whatever determinize resamples for seat 0,
    #1 stays in seat 1's hand and seat 0's observation is unchanged; for seat 2, #1 is
    resampled within its family and seat 2's observation is unchanged too."""
    state = quiet(3)
    for number in (1, 2, 3, 4, 5, 6):
        give_tile(state, 0, number)
    do(state, city("Armory"), L.A_END_TURN, L.A_DISCARD_TOP + 0)
    assert state[L.TKNOWN + 0] == 1
    at = tile_feature(0, 5)
    assert observe(state, 0)[at] == 1.0 and observe(state, 1)[at] == 0.0
    set_resources(state, 1, weapon=1)
    do(state, city("Scouts' Quarters"), L.A_OPTION, L.A_SCOUT + 4)
    assert hand(state, 1) == [1] and state[L.TKNOWN + 0] == (1 << 0) | (1 << 1)
    in_other_hand = tile_feature(0, 1)
    assert observe(state, 0)[in_other_hand] == 0.25  # seat 0 knows: the next seat holds #1
    assert observe(state, 2)[in_other_hand] == 0.0  # seat 2 does not
    moved_for_seat_2 = 0
    for seed in range(12):
        twin = state.copy()
        E.determinize(twin, 0, seed)
        assert hand(twin, 1) == [1]
        np.testing.assert_array_equal(observe(state, 0), observe(twin, 0))
        twin = state.copy()
        E.determinize(twin, 2, seed)
        np.testing.assert_array_equal(observe(state, 2), observe(twin, 2))
        (held,) = hand(twin, 1)
        assert FAMILY[held - 1] == FAMILY[0]
        moved_for_seat_2 += held != 1
    assert moved_for_seat_2 > 0


def tile_feature(tile, channel):
    """Index of an action tile's channel in the observation."""
    start = OBS.GLOBAL_FEATURES + 12 * OBS.CITY_FEATURES + 6 * OBS.AREA_FEATURES
    return start + tile * OBS.TILE_FEATURES + channel
