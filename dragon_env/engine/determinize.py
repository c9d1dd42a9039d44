"""Determinization (M12): a full state drawn from one seat's information (for ISMCTS).

The result is a function of the viewer's information and the seed only: every hidden part is
redrawn from what the viewer knows (hidden orders are sorted before they are shuffled), so two
states the viewer cannot tell apart determinize to the same state.
"""

import numpy as np
from numba import njit

from dragon_env.engine import layout as L
from dragon_env.engine.buildings import buildings_of
from dragon_env.engine.ledger import floor, hide_chest, knowledge, tally
from dragon_env.engine.refresh import may_give_knights
from dragon_env.engine.tables import (
    NUM_CONTRACTS,
    NUM_TYPES,
    POW10,
    STACK_SIZE,
    TYPE_BID_CURRENCY,
)
from tabletop_core.rng import reshuffle_slice, rng_below, rng_seed
from tabletop_core.signatures import DETERMINIZE

NO_SEAT = -1
CHEST_PART = L.P  # the chest's content, an extra part of its parties' group while it is shut


@njit(cache=True)
def _composition(state, total, parts, out):
    """A uniformly random way to write `total` as `parts` non-negative integers (stars and bars,
    cut points drawn by Floyd's method: always parts - 1 draws)."""
    span = total + parts - 1
    cuts = np.zeros(parts + 1, np.int64)
    count = 0
    for j in range(span - parts + 2, span + 1):
        pick = 1 + rng_below(state, L.RNG, j)
        for k in range(count):
            if cuts[k] == pick:
                pick = j
                break
        cuts[count] = pick
        count += 1
    cuts[:count].sort()
    cuts[count] = span + 1
    previous = 0
    for k in range(parts):
        out[k] = cuts[k] - previous - 1
        previous = cuts[k]


@njit(cache=True)
def _pending_chest_group(state, viewer, currency):
    """The group (in the viewer's knowledge) holding a shut chest the viewer did not see, or
    NO_SEAT."""
    if state[L.STEP] != L.CHEST_RESPONSE or state[L.CHEST_CURRENCY] != currency:
        return NO_SEAT
    offerer = state[L.ACT_SEAT]
    if viewer == offerer or viewer == state[L.CHEST_TARGET_SEAT]:
        return NO_SEAT
    return state[L.GROUP + knowledge(viewer, offerer, currency)]


@njit(cache=True)
def _redraw_holdings(state, viewer, currency):
    """Each group of seats the viewer knows only in total gets holdings drawn uniformly among
    those that keep the total and every seat's floor (a shut chest counts as one more part)."""
    n = state[L.NUM_PLAYERS]
    chest_group = _pending_chest_group(state, viewer, currency)
    members = np.zeros(L.P + 1, np.int64)
    parts = np.zeros(L.P + 1, np.int64)
    for group in range(n):
        count = 0
        total = 0
        for seat in range(n):
            if seat != viewer and state[L.GROUP + knowledge(viewer, seat, currency)] == group:
                members[count] = seat
                count += 1
                total += tally(state, viewer, seat, currency) - floor(state, viewer, seat,
                                                                       currency)
        if group == chest_group:
            members[count] = CHEST_PART
            count += 1
        if count < 2:
            continue
        _composition(state, total, count, parts)
        for k in range(count):
            seat = members[k]
            if seat == CHEST_PART:
                state[L.CHEST_X] = parts[k]
                continue
            k_i = knowledge(viewer, seat, currency)
            holding = floor(state, viewer, seat, currency) + parts[k]
            t = tally(state, viewer, seat, currency)
            state[L.HOLD + seat * 2 + currency] = holding
            state[L.UNSEEN + k_i] = holding - t
            state[L.SLACK + k_i] = parts[k]


@njit(cache=True)
def _rejoin_group_left(state, viewer, w, currency, expected):
    """The group of `viewer`'s knowledge that `w` left, in `w`'s copy of it: relabelled by its
    smallest seat, its unseen amounts summing to `expected`."""
    n = state[L.NUM_PLAYERS]
    group = state[L.GROUP + knowledge(viewer, w, currency)]
    first = -1
    size = 0
    hidden = 0
    for seat in range(n):
        if seat == w or seat == viewer:
            continue
        dst = knowledge(w, seat, currency)
        if state[L.GROUP + dst] == group:
            if first < 0:
                first = seat
            state[L.GROUP + dst] = first
            hidden += state[L.UNSEEN + dst]
            size += 1
    if first < 0:
        return
    state[L.UNSEEN + knowledge(w, first, currency)] += expected - hidden
    if size == 1:
        state[L.SLACK + knowledge(w, first, currency)] = 0


