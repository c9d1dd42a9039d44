"""Phase 1, Borrowing Gold (engine/contracts.py): which Contract to bid, which tile to pick."""

import numpy as np
from numba import njit

from agents.bots.heuristics.dragon.outlook import (
    DEBT_SIZE,
    NEVER,
    TILE_BOARD,
    TILE_FIELDS,
    TILE_GOLD_AFTER,
    TILE_TYPE,
    T,
    buildings,
    generous_dragon_up,
    seat_holding,
    tucked_interest,
)
from agents.bots.heuristics.dragon.values import (
    add_debt,
    board_columns,
    changed_board,
    debts,
    debts_into,
    money,
    own_debt,
    position_value,
)
from dragon_env.engine import layout as L
from dragon_env.engine.tables import (
    BUILDING,
    CONTRACT_IS_JESTER,
    CONTRACT_VALUE,
    GOLD,
    JESTER_HIGH,
    JESTER_LOW,
    JESTER_VALUE,
    KNIGHTS,
    NUM_CONTRACTS,
    TILE_GOLD,
    TILE_KIND,
)


@njit(cache=True)
def pick_value(w, view, state, seat, t, value):
    """The seat's value after building the face-up tile of type t with a Contract of interest
    `value` tucked under it (the Generous Dragon pays its Gold twice, D21)."""
    bld = buildings(state)
    tuck = tucked_interest(state, seat)
    gold = seat_holding(state, seat, GOLD) + TILE_GOLD[state[L.SLOT + t]] * (
        2 if generous_dragon_up(state) else 1)
    bld[seat * T + t] += 1
    tuck[t] += value
    return position_value(w, view, state, seat, bld, debts(view, tuck), gold,
                          seat_holding(state, seat, KNIGHTS))



@njit(cache=True)
def choose_pick(w, view, state, seat, mask):
    """Pick the face-up tile of best `pick_value`."""
    card = state[L.REVEALED + seat]
    value = JESTER_VALUE if CONTRACT_IS_JESTER[card] else CONTRACT_VALUE[card]
    bld = buildings(state)
    tuck = tucked_interest(state, seat)
    debt = np.empty(DEBT_SIZE)
    twice = 2 if generous_dragon_up(state) else 1
    knights = seat_holding(state, seat, KNIGHTS)
    n = state[L.NUM_PLAYERS]
    cols = board_columns(w, view, n, bld)
    best = -1
    best_value = NEVER
    for t in range(T):
        if mask[L.A_PICK + t]:
            gold = seat_holding(state, seat, GOLD) + TILE_GOLD[state[L.SLOT + t]] * twice
            bld[seat * T + t] += 1
            tuck[t] += value
            debts_into(view, tuck, debt)
            v = changed_board(w, view, n, bld, cols, t, seat) + money(w, view, debt, gold,
                                                                      knights)
            bld[seat * T + t] -= 1
            tuck[t] -= value
            if v > best_value:
                best_value = v
                best = L.A_PICK + t
    return best


@njit(cache=True)
def _is_trigger(card):
    return CONTRACT_VALUE[card] == JESTER_LOW or CONTRACT_VALUE[card] == JESTER_HIGH


@njit(cache=True)
def _card_chances(state, seat):
    """[other, card]: the chance that each other seat plays each Contract: uniform over its
    hand (public, C14)."""
    n = state[L.NUM_PLAYERS]
    out = np.zeros((n, NUM_CONTRACTS))
    for other in range(n):
        if other == seat:
            continue
        hand = state[L.HAND + other]
        count = 0
        for c in range(NUM_CONTRACTS):
            if (hand >> c) & 1:
                out[other, c] = 1.0
                count += 1
        out[other] /= max(count, 1)
    return out


@njit(cache=True)
def _trigger_chances(state, seat, cards):
    """Chance that each other seat reveals a 13 or 14."""
    n = state[L.NUM_PLAYERS]
    out = np.zeros(n)
    for other in range(n):
        if other != seat:
            for c in range(NUM_CONTRACTS):
                if _is_trigger(c):
                    out[other] += cards[other, c]
    return out


@njit(cache=True, inline="always")
def _chance_ahead(state, seat, other, value, trigger_chance, cards):
    """Chance that `other` picks before a Contract of effective `value` of `seat` (D14: ties go
    to the nearer seat from the Start Player)."""
    n = state[L.NUM_PLAYERS]
    start = state[L.START]
    earlier = (other - start) % n < (seat - start) % n
    ahead = 0.0
    for c in range(NUM_CONTRACTS):
        if cards[other, c] == 0.0:
            continue
        if CONTRACT_IS_JESTER[c]:
            theirs = JESTER_VALUE
            weight = trigger_chance  # a void Jester picks nothing
        else:
            theirs = CONTRACT_VALUE[c]
            weight = 1.0
        if theirs > value or (theirs == value and earlier):
            ahead += weight * cards[other, c]
    return ahead


