"""Named offsets into the Aquilon state array (int32), phases and action ranges.

Sized for 5 Lords whatever the player count, so every game has the same array length and a
batch of games is one 2-D array. Per-seat blocks are indexed [seat * WIDTH + i].
"""

from aquilon_env.data import (
    MAX_LORDS,
    NUM_COGNARS,
    NUM_ELITES,
    NUM_ORDERS,
    NUM_RECRUITABLE,
    NUM_TAVERNS,
)
from tabletop_core.layout import Offsets

P = MAX_LORDS
TALIONS = 5  # positions 0-2: the tavern slots, 3-4: the purse
PURSE = 3
MAX_TAVERN_CARDS = 5
MAX_DECK = 46
MAX_WANDERERS = 20
MAX_ARMY = 26

# Phases: what kind of decision the actor faces.
BID, PICK, DISCARD, RECRUIT, PLACE, DERDHR, SVARA, PURSE_UPGRADE, TOKENS, OVER = range(10)
NUM_PHASES = 10
PHASE_NAMES = (
    "bid", "pick", "discard", "recruit", "place", "derdhr", "svara", "purse_upgrade",
    "tokens", "over",
)

_offsets = Offsets()
_block = _offsets.block
RNG = _block(4)
NUM_PLAYERS = _block(1)
PHASE = _block(1)
ERA = _block(1)  # 1 or 2
TURN = _block(1)  # 0-based within the Era
TURNS = _block(1)  # turns per Era
TAVERN = _block(1)  # tavern being resolved, 0-2
PER_TAVERN = _block(1)  # cards placed in each tavern
ACTOR = _block(1)  # seat to decide, -1 when the game is over
BID_SEAT = _block(1)
ORDER_POS = _block(1)
ORDER = _block(P)  # play order of the tavern being resolved
REVEAL = _block(P)  # talion values revealed for that tavern
TAVERN_CARDS = _block(NUM_TAVERNS * MAX_TAVERN_CARDS)  # card ids, -1 empty
DECK1_LEN = _block(1)
DECK1_POS = _block(1)
DECK2_LEN = _block(1)
DECK2_POS = _block(1)
TREASURY = _block(26)  # gold talions available, by value
EXCHANGE3_FREE = _block(1)
PARIAH_FREE = _block(1)
GEMS = _block(P)
TAL_VAL = _block(P * TALIONS)
TAL_KIND = _block(P * TALIONS)  # BRONZE, GOLD or EXCHANGE3
TAL_KNOWN = _block(P * TALIONS)  # position publicly revealed this turn
BID_DONE = _block(P)
COL_RANKS = _block(P * NUM_ORDERS)
COL_POINTS = _block(P * NUM_ORDERS)  # Points of the column (Wanderers: Cognars' only)
COL_FLAT = _block(P * NUM_ORDERS)  # Black-rank Points, never multiplied
MALT = _block(P)
OCCULT = _block(P)
RUNE_MASK = _block(P)  # rune kinds on Dwarf cards, bit k-1 for kind k
UNIQUE_RUNES = _block(P)
LINES = _block(P)  # complete lines already rewarded
WAND_COUNT = _block(P)
WAND_VALUES_SEEN = _block(P)  # bit v set when a Wanderers card of value v is in the column
WAND_VISIBLE = _block(P)  # sum of the uncovered Wanderers Dwarf Points
WAND_COVERED_COUNT = _block(P)
ARMY_COUNT = _block(P)
COGNAR_OWNER = _block(NUM_COGNARS)  # -1 available
COGNAR_COLUMN = _block(NUM_COGNARS)  # column of Black-rank Cognars and Ga'at
ELITE_HOLDER = _block(NUM_ELITES)  # Elite indices in holder order
ELITE_OWNER = _block(NUM_ELITES)
LIQUOR_OWNER = _block(1)
TOKENS_LEFT = _block(P)  # Pariah tokens each Lord may still remove at the end
PENDING = _block(1)  # Cognars the actor must still recruit
MERC_PREV = _block(1)  # the last recruit of this chain was a Mercenary
MERC_NEED = _block(1)  # a lone Mercenary waits for its pair
PLACING = _block(1)  # Cognar waiting for a column, -1 none
NEED_PURSE_UPGRADE = _block(1)
NEED_DERDHR = _block(1)
NEED_SVARA = _block(1)
SVARA_COUNT = _block(1)  # cards of the Era 2 deck being looked at
DISCARD_PENDING = _block(1)  # 2 Lords, tavern 2: the winner still discards a card
PICKED = _block(1)  # the actor has taken its Dwarf card this turn
EXCHANGED = _block(1)  # the end-of-turn talion exchange has been checked
# Large blocks the observation rarely reads come last, so that the hot fields share few
# cache lines.
DECK1 = _block(MAX_DECK)
DECK2 = _block(MAX_DECK)
WAND_VALUE = _block(P * MAX_WANDERERS)
WAND_COVERED = _block(P * MAX_WANDERERS)
ARMY = _block(P * MAX_ARMY)  # Dwarf card ids in recruitment order
STATE_SIZE = _offsets.size

TALION_BRONZE, TALION_GOLD, TALION_EXCHANGE3 = 0, 1, 2

# Actions: one flat Discrete space.
NUM_BIDS = 60  # ordered choice of 3 of the 5 talions for the 3 taverns
A_BID = 0
A_PICK = A_BID + NUM_BIDS
A_DISCARD = A_PICK + MAX_TAVERN_CARDS
A_RECRUIT = A_DISCARD + MAX_TAVERN_CARDS
A_PLACE = A_RECRUIT + NUM_RECRUITABLE
A_DERDHR = A_PLACE + NUM_ORDERS
A_SVARA = A_DERDHR + TALIONS
A_PURSE = A_SVARA + 5
A_TOKEN = A_PURSE + 2
NUM_ACTIONS = A_TOKEN + MAX_WANDERERS
