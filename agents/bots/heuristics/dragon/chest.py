"""Phase 2, the Treasure Chest (engine/buildings.py): the offer, the response, the take."""

import numpy as np
from numba import njit

from agents.bots.heuristics.dragon.outlook import NEVER, T, buildings, max_holding, seat_holding
from agents.bots.heuristics.dragon.values import (
    board_columns,
    changed_board,
    gold_worth,
    knight_worth,
    money,
    own_debt,
    with_amount,
)
from dragon_env.engine import layout as L
from dragon_env.engine.tables import GOLD, KNIGHTS


@njit(cache=True, inline="always")
def _moved_board(w, view, n, bld, cols, seller, buyer, t, seat):
    """The seat's relative board after one Building of type t moves from seller to buyer
    (`cols` from `board_columns` of `bld`)."""
    bld[seller * T + t] -= 1
    bld[buyer * T + t] += 1
    v = changed_board(w, view, n, bld, cols, t, seat)
    bld[seller * T + t] += 1
    bld[buyer * T + t] -= 1
    return v


@njit(cache=True, inline="always")
def _worst_loss_board(w, view, n, bld, cols, seat, taker):
    """The seat's relative board after `taker` takes the Building of the seat's that hurts the
    seat most."""
    worst = -NEVER
    for u in range(T):
        if bld[seat * T + u] > 0:
            worst = min(worst, _moved_board(w, view, n, bld, cols, seat, taker, u, seat))
    return worst


@njit(cache=True, inline="always")
def other_worth(w, view, debt, gold, knights, currency):
    """The worth of the currency that offers in `currency` leave alone (for `_money_after`)."""
    if currency == GOLD:
        return knight_worth(w, view, knights)
    return gold_worth(w, view, debt, gold)


@njit(cache=True, inline="always")
def _money_after(w, view, debt, gold, knights, currency, amount, fixed):
    """`money` after adding `amount` of `currency`; `fixed` from `other_worth`."""
    if currency == GOLD:
        return gold_worth(w, view, debt, gold + amount) + fixed
    return fixed + knight_worth(w, view, knights + amount)


@njit(cache=True, inline="always")
def _offer_outcome(w, view, debt, gold, knights, currency, x, sold, bought, can_match, fixed):
    """The offerer's value of offering `x`: the worse of the target's two answers (only a sale
    if the target cannot hold `x`)."""
    value = sold + _money_after(w, view, debt, gold, knights, currency, -x, fixed)
    if can_match:
        value = min(value, bought + _money_after(w, view, debt, gold, knights, currency, x, fixed))
    return value


@njit(cache=True)
def _best_amount(w, view, debt, gold, knights, currency, most, sold, bought, fixed):
    """(value, amount) of the best offer for a Building: `sold` and `bought` are the offerer's
    relative boards if the target sells or buys, `most` what the target can hold."""
    cap = gold if currency == GOLD else knights
    best_x = 0
    best = NEVER
    if most + 1 <= cap:  # more than the target can hold: it must sell (C9)
        best_x = most + 1
        best = _offer_outcome(w, view, debt, gold, knights, currency, most + 1, sold, bought,
                              False, fixed)
    # Below that, the sale gets worse and the purchase better as x grows: find where they cross.
    lo = 0
    hi = min(cap, most)
    while lo < hi:
        mid = (lo + hi) // 2
        sale = sold + _money_after(w, view, debt, gold, knights, currency, -mid, fixed)
        if bought + _money_after(w, view, debt, gold, knights, currency, mid, fixed) >= sale:
            hi = mid
        else:
            lo = mid + 1
    for x in (lo - 1, lo):
        if 0 <= x <= min(cap, most):
            v = _offer_outcome(w, view, debt, gold, knights, currency, x, sold, bought, True,
                               fixed)
            if v > best:
                best = v
                best_x = x
    return best, best_x


@njit(cache=True)
def plan_chest(w, view, state, seat, bld, gold, knights, currency, only_target, only_type):
    """The best Treasure-Chest offer: (value, target seat, indicated type, amount). A target or
    a type fixed by an earlier step of the offer is passed as `only_*` (-1: free)."""
    n = state[L.NUM_PLAYERS]
    debt = own_debt(view, state, seat)
    cols = board_columns(w, view, n, bld)
    fixed = other_worth(w, view, debt, gold, knights, currency)
    seen = np.empty(T)
    best = NEVER
    plan_target = -1
    plan_type = -1
    plan_x = 0
    for k in range(1, n):
        target = (seat + k) % n
        if only_target >= 0 and target != only_target:
            continue
        bought = NEVER
        most = max_holding(state, seat, target, currency)
        m = 0
        for t in range(T):
            if bld[target * T + t] == 0 or (only_type >= 0 and t != only_type):
                continue
            if bought == NEVER:
                bought = _worst_loss_board(w, view, n, bld, cols, seat, target)
            sold = _moved_board(w, view, n, bld, cols, target, seat, t, seat)
            if _seen(seen, m, sold):  # the same offer as an earlier type's: no better
                continue
            seen[m] = sold
            m += 1
            v, x = _best_amount(w, view, debt, gold, knights, currency, most, sold, bought,
                                fixed)
            if v > best:
                best = v
                plan_target = target
                plan_type = t
                plan_x = x
    return best, plan_target, plan_type, plan_x