@njit(cache=True)
def _tile_options(w, view, state, seat):
    """The face-up Buildings, most wanted by the others first (Gold, and new types for them):
    [i, TILE_TYPE], the seat's relative board once built [i, TILE_BOARD] and its Gold then
    [i, TILE_GOLD_AFTER] (the Generous Dragon pays twice, D21)."""
    n = state[L.NUM_PLAYERS]
    bld = buildings(state)
    found = np.zeros((T, TILE_FIELDS))
    wanted = np.zeros(T)
    twice = 2 if generous_dragon_up(state) else 1
    cols = board_columns(w, view, n, bld)
    m = 0
    for t in range(T):
        tile = state[L.SLOT + t]
        if tile < 0 or TILE_KIND[tile] != BUILDING:
            continue
        lacking = 0
        for other in range(n):
            if other != seat and bld[other * T + t] == 0:
                lacking += 1
        wanted[m] = TILE_GOLD[tile] + 4.0 * lacking / (n - 1)
        found[m, TILE_TYPE] = t
        bld[seat * T + t] += 1
        found[m, TILE_BOARD] = changed_board(w, view, n, bld, cols, t, seat)
        bld[seat * T + t] -= 1
        found[m, TILE_GOLD_AFTER] = seat_holding(state, seat, GOLD) + twice * TILE_GOLD[tile]
        m += 1
    return found[np.argsort(-wanted[:m])]


@njit(cache=True)
def choose_contract(w, view, state, seat, mask):
    """Bid the Contract of best expected value (the first of equal ones): the tile its likely
    pick position leaves (the others take the tiles they want most), or the seat's standing
    if none is left or a Jester is void."""
    n = state[L.NUM_PLAYERS]
    tiles = _tile_options(w, view, state, seat)
    m = tiles.shape[0]
    bld = buildings(state)
    debt = own_debt(view, state, seat)
    knights = seat_holding(state, seat, KNIGHTS)
    standing = position_value(w, view, state, seat, bld, debt, seat_holding(state, seat, GOLD),
                              knights)
    cards = _card_chances(state, seat)
    triggers = _trigger_chances(state, seat, cards)
    # What does not depend on the card: the chance that a void Jester is not (for a Jester
    # of the seat's, and for each other seat's Jester if the seat's card is not a trigger).
    scratch = np.empty(DEBT_SIZE + 2 * m + 2 * (n + 1))
    after = scratch[:DEBT_SIZE]
    gains = scratch[DEBT_SIZE:DEBT_SIZE + m]
    top = scratch[DEBT_SIZE + m:DEBT_SIZE + 2 * m]
    dist = scratch[DEBT_SIZE + 2 * m:DEBT_SIZE + 2 * m + n + 1]
    jester_chance = scratch[DEBT_SIZE + 2 * m + n + 1:]
    none = 1.0
    for other in range(n):
        if other != seat:
            none *= 1.0 - triggers[other]
    jester_played = 1.0 - none
    for other in range(n):
        if other == seat:
            continue
        none = 1.0
        for k in range(n):
            if k != seat and k != other:
                none *= 1.0 - triggers[k]
        jester_chance[other] = 1.0 - none
    best = -1
    best_value = NEVER
    for card in range(NUM_CONTRACTS):
        if not mask[L.A_CONTRACT + card]:
            continue
        if CONTRACT_IS_JESTER[card]:
            played = jester_played
            value = JESTER_VALUE
        else:
            played = 1.0
            value = CONTRACT_VALUE[card]
        for i in range(m):
            add_debt(view, debt, int(tiles[i, TILE_TYPE]), value, after)
            gains[i] = tiles[i, TILE_BOARD] + money(w, view, after, tiles[i, TILE_GOLD_AFTER],
                                                    knights)
        for i in range(m - 1, -1, -1):  # top[i]: the best of gains[i:]
            top[i] = gains[i] if i == m - 1 or gains[i] > top[i + 1] else top[i + 1]
        own_trigger = _is_trigger(card)
        dist[:] = 0.0
        dist[0] = 1.0
        for other in range(n):
            if other == seat:
                continue
            chance = 1.0 if own_trigger else jester_chance[other]
            p = _chance_ahead(state, seat, other, value, chance, cards)
            for k in range(n, 0, -1):
                dist[k] = dist[k] * (1.0 - p) + dist[k - 1] * p
            dist[0] *= 1.0 - p
        expected = 0.0
        for k in range(n + 1):
            if dist[k] > 0.0:
                expected += dist[k] * (top[k] if k < m else standing)
        v = played * expected + (1.0 - played) * standing
        if v > best_value + 1e-9:
            best_value = v
            best = L.A_CONTRACT + card
    return best
