"""What the seat knows of the public board and the interest to come: the weights, the
outlook of this round's and later Phase 4s (engine/dragon.py), the seat's own holdings."""

import numpy as np
from numba import njit

from dragon_env.engine import layout as L
from dragon_env.engine.ledger import floor, is_exact, knowledge, tally
from dragon_env.engine.tables import (
    CALENDAR,
    GENEROUS_DRAGON,
    NUM_TYPES,
    RING,
    STACK_SIZE,
    TILE_KIND,
    TYPE_MIN_PLAYERS,
)

T = NUM_TYPES
MAX_STEPS = T + 1  # steps of the Dragon in one Phase 4: 1 + at most T Calendars

# Weights (indices into WEIGHTS; `decide` takes any such array, e.g. for tuning).
OPPONENT = 0  # share of the strongest opponent's board subtracted from one's own
TIE = 1  # owning a type tied for the most Buildings
SAFE_LEAD = 2  # a majority by 2 or more
SECOND = 3  # a second Building of a type (one Invasion or chest does not lose the type)
GOLD_UNIT = 4  # each Gold left once the expected interest is paid
DEFICIT = 5  # each Gold the expected interest exceeds the Gold expected
BANKRUPTCY = 6  # points lost by a certain bankruptcy
ROUND_INCOME = 7  # Gold a later round is expected to bring (a pick)
KNIGHT_UNIT = 8  # each Knight up to the Invasion reserve
KNIGHT_EXTRA = 9  # each Knight beyond it
CONTINUE = 10  # chance that the game lasts one more round (discounts far interest)
SHADE = 11  # share of its valuation a bidder bids
SHAPE_ROUNDS = 12  # the shaping extras fade out over the last rounds
WEIGHTS = np.array([
    0.5,  # OPPONENT
    0.3,  # TIE
    0.25,  # SAFE_LEAD
    0.15,  # SECOND
    0.025,  # GOLD_UNIT
    0.1,  # DEFICIT
    12.0,  # BANKRUPTCY
    9.0,  # ROUND_INCOME
    0.48,  # KNIGHT_UNIT
    0.19,  # KNIGHT_EXTRA
    0.95,  # CONTINUE
    0.6,  # SHADE
    3.0,  # SHAPE_ROUNDS
])

# The outlook (`outlook`): what the seat expects of the interest, as one float array.
STEPS_NOW = 0  # [s]: chance that this round's Phase 4 moves the Dragon s steps (0: none)
PASSED_NOW = STEPS_NOW + MAX_STEPS + 1  # [s]: the type it passes at its s-th step (s >= 1)
PASSES_NOW = PASSED_NOW + MAX_STEPS + 1  # [t]: expected passes of type t this round
PASSES_LATER = PASSES_NOW + T  # [t]: expected passes of type t after this round
ROUNDS_LATER = PASSES_LATER + T  # rounds after this one
SHAPE = ROUNDS_LATER + 1  # weight of the shaping extras of the board (1 early, 0 at the end)
INVASIONS_AHEAD = SHAPE + 1  # Invasions still face down
SCORES = INVASIONS_AHEAD + 1  # [seat]: room for `relative_board`, to spare an allocation
OUTLOOK_SIZE = SCORES + L.P
# Debts (`debts`): [s] the due if this round's Dragon takes s steps, then these expectations.
EXPECTED_DUE = MAX_STEPS + 1
LATER_DUE = EXPECTED_DUE + 1
DEBT_SIZE = LATER_DUE + 1
# A face-up Building as a Contract would win it (`_tile_options`).
TILE_TYPE, TILE_BOARD, TILE_GOLD_AFTER = range(3)
TILE_FIELDS = 3

NEVER = -1e18


# -- what the seat knows -----------------------------------------------------------------------
@njit(cache=True)
def max_holding(state, viewer, seat, currency):
    """The most `seat` can hold of `currency` as far as `viewer` knows: its exact holding, or its
    group's known total less the other members' proven floors (M15)."""
    if seat == viewer or is_exact(state, viewer, seat, currency):
        return tally(state, viewer, seat, currency)
    group = state[L.GROUP + knowledge(viewer, seat, currency)]
    most = 0
    for other in range(state[L.NUM_PLAYERS]):
        if other != viewer and state[L.GROUP + knowledge(viewer, other, currency)] == group:
            most += tally(state, viewer, other, currency)
            if other != seat:
                most -= floor(state, viewer, other, currency)
    return max(most, 0)


@njit(cache=True)
def _in_play(state, t):
    return TYPE_MIN_PLAYERS[t] <= state[L.NUM_PLAYERS]


@njit(cache=True)
def buildings(state):
    """Every seat's Buildings per type, [seat * T + t] (public)."""
    return state[L.BLD:L.BLD + L.P * T].astype(np.int64)


@njit(cache=True)
def tucked_interest(state, seat):
    """The interest a seat has tucked under each type (public)."""
    return state[L.TUCK + seat * T:L.TUCK + seat * T + T].astype(np.int64)


@njit(cache=True, inline="always")
def seat_holding(state, seat, currency):
    return np.int64(state[L.HOLD + seat * 2 + currency])


