"""Phase 2, the turn (engine/buildings.py): which Building to activate."""

from numba import njit

from agents.bots.heuristics.dragon.auctions import activator_bid
from agents.bots.heuristics.dragon.chest import has_target, plan_chest
from agents.bots.heuristics.dragon.outlook import T, buildings, seat_holding
from agents.bots.heuristics.dragon.values import (
    current_value,
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
    best = L.A_PASS
    best_value = current_value(w, view, state, seat) + 1e-6
    for t in range(T):
        if mask[L.A_ACTIVATE + t]:
            v = activation_value(w, view, state, seat, t)
            if v > best_value:
                best_value = v
                best = L.A_ACTIVATE + t
    return best
