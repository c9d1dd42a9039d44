"""Observations: float32 features of what one Lord may know (or everything, for viewer -1).

Seats are relative to the viewer (block 0 is the viewer itself). Hidden from a Lord: other
Lords' talion positions until revealed (their talion values are public, shown sorted), the deck
orders, Svara's cards unless it is the Lord looking. During the bids nothing depends on how far
the other Lords have got. Every feature lies in [-1, 1].
"""

import numpy as np
from numba import njit

from aquilon_env.data import (
    DWARF_MALT,
    DWARF_OCCULT,
    DWARF_ORDER,
    DWARF_POINTS,
    DWARF_RANKS,
    DWARF_RUNE,
    MAX_DWARVES_PER_LORD,
    MAX_TALION,
    NUM_COGNARS,
    NUM_DWARVES,
    NUM_ELITES,
    NUM_ORDERS,
    NUM_RUNE_KINDS,
    NUM_TAVERNS,
    OBS_BRAVERY_SCALE,
    OBS_FLAT_SCALE,
    OBS_LINES_SCALE,
    OBS_MALT_SCALE,
    OBS_OCCULT_SCALE,
    OBS_POINTS_SCALE,
    OBS_RANK_SCALE,
    OBS_RUNES_SCALE,
    OBS_TOKENS_SCALE,
    PARIAH_TOKENS,
)
from aquilon_env.engine import layout as L
from aquilon_env.engine.army import distinct_runes
from aquilon_env.engine.scoring import bravery_value, elite_count
from tabletop_core.signatures import OBSERVE

CARD_FEATURES = 11
# Talion kinds (BRONZE 0, GOLD 1, EXCHANGE3 2) as features.
KIND_SCALE = 0.5
SEAT_FEATURES = 72
GLOBAL_FEATURES = 75
OBS_SIZE = (
    GLOBAL_FEATURES
    + (NUM_TAVERNS * L.MAX_TAVERN_CARDS + 5) * CARD_FEATURES
    + L.P * SEAT_FEATURES
    + NUM_COGNARS * 6
    + NUM_ELITES * 7
    + 6
)


@njit(cache=True)
def _unit(x, scale):
    return min(x / scale, 1.0)


def _card_feature_table():
    table = np.zeros((NUM_DWARVES, CARD_FEATURES), np.float32)
    for card in range(NUM_DWARVES):
        table[card, 0] = 1.0
        table[card, 1 + DWARF_ORDER[card]] = 1.0
        table[card, 6] = DWARF_RANKS[card] / 3.0
        table[card, 7] = DWARF_POINTS[card] / 13.0
        table[card, 8] = DWARF_MALT[card]
        table[card, 9] = DWARF_OCCULT[card]
        table[card, 10] = DWARF_RUNE[card] / NUM_RUNE_KINDS
    return table


CARD_TABLE = _card_feature_table()


@njit(cache=True)
def _card(out, at, card):
    if card >= 0:
        for f in range(CARD_FEATURES):
            out[at + f] = CARD_TABLE[card, f]
    return at + CARD_FEATURES


@njit(cache=True)
def _relative(seat, base, n):
    """Block index of `seat` as seen from `base`; -1 for nobody."""
    if seat < 0:
        return -1
    return (seat - base + n) % n


@njit(cache=True)
def _seat_block(state, out, at, seat, sees_positions, is_viewer):
    n_talions = L.TALIONS
    base = seat * n_talions
    out[at] = 1.0
    out[at + 1] = state[L.GEMS + seat] / 5.0
    # Talion values and kinds are public; written sorted by (value, kind) so that their
    # positions stay hidden. A kind tells bronze from gold (a discarded gold talion returns to
    # the Treasury, a bronze one leaves the game) and marks the 3 - Exchange.
    for i in range(n_talions):
        v = state[L.TAL_VAL + base + i]
        kind = state[L.TAL_KIND + base + i]
        rank = 0
        for j in range(n_talions):
            w = state[L.TAL_VAL + base + j]
            k = state[L.TAL_KIND + base + j]
            if w < v or (w == v and (k < kind or (k == kind and j < i))):
                rank += 1
        out[at + 2 + rank] = v / MAX_TALION
        out[at + 62 + rank] = kind * KIND_SCALE
    for pos in range(n_talions):
        if state[L.TAL_KIND + base + pos] == L.TALION_EXCHANGE3:
            out[at + 7] = 1.0
    for pos in range(n_talions):
        if sees_positions or state[L.TAL_KNOWN + base + pos] == 1:
            out[at + 8 + pos] = state[L.TAL_VAL + base + pos] / MAX_TALION
            out[at + 13 + pos] = 1.0
            out[at + 67 + pos] = state[L.TAL_KIND + base + pos] * KIND_SCALE
    if is_viewer:
        out[at + 18] = state[L.BID_DONE + seat]
    a = at + 19
    for c in range(NUM_ORDERS):
        col = seat * NUM_ORDERS + c
        out[a + c] = _unit(state[L.COL_RANKS + col], OBS_RANK_SCALE[c])
        out[a + 5 + c] = _unit(state[L.COL_POINTS + col], OBS_POINTS_SCALE[c])
        out[a + 10 + c] = _unit(state[L.COL_FLAT + col], OBS_FLAT_SCALE)
    a += 15
    seen = state[L.WAND_VALUES_SEEN + seat]
    for v in range(12):
        out[a + v] = (seen >> (v + 2)) & 1
    a += 12
    out[a] = _unit(state[L.WAND_COVERED_COUNT + seat], PARIAH_TOKENS)
    out[a + 1] = _unit(state[L.MALT + seat], OBS_MALT_SCALE)
    out[a + 2] = _unit(state[L.OCCULT + seat], OBS_OCCULT_SCALE)
    out[a + 3] = _unit(distinct_runes(state, seat), OBS_RUNES_SCALE)
    mask = state[L.RUNE_MASK + seat]
    for r in range(NUM_RUNE_KINDS):
        out[a + 4 + r] = (mask >> r) & 1
    a += 4 + NUM_RUNE_KINDS
    out[a] = _unit(state[L.LINES + seat], OBS_LINES_SCALE)
    out[a + 1] = elite_count(state, seat) / 5.0
    out[a + 2] = state[L.LIQUOR_OWNER] == seat
    out[a + 3] = _unit(state[L.TOKENS_LEFT + seat], OBS_TOKENS_SCALE)
    out[a + 4] = _unit(bravery_value(state, seat), OBS_BRAVERY_SCALE)
    out[a + 5] = _unit(state[L.ARMY_COUNT + seat], MAX_DWARVES_PER_LORD)


