"""The record loops of tabletop_core.validate that every game's validator is built from."""

import numpy as np

from tabletop_core.validate import (
    RNG_STUCK_NAME,
    StateChecks,
    all_equal,
    check_head,
    contains,
    count_equal,
    distinct,
    each_once,
    holds,
    min_of,
    recorded_where,
    strided_sum,
)


def test_the_opening_rows_and_the_head_check():
    checks = StateChecks(4)
    checks.open(0, 2, 4, 1)
    stuck = checks.rng_stuck()
    names, table, cover = checks.export(6)
    assert names == ("ok", "num_players", "rng", RNG_STUCK_NAME) and stuck == 3
    assert cover.tolist() == [1, 1, 1, 1, 1, 0]
    state = np.array([3, 0, 0, 0, 0, 9], np.int32)
    assert check_head(state, table, 4, 1, stuck) == stuck
    state[2] = -5
    assert check_head(state, table, 4, 1, stuck) == 0
    state[0] = 5
    assert check_head(state, table, 4, 1, stuck) == 1


def test_the_record_loops():
    v = np.array([2, -1, 0, 3, -1, -1], np.int32)
    assert each_once(v, 0, 4, 4, np.zeros(4, np.int64))  # -1 is an empty slot
    assert not distinct(v, 0, 4, 4, np.zeros(4, np.int64))  # not here
    assert distinct(v, 2, 2, 4, np.zeros(4, np.int64))
    assert not each_once(np.array([1, 1], np.int32), 0, 2, 4, np.zeros(4, np.int64))
    assert all_equal(v, 4, 2, -1) and all_equal(v, 6, 0, 7) and not all_equal(v, 3, 2, -1)
    assert count_equal(v, 0, 6, -1) == 3
    assert contains(v, 0, 4, 3) and not contains(v, 0, 3, 3)
    assert strided_sum(np.arange(8, dtype=np.int32), 1, 4, 2) == 1 + 3 + 5 + 7
    assert min_of(v, 2, 2) == 0


def test_location_records_both_ways():
    # a list of 3 slots at 0 (item 2, empty, item 0); the records of items 0..2: their
    # locations at 3 (5: this list), their indices at 6
    state = np.array([2, -1, 0, 5, 9, 5, 2, -1, 0], np.int32)
    assert holds(state, 0, 3, 2, 0) and not holds(state, 0, 3, 3, 0)
    assert not holds(state, 0, 3, -1, 2)
    assert recorded_where(state, 0, 3, 3, 6, 5)
    state[6] = 0  # item 0 says it is at index 0, but index 0 holds item 2
    assert not recorded_where(state, 0, 3, 3, 6, 5)
