"""Observations (M10): float32 features in [-1, 1] of what one seat may know, or everything for
viewer -1.

Seats are relative to the viewer (block 0 is the viewer itself, then clockwise). Another seat's
Gold and Knights appear only as the viewer's knowledge of them (ledger: tally, floor, whether
exact); pending choices, the amount register and the chest amount only for the seats entitled
to them. Nothing depends on how far
the acting seat has got in a sealed entry: no step counter, no digit count for other seats.
"""

from numba import njit

from dragon_env.engine import layout as L
from dragon_env.engine.ledger import knowledge
from dragon_env.engine.tables import (
    BUILDING,
    CALENDAR,
    CONTRACT_IS_JESTER,
    CONTRACT_VALUE,
    GENEROUS_DRAGON,
    INVASION,
    JESTER_VALUE,
    NUM_CONTRACTS,
    NUM_TYPES,
    STACK_SIZE,
    TILE_GOLD,
    TILE_KIND,
    TYPE_MIN_PLAYERS,
)
from tabletop_core.signatures import OBSERVE

TYPE_FEATURES = 12
SEAT_FEATURES = 49
TYPES_AT = 38
TURN_AT = TYPES_AT + NUM_TYPES * TYPE_FEATURES  # the latest Phase 2 turn
NEXT_TILES_AT = TURN_AT + 40  # the next face-down tile of each stack, full state only
GLOBAL_FEATURES = NEXT_TILES_AT + NUM_TYPES * 4
OBS_SIZE = GLOBAL_FEATURES + L.P * SEAT_FEATURES

# Scales as reciprocals: features are products, not divisions.
PER_GOLD = 1.0 / 100.0  # Gold
PER_KNIGHT = 1.0 / 30.0  # Knights
PER_AMOUNT = 1.0 / 50.0  # bids, chest amounts, interest
PER_COUNT = 1.0 / 10.0  # Buildings
PER_INTEREST = 1.0 / 100.0  # interest tucked under a type
PER_VALUE = 1.0 / 17.0  # Contract values
PER_TILE_GOLD = 1.0 / 16.0
PER_NINE = 1.0 / 9.0  # face-down tiles, rounds
PER_DIGITS = 1.0 / 5.0
PER_CHESTS = 1.0 / 8.0
PER_POINTS = 1.0 / 12.0
CURRENCY_SCALE = (PER_GOLD, PER_KNIGHT)


@njit(cache=True)
def _clip(x, per):
    return max(-1.0, min(1.0, x * per))


@njit(cache=True)
def _relative(seat, base, n):
    """Block index of `seat` as seen from `base` (no modulo: it is costly in the hot path)."""
    k = seat - base
    return k + n if k < 0 else k


@njit(cache=True)
def _one_hot_seat(out, at, seat, base, n):
    if seat >= 0:
        out[at + _relative(seat, base, n)] = 1.0


@njit(cache=True)
def _one_hot_type(out, at, t):
    if t >= 0:
        out[at + t] = 1.0


@njit(cache=True)
def _tile(out, at, tile):
    """Slot or next-tile features: empty, Building (with its Gold), Generous Dragon, Calendar,
    Invasion."""
    if tile < 0:
        out[at] = 1.0
        return
    kind = TILE_KIND[tile]
    if kind == BUILDING:
        out[at + 1] = 1.0
        out[at + 2] = TILE_GOLD[tile] * PER_TILE_GOLD
    elif kind == GENEROUS_DRAGON:
        out[at + 3] = 1.0
    elif kind == CALENDAR:
        out[at + 4] = 1.0
    elif kind == INVASION:
        out[at + 5] = 1.0


@njit(cache=True)
def _pending_value(state, seat):
    pending = state[L.PENDING + seat]
    if pending < 0:
        return 0.0
    step = state[L.STEP]
    if step == L.CHOOSE_CONTRACT:
        if CONTRACT_IS_JESTER[pending]:
            return JESTER_VALUE * PER_VALUE
        return CONTRACT_VALUE[pending] * PER_VALUE
    if step == L.BID_AMOUNT:
        return _clip(pending, PER_AMOUNT)
    return (pending + 1) / (NUM_TYPES + 1.0)


