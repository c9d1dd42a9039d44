"""The value of a position for one seat, in points: its board against the strongest
opponent's, and its money weighed against the interest to come."""

import numpy as np
from numba import njit

from agents.bots.heuristics.dragon.outlook import (
    BANKRUPTCY,
    DEBT_SIZE,
    DEFICIT,
    EXPECTED_DUE,
    GOLD_UNIT,
    INVASIONS_AHEAD,
    KNIGHT_EXTRA,
    KNIGHT_UNIT,
    LATER_DUE,
    MAX_STEPS,
    OPPONENT,
    PASSED_NOW,
    PASSES_LATER,
    PASSES_NOW,
    ROUND_INCOME,
    ROUNDS_LATER,
    SAFE_LEAD,
    SCORES,
    SECOND,
    SHAPE,
    STEPS_NOW,
    TIE,
    T,
    buildings,
    seat_holding,
)
from dragon_env.engine import layout as L
from dragon_env.engine.tables import GOLD, INVASION_KNIGHTS, KNIGHTS


@njit(cache=True, inline="always")
def leaders(bld, n, t):
    """(the most Buildings of type t a seat owns, how many seats own that many, the next
    most)."""
    top = 0
    tied = 0
    second = 0
    for seat in range(n):
        own = bld[seat * T + t]
        if own > top:
            second = top
            top = own
            tied = 1
        elif own == top:
            tied += 1
        elif own > second:
            second = own
    return top, tied, second


@njit(cache=True)
def boards(w, view, state, bld, out):
    """Every seat's board in points (D55) into `out`, with the shaping extras while rounds
    remain."""
    n = state[L.NUM_PLAYERS]
    shape = view[SHAPE]
    out[:] = 0.0
    for t in range(T):
        top, tied, second = leaders(bld, n, t)
        if top == 0:
            continue
        for seat in range(n):
            own = bld[seat * T + t]
            if own == 0:
                continue
            score = 1.0
            if own == top and tied == 1:
                score += 1.0
                if own - second >= 2:
                    score += shape * w[SAFE_LEAD]
            elif own == top:
                score += shape * w[TIE]
            if own >= 2:
                score += shape * w[SECOND]
            out[seat] += score


@njit(cache=True, inline="always")
def column_scores(w, view, n, bld, t, out, at):
    """What type t adds to each seat's board in `boards` (0 to a seat without one), into
    out[at:at + n]."""
    shape = view[SHAPE]
    top, tied, second = leaders(bld, n, t)
    for seat in range(n):
        own = bld[seat * T + t]
        if own == 0:
            out[at + seat] = 0.0
            continue
        score = 1.0
        if own == top and tied == 1:
            score += 1.0
            if own - second >= 2:
                score += shape * w[SAFE_LEAD]
        elif own == top:
            score += shape * w[TIE]
        if own >= 2:
            score += shape * w[SECOND]
        out[at + seat] = score


# `board_columns`' scratch: what each type adds to each seat's board, the sums of the types
# before each type (t = 0..T, in `boards`' order: t = T is the board), one changed column and
# the changed boards.
_SUMS = T * L.P
_COLUMN = (2 * T + 1) * L.P
_SCORES = (2 * T + 2) * L.P


@njit(cache=True)
def board_columns(w, view, n, bld):
    """Scratch for `changed_board` from Buildings `bld` ([t * P + seat]: what type t adds to
    each seat's board)."""
    cols = np.empty((2 * T + 3) * L.P)
    for seat in range(L.P):
        cols[_SUMS + seat] = 0.0
    for t in range(T):
        column_scores(w, view, n, bld, t, cols, t * L.P)
        for seat in range(n):
            cols[_SUMS + (t + 1) * L.P + seat] = (cols[_SUMS + t * L.P + seat]
                                                  + cols[t * L.P + seat])
    return cols


@njit(cache=True, inline="always")
def changed_board(w, view, n, bld, cols, t, seat):
    """`relative_board` of Buildings `bld` that differ only in type t from those `cols` was
    made of (the same sums, added in the same order, as `boards`: a type the seat lacks adds
    0)."""
    column_scores(w, view, n, bld, t, cols, _COLUMN)
    for other in range(n):
        new = cols[_COLUMN + other]
        if new == cols[t * L.P + other]:
            cols[_SCORES + other] = cols[_SUMS + T * L.P + other]
            continue
        total = cols[_SUMS + t * L.P + other] + new
        for u in range(t + 1, T):
            total += cols[u * L.P + other]
        cols[_SCORES + other] = total
    best = 0.0
    for other in range(n):
        if other != seat:
            best = max(best, cols[_SCORES + other])
    return cols[_SCORES + seat] - w[OPPONENT] * best


