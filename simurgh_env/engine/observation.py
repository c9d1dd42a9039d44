"""Observations: float32 features of what one seat may know (or everything, for viewer -1).

Seats are relative to the viewer (block 0 is the viewer itself). Hidden from a seat: the
identity of face-down tiles it does not know (other hands, stack orders, the box), the tiles
another seat is drawing or drafting, another seat's uncommitted Dragonlord dragon pick. The
families of hand tiles and of seen stack tiles are public (C25). Every feature lies in [-1, 1].

Layout (OBS_SIZE floats):
    global        phase, configuration, actor, end, counts, turn flags, the open frame and
                  the effect it resolves (5 bundles x 12 + dragon draw)
    city          12 spaces x (own spearmen, own dragonriders, others)
    wilds         6 areas x (closed, holds a tile, 4 spaces x (own S, own DR, others))
    action tiles  48 x (in my hand, in the hand of a seat known to me, offered to take
                  (Scouts' slot, draft row, my power draft options), in the Wilds, out of
                  play (Chronicle; the box if known), known position in the stack)
    dragons       24 x (mine, owner seat, 3 marker slots, drawn by me / known in the stack)
    objectives    12 x (Monument space, drawn by me, known in the stack)
    seats         5 x SEAT_FEATURES
"""

import numpy as np
from numba import njit

from simurgh_env.engine import layout as L
from simurgh_env.engine.tables import (
    B_MARKERS,
    B_MIX,
    B_POWER,
    B_RIDERS,
    B_SPEARMEN,
    BW,
    CHRONICLE_TO_END,
    E_COST,
    E_DRAW,
    E_DRAW_MARKERS,
    E_GAIN,
    EFFECTS,
    MASK_FIRST,
    N_AREAS,
    N_CITY,
    N_DRAGONS,
    N_FAMILIES,
    N_OBJECTIVES,
    N_RES,
    N_TILES,
    OBJECTIVES_TO_END,
    TILE_FAMILY,
    VEGETABLE,
)
from tabletop_core.signatures import OBSERVE

BUNDLE_FEATURES = 12
EFFECT_FEATURES = 5 * BUNDLE_FEATURES + 2
GLOBAL_FEATURES = 64 + 17 + EFFECT_FEATURES + 1
CITY_FEATURES = 3
AREA_FEATURES = 2 + L.SPACES_PER_AREA * 3
TILE_FEATURES = 6
DRAGON_FEATURES = 6
OBJECTIVE_FEATURES = 3
SEAT_FEATURES = 22
OBS_SIZE = (
    GLOBAL_FEATURES
    + N_CITY * CITY_FEATURES
    + N_AREAS * AREA_FEATURES
    + N_TILES * TILE_FEATURES
    + N_DRAGONS * DRAGON_FEATURES
    + N_OBJECTIVES * OBJECTIVE_FEATURES
    + L.P * SEAT_FEATURES
)
SEATS_AT = OBS_SIZE - L.P * SEAT_FEATURES
SEEN_FAMILIES = L.NUM_PHASES + 8 + 6 + 7 + N_FAMILIES  # global: stack tiles seen, by family
# Seat block features filled while other blocks are written: markers on its dragons (/20),
# its dragons (/8), its hand tiles the viewer cannot identify (/8).
MARKERS_FEATURE = 11
DRAGONS_FEATURE = 12
HIDDEN_FEATURE = 19


@njit(cache=True)
def _unit(x, inverse_scale):
    return min(x * inverse_scale, 1.0)


@njit(cache=True)
def _relative(seat, base, n):
    return (seat - base + n) % n


@njit(cache=True)
def _knows(known, viewer):
    return viewer < 0 or (known >> viewer) & 1 == 1