# -- the interest to come ----------------------------------------------------------------------
@njit(cache=True)
def _calendar_chances(state, out):
    """Chance of each number of Calendars in a later refill (one per stack, each Calendar still
    face down equally likely in any of its stack's remaining refills)."""
    out[:] = 0.0
    out[0] = 1.0
    for t in range(T):
        left = STACK_SIZE - state[L.STACK_TOP + t]
        if left <= 0 or state[L.REM_CALENDARS + t] == 0:
            continue
        p = min(1.0, state[L.REM_CALENDARS + t] / left)
        for c in range(T, 0, -1):
            out[c] = out[c] * (1.0 - p) + out[c - 1] * p
        out[0] *= 1.0 - p


@njit(cache=True)
def generous_dragon_up(state):
    for t in range(T):
        tile = state[L.SLOT + t]
        if tile >= 0 and TILE_KIND[tile] == GENEROUS_DRAGON:
            return True
    return False


@njit(cache=True)
def _face_down_rounds(state):
    """Refills still to come: face-down tiles of the fullest stack in play."""
    most = 0
    for t in range(T):
        if _in_play(state, t):
            most = max(most, STACK_SIZE - state[L.STACK_TOP + t])
    return most


@njit(cache=True)
def outlook(w, state):
    """What the seat to act can expect of the interest (public information only): the chances
    of this round's Dragon steps and the expected passes of each type, this round and later."""
    size = state[L.SIDES]
    # One allocation: the outlook, then scratch for the Calendar chances and `_later_passes`.
    out = np.zeros(OUTLOOK_SIZE + T + 1 + 5 * size)
    chances = out[OUTLOOK_SIZE:OUTLOOK_SIZE + T + 1]
    refilled = state[L.STEP] == L.INVASION  # Phase 3 has turned this round's tiles up
    _calendar_chances(state, chances)
    if state[L.NO_INTEREST] or (not refilled and generous_dragon_up(state)):
        out[STEPS_NOW] = 1.0  # D46
    elif refilled:
        calendars = 0
        for t in range(T):
            tile = state[L.SLOT + t]
            if tile >= 0 and TILE_KIND[tile] == CALENDAR:
                calendars += 1
        out[STEPS_NOW + 1 + calendars] = 1.0
    else:
        for c in range(T + 1):
            out[STEPS_NOW + 1 + c] = chances[c]
    later = max(_face_down_rounds(state) - (0 if refilled else 1), 0)
    out[ROUNDS_LATER] = later
    for t in range(T):
        out[INVASIONS_AHEAD] += state[L.REM_INVASIONS + t]
    out[SHAPE] = min(1.0, later / w[SHAPE_ROUNDS])
    _passes_now(state, out)
    start = OUTLOOK_SIZE + T + 1
    _later_passes(w, state, out, chances, later, out[start:start + size],
                  out[start + size:start + 3 * size], out[start + 3 * size:start + 4 * size],
                  out[start + 4 * size:start + 5 * size])
    return out


@njit(cache=True)
def _passes_now(state, out):
    """The types this round's Dragon passes step by step, and their expected passes."""
    size = state[L.SIDES]
    base = (state[L.NUM_PLAYERS] - 3) * T
    d = state[L.DRAGON]
    for s in range(1, MAX_STEPS + 1):
        t = RING[base + d]
        out[PASSED_NOW + s] = t
        for k in range(s, MAX_STEPS + 1):
            out[PASSES_NOW + t] += out[STEPS_NOW + k]
        d = d + 1 if d + 1 < size else 0


@njit(cache=True)
def _later_passes(w, state, out, chances, later, where, reach, moved, acc):
    """Expected passes of each type over the later rounds, from the distribution of the
    Dragon's position (discounted by the chance that the game lasts). `where`, `moved` and
    `acc` (by position on the ring) are zeroed scratch of the number of stacks, `reach` twice
    that."""
    size = state[L.SIDES]
    base = (state[L.NUM_PLAYERS] - 3) * T
    for s in range(MAX_STEPS + 1):
        where[(state[L.DRAGON] + s) % size] += out[STEPS_NOW + s]
    # reach[o]: expected passes in one round of the stack o places ahead of the Dragon (twice
    # over, so that reach[size + i - d] is the stack at i seen from d).
    for c in range(T + 1):
        for j in range(1 + c):
            reach[j % size] += chances[c]
    reach[size:] = reach[:size]
    weight = 1.0
    for _ in range(later):
        weight *= w[CONTINUE]
        moved[:] = 0.0
        for d in range(size):
            wd = where[d]
            if wd == 0.0:
                continue
            ww = weight * wd
            for i in range(size):
                acc[i] += ww * reach[size - d + i]
            j = d + 1
            for c in range(T + 1):
                while j >= size:
                    j -= size
                moved[j] += wd * chances[c]
                j += 1
        where[:] = moved
    # The ring's positions are distinct types: each sum is the same, added in the same order.
    for i in range(size):
        out[PASSES_LATER + RING[base + i]] += acc[i]