@njit(OBSERVE, cache=True)
def observe(state, viewer, out):
    """Write the observation of seat `viewer` (-1: the full state) into out[:OBS_SIZE]."""
    out[:] = 0.0
    n = state[L.NUM_PLAYERS]
    god = viewer < 0
    base = 0 if god else viewer
    phase = state[L.PHASE]
    actor = state[L.ACTOR]
    out[phase] = 1.0
    at = L.NUM_PHASES
    out[at] = state[L.ERA] == 2
    out[at + 1] = state[L.TURN] / 4.0
    out[at + 2 + state[L.TAVERN]] = phase != L.BID
    out[at + 5 + n - 2] = 1.0
    out[at + 9] = (state[L.DECK1_LEN] - state[L.DECK1_POS]) / L.MAX_DECK
    out[at + 10] = (state[L.DECK2_LEN] - state[L.DECK2_POS]) / L.MAX_DECK
    at += 11
    for v in range(5, MAX_TALION + 1):
        out[at + v - 5] = state[L.TREASURY + v] / 3.0
    at += 21
    out[at] = state[L.EXCHANGE3_FREE]
    out[at + 1] = state[L.PARIAH_FREE] / 12.0
    at += 2
    # Who acts is public, except during the bids (it would tell who has already bid).
    if actor >= 0 and (phase != L.BID or actor == viewer or god):
        out[at + _relative(actor, base, n)] = 1.0
    out[at + 5] = actor == viewer
    at += 6
    out[at] = _unit(state[L.PENDING], 4.0)
    out[at + 1] = state[L.MERC_NEED]
    if state[L.PLACING] >= 0:
        out[at + 2 + state[L.PLACING]] = 1.0
    at += 2 + NUM_COGNARS
    for t in range(NUM_TAVERNS):
        for s in range(L.MAX_TAVERN_CARDS):
            at = _card(out, at, state[L.TAVERN_CARDS + t * L.MAX_TAVERN_CARDS + s])
    sees_svara = phase == L.SVARA and (god or actor == viewer)
    for k in range(5):
        card = -1
        if sees_svara and k < state[L.SVARA_COUNT]:
            card = state[L.DECK2 + state[L.DECK2_POS] + k]
        at = _card(out, at, card)
    for k in range(n):
        seat = (base + k) % n
        own = god or seat == viewer
        _seat_block(state, out, at + k * SEAT_FEATURES, seat, own, own and not god)
    at += L.P * SEAT_FEATURES
    for c in range(NUM_COGNARS):
        owner = state[L.COGNAR_OWNER + c]
        if owner < 0:
            out[at] = 1.0
        else:
            out[at + 1 + _relative(owner, base, n)] = 1.0
        at += 6
    for h in range(NUM_ELITES):
        elite = state[L.ELITE_HOLDER + h]
        a = at + elite * 7
        out[a] = h / 4.0
        owner = state[L.ELITE_OWNER + elite]
        if owner < 0:
            out[a + 1] = 1.0
        else:
            out[a + 2 + _relative(owner, base, n)] = 1.0
    at += NUM_ELITES * 7
    liquor = state[L.LIQUOR_OWNER]
    if liquor < 0:
        out[at] = 1.0
    else:
        out[at + 1 + _relative(liquor, base, n)] = 1.0