@njit(cache=True)
def _duplicated_groups(state, viewer, currency):
    """Bit g set when the viewer's group g holds more than one seat (its seats are not exact)."""
    seen = 0
    dup = 0
    for seat in range(state[L.NUM_PLAYERS]):
        bit = 1 << state[L.GROUP + knowledge(viewer, seat, currency)]
        dup |= seen & bit
        seen |= bit
    return dup


@njit(cache=True)
def _seat_block(state, out, at, seat, viewer, god, n, shared):
    t_base = seat * NUM_TYPES
    out[at] = 1.0
    total = 0
    for t in range(NUM_TYPES):
        b = state[L.BLD + t_base + t]
        total += b
        out[at + 1 + t] = _clip(b, PER_COUNT)
        out[at + 20 + t] = _clip(state[L.TUCK + t_base + t], PER_INTEREST)
    out[at + 7] = _clip(total, PER_COUNT)
    hand = state[L.HAND + seat]
    for c in range(NUM_CONTRACTS):
        out[at + 8 + c] = (hand >> c) & 1
    card = state[L.REVEALED + seat]
    if card >= 0:
        out[at + 27] = 1.0
        if state[L.VOID + seat]:
            out[at + 28] = 1.0
        elif CONTRACT_IS_JESTER[card]:
            out[at + 26] = JESTER_VALUE * PER_VALUE
        else:
            out[at + 26] = CONTRACT_VALUE[card] * PER_VALUE
    out[at + 29] = state[L.BUILT_GOLD + seat] * PER_TILE_GOLD
    out[at + 30] = state[L.PENDING + seat] >= 0
    out[at + 31] = state[L.BANKRUPT + seat]
    if god or seat == viewer:
        for c in range(2):
            held = _clip(state[L.HOLD + seat * 2 + c], CURRENCY_SCALE[c])
            out[at + 32 + c] = held
            out[at + 46 + c] = held
            out[at + 34 + c] = 1.0
        out[at + 44] = _pending_value(state, seat)
    else:
        for c in range(2):
            k = knowledge(viewer, seat, c)
            held = state[L.HOLD + seat * 2 + c]
            out[at + 32 + c] = _clip(held - state[L.UNSEEN + k], CURRENCY_SCALE[c])
            out[at + 46 + c] = _clip(held - state[L.SLACK + k], CURRENCY_SCALE[c])
            out[at + 34 + c] = not (shared[c] >> state[L.GROUP + k]) & 1
        out[at + 48] = _clip(state[L.UNSEEN_CHESTS + viewer * L.P + seat], PER_CHESTS)
    bid = state[L.BID + seat]
    if bid >= 0:
        out[at + 36] = _clip(bid, PER_AMOUNT)
        out[at + 37] = 1.0
        high = state[L.BID_HIGH]
        out[at + 38] = high > 0 and bid == high
    out[at + 39] = _relative(seat, state[L.START], n) < state[L.ACT_TURN]
    out[at + 40] = state[L.POINTS + seat] * PER_POINTS
    invaded = state[L.INVADED + seat]
    if invaded == L.INVADE_KNIGHTS:
        out[at + 41] = 1.0
    elif invaded >= 0:
        out[at + 42] = 1.0
    out[at + 43] = _clip(state[L.INTEREST_PAID + seat], PER_AMOUNT)
    if state[L.STEP] == L.PICK_TILE:
        for k in range(state[L.TURN], state[L.ORDER_LEN]):
            if state[L.ORDER + k] == seat:
                out[at + 45] = 1.0


