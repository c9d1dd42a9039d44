"""Paying and receiving an effect (S23, S25): whether a cost option can be paid in full and a
gain option received, and the primitive steps of paying and gaining.

An effect row (tables.EFFECTS) holds up to 2 cost options and 3 gain options; a bundle holds
fixed resources, PP, markers, vassals and up to two "N of two kinds" mixes. In a cost, vassals
are spent and markers removed; in a gain, vassals are recruited and markers placed.
"""

from numba import njit

from simurgh_env.engine import layout as L
from simurgh_env.engine.dragons import markers_of
from simurgh_env.engine.tables import (
    B_MARKERS,
    B_MIX,
    B_POWER,
    B_RIDERS,
    B_SPEARMEN,
    BW,
    E_COST,
    E_GAIN,
    E_NCOST,
    E_NGAIN,
    EFFECTS,
    MASK_FIRST,
    MASK_SECOND,
    MAX_MIXES,
    MAX_RIDERS,
    MAX_SPEARMEN,
    N_RES,
    ROW_RECRUITS,
)
from simurgh_env.engine.vassals import spendable


@njit(cache=True)
def cost_at(option):
    """Column of cost option `option` in an effect row."""
    return E_COST + option * BW


@njit(cache=True)
def gain_at(option):
    """Column of gain option `option` in an effect row."""
    return E_GAIN + option * BW


@njit(cache=True)
def can_pay(state, seat, row, option, exclude_space, placing_kind, marker_discount):
    """Whether `seat` can pay cost option `option` of effect `row` completely (S23).

    exclude_space: the space the vassal goes to (its vassals are never spent, S26), or -1;
    placing_kind: the kind of the vassal about to be placed there, or -1 if already placed;
    marker_discount: markers that will be gone before paying (an ability's own marker).
    """
    b = cost_at(option)
    base = L.RES + seat * N_RES
    for r in range(N_RES):
        if state[base + r] < EFFECTS[row, b + r]:
            return False
    if state[L.PP + seat] < EFFECTS[row, b + B_POWER]:
        return False  # PP never go below 0 (C13)
    for m in range(MAX_MIXES):
        amount = EFFECTS[row, b + B_MIX + 2 * m]
        if amount > 0:
            mask = EFFECTS[row, b + B_MIX + 2 * m + 1]
            k1 = MASK_FIRST[mask]
            k2 = MASK_SECOND[mask]
            left = state[base + k1] - EFFECTS[row, b + k1] + state[base + k2] - EFFECTS[row, b + k2]
            if left < amount:
                return False
    need = EFFECTS[row, b + B_MARKERS]
    if need > 0 and markers_of(state, seat) - marker_discount < need:
        return False
    ns = EFFECTS[row, b + B_SPEARMEN]
    nr = EFFECTS[row, b + B_RIDERS]
    if ns > 0 and spendable(state, seat, L.SPEARMAN, exclude_space, placing_kind) < ns:
        return False
    if nr > 0 and spendable(state, seat, L.RIDER, exclude_space, placing_kind) < nr:
        return False
    if ns + nr > 0 and exclude_space < 0 and placing_kind < 0:
        # Never the last vassal (S26); a placement always leaves the placed one.
        owned = state[L.OWNED + seat * 2] + state[L.OWNED + seat * 2 + 1]
        if owned - ns - nr < 1:
            return False
    return True


@njit(cache=True)
def can_gain(state, seat, row, option, cost_option):
    """Whether gain option `option` can be received after paying `cost_option` (-1: none):
    recruited vassals must be left in the supply (S3)."""
    g = gain_at(option)
    for kind in range(2):
        wanted = EFFECTS[row, g + B_SPEARMEN + kind]
        if wanted > 0:
            owned = state[L.OWNED + seat * 2 + kind]
            if cost_option >= 0:
                owned -= EFFECTS[row, cost_at(cost_option) + B_SPEARMEN + kind]
            limit = MAX_SPEARMEN if kind == L.SPEARMAN else MAX_RIDERS
            if owned + wanted > limit:
                return False
    return True


