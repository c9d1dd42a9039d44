"""Phase 2, auctions (engine/buildings.py): bids and tiebreaks."""

import numpy as np
from numba import njit

from agents.bots.heuristics.dragon.amounts import enter_digit
from agents.bots.heuristics.dragon.outlook import NEVER, SHADE, buildings, max_holding, seat_holding
from agents.bots.heuristics.dragon.values import boards, money, own_debt, with_amount
from dragon_env.engine import layout as L
from dragon_env.engine.tables import (
    GOLD,
    KNIGHTS,
    TYPE_BID_CURRENCY,
    TYPE_STAKE,
    TYPE_STAKE_CURRENCY,
)


@njit(cache=True)
def _others_max_bid(state, seat, currency):
    """The highest bid any other seat could make (what the seat knows of their holdings)."""
    most = 0
    for other in range(state[L.NUM_PLAYERS]):
        if other != seat:
            most = max(most, max_holding(state, seat, other, currency))
    return most


@njit(cache=True)
def activator_bid(w, view, state, seat, debt, gold, knights, t):
    """(money value, bid) of the activator's own bid, its stake already on the table: a win
    returns the stake twice (D38) for the bid; a loss leaves the stake for at least one more
    than the bid (D37); all bids 0 return the stake (D35). Unless no other seat can outbid it,
    the worse case counts."""
    stake_currency = TYPE_STAKE_CURRENCY[t]
    bid_currency = TYPE_BID_CURRENCY[t]
    stake = TYPE_STAKE[t]
    cap = gold if bid_currency == GOLD else knights
    rivals = _others_max_bid(state, seat, bid_currency)
    best = NEVER
    best_bid = 0
    for b in range(0, min(cap, rivals + 1) + 1):
        g, k = with_amount(stake_currency, gold, knights, 2 * stake if b > 0 else stake)
        g, k = with_amount(bid_currency, g, k, -b)
        value = money(w, view, debt, g, k)
        if b <= rivals:
            g, k = with_amount(bid_currency, gold, knights, b + 1)
            value = min(value, money(w, view, debt, g, k))
        if value > best:
            best = value
            best_bid = b
    return best, best_bid


@njit(cache=True)
def _bidder_bid(w, view, state, seat, t):
    """A bid in another seat's auction, where the winner takes the stake and pays its bid
    (D37): a share of what the stake is worth to the seat, and no more than one above what the
    others could bid."""
    stake_currency = TYPE_STAKE_CURRENCY[t]
    bid_currency = TYPE_BID_CURRENCY[t]
    debt = own_debt(view, state, seat)
    gold = seat_holding(state, seat, GOLD)
    knights = seat_holding(state, seat, KNIGHTS)
    cap = gold if bid_currency == GOLD else knights
    base = money(w, view, debt, gold, knights)
    g, k = with_amount(stake_currency, gold, knights, TYPE_STAKE[t])
    worth = 0
    while worth < cap:
        g2, k2 = with_amount(bid_currency, g, k, -(worth + 1))
        if money(w, view, debt, g2, k2) < base:
            break
        worth += 1
    bid = int(worth * w[SHADE])
    return min(bid, _others_max_bid(state, seat, bid_currency) + 1)


@njit(cache=True)
def choose_bid(w, view, state, seat, mask):
    t = state[L.ACT_TYPE]
    if state[L.ACT_SEAT] == seat:
        bid = activator_bid(w, view, state, seat, own_debt(view, state, seat),
                            seat_holding(state, seat, GOLD), seat_holding(state, seat, KNIGHTS),
                            t)[1]
    else:
        bid = _bidder_bid(w, view, state, seat, t)
    return enter_digit(state, mask, bid)


@njit(cache=True)
def choose_tiebreak(w, view, state, seat, mask):
    """Win itself if the stake is worth its bid to it, else hand the stake to the weakest of
    the tied opponents (the winner pays the activator its bid either way)."""
    t = state[L.ACT_TYPE]
    high = state[L.BID_HIGH]
    n = state[L.NUM_PLAYERS]
    debt = own_debt(view, state, seat)
    gold = seat_holding(state, seat, GOLD)
    knights = seat_holding(state, seat, KNIGHTS)
    scores = np.empty(L.P)
    boards(w, view, state, buildings(state), scores)
    best = -1
    best_value = NEVER
    for k in range(n):
        if not mask[L.A_TIEBREAK + k]:
            continue
        if k == 0:
            g, kn = with_amount(TYPE_STAKE_CURRENCY[t], gold, knights, 2 * state[L.STAKE])
            g, kn = with_amount(TYPE_BID_CURRENCY[t], g, kn, -high)
            v = money(w, view, debt, g, kn)
        else:
            g, kn = with_amount(TYPE_BID_CURRENCY[t], gold, knights, high)
            v = money(w, view, debt, g, kn) - 0.01 * scores[(seat + k) % n]
        if v > best_value:
            best_value = v
            best = L.A_TIEBREAK + k
    return best
