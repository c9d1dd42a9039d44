"""Named offsets into the Dragon's Interest state array (int32), steps and action ids.

Sized for 5 players whatever the player count, so every game has the same array length and a
batch of games is one 2-D array. Per-seat blocks are indexed [seat * WIDTH + i]. The fields read
on every step come first; the chest log and the face-down stacks, read rarely, come last.
"""

from dragon_env import data as D
from tabletop_core.layout import Offsets

P = D.MAX_PLAYERS
T = D.NUM_TYPES

# STEP holds a DecisionKind (a seat must decide) or one of the automatic steps after it.
(CHOOSE_CONTRACT, PICK_TILE, ACTIVATE, CHEST_TARGET, CHEST_BUILDING, CHEST_AMOUNT,
 CHEST_RESPONSE, CHEST_TAKE, BID_AMOUNT, AUCTION_TIEBREAK, INVASION) = map(int, D.DecisionKind)
NUM_DECISIONS = len(D.DecisionKind)
AUTO_PHASE2, AUTO_PHASE3, AUTO_PHASE4, AUTO_ROUND, OVER = range(NUM_DECISIONS, NUM_DECISIONS + 5)
STEP_NAMES = (*(k.name.lower() for k in D.DecisionKind), "phase2", "phase3", "phase4", "round",
              "over")

# Actions (M2).
A_CONTRACT = D.A_CONTRACT
A_PICK = D.A_PICK
A_ACTIVATE = D.A_ACTIVATE
A_PASS = D.A_PASS
A_CHEST_TARGET = D.A_CHEST_TARGET
A_CHEST_BUILDING = D.A_CHEST_BUILDING
A_DIGIT = D.A_DIGIT
A_ACCEPT = D.A_ACCEPT
A_MATCH = D.A_MATCH
A_TAKE = D.A_TAKE
A_TIEBREAK = D.A_TIEBREAK
A_INVADE_KNIGHTS = D.A_INVADE_KNIGHTS
A_INVADE_BUILDING = D.A_INVADE_BUILDING
NUM_ACTIONS = D.NUM_ACTIONS

# Values of PENDING[seat] for an Invasion choice: a building type, or this for 2 Knights.
INVADE_KNIGHTS = T
# CHEST_RESPONSE values.
NO_RESPONSE, ACCEPTED, MATCHED = -1, 0, 1

_offsets = Offsets()
_block = _offsets.block
RNG = _block(4)
NUM_PLAYERS = _block(1)
STEP = _block(1)
ACTOR = _block(1)  # seat to decide, -1 once the game is over
ROUND = _block(1)  # 1-based
START = _block(1)  # Start Player
DRAGON = _block(1)  # ring index of the next stack the Dragon passes
SIDES = _block(1)  # stacks in play = Mountain sides (D2)
NO_INTEREST = _block(1)
TURN = _block(1)  # position in the fixed order of the current step (M7)
ENTRY_LEN = _block(1)  # public number of digits of the amount being entered (M4)
ENTRY_LEFT = _block(1)  # digits still to enter (private)
ENTRY_REG = _block(1)  # digits entered so far, as a number (private)
ENTRY_CAP = _block(1)  # the entering seat's holdings of the currency (private)
ACT_TURN = _block(1)  # Phase 2 turn, 0..n-1
ACT_SEAT = _block(1)  # seat of the latest Phase 2 turn this round, -1 none
ACT_TYPE = _block(1)  # type it activated, -1 for a pass
CHEST_TARGET_SEAT = _block(1)
CHEST_TYPE = _block(1)  # indicated type
CHEST_CURRENCY = _block(1)
CHEST_X = _block(1)  # amount in the shut chest (seen by the offerer and the target only)
CHEST_RESPONSE_KIND = _block(1)
CHEST_MOVED = _block(1)  # type of the Building that changed hands, -1 none
STAKE = _block(1)  # stake on the table
BID_HIGH = _block(1)  # highest revealed bid, -1 before the reveal
AUCTION_WINNER = _block(1)
INVASIONS_LEFT = _block(1)
ORDER_LEN = _block(1)
ORDER = _block(P)  # pick order of this round
HOLD = _block(P * 2)  # [seat * 2 + currency]: Gold, Knights
BLD = _block(P * T)  # Buildings per type
TUCK = _block(P * T)  # interest value of the Contracts tucked under each type
HAND = _block(P)  # bitmask of the Contract ids in hand
PENDING = _block(P)  # committed but unrevealed choice of a simultaneous decision, -1 none
REVEALED = _block(P)  # Contract revealed this round, -1 none
VOID = _block(P)  # that Contract was a void Jester
BUILT_GOLD = _block(P)  # Gold value of the tile built this round, 0 none
BID = _block(P)  # revealed bids of the latest auction, -1 none
INVADED = _block(P)  # latest Invasion result: a type, INVADE_KNIGHTS, or -1
INTEREST_PAID = _block(P)  # interest paid in this round's Phase 4
BANKRUPT = _block(P)
POINTS = _block(P)  # D55 as it would count now, updated whenever Buildings change
SLOT = _block(T)  # face-up tile id per type, -1 empty
STACK_TOP = _block(T)  # index in STACKS of the next face-down tile; STACK_SIZE = empty
REM_BUILDINGS = _block(T)  # face-down Buildings left per stack (public multiset)
REM_GOLD = _block(T)
REM_CALENDARS = _block(T)
REM_INVASIONS = _block(T)
# What each viewer knows of each seat's Gold and Knights (M15), [viewer, seat, currency]:
UNSEEN = _block(P * P * 2)  # holding minus the viewer's tally (0 when exactly known)
SLACK = _block(P * P * 2)  # holding minus the viewer's proven lower bound (floor)
GROUP = _block(P * P * 2)  # smallest seat of the group whose total the viewer knows
UNSEEN_CHESTS = _block(P * P)  # [viewer, seat]: chests of seat whose amount the viewer missed
# Large blocks the observation rarely reads come last.
STACKS = _block(T * D.STACK_SIZE)  # tile ids per stack, in the order they are turned up
STATE_SIZE = _offsets.size