@njit(OBSERVE, cache=True)
def observe(state, viewer, out):
    """Write the observation of seat `viewer` (-1: the full state) into out[:OBS_SIZE]."""
    out[:] = 0.0
    n = state[L.NUM_PLAYERS]
    god = viewer < 0
    base = 0 if god else viewer
    step = state[L.STEP]
    actor = state[L.ACTOR]
    out[n - 3] = 1.0
    out[3] = state[L.ROUND] * PER_NINE
    out[4 + min(step, L.NUM_DECISIONS)] = 1.0
    _one_hot_seat(out, 16, actor, base, n)
    _one_hot_seat(out, 21, state[L.START], base, n)
    out[26 + state[L.DRAGON]] = 1.0
    out[32] = state[L.NO_INTEREST]
    calendars = 0
    at = TYPES_AT
    for t in range(NUM_TYPES):
        tile = state[L.SLOT + t]
        if tile >= 0 and TILE_KIND[tile] == CALENDAR:
            calendars += 1
        out[at] = TYPE_MIN_PLAYERS[t] <= n
        out[at + 1] = (STACK_SIZE - state[L.STACK_TOP + t]) * PER_NINE
        _tile(out, at + 2, tile)
        out[at + 8] = state[L.REM_BUILDINGS + t] * PER_NINE
        out[at + 9] = state[L.REM_GOLD + t] * PER_GOLD
        out[at + 10] = state[L.REM_CALENDARS + t]
        out[at + 11] = state[L.REM_INVASIONS + t]
        at += TYPE_FEATURES
    out[33] = calendars * (1.0 / 6.0)
    if step == L.CHEST_AMOUNT or step == L.BID_AMOUNT:
        out[34] = _clip(state[L.ENTRY_LEN], PER_DIGITS)
        if god or actor == viewer:
            out[35] = _clip(state[L.ENTRY_REG], PER_GOLD)
            out[36] = _clip(state[L.ENTRY_LEFT], PER_DIGITS)
            out[37] = _clip(state[L.ENTRY_CAP], PER_GOLD)
    at = TURN_AT
    act_seat = state[L.ACT_SEAT]
    _one_hot_seat(out, at, act_seat, base, n)
    _one_hot_type(out, at + 5, state[L.ACT_TYPE])
    out[at + 11] = act_seat >= 0 and state[L.ACT_TYPE] < 0
    target = state[L.CHEST_TARGET_SEAT]
    _one_hot_seat(out, at + 12, target, base, n)
    _one_hot_type(out, at + 17, state[L.CHEST_TYPE])
    response = state[L.CHEST_RESPONSE_KIND]
    out[at + 23] = response == L.ACCEPTED
    out[at + 24] = response == L.MATCHED
    _one_hot_type(out, at + 25, state[L.CHEST_MOVED])
    if god or viewer == act_seat or viewer == target:
        out[at + 31] = _clip(state[L.CHEST_X], PER_AMOUNT)  # non-zero only while shut
    out[at + 32] = state[L.STAKE] * (1.0 / 6.0)
    out[at + 33] = state[L.BID_HIGH] >= 0
    out[at + 34] = _clip(max(state[L.BID_HIGH], 0), PER_AMOUNT)
    _one_hot_seat(out, at + 35, state[L.AUCTION_WINNER], base, n)
    if god:
        at = NEXT_TILES_AT
        for t in range(NUM_TYPES):
            top = state[L.STACK_TOP + t]
            if top < STACK_SIZE:
                tile = state[L.STACKS + t * STACK_SIZE + top]
                kind = TILE_KIND[tile]
                out[at + kind] = TILE_GOLD[tile] * PER_TILE_GOLD if kind == BUILDING else 1.0
            at += 4
    shared = (0, 0)
    if not god:
        shared = (_duplicated_groups(state, viewer, 0), _duplicated_groups(state, viewer, 1))
    for k in range(n):
        seat = base + k - n if base + k >= n else base + k
        _seat_block(state, out, GLOBAL_FEATURES + k * SEAT_FEATURES, seat, viewer, god, n, shared)