@njit(cache=True)
def _copy_knowledge(state, viewer, currency):
    """Every other seat is given the viewer's knowledge, with its own holding and the viewer's
    known exactly (valid knowledge of the redrawn state, and drawn from the viewer's alone),
    except a shut chest it is no party of (D30)."""
    n = state[L.NUM_PLAYERS]
    chest_group = _pending_chest_group(state, viewer, currency)
    offerer = state[L.ACT_SEAT]
    target = state[L.CHEST_TARGET_SEAT]
    saw_chest = (state[L.STEP] == L.CHEST_RESPONSE and state[L.CHEST_CURRENCY] == currency
                 and (viewer == offerer or viewer == target))
    for w in range(n):
        if w == viewer:
            continue
        for seat in range(n):
            src = knowledge(viewer, seat, currency)
            dst = knowledge(w, seat, currency)
            if seat == w or seat == viewer:
                state[L.GROUP + dst] = seat
                state[L.UNSEEN + dst] = 0
                state[L.SLACK + dst] = 0
            else:
                state[L.GROUP + dst] = state[L.GROUP + src]
                state[L.UNSEEN + dst] = state[L.UNSEEN + src]
                state[L.SLACK + dst] = state[L.SLACK + src]
        third = w != offerer and w != target
        group = state[L.GROUP + knowledge(viewer, w, currency)]
        expected = -state[L.CHEST_X] if group == chest_group and third else 0
        _rejoin_group_left(state, viewer, w, currency, expected)
        if saw_chest and third:
            # The viewer, a party of the shut chest, knows both parties exactly: a third seat
            # does not, and is short of the chest's amount in their group.
            hide_chest(state, w, offerer, target, currency, state[L.CHEST_X])


@njit(cache=True)
def _random_card(state, hand):
    count = 0
    for c in range(NUM_CONTRACTS):
        count += (hand >> c) & 1
    pick = rng_below(state, L.RNG, count)
    for c in range(NUM_CONTRACTS):
        if (hand >> c) & 1:
            if pick == 0:
                return c
            pick -= 1
    return -1


@njit(cache=True)
def _random_invasion_choice(state, seat):
    knights = may_give_knights(state, seat)
    count = 1 if knights else 0
    for t in range(NUM_TYPES):
        if buildings_of(state, seat, t) > 0:
            count += 1
    pick = rng_below(state, L.RNG, count)
    if knights:
        if pick == 0:
            return L.INVADE_KNIGHTS
        pick -= 1
    for t in range(NUM_TYPES):
        if buildings_of(state, seat, t) > 0:
            if pick == 0:
                return t
            pick -= 1
    return -1


@njit(cache=True)
def _redraw_choices(state, viewer):
    """The other seats' committed but unrevealed choices, uniformly among their legal options,
    and the acting seat's partial amount, as the first digits of a uniform amount."""
    step = state[L.STEP]
    actor = state[L.ACTOR]
    for seat in range(state[L.NUM_PLAYERS]):
        if seat == viewer or state[L.PENDING + seat] < 0:
            continue
        if step == L.CHOOSE_CONTRACT:
            state[L.PENDING + seat] = _random_card(state, state[L.HAND + seat])
        elif step == L.BID_AMOUNT:
            cap = state[L.HOLD + seat * 2 + TYPE_BID_CURRENCY[state[L.ACT_TYPE]]]
            state[L.PENDING + seat] = rng_below(state, L.RNG, cap + 1)
        elif step == L.INVASION:
            state[L.PENDING + seat] = _random_invasion_choice(state, seat)
    if actor != viewer and (step == L.CHEST_AMOUNT or step == L.BID_AMOUNT):
        if step == L.CHEST_AMOUNT:
            currency = state[L.CHEST_CURRENCY]
        else:
            currency = TYPE_BID_CURRENCY[state[L.ACT_TYPE]]
        cap = state[L.HOLD + actor * 2 + currency]
        state[L.ENTRY_CAP] = cap
        amount = rng_below(state, L.RNG, cap + 1)
        state[L.ENTRY_REG] = amount // POW10[state[L.ENTRY_LEFT]]


@njit(DETERMINIZE, cache=True)
def determinize(state, viewer, seed):
    """Redraw in place what `viewer` cannot see (M12): the chance generator (from `seed`); the
    order of every face-down stack; the holdings of each group of seats the viewer knows only
    in total, uniformly within their floors (and a shut chest's content with them); the other
    seats' knowledge, made equal to the viewer's; their unrevealed choices and the acting
    seat's partial amount. The viewer's observation of the result equals that of `state`."""
    rng_seed(state, L.RNG, seed)
    for t in range(NUM_TYPES):
        top = state[L.STACK_TOP + t]
        reshuffle_slice(state, L.RNG, L.STACKS + t * STACK_SIZE + top, STACK_SIZE - top)
    for currency in range(2):
        _redraw_holdings(state, viewer, currency)
        _copy_knowledge(state, viewer, currency)
    _redraw_choices(state, viewer)
