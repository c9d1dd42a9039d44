"""Checking a saved state before an engine touches it.

An engine trusts its state array: an out-of-range card id or stack top makes it read and write
outside the array (a segfault at best). Each game therefore has `engine/validate.py` with a
numba `validate_state(state) -> int` that returns 0 for a state the rules can reach and
otherwise the code of the first bad field; `GameSpec.check_state` turns the code into a
`ValueError` naming the field.

A game describes its fields with a `StateChecks` table: one row per field gives its slots, its
range (bounds may be relative to the player count) and, for per-seat blocks, the value every
seat beyond the player count must keep. `check_fields` checks every row in one pass; the game's
own numba code then checks what ranges cannot say (each card exactly once, counters that sum,
phase and actor agreeing) and returns the codes of those checks, also named in the table.

What every game's validator shares is here: the table's opening rows and closing exports
(`StateChecks.open`, `rng_stuck`, `export`), the first two steps of every `validate_state`
(`check_head`), and the record loops the games' checks are made of (`each_once`, `distinct`,
`all_equal`, `count_equal`, `contains`, `strided_sum`, `min_of`, `holds`, `recorded_where`), all
numba functions a game's own numba code calls.
"""

from __future__ import annotations

import numpy as np
from numba import njit

# The range of one word of the in-state generator (tabletop_core.rng): any int32.
I32_MIN, I32_MAX = -(2**31), 2**31 - 1
RNG_STUCK_NAME = "rng: all four generator words are zero"

# Columns of a field row.
_OFFSET, _COUNT, _LO, _HI, _HI_PLUS_N, _SEAT_WIDTH, _REST = range(7)


class StateChecks:
    """The validation table of one game: field rows (codes 1..) and named structural checks.

    The first field must be the player count: every bound relative to it is read after it.
    """

    def __init__(self, max_players: int):
        self.max_players = max_players
        self.rows: list[tuple[int, ...]] = []
        self.names: list[str] = ["ok"]

    def field(
        self, name: str, offset: int, count: int = 1, lo: int = 0, hi: int = 0,
        plus_players: bool = False, seat_width: int = 0, rest: int = 0,
    ) -> int:
        """Add a field of `count` slots at `offset` whose values lie in [lo, hi] (hi + number
        of players with `plus_players`, so a seat is lo=-1 or 0, hi=-1, plus_players=True).
        With `seat_width`, slot k belongs to seat (k // seat_width) % max_players, and the
        slots of seats beyond the player count must hold `rest`. Returns the field's code."""
        self.rows.append((offset, count, lo, hi, int(plus_players), seat_width, rest))
        self.names.append(name)
        return len(self.names) - 1

    def open(self, players_at: int, min_players: int, max_players: int, rng_at: int) -> None:
        """The two rows every game's table opens with: the player count (first, as
        `check_fields` needs) and the four words of the in-state generator."""
        self.field("num_players", players_at, 1, min_players, max_players)
        self.field("rng", rng_at, 4, I32_MIN, I32_MAX)

    def rng_stuck(self) -> int:
        """The first structural check of every game (see `check_head`); returns its code."""
        return self.check(RNG_STUCK_NAME)

    def check(self, name: str) -> int:
        """Add a structural check (done by the game's own numba code); returns its code."""
        self.names.append(name)
        return len(self.names) - 1

    def table(self) -> np.ndarray:
        """The field rows as an int64 array for `check_fields`."""
        return np.array(self.rows, np.int64)

    def export(self, state_size: int) -> tuple[tuple[str, ...], np.ndarray, np.ndarray]:
        """What a game's validate module publishes: (STATE_FIELDS, FIELD_TABLE,
        FIELD_COVERAGE), the names of the codes, the field rows and their cover."""
        return tuple(self.names), self.table(), self.covered(state_size)

    def covered(self, state_size: int) -> np.ndarray:
        """How many field rows cover each slot of the state (for the tests: none is 0)."""
        cover = np.zeros(state_size, np.int64)
        for offset, count, *_ in self.rows:
            cover[offset:offset + count] += 1
        return cover


