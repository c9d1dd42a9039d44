"""M4: amounts entered digit by digit, a fixed public number of digits, every value reachable
exactly once and nothing above the holdings."""

import pytest

from dragon_env.engine import layout as L
from dragon_env.engine.amounts import num_digits

from .scenario import (
    CASTLE,
    HARBOR,
    at_phase2,
    begin,
    do,
    legal,
    set_buildings,
    set_holdings,
)


def chest_entry(cap, others):
    """Seat 0 enters a Harbor chest amount with `cap` Gold; the other seats hold `others`."""
    state = at_phase2(3, start=0)
    set_buildings(state, 0, {HARBOR: 1})
    set_buildings(state, 1, {CASTLE: 1})
    set_holdings(state, 0, gold=cap - 1)  # + 1 Harbor income
    set_holdings(state, 1, gold=others)
    begin(state)
    do(state, L.A_ACTIVATE + HARBOR, L.A_CHEST_TARGET, L.A_CHEST_BUILDING + CASTLE)
    return state


def reachable(state):
    """Every amount a legal digit sequence commits, with the number of actions it took."""
    found = []
    stack = [(state.copy(), 0)]
    while stack:
        s, depth = stack.pop()
        if s[L.STEP] != L.CHEST_AMOUNT:
            found.append((int(s[L.CHEST_X]), depth))
            continue
        for action in legal(s):
            nxt = s.copy()
            do(nxt, action)
            stack.append((nxt, depth + 1))
    return found


@pytest.mark.parametrize("cap, others", [(0, 0), (1, 0), (9, 0), (10, 0), (37, 50), (5, 200),
                                         (120, 0), (100, 999)])
def test_every_amount_up_to_the_cap_exactly_once(cap, others):
    state = chest_entry(cap, others)
    length = num_digits(cap + others)
    assert state[L.ENTRY_LEN] == length
    found = reachable(state)
    assert sorted(v for v, _ in found) == list(range(cap + 1))
    assert {d for _, d in found} == {length}  # the length never depends on the amount


def test_num_digits():
    assert [num_digits(v) for v in (0, 9, 10, 99, 100, 2047, 10240)] == [1, 1, 2, 2, 3, 4, 5]
