"""Validation of a saved Goofspiel state (tabletop_core.validate): every field in range, the
prizes dealt in the game's order, each seat's hand the cards it has not bid, the winners and
points those of the bids, and the actor the first seat still to bid."""

import numpy as np
from numba import njit

from goofspiel_env.data import MAX_PLAYERS, MIN_PLAYERS, POINTS_ORDERS, RETURNS_TYPES
from goofspiel_env.engine import layout as L
from goofspiel_env.engine.actions import winner_of
from tabletop_core.signatures import VALIDATE
from tabletop_core.validate import StateChecks, check_head

P = L.P
C = L.C
_c = StateChecks(MAX_PLAYERS)
_c.open(L.NUM_PLAYERS, MIN_PLAYERS, MAX_PLAYERS, L.RNG)
_c.field("num_cards", L.NUM_CARDS, 1, 2, C)
_c.field("num_turns", L.NUM_TURNS, 1, 1, C)
_c.field("points_order", L.POINTS_ORDER, 1, 0, len(POINTS_ORDERS) - 1)
_c.field("imp_info", L.IMP_INFO, 1, 0, 1)
_c.field("egocentric", L.EGOCENTRIC, 1, 0, 1)
_c.field("returns_type", L.RETURNS_TYPE, 1, 0, len(RETURNS_TYPES) - 1)
_c.field("phase", L.PHASE, 1, 0, L.NUM_PHASES - 1)
_c.field("turn", L.TURN, 1, 0, C)
_c.field("actor", L.ACTOR, 1, -1, -1, plus_players=True)
_c.field("prize", L.PRIZE, 1, -1, C - 1)
_c.field("pending", L.PENDING, P, -1, C - 1, seat_width=1, rest=-1)
_c.field("points", L.POINTS, P, 0, C * (C + 1) // 2, seat_width=1)
_c.field("hands", L.HANDS, P * C, 0, 1, seat_width=C)
_c.field("prizes", L.PRIZES, C, -1, C - 1)
_c.field("winners", L.WINNERS, C, L.NOT_PLAYED, -1, plus_players=True)
_c.field("bids", L.BIDS, C * P, -1, C - 1)
RNG_STUCK = _c.rng_stuck()
TIMING = _c.check("num_turns/turn/phase: more turns than cards, past the last turn, or the "
                   "phase not the turn's")
PRIZE_ORDER = _c.check("prizes/prize: not an order of every prize card, that of the points "
                       "order, or the prize up not the turn's")
HISTORY = _c.check("bids/winners: a bid twice, past the turn, or a winner not the bids'")
HANDS_HELD = _c.check("hands: not the cards a seat has not bid")
POINTS_WON = _c.check("points: not the prizes won")
BIDDING = _c.check("actor/pending: not the first seat still to bid, or a bid not held")
STATE_FIELDS, FIELD_TABLE, FIELD_COVERAGE = _c.export(L.STATE_SIZE)
# (name, state slot) of each make_config entry.
CONFIG_FIELDS = (
    ("num_players", L.NUM_PLAYERS), ("num_cards", L.NUM_CARDS), ("num_turns", L.NUM_TURNS),
    ("points_order", L.POINTS_ORDER), ("imp_info", L.IMP_INFO),
    ("egocentric", L.EGOCENTRIC), ("returns_type", L.RETURNS_TYPE),
)


@njit(cache=True)
def _check_prizes(state, turn, over):
    cards = state[L.NUM_CARDS]
    seen = np.zeros(C, np.int32)
    for t in range(C):
        card = state[L.PRIZES + t]
        if (card >= 0) != (t < cards) or card >= cards:
            return False
        if card < 0:
            continue
        if seen[card]:
            return False
        seen[card] = 1
        order = state[L.POINTS_ORDER]
        if (order == L.DESCENDING and card != cards - 1 - t) or (
                order == L.ASCENDING and card != t):
            return False
    return state[L.PRIZE] == (-1 if over else state[L.PRIZES + turn])


@njit(cache=True)
def _check_history(state, n, turn):
    bids = np.zeros(P, np.int32)
    for t in range(C):
        for s in range(P):
            if (state[L.BIDS + t * P + s] >= 0) != (t < turn and s < n):
                return False
        if t >= turn:
            if state[L.WINNERS + t] != L.NOT_PLAYED:
                return False
            continue
        for s in range(n):
            bids[s] = state[L.BIDS + t * P + s]
            if bids[s] >= state[L.NUM_CARDS]:
                return False
            for u in range(t):
                if state[L.BIDS + u * P + s] == bids[s]:
                    return False
        if state[L.WINNERS + t] != winner_of(bids, n):
            return False
    return True


@njit(VALIDATE, cache=True)
def validate_state(state):
    """0 for a state the rules can reach, else the code of its first bad field."""
    code = check_head(state, FIELD_TABLE, MAX_PLAYERS, L.RNG, RNG_STUCK)
    if code:
        return code
    n = state[L.NUM_PLAYERS]
    cards = state[L.NUM_CARDS]
    turns = state[L.NUM_TURNS]
    turn = state[L.TURN]
    over = state[L.ACTOR] < 0
    if turns > cards or turn > turns or over != (turn == turns) or (
            not over and turn == cards - 1) or over != (state[L.PHASE] == L.OVER):
        return TIMING
    if not _check_prizes(state, turn, over):
        return PRIZE_ORDER
    if not _check_history(state, n, turn):
        return HISTORY
    for s in range(n):
        for c in range(C):
            held = 1 if c < cards else 0
            for t in range(turn):
                if state[L.BIDS + t * P + s] == c:
                    held = 0
            if state[L.HANDS + s * C + c] != held:
                return HANDS_HELD
    for s in range(n):
        won = 0
        for t in range(turn):
            if state[L.WINNERS + t] == s:
                won += state[L.PRIZES + t] + 1
        if state[L.POINTS + s] != won:
            return POINTS_WON
    actor = state[L.ACTOR]
    for s in range(n):
        pending = state[L.PENDING + s]
        if over or s >= actor:
            if pending != -1:
                return BIDDING
        elif pending < 0 or state[L.HANDS + s * C + pending] != 1:
            return BIDDING
    return 0