@njit(cache=True)
def check_fields(state, table, max_players):
    """The code (row + 1) of the first field row that a slot of `state` breaks, or 0. Row 0
    is the player count: it is checked before any bound that depends on it."""
    n = 0
    for r in range(table.shape[0]):
        offset = table[r, _OFFSET]
        lo = table[r, _LO]
        hi = table[r, _HI] + (n if table[r, _HI_PLUS_N] else 0)
        width = table[r, _SEAT_WIDTH]
        for k in range(table[r, _COUNT]):
            value = state[offset + k]
            if width > 0 and (k // width) % max_players >= n:
                if value != table[r, _REST]:
                    return r + 1
            elif value < lo or value > hi:
                return r + 1
        if r == 0:
            n = state[offset]
    return 0


@njit(cache=True)
def rng_words_valid(state, offset):
    """The in-state generator (tabletop_core.rng) is stuck at zero only if all four words are."""
    for k in range(4):
        if state[offset + k] != 0:
            return True
    return False


@njit(cache=True)
def check_head(state, table, max_players, rng_at, rng_stuck):
    """The first steps of every game's `validate_state`: the code of the first field row that
    `state` breaks (`check_fields`), else `rng_stuck` if the generator is stuck, else 0."""
    code = check_fields(state, table, max_players)
    if code:
        return code
    if not rng_words_valid(state, rng_at):
        return rng_stuck
    return 0


@njit(cache=True)
def each_once(state, start, count, universe, counts):
    """Add one to counts[v] for each value v in state[start:start+count] that is not -1 and
    return False if a value falls outside 0..universe-1 or was already counted."""
    for k in range(count):
        v = state[start + k]
        if v == -1:
            continue
        if v < 0 or v >= universe or counts[v] != 0:
            return False
        counts[v] = 1
    return True


@njit(cache=True)
def distinct(values, start, count, universe, counts):
    """Like `each_once`, but -1 is not skipped: False if a value of values[start:start+count]
    falls outside 0..universe-1 or was already counted (counts[v] marks each one seen)."""
    for k in range(count):
        v = values[start + k]
        if v < 0 or v >= universe or counts[v] != 0:
            return False
        counts[v] = 1
    return True


@njit(cache=True)
def all_equal(values, start, count, value):
    """Whether every slot of values[start:start+count] holds `value` (True when count <= 0):
    the unused tail of a list, a block that must stay empty."""
    for k in range(count):
        if values[start + k] != value:
            return False
    return True


@njit(cache=True)
def count_equal(values, start, count, value):
    """How many slots of values[start:start+count] hold `value`."""
    total = 0
    for k in range(count):
        if values[start + k] == value:
            total += 1
    return total


@njit(cache=True)
def contains(values, start, count, value):
    """Whether `value` is one of values[start:start+count]."""
    for k in range(count):
        if values[start + k] == value:
            return True
    return False


@njit(cache=True)
def strided_sum(values, start, count, stride):
    """values[start] + values[start + stride] + ... (`count` terms): one field over the seats
    of a per-seat block."""
    total = 0
    for k in range(count):
        total += values[start + k * stride]
    return total


@njit(cache=True)
def min_of(values, start, count):
    """The least of values[start:start+count] (count >= 1)."""
    least = values[start]
    for k in range(1, count):
        least = min(least, values[start + k])
    return least


@njit(cache=True)
def holds(state, items_at, count, idx, item):
    """Whether slot `idx` of the list of `count` items at `items_at` is `item`: a location
    record (item at index idx) agrees with the list it names."""
    return 0 <= idx < count and state[items_at + idx] == item


@njit(cache=True)
def recorded_where(state, items_at, count, loc_at, idx_at, loc):
    """The other way round: every item k of the list at `items_at` (-1 an empty slot) has the
    location record (loc, k), kept in state[loc_at + item] and state[idx_at + item]."""
    for k in range(count):
        item = state[items_at + k]
        if item >= 0 and (state[loc_at + item] != loc or state[idx_at + item] != k):
            return False
    return True
