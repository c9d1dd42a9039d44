"""Named offsets into the Goofspiel state array (int32).

Sized for MAX_PLAYERS seats and MAX_CARDS cards whatever the options, so every game has the
same array length. Cards are 0-based ids: card c is worth c + 1 (as OpenSpiel's actions).
"""

from goofspiel_env.data import MAX_CARDS, MAX_PLAYERS
from tabletop_core.layout import Offsets

P = MAX_PLAYERS
C = MAX_CARDS
RANDOM, DESCENDING, ASCENDING = range(3)
WIN_LOSS, POINT_DIFFERENCE, TOTAL_POINTS = range(3)
# Phases: every turn is one sealed bid of each seat.
BID, OVER = range(2)
NUM_PHASES = 2
PHASE_NAMES = ("bid", "over")
DISCARDED = -1  # WINNERS: the highest bid was tied, the prize is discarded
NOT_PLAYED = -2  # WINNERS: a turn still to come

_offsets = Offsets()
_block = _offsets.block
RNG = _block(4)
NUM_PLAYERS = _block(1)
NUM_CARDS = _block(1)
NUM_TURNS = _block(1)
POINTS_ORDER = _block(1)
IMP_INFO = _block(1)
EGOCENTRIC = _block(1)
RETURNS_TYPE = _block(1)
PHASE = _block(1)
TURN = _block(1)  # turns resolved so far
ACTOR = _block(1)  # seat to bid, -1 when the game is over
PRIZE = _block(1)  # the prize card up for bid, -1 when the game is over
PENDING = _block(P)  # the card each seat has bid this turn, -1 not yet
POINTS = _block(P)
HANDS = _block(P * C)  # 1 while the seat still holds the card (a pending bid included)
PRIZES = _block(C)  # the prize card of each turn, in the order dealt at the start; -1 unused
WINNERS = _block(C)  # the seat that took each turn's prize, DISCARDED or NOT_PLAYED
BIDS = _block(C * P)  # the card each seat bid on each turn [turn * P + seat], -1 not played
STATE_SIZE = _offsets.size

# Actions: action c bids card c (OpenSpiel's ids).
A_BID = 0
NUM_ACTIONS = A_BID + C