@njit(cache=True)
def gain_possible(state, seat, row, cost_option):
    """Whether some gain option of `row` can be received (or it has none)."""
    n = EFFECTS[row, E_NGAIN]
    if n == 0:
        return True
    for g in range(n):
        if can_gain(state, seat, row, g, cost_option):
            return True
    return False


@njit(cache=True)
def usable(state, seat, row, exclude_space, placing_kind, marker_discount):
    """Whether `seat` can use effect `row` in full: pay one cost option and receive a gain."""
    n = EFFECTS[row, E_NCOST]
    if n == 0:
        return gain_possible(state, seat, row, -1)
    for c in range(n):
        if (can_pay(state, seat, row, c, exclude_space, placing_kind, marker_discount)
                and (ROW_RECRUITS[row] == 0 or gain_possible(state, seat, row, c))):
            return True
    return False


@njit(cache=True)
def pay_fixed(state, seat, row, option):
    """Pay the fixed resources and PP of a cost option."""
    b = cost_at(option)
    base = L.RES + seat * N_RES
    for r in range(N_RES):
        state[base + r] -= EFFECTS[row, b + r]
    state[L.PP + seat] -= EFFECTS[row, b + B_POWER]


@njit(cache=True)
def mix_of(row, column, m):
    """(amount, first kind, second kind) of mix m of the bundle at `column`."""
    amount = EFFECTS[row, column + B_MIX + 2 * m]
    mask = EFFECTS[row, column + B_MIX + 2 * m + 1]
    return amount, MASK_FIRST[mask], MASK_SECOND[mask]


@njit(cache=True)
def cost_mix_bounds(state, seat, row, option, m):
    """Feasible amounts of the first kind when paying cost mix m (fixed part already paid)."""
    amount, k1, k2 = mix_of(row, cost_at(option), m)
    base = L.RES + seat * N_RES
    return max(0, amount - state[base + k2]), min(amount, state[base + k1])


@njit(cache=True)
def bundle_markers(row, column):
    """Markers in a bundle."""
    return EFFECTS[row, column + B_MARKERS]


@njit(cache=True)
def bundle_vassals(row, column, kind):
    """Vassals of `kind` in a bundle."""
    return EFFECTS[row, column + B_SPEARMEN + kind]


@njit(cache=True)
def bundle_power(row, column):
    """Power points in a bundle."""
    return EFFECTS[row, column + B_POWER]


@njit(cache=True)
def cost_shortfall(state, seat, row, option):
    """Resource tokens missing to pay cost option `option` (fixed part and mixes), or a large
    number if something else (PP, markers, vassals) is missing."""
    b = cost_at(option)
    base = L.RES + seat * N_RES
    short = 0
    for r in range(N_RES):
        d = EFFECTS[row, b + r] - state[base + r]
        if d > 0:
            short += d
    for m in range(MAX_MIXES):
        amount = EFFECTS[row, b + B_MIX + 2 * m]
        if amount > 0:
            mask = EFFECTS[row, b + B_MIX + 2 * m + 1]
            k1 = MASK_FIRST[mask]
            k2 = MASK_SECOND[mask]
            left = (max(0, state[base + k1] - EFFECTS[row, b + k1])
                    + max(0, state[base + k2] - EFFECTS[row, b + k2]))
            if left < amount:
                short += amount - left
    markers = EFFECTS[row, b + B_MARKERS]
    if (state[L.PP + seat] < EFFECTS[row, b + B_POWER]
            or (markers > 0 and markers_of(state, seat) < markers)
            or state[L.OWNED + seat * 2] < EFFECTS[row, b + B_SPEARMEN]
            or state[L.OWNED + seat * 2 + 1] < EFFECTS[row, b + B_RIDERS]):
        short += 1000
    return short
