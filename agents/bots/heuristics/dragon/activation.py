"""Phase 2, the turn (engine/buildings.py): which Building to activate."""

import numpy as np
from numba import njit

from agents.bots.heuristics.dragon.auctions import activator_bid
from agents.bots.heuristics.dragon.chest import (
    chest_boards,
    has_target,
    plan_chest,
    plan_from_boards,
)
from agents.bots.heuristics.dragon.outlook import T, buildings, seat_holding
from agents.bots.heuristics.dragon.values import (
    money,
    own_debt,
    position_value,
    relative_board,
    with_amount,
)
from dragon_env.engine import layout as L
from dragon_env.engine.tables import (
    ARENA,
    GOLD,
    KNIGHTS,
    TYPE_CHEST_CURRENCY,
    TYPE_INCOME_CURRENCY,
    TYPE_STAKE,
    TYPE_STAKE_CURRENCY,
)


@njit(cache=True)
def activation_value(w, view, state, seat, t):
    """The seat's value after activating type t: its income, then the best chest offer
    (valued at its worse answer) or its own auction bid."""
    bld = buildings(state)
    gold = seat_holding(state, seat, GOLD)
    knights = seat_holding(state, seat, KNIGHTS)
    gold, knights = with_amount(TYPE_INCOME_CURRENCY[t], gold, knights, bld[seat * T + t])
    if t < ARENA:
        if not has_target(state, seat, bld):
            return position_value(w, view, state, seat, bld, own_debt(view, state, seat), gold,
                                  knights)
        return plan_chest(w, view, state, seat, bld, gold, knights, TYPE_CHEST_CURRENCY[t], -1,
                          -1)[0]
    gold, knights = with_amount(TYPE_STAKE_CURRENCY[t], gold, knights, -TYPE_STAKE[t])
    return relative_board(w, view, state, bld, seat) + activator_bid(
        w, view, state, seat, own_debt(view, state, seat), gold, knights, t)[0]


@njit(cache=True)
def choose_activation(w, view, state, seat, mask):
    """Activate the type of best `activation_value`, or pass if none beats the position as it
    stands. The boards the chest offers lead to do not depend on the type activated: they are
    computed once for every chest type (`chest_boards`)."""
    bld = buildings(state)
    debt = own_debt(view, state, seat)
    gold0 = seat_holding(state, seat, GOLD)
    knights0 = seat_holding(state, seat, KNIGHTS)
    board = relative_board(w, view, state, bld, seat)
    best = L.A_PASS
    best_value = board + money(w, view, debt, gold0, knights0) + 1e-6
    targets = has_target(state, seat, bld)
    sold = np.empty(0)
    bought = np.empty(0)
    planned = np.empty((T, 3), np.int64)  # (currency, Gold, Knights) of each chest planned
    m = 0
    for t in range(T):
        if not mask[L.A_ACTIVATE + t]:
            continue
        gold, knights = with_amount(TYPE_INCOME_CURRENCY[t], gold0, knights0, bld[seat * T + t])
        if t < ARENA:
            if not targets:
                v = board + money(w, view, debt, gold, knights)
            else:
                currency = TYPE_CHEST_CURRENCY[t]
                if _planned(planned, m, currency, gold, knights):  # no better than then
                    continue
                planned[m, 0] = currency
                planned[m, 1] = gold
                planned[m, 2] = knights
                m += 1
                if sold.shape[0] == 0:
                    sold, bought = chest_boards(w, view, state, seat, bld)
                v = plan_from_boards(w, view, state, seat, bld, debt, gold, knights, currency,
                                     sold, bought)
        else:
            gold, knights = with_amount(TYPE_STAKE_CURRENCY[t], gold, knights, -TYPE_STAKE[t])
            v = board + activator_bid(w, view, state, seat, debt, gold, knights, t)[0]
        if v > best_value:
            best_value = v
            best = L.A_ACTIVATE + t
    return best


@njit(cache=True, inline="always")
def _planned(planned, m, currency, gold, knights):
    for i in range(m):
        if planned[i, 0] == currency and planned[i, 1] == gold and planned[i, 2] == knights:
            return True
    return False
