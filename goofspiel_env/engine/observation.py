"""What a seat sees: the prizes, every seat's points and hand as far as it may know them, and
the history of the turns (with imp_info, only its own bids and who took each prize).

Seats are listed in table order, or from the viewer's seat on with `egocentric` (as
OpenSpiel's option). A bid sealed this turn is seen by its own seat only; whether a seat has
bid yet is public.
"""

from numba import njit

from goofspiel_env.engine import layout as L
from tabletop_core.observation import FULL_STATE, KNOWN, OWN, Block, Piece, lay_out
from tabletop_core.signatures import OBSERVE

P = L.P
C = L.C
LAYOUT = lay_out((
    Piece("turn", (1,), "turns resolved so far / MAX_CARDS"),
    Piece("prize", (C,), "one-hot: the prize card up for bid"),
    Piece("prizes_left", (C,), "1 for each prize card not yet won or discarded"),
    Block("seat", P, (
        Piece("viewer", (1,), "1 in the viewer's own block", OWN),
        Piece("points", (1,), "points won / the most a game can give"),
        Piece("hand", (C,), "1 for each card held (other seats' with imp_info: 0)", KNOWN),
        Piece("bid_done", (1,), "1 once the seat has sealed its bid this turn"),
        Piece("bid", (C,), "one-hot: the bid sealed this turn (the viewer's own)", OWN),
    ), "one per seat, in table order (egocentric: from the viewer's seat on)"),
    Block("history", C, (
        Piece("prize", (1,), "the value of the turn's prize card / MAX_CARDS, 0 if not played"),
        Piece("winner", (P + 1,), "one-hot: the seat that took the prize; last: discarded"),
        Piece("bids", (P,), "each seat's bid's value / MAX_CARDS, 0 if unknown (imp_info: others')",
              KNOWN),
    ), "one per turn, in order of play"),
    Piece("hidden_bids", (C * P,), "every bid's value / MAX_CARDS, imp_info or not", FULL_STATE),
))
OBS_SIZE = LAYOUT.size
_TURN = LAYOUT.offsets["turn"]
_PRIZE = LAYOUT.offsets["prize"]
_LEFT = LAYOUT.offsets["prizes_left"]
_SEAT = LAYOUT.starts["seat"]
_SEAT_STRIDE = LAYOUT.slots["seat.viewer"].stride
_VIEWER = LAYOUT.offsets["seat.viewer"]
_POINTS = LAYOUT.offsets["seat.points"]
_HAND = LAYOUT.offsets["seat.hand"]
_DONE = LAYOUT.offsets["seat.bid_done"]
_BID = LAYOUT.offsets["seat.bid"]
_HISTORY = LAYOUT.starts["history"]
_HISTORY_STRIDE = LAYOUT.slots["history.prize"].stride
_H_PRIZE = LAYOUT.offsets["history.prize"]
_H_WINNER = LAYOUT.offsets["history.winner"]
_H_BIDS = LAYOUT.offsets["history.bids"]
_HIDDEN = LAYOUT.offsets["hidden_bids"]
_MOST_POINTS = C * (C + 1) // 2


@njit(cache=True)
def _place(state, viewer, seat):
    """The block of `seat` in the viewer's observation."""
    if state[L.EGOCENTRIC] and viewer >= 0:
        return (seat - viewer) % state[L.NUM_PLAYERS]
    return seat


@njit(OBSERVE, cache=True)
def observe(state, viewer, out):
    """Write seat `viewer`'s observation into out (viewer -1: the full state)."""
    out[:] = 0.0
    n = state[L.NUM_PLAYERS]
    turn = state[L.TURN]
    full = viewer < 0
    hidden = state[L.IMP_INFO] != 0
    out[_TURN] = turn / C
    if state[L.PRIZE] >= 0:
        out[_PRIZE + state[L.PRIZE]] = 1.0
    for c in range(state[L.NUM_CARDS]):
        out[_LEFT + c] = 1.0
    for t in range(turn):
        out[_LEFT + state[L.PRIZES + t]] = 0.0
    for seat in range(n):
        at = _SEAT + _place(state, viewer, seat) * _SEAT_STRIDE
        mine = full or seat == viewer
        out[at + _VIEWER] = 1.0 if seat == viewer else 0.0
        out[at + _POINTS] = state[L.POINTS + seat] / _MOST_POINTS
        if mine or not hidden:
            for c in range(state[L.NUM_CARDS]):
                out[at + _HAND + c] = state[L.HANDS + seat * L.C + c]
        pending = state[L.PENDING + seat]
        if pending >= 0:
            out[at + _DONE] = 1.0
            if mine:
                out[at + _BID + pending] = 1.0
    for t in range(turn):
        at = _HISTORY + t * _HISTORY_STRIDE
        out[at + _H_PRIZE] = (state[L.PRIZES + t] + 1) / C
        winner = state[L.WINNERS + t]
        out[at + _H_WINNER + (P if winner < 0 else _place(state, viewer, winner))] = 1.0
        for seat in range(n):
            if full or seat == viewer or not hidden:
                out[at + _H_BIDS + _place(state, viewer, seat)] = \
                    (state[L.BIDS + t * P + seat] + 1) / C
    if full:
        for k in range(C * P):
            out[_HIDDEN + k] = (state[L.BIDS + k] + 1) / C