@njit(cache=True)
def relative_board(w, view, state, bld, seat):
    """The seat's board less part of the strongest opponent's."""
    scores = view[SCORES:SCORES + L.P]
    boards(w, view, state, bld, scores)
    best = 0.0
    for other in range(state[L.NUM_PLAYERS]):
        if other != seat:
            best = max(best, scores[other])
    return scores[seat] - w[OPPONENT] * best


@njit(cache=True)
def debts(view, tuck):
    """What `tuck` will cost: [s] the due of this round's Phase 4 if the Dragon takes s steps,
    then the expected due of this round (EXPECTED_DUE) and of the later ones (LATER_DUE)."""
    out = np.zeros(DEBT_SIZE)
    debts_into(view, tuck, out)
    return out


@njit(cache=True)
def debts_into(view, tuck, out):
    """`debts` into `out` (zeroed or not)."""
    out[0] = 0.0
    out[EXPECTED_DUE] = 0.0
    out[LATER_DUE] = 0.0
    for s in range(1, MAX_STEPS + 1):
        out[s] = out[s - 1] + tuck[int(view[PASSED_NOW + s])]
    for t in range(T):
        out[EXPECTED_DUE] += tuck[t] * view[PASSES_NOW + t]
        out[LATER_DUE] += tuck[t] * view[PASSES_LATER + t]


@njit(cache=True, inline="always")
def add_debt(view, debt, t, value, out):
    """`debt` with one more Contract of interest `value` tucked under type t, into `out`."""
    extra = 0.0
    out[0] = debt[0]
    for s in range(1, MAX_STEPS + 1):
        if int(view[PASSED_NOW + s]) == t:
            extra += value
        out[s] = debt[s] + extra
    out[EXPECTED_DUE] = debt[EXPECTED_DUE] + value * view[PASSES_NOW + t]
    out[LATER_DUE] = debt[LATER_DUE] + value * view[PASSES_LATER + t]


@njit(cache=True, inline="always")
def money(w, view, debt, gold, knights):
    """The worth in points of holding `gold` and `knights` with `debt` (from `debts`) to pay:
    the chance of bankruptcy in this round's Phase 4, the expected shortfall over the game, and
    a little per Gold and Knight (they also break ties, D56)."""
    return gold_worth(w, view, debt, gold) + knight_worth(w, view, knights)


@njit(cache=True, inline="always")
def gold_worth(w, view, debt, gold):
    """`money`'s part of the Gold (its value is this plus `knight_worth`)."""
    risk = 0.0
    for s in range(MAX_STEPS, 0, -1):  # dues grow with the steps
        if debt[s] <= gold:
            break
        risk += view[STEPS_NOW + s]
    net = gold - debt[EXPECTED_DUE] - debt[LATER_DUE]  # left once every interest is paid
    shortfall = -net - w[ROUND_INCOME] * view[ROUNDS_LATER]
    return -w[BANKRUPTCY] * risk - w[DEFICIT] * max(shortfall, 0.0) + w[GOLD_UNIT] * net


@njit(cache=True, inline="always")
def knight_worth(w, view, knights):
    """`money`'s part of the Knights."""
    reserve = INVASION_KNIGHTS * min(view[INVASIONS_AHEAD], 2.0)
    return w[KNIGHT_UNIT] * min(knights, reserve) + w[KNIGHT_EXTRA] * max(knights - reserve, 0)


@njit(cache=True, inline="always")
def position_value(w, view, state, seat, bld, debt, gold, knights):
    """The seat's value of a position: relative board plus money."""
    return relative_board(w, view, state, bld, seat) + money(w, view, debt, gold, knights)


@njit(cache=True, inline="always")
def with_amount(currency, gold, knights, amount):
    """(gold, knights) after adding `amount` of `currency`."""
    if currency == GOLD:
        return gold + amount, knights
    return gold, knights + amount



@njit(cache=True)
def own_debt(view, state, seat):
    """What the seat's tucked Contracts will cost (as `debts`)."""
    out = np.zeros(DEBT_SIZE)
    tuck = state[L.TUCK + seat * T:L.TUCK + seat * T + T]
    for s in range(1, MAX_STEPS + 1):
        out[s] = out[s - 1] + np.int64(tuck[int(view[PASSED_NOW + s])])
    for t in range(T):
        out[EXPECTED_DUE] += np.int64(tuck[t]) * view[PASSES_NOW + t]
        out[LATER_DUE] += np.int64(tuck[t]) * view[PASSES_LATER + t]
    return out


@njit(cache=True)
def current_value(w, view, state, seat):
    """The seat's value of the position as it stands."""
    return position_value(w, view, state, seat, buildings(state), own_debt(view, state, seat),
                          seat_holding(state, seat, GOLD), seat_holding(state, seat, KNIGHTS))
