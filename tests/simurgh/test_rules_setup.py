"""Rule scenarios: setup in both modes (S6-S16, C2, C20, C21, C25, C38)."""

from collections import Counter

import numpy as np
import pytest

from simurgh_env import data as D
from simurgh_env.engine import layout as L

from .reference import check_invariants
from .scenario import (
    actor,
    do,
    dragons,
    fresh,
    hand,
    legal,
    observe,
    phase,
    resources,
    slots,
    slots_of,
    stack,
    vassals,
)

F = D.TileFamily


def family(number):
    return D.ALL_ACTION_TILES[number - 1].family


def box(state):
    return Counter(family(t + 1) for t in range(48) if state[L.TLOC + t] == L.LOC_BOX)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_spearman_setup(n):
    """S7-S15, C21: box, resources, vassals, one P/R/E/power tile and one dragon each."""
    state = fresh(n, seed=n)
    check_invariants(state)
    assert box(state) == {F.PRODUCTION: 4, F.EXPLORATION: 4, F.TRANSFORMATION: 3,
                          F.RESEARCH: 3, F.POWER: 8 - n}
    for seat in range(n):
        assert resources(state, seat) == [2, 1, 1, 1, 2, 1]  # S9
        assert vassals(state, seat, L.SPEARMAN) == (1, 1)
        assert vassals(state, seat, L.RIDER) == (1, 1)  # S8
        assert sorted(family(t) for t in hand(state, seat)) == [
            F.PRODUCTION, F.RESEARCH, F.POWER, F.EXPLORATION]
        for t in hand(state, seat):
            assert state[L.TKNOWN + t - 1] == 1 << seat  # dealt face down
        (dragon,) = dragons(state, seat)
        assert slots_of(state, dragon) == [1, 1, 1]  # S15: 3 markers
        assert state[L.PP + seat] == 0
    assert all(s > 0 for s in slots(state))  # S13: four face-up slots
    assert len(stack(state)) == 48 - 14 - 8 - 3 * n - 4
    assert state[L.DSTACK_N] == 24 - n and state[L.OSTACK_N] == 12
    covered = [a + 1 for a in range(6) if state[L.AREA_TILE + a] == L.AREA_CLOSED]
    assert covered == list(D.covered_wilds_areas(n))  # S14, C2
    assert actor(state) == 0 and phase(state) == "free"  # C20


def test_setup_is_random_and_seeded():
    hands = {tuple(hand(fresh(3, seed=s), 0)) for s in range(12)}
    assert len(hands) > 6
    np.testing.assert_array_equal(fresh(4, seed=9), fresh(4, seed=9))


def test_the_top_of_the_stack_shows_its_family():
    """C25: the back of the top tile of the face-down stack is in view, the others are not."""
    state = fresh(3)
    seen = [t for t in range(48) if state[L.TLOC + t] == L.LOC_STACK and state[L.TFAM_SEEN + t]]
    assert seen == [stack(state)[0] - 1]


@pytest.mark.parametrize("n", [2, 3, 5])
def test_dragonlord_power_draft(n):
    """S11, C38: the last seat keeps 1 of 3, the seat on its right 1 of the 2 passed plus a
    draw, and so on; the options are seen by the chooser only; the last 2 go to the box."""
    state = fresh(n, "dragonlord", seed=4)
    passed = set()
    for k in range(n):
        seat = n - 1 - k
        assert phase(state) == "power_draft" and actor(state) == seat
        options = [int(state[L.OPTIONS + i]) for i in range(state[L.OPTIONS_N])]
        assert len(options) == 3 and all(family(t + 1) == F.POWER for t in options)
        assert passed <= set(options)
        for t in options:
            assert state[L.TKNOWN + t] == 1 << seat
        do(state, L.A_PICK + 1)
        kept = options[1]
        assert hand(state, seat) == [kept + 1]
        passed = set(options) - {kept}
    assert phase(state) == "action_draft" and actor(state) == 0
    assert box(state)[F.POWER] == 8 - n
    for t in passed:
        assert state[L.TLOC + t] == L.LOC_BOX and state[L.TKNOWN + t] == 1  # seat 0 saw them


def test_dragonlord_action_draft_and_dragon_pick():
    """S12, S13, S15, C38: two rounds of open picks from a row of 4; then a hidden dragon pick,
    revealed once all have chosen, 3 markers each; the dragon stack is shuffled."""
    n = 3
    state = fresh(n, "dragonlord", seed=8)
    for _ in range(n):
        do(state, L.A_PICK)
    taken = []
    for k in range(2 * n):
        assert phase(state) == "action_draft" and actor(state) == k % n
        row = [int(t) for t in state[L.DRAFT_ROW:L.DRAFT_ROW + 4]]
        assert all(t >= 0 and state[L.TKNOWN + t] == L.ALL_SEATS for t in row)
        assert all(family(t + 1) != F.POWER for t in row)
        do(state, L.A_PICK + 2)
        taken.append(row[2])
        assert state[L.DRAFT_ROW + 2] != row[2]  # refilled at once
    for seat in range(n):
        mine = [t for t in hand(state, seat) if family(t) != F.POWER]
        assert sorted(mine) == sorted(t + 1 for t in taken[seat::n])
        assert all(state[L.TKNOWN + t - 1] == L.ALL_SEATS for t in mine)  # taken face up
    assert all(s > 0 for s in slots(state))
    assert phase(state) == "dragon_pick" and actor(state) == 0
    drawn = {seat: [int(d) for d in state[L.SETUP_DRAWN + 3 * seat:L.SETUP_DRAWN + 3 * seat + 3]]
             for seat in range(n)}
    for seat in range(n - 1):
        views = {}
        for pick in range(3):
            after = state.copy()
            do(after, L.A_PICK + pick)
            assert actor(after) == seat + 1  # the order ignores the pick
            for viewer in range(n):
                if viewer != seat:
                    views.setdefault(viewer, set()).add(observe(after, viewer).tobytes())
        assert all(len(seen) == 1 for seen in views.values()), "a pick can be told"
        do(state, L.A_PICK + seat % 3)
    do(state, L.A_PICK)
    assert phase(state) == "free" and actor(state) == 0
    for seat in range(n):
        kept = drawn[seat][seat % 3 if seat < n - 1 else 0]
        assert dragons(state, seat) == [kept + 49]
        assert slots_of(state, kept + 49) == [1, 1, 1]
    assert state[L.DSTACK_N] == 24 - n
    assert all(state[L.DKNOWN + d] == 0 for d in state[L.DSTACK:L.DSTACK + 24 - n])
    check_invariants(state)


def test_dragonlord_hands_and_limits():
    """S12: with the power tile a Dragonlord player starts with 3 tiles; S24: limit 12."""
    state = fresh(4, "dragonlord", seed=1)
    while phase(state) != "free":
        do(state, legal(state)[0])
    for seat in range(4):
        assert len(hand(state, seat)) == 3
    assert D.RESOURCE_LIMIT[D.GameMode.DRAGONLORD] == 12