def _bundle_features(row: int, column: int) -> np.ndarray:
    """A bundle as BUNDLE_FEATURES floats: resources, PP, markers, vassals, the two mixes of the
    tables (wood/stone, vegetables/meat)."""
    x = np.zeros(BUNDLE_FEATURES, np.float32)
    x[:N_RES] = np.minimum(EFFECTS[row, column:column + N_RES] / 6.0, 1.0)
    x[6] = min(EFFECTS[row, column + B_POWER] / 16.0, 1.0)
    x[7] = min(EFFECTS[row, column + B_MARKERS] / 2.0, 1.0)
    x[8] = EFFECTS[row, column + B_SPEARMEN]
    x[9] = EFFECTS[row, column + B_RIDERS]
    for m in range(2):
        amount = EFFECTS[row, column + B_MIX + 2 * m]
        if amount > 0:
            first = MASK_FIRST[EFFECTS[row, column + B_MIX + 2 * m + 1]]
            x[10 + (first == VEGETABLE)] = min(amount / 6.0, 1.0)
    return x


def _effect_table() -> np.ndarray:
    """Per effect row: its 2 cost and 3 gain bundles, dragons drawn, markers on the kept one."""
    table = np.zeros((EFFECTS.shape[0], EFFECT_FEATURES), np.float32)
    for row in range(EFFECTS.shape[0]):
        columns = [E_COST + k * BW for k in range(2)] + [E_GAIN + k * BW for k in range(3)]
        for k, column in enumerate(columns):
            table[row, k * BUNDLE_FEATURES:(k + 1) * BUNDLE_FEATURES] = _bundle_features(
                row, column)
        table[row, -2] = EFFECTS[row, E_DRAW] / 4.0
        table[row, -1] = EFFECTS[row, E_DRAW_MARKERS] / 3.0
    return table


EFFECT_TABLE = _effect_table()


@njit(cache=True)
def _global(state, viewer, out):
    n = state[L.NUM_PLAYERS]
    base = 0 if viewer < 0 else viewer
    phase = state[L.PHASE]
    actor = state[L.ACTOR]
    out[phase] = 1.0
    at = L.NUM_PHASES
    out[at + n - 2] = 1.0
    out[at + 4] = state[L.MODE]
    out[at + 5 + state[L.LENGTH]] = 1.0
    at += 8
    if actor >= 0:
        out[at + _relative(actor, base, n)] = 1.0
        out[at + 5] = actor == viewer
    at += 6
    out[at] = state[L.END_SEAT] >= 0
    out[at + 1] = state[L.FINAL_LEFT] * (1.0 / 5)
    out[at + 2] = _unit(state[L.CHRONICLE_N], 1.0 / CHRONICLE_TO_END[state[L.LENGTH]])
    out[at + 3] = _unit(state[L.OBJECTIVES_N], 1.0 / OBJECTIVES_TO_END[state[L.LENGTH]])
    out[at + 4] = state[L.STACK_N] * (1.0 / 48)
    out[at + 5] = state[L.DSTACK_N] * (1.0 / 24)
    out[at + 6] = state[L.OSTACK_N] * (1.0 / 12)
    at += 7
    # Families seen on the stack's backs (C25): the top tile here, all seen ones with the tiles.
    top = state[L.STACK_N] - 1
    if top >= 0:
        out[at + TILE_FAMILY[state[L.STACK + top]]] = 1.0
    at += 2 * N_FAMILIES
    out[at] = state[L.MAIN_DONE] == 1
    out[at + 1] = state[L.MAIN_DONE] == 2
    out[at + 2] = state[L.TILE_PLAYED]
    out[at + 3] = state[L.MOVED]
    out[at + 4] = (state[L.ENTERED_AREA] + 1) * (1.0 / 6)
    out[at + 5] = _unit(state[L.BLOCKED], 1.0 / 3)
    out[at + 6] = _unit(state[L.BLOCKED + 1], 0.5)
    out[at + 7] = state[L.DRAFT_TURN] * (1.0 / 10)
    at += 8
    depth = state[L.DEPTH]
    out[at] = depth / 3.0
    at += 1
    if depth > 0:
        f = L.FRAMES + (depth - 1) * L.FW
        out[at + state[f + L.F_KIND]] = 1.0
        step = state[f + L.F_STEP]
        out[at + 6] = step == L.ST_COST_MIX
        out[at + 7] = step == L.ST_SPEND_R
        out[at + 8] = _unit(state[f + L.F_LEFT], 1.0 / 6)
        out[at + 9] = state[f + L.F_MOVE] / 2.0
        for k in range(N_RES):
            out[at + 10 + k] = _unit(state[f + L.F_G + k], 1.0 / 10)
        out[at + 16] = _unit(state[f + L.F_GPP], 1.0 / 16)
        row = state[f + L.F_EFFECT]
        for k in range(EFFECT_FEATURES):
            out[at + 17 + k] = EFFECT_TABLE[row, k]
        out[at + 17 + EFFECT_FEATURES] = (state[f + L.F_COST] + 1) * 0.5