@njit(cache=True)
def chest_boards(w, view, state, seat, bld):
    """The seat's relative boards of every offer, whatever its amount: [target * T + t] if the
    target sells its Building of type t, [target] if it buys (the Building of the seat's that
    hurts the seat most); only where the target has Buildings."""
    n = state[L.NUM_PLAYERS]
    cols = board_columns(w, view, n, bld)
    sold = np.empty(L.P * T + L.P)
    bought = sold[L.P * T:]
    for k in range(1, n):
        target = (seat + k) % n
        bought[target] = NEVER
        for t in range(T):
            if bld[target * T + t] == 0:
                continue
            if bought[target] == NEVER:
                bought[target] = _worst_loss_board(w, view, n, bld, cols, seat, target)
            sold[target * T + t] = _moved_board(w, view, n, bld, cols, target, seat, t, seat)
    return sold, bought


@njit(cache=True)
def plan_from_boards(w, view, state, seat, bld, debt, gold, knights, currency, sold, bought):
    """The value of the best free Treasure-Chest offer (`plan_chest`'s first), from the boards
    of `chest_boards`."""
    n = state[L.NUM_PLAYERS]
    fixed = other_worth(w, view, debt, gold, knights, currency)
    seen = np.empty(T)
    best = NEVER
    for k in range(1, n):
        target = (seat + k) % n
        most = max_holding(state, seat, target, currency)
        m = 0
        for t in range(T):
            if bld[target * T + t] == 0:
                continue
            if _seen(seen, m, sold[target * T + t]):
                continue
            seen[m] = sold[target * T + t]
            m += 1
            v = _best_amount(w, view, debt, gold, knights, currency, most,
                             sold[target * T + t], bought[target], fixed)[0]
            if v > best:
                best = v
    return best


@njit(cache=True, inline="always")
def _seen(seen, m, v):
    for i in range(m):
        if seen[i] == v:
            return True
    return False


@njit(cache=True)
def has_target(state, seat, bld):
    n = state[L.NUM_PLAYERS]
    for k in range(1, n):
        for t in range(T):
            if bld[((seat + k) % n) * T + t] > 0:
                return True
    return False


@njit(cache=True)
def chest_from_state(w, view, state, seat, only_target, only_type):
    return plan_chest(w, view, state, seat, buildings(state), seat_holding(state, seat, GOLD),
                      seat_holding(state, seat, KNIGHTS), state[L.CHEST_CURRENCY], only_target,
                      only_type)


@njit(cache=True)
def best_take(w, view, state, seat, bld, offerer):
    """(relative board, type) of the best Building to take from the offerer."""
    n = state[L.NUM_PLAYERS]
    cols = board_columns(w, view, n, bld)
    best = NEVER
    best_t = -1
    for t in range(T):
        if bld[offerer * T + t] > 0:
            v = _moved_board(w, view, n, bld, cols, offerer, seat, t, seat)
            if v > best:
                best = v
                best_t = t
    return best, best_t


@njit(cache=True)
def respond(w, view, state, seat, mask):
    """Accept (sell the indicated Building for the chest) or match (pay as much and take the
    offerer's Building worth most to the seat)."""
    if not mask[L.A_MATCH]:
        return L.A_ACCEPT
    bld = buildings(state)
    debt = own_debt(view, state, seat)
    gold = seat_holding(state, seat, GOLD)
    knights = seat_holding(state, seat, KNIGHTS)
    currency = state[L.CHEST_CURRENCY]
    x = state[L.CHEST_X]  # the target sees the amount (D30)
    offerer = state[L.ACT_SEAT]
    g, k = with_amount(currency, gold, knights, x)
    cols = board_columns(w, view, state[L.NUM_PLAYERS], bld)
    accept = _moved_board(w, view, state[L.NUM_PLAYERS], bld, cols, seat, offerer,
                          state[L.CHEST_TYPE], seat) + money(w, view, debt, g, k)
    g, k = with_amount(currency, gold, knights, -x)
    match = best_take(w, view, state, seat, bld, offerer)[0] + money(w, view, debt, g, k)
    return L.A_MATCH if match > accept else L.A_ACCEPT
