"""Talions: bids, the Royal Treasury, upgrades and exchanges (rulebook pp. 7, 11, 12, 14)."""

import numpy as np
from numba import njit

from aquilon_env.data import MAX_TALION
from aquilon_env.engine.layout import (
    EXCHANGE3_FREE,
    PURSE,
    TAL_KIND,
    TAL_KNOWN,
    TAL_VAL,
    TALION_BRONZE,
    TALION_EXCHANGE3,
    TALION_GOLD,
    TALIONS,
    TREASURY,
)

# Bid action b puts hand talions BID_TRIPLES[b] on taverns 1, 2, 3; the other two go to the purse.
BID_TRIPLES = np.array(
    [(i, j, k) for i in range(5) for j in range(5) for k in range(5) if len({i, j, k}) == 3],
    np.int32,
)


@njit(cache=True)
def is_exchange_talion(state, seat, pos):
    """The Lord's exchange talion: the 0, or Kardum's 3 - Exchange that takes its place. It
    triggers the exchange, is never upgraded by a Talion card, and is the talion Derdhr and Ordo
    leave out ("except the 0", pp. 12, 14): one reading everywhere (Q4, Q17)."""
    i = seat * TALIONS + pos
    kind = state[TAL_KIND + i]
    return kind == TALION_EXCHANGE3 or (kind == TALION_BRONZE and state[TAL_VAL + i] == 0)


@njit(cache=True)
def sort_hand(state, seat):
    """Order a Lord's five talions by (value, kind): the hand from which bids are made."""
    base = seat * TALIONS
    for i in range(1, TALIONS):
        j = i
        while j > 0:
            a = state[TAL_VAL + base + j - 1] * 4 + state[TAL_KIND + base + j - 1]
            b = state[TAL_VAL + base + j] * 4 + state[TAL_KIND + base + j]
            if a <= b:
                break
            for off in (TAL_VAL, TAL_KIND):
                tmp = state[off + base + j]
                state[off + base + j] = state[off + base + j - 1]
                state[off + base + j - 1] = tmp
            j -= 1


@njit(cache=True)
def apply_bid(state, seat, bid):
    """Move the chosen hand talions onto the tavern slots and the rest into the purse."""
    base = seat * TALIONS
    vals = np.empty(TALIONS, np.int32)
    kinds = np.empty(TALIONS, np.int32)
    used = np.zeros(TALIONS, np.bool_)
    for t in range(3):
        h = BID_TRIPLES[bid, t]
        vals[t] = state[TAL_VAL + base + h]
        kinds[t] = state[TAL_KIND + base + h]
        used[h] = True
    pos = PURSE
    for h in range(TALIONS):
        if not used[h]:
            vals[pos] = state[TAL_VAL + base + h]
            kinds[pos] = state[TAL_KIND + base + h]
            pos += 1
    for i in range(TALIONS):
        state[TAL_VAL + base + i] = vals[i]
        state[TAL_KIND + base + i] = kinds[i]


@njit(cache=True)
def discard_talion(state, seat, pos):
    """Discard the talion at a position: gold returns to the Treasury, bronze leaves the game
    (the exchange talion is never discarded but by Kardum's swap, Q17)."""
    i = seat * TALIONS + pos
    value = state[TAL_VAL + i]
    if state[TAL_KIND + i] == TALION_GOLD:
        state[TREASURY + value] += 1
    return value


@njit(cache=True)
def take_from_treasury(state, desired, excluded):
    """Take a gold talion of `desired` value or, failing that, the next higher, else the next
    lower one; never one of the value just discarded (`excluded`) (p. 11, special case)."""
    start = min(desired, MAX_TALION)
    for v in range(start, MAX_TALION + 1):
        if v != excluded and state[TREASURY + v] > 0 and v >= desired:
            state[TREASURY + v] -= 1
            return v
    for v in range(start, 0, -1):
        if v != excluded and state[TREASURY + v] > 0:
            state[TREASURY + v] -= 1
            return v
    return -1


@njit(cache=True)
def replace_with_treasury(state, seat, pos, desired):
    """Discard the talion at `pos` and put in its place the Treasury talion nearest `desired`."""
    old = discard_talion(state, seat, pos)
    new = take_from_treasury(state, desired, old)
    i = seat * TALIONS + pos
    state[TAL_VAL + i] = new
    state[TAL_KIND + i] = TALION_GOLD
    state[TAL_KNOWN + i] = 1


@njit(cache=True)
def upgrade_talion(state, seat, pos, amount):
    """Add `amount` to the talion at `pos` (Order of the Talion, Derdhr)."""
    replace_with_treasury(state, seat, pos, state[TAL_VAL + seat * TALIONS + pos] + amount)


@njit(cache=True)
def _discard_first(state, seat, a, b):
    """Of two equal talions the bronze one is discarded (it leaves the game)."""
    base = seat * TALIONS
    if state[TAL_KIND + base + b] == TALION_BRONZE and state[TAL_KIND + base + a] != TALION_BRONZE:
        return b
    return a


@njit(cache=True)
def exchange_purse(state, seat):
    """Talion exchange after playing the 0 (p. 11): the purse's sum replaces its highest."""
    base = seat * TALIONS
    a, b = PURSE, PURSE + 1
    va, vb = state[TAL_VAL + base + a], state[TAL_VAL + base + b]
    if va > vb:
        high = a
    elif vb > va:
        high = b
    else:
        high = _discard_first(state, seat, a, b)
    replace_with_treasury(state, seat, high, va + vb)
    state[TAL_KNOWN + base + a] = 1
    state[TAL_KNOWN + base + b] = 1


@njit(cache=True)
def ordo_exchange(state, seat):
    """Ordo (p. 12): the two lowest talions "(excluding the 0)" make their sum; the lowest is
    discarded. Kardum's 3 - Exchange stands for the 0 and is left out too (Q17)."""
    base = seat * TALIONS
    low1 = -1
    low2 = -1
    for pos in range(TALIONS):
        if is_exchange_talion(state, seat, pos):
            continue
        v = state[TAL_VAL + base + pos]
        if low1 < 0 or v < state[TAL_VAL + base + low1]:
            low2 = low1
            low1 = pos
        elif low2 < 0 or v < state[TAL_VAL + base + low2]:
            low2 = pos
    total = state[TAL_VAL + base + low1] + state[TAL_VAL + base + low2]
    lowest = low1
    if state[TAL_VAL + base + low1] == state[TAL_VAL + base + low2]:
        lowest = _discard_first(state, seat, low1, low2)
    replace_with_treasury(state, seat, lowest, total)


@njit(cache=True)
def kardum_exchange(state, seat):
    """Kardum (p. 14): the talion 3 - Exchange replaces the 0, which is discarded."""
    if state[EXCHANGE3_FREE] == 0:
        return
    base = seat * TALIONS
    for pos in range(TALIONS):
        i = base + pos
        if state[TAL_KIND + i] == TALION_BRONZE and state[TAL_VAL + i] == 0:
            state[TAL_VAL + i] = 3
            state[TAL_KIND + i] = TALION_EXCHANGE3
            state[TAL_KNOWN + i] = 1
            state[EXCHANGE3_FREE] = 0
            return


@njit(cache=True)
def talion_total(state, seat):
    """Sum of a Lord's talion values (final count)."""
    total = 0
    for pos in range(TALIONS):
        total += state[TAL_VAL + seat * TALIONS + pos]
    return total