@njit(cache=True)
def _space(state, own, space, out, at):
    """Own spearmen, own dragonriders, others' vassals on a board space (empty: all zero)."""
    total = state[L.SPACE_TOTAL + space]
    if total > 0:
        s_own = state[L.OCC + (own * L.N_SPACES + space) * 2]
        r_own = state[L.OCC + (own * L.N_SPACES + space) * 2 + 1]
        out[at] = s_own * (1.0 / 3)
        out[at + 1] = r_own * 0.5
        out[at + 2] = min((total - s_own - r_own) * 0.2, 1.0)


@njit(cache=True)
def _board(state, viewer, out, at):
    own = 0 if viewer < 0 else viewer
    for space in range(N_CITY):
        _space(state, own, space, out, at)
        at += CITY_FEATURES
    for area in range(N_AREAS):
        tile = state[L.AREA_TILE + area]
        out[at] = tile == L.AREA_CLOSED
        out[at + 1] = tile >= 0
        for i in range(L.SPACES_PER_AREA):
            _space(state, own, L.WILDS_SPACE + area * L.SPACES_PER_AREA + i, out, at + 2 + 3 * i)
        at += AREA_FEATURES
    return at


@njit(cache=True)
def _tiles(state, viewer, out, at):
    n = state[L.NUM_PLAYERS]
    base = 0 if viewer < 0 else viewer
    stack_n = state[L.STACK_N]
    for tile in range(N_TILES):
        loc = state[L.TLOC + tile]
        idx = state[L.TIDX + tile]
        # The most frequent places first: the stack, the box, the hands.
        if loc == L.LOC_STACK:
            if state[L.TFAM_SEEN + tile]:
                out[SEEN_FAMILIES + TILE_FAMILY[tile]] += 0.1
            if _knows(state[L.TKNOWN + tile], viewer):
                out[at + 5] = 1.0 - (stack_n - 1 - idx) * (1.0 / 48)
        elif loc == L.LOC_BOX:
            if _knows(state[L.TKNOWN + tile], viewer):
                out[at + 4] = -1.0
        elif loc == L.LOC_HAND:
            if idx == base:
                out[at] = 1.0
            elif _knows(state[L.TKNOWN + tile], viewer):
                out[at + 1] = _relative(idx, base, n) * 0.25
            else:
                out[SEATS_AT + _relative(idx, base, n) * SEAT_FEATURES + HIDDEN_FEATURE] += 0.125
        elif loc == L.LOC_WILDS:
            out[at + 3] = (idx + 1) * (1.0 / 6)
        elif loc == L.LOC_CHRONICLE:
            out[at + 4] = 1.0
        elif loc == L.LOC_SLOT or loc == L.LOC_ROW:
            out[at + 2] = (idx + 1) * 0.25
        elif loc == L.LOC_OPTIONS and _knows(state[L.TKNOWN + tile], viewer):
            out[at + 2] = 0.1
        at += TILE_FEATURES
    return at


@njit(cache=True)
def _dragons(state, viewer, out, at):
    """The dragon tiles; each owner's markers and dragons are counted into its seat block."""
    n = state[L.NUM_PLAYERS]
    base = 0 if viewer < 0 else viewer
    dstack_n = state[L.DSTACK_N]
    for dragon in range(N_DRAGONS):
        loc = state[L.DLOC + dragon]
        idx = state[L.DIDX + dragon]
        if loc == L.D_OWNED:
            rel = _relative(idx, base, n)
            if rel == 0:
                out[at] = 1.0
            else:
                out[at + 1] = rel * 0.25
            seat_at = SEATS_AT + rel * SEAT_FEATURES
            out[seat_at + DRAGONS_FEATURE] += 0.125
            for slot in range(3):
                s = state[L.DSLOT + dragon * 3 + slot]
                if s == L.SLOT_MARKER:
                    out[at + 2 + slot] = 1.0
                    out[seat_at + MARKERS_FEATURE] += 0.05
                elif s == L.SLOT_CLOSED:
                    out[at + 2 + slot] = -1.0
        elif _knows(state[L.DKNOWN + dragon], viewer):
            if loc == L.D_STACK:
                out[at + 5] = -(1.0 - (dstack_n - 1 - idx) * (1.0 / 24))
            elif loc == L.D_DRAWN:
                out[at + 5] = 0.5
            elif loc == L.D_SETUP:
                picked = state[L.SETUP_PICK + idx]
                chosen = picked >= 0 and state[L.SETUP_DRAWN + idx * 3 + picked] == dragon
                out[at + 5] = 1.0 if chosen else 0.5
        at += DRAGON_FEATURES
    return at


@njit(cache=True)
def _objectives(state, viewer, out, at):
    ostack_n = state[L.OSTACK_N]
    depth = state[L.DEPTH]
    picked = -1
    if depth > 0:
        f = L.FRAMES + (depth - 1) * L.FW
        if state[f + L.F_STEP] == L.ST_MON_SPACE:
            picked = state[f + L.F_ARG2]
    for objective in range(N_OBJECTIVES):
        loc = state[L.OLOC + objective]
        if loc == L.O_MONUMENT:
            out[at] = (state[L.OIDX + objective] + 1) * (1.0 / 5)
        elif _knows(state[L.OKNOWN + objective], viewer):
            if loc == L.O_DRAWN:
                out[at + 1] = 1.0 if objective == picked else 0.5
            else:
                out[at + 2] = 1.0 - (ostack_n - 1 - state[L.OIDX + objective]) * (1.0 / 12)
        at += OBJECTIVE_FEATURES
    return at


@njit(cache=True)
def _seats(state, viewer, out, at):
    n = state[L.NUM_PLAYERS]
    base = 0 if viewer < 0 else viewer
    for k in range(n):
        seat = (base + k) % n
        a = at + k * SEAT_FEATURES
        total = 0
        for r in range(N_RES):
            x = state[L.RES + seat * N_RES + r]
            total += x
            out[a + r] = _unit(x, 1.0 / 15)
        out[a + 6] = _unit(state[L.PP + seat], 1.0 / 100)
        out[a + 7] = state[L.UNPLACED + seat * 2] * (1.0 / 3)
        out[a + 8] = state[L.UNPLACED + seat * 2 + 1] / 2.0
        out[a + 9] = state[L.OWNED + seat * 2] * (1.0 / 3)
        out[a + 10] = state[L.OWNED + seat * 2 + 1] / 2.0
        out[a + MARKERS_FEATURE] = min(out[a + MARKERS_FEATURE], 1.0)
        out[a + DRAGONS_FEATURE] = min(out[a + DRAGONS_FEATURE], 1.0)
        out[a + 13] = _unit(state[L.HAND_N + seat], 1.0 / 8)
        for fam in range(N_FAMILIES):
            out[a + 14 + fam] = _unit(state[L.HAND_FAM + seat * N_FAMILIES + fam], 1.0 / 5)
        out[a + HIDDEN_FEATURE] = min(out[a + HIDDEN_FEATURE], 1.0)
        out[a + 20] = _unit(total, 1.0 / 15)
        out[a + 21] = 1.0


@njit(OBSERVE, cache=True)
def observe(state, viewer, out):
    """Write the observation of seat `viewer` (-1: the full state) into out[:OBS_SIZE]."""
    out[:] = 0.0
    _global(state, viewer, out)
    at = _board(state, viewer, out, GLOBAL_FEATURES)
    at = _tiles(state, viewer, out, at)
    at = _dragons(state, viewer, out, at)
    at = _objectives(state, viewer, out, at)
    _seats(state, viewer, out, at)
