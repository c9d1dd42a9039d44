"""Named offsets into the Simurgh state array (int32), codes, phases and action ranges.

Sized for 5 players whatever the player count, so every game has the same array length and a
batch of games is one 2-D array. Fields read on every step come first, the big blocks the
observation rarely reads come last. Per-seat blocks are indexed [seat * WIDTH + i].

Board spaces are numbered 0-35: 0-11 the City spaces, 12 + 4 * area + i the i-th space of the
tile on Wilds area `area` (for an exploration tile, i = level - 1).
"""

from simurgh_env.data import MAX_PLAYERS
from simurgh_env.engine.tables import (
    N_AREAS,
    N_CITY,
    N_DRAGONS,
    N_FAMILIES,
    N_MONUMENT,
    N_OBJECTIVES,
    N_RES,
    N_SLOTS,
    N_TILES,
)

P = MAX_PLAYERS
ALL_SEATS = (1 << P) - 1  # knowledge bit mask of a public fact
SPACES_PER_AREA = 4
WILDS_SPACE = N_CITY  # first Wilds space
N_SPACES = N_CITY + N_AREAS * SPACES_PER_AREA
SPEARMAN, RIDER = 0, 1
MAX_DRAW = 4  # dragons drawn at once (objective draws: 3, plus a swapped-out objective)
N_SCOUT_CHOICES = N_SLOTS + 1  # the face-up slots, then the face-down draw

# Config array: [num_players, mode (0 Spearman, 1 Dragonlord), length (0 short .. 2 long),
# ties (0 tied players share the win, 1 the most ability markers breaks the tie; S71)].
CONFIG_SIZE = 4
TIES_SHARE, TIES_MARKERS = 0, 1

# Phases: what kind of decision the actor faces.
(
    POWER_DRAFT, ACTION_DRAFT, DRAGON_PICK, FREE, TILE_AREA, TILE_VASSAL, RETRIEVE,
    COST_OPTION, MIX, REMOVE_MARKER, SPEND, GAIN_OPTION, BONUS, BONUS_KIND, PLACE_MARKER,
    KEEP, RETURN, SCOUT, MON_PICK, MON_SPACE, EXTRA_MOVE, DISCARD, RES_LIMIT, OVER,
) = range(24)
NUM_PHASES = 24
PHASE_NAMES = (
    "power_draft", "action_draft", "dragon_pick", "free", "tile_area", "tile_vassal",
    "retrieve", "cost_option", "mix", "remove_marker", "spend", "gain_option", "bonus",
    "bonus_kind", "place_marker", "keep", "return", "scout", "monument_pick", "monument_space",
    "extra_move", "discard", "resource_limit", "over",
)

# Frame kinds: what an effect frame resolves.
K_SPACE, K_ABILITY, K_MOVE, K_AREA_BONUS, K_SLOT, K_MONUMENT = range(6)
NUM_FRAME_KINDS = 6

# Frame steps.
(
    ST_COST, ST_COST_MIX, ST_COST_MARKER, ST_SPEND_S, ST_SPEND_R, ST_GAIN, ST_GAIN_MIX,
    ST_APPLY, ST_BONUS, ST_MARKERS, ST_DRAW, ST_KEEP, ST_RETURN_DRAGONS, ST_AFTER, ST_FINISH,
    ST_SCOUT, ST_ABILITY_SCOUT, ST_MON_PICK, ST_MON_SPACE, ST_MON_RETURN, ST_EXTRA_MOVE,
) = range(21)

# Locations of action tiles.
(
    LOC_BOX, LOC_STACK, LOC_SLOT, LOC_HAND, LOC_WILDS, LOC_CHRONICLE, LOC_ROW, LOC_OPTIONS,
    LOC_POWER_DECK,
) = range(9)
# Locations of dragon tiles and objective tiles.
D_STACK, D_OWNED, D_DRAWN, D_SETUP = range(4)
O_STACK, O_MONUMENT, O_DRAWN = range(3)
# Dragon marker slot states.
SLOT_EMPTY, SLOT_MARKER, SLOT_CLOSED = 0, 1, 2
AREA_EMPTY, AREA_CLOSED = -1, -2

_offset = 0


def _block(size):
    global _offset
    start = _offset
    _offset += size
    return start


RNG = _block(4)
NUM_PLAYERS = _block(1)
MODE = _block(1)
LENGTH = _block(1)
TIES = _block(1)
PHASE = _block(1)
ACTOR = _block(1)  # seat to decide, -1 when the game is over
DEPTH = _block(1)  # effect frames open (0 to MAX_FRAMES)
TURN = _block(1)  # turns begun since the start
MAIN_DONE = _block(1)  # 0 not yet, 1 a vassal placed, 2 vassals retrieved
TILE_PLAYED = _block(1)  # the once-per-turn tile placement was used
MOVED = _block(1)  # the once-per-turn exploration move was used
ENTERED_AREA = _block(1)  # area whose level 1 the actor entered this turn, -1
BLOCKED = _block(2)  # the actor's vassals returned this turn, by kind (not placeable now)
PENDING_TILE = _block(1)  # tile being placed in the Wilds, -1
END_SEAT = _block(1)  # seat whose turn triggered the end, -1
FINAL_LEFT = _block(1)  # turns left once the end is triggered (this one included)
CHRONICLE_N = _block(1)
OBJECTIVES_N = _block(1)
STACK_N = _block(1)
DSTACK_N = _block(1)
OSTACK_N = _block(1)
DDRAW_N = _block(1)  # dragons drawn by the actor, waiting for keep / return
DDRAW = _block(MAX_DRAW)
DDRAW_MARKERS = _block(1)  # markers for the kept dragon
ODRAW_N = _block(1)  # objectives drawn at the Monument (and a swapped-out one)
ODRAW = _block(MAX_DRAW)
SLOTS = _block(N_SLOTS)  # Scouts' Quarters face-up tiles, -1 empty
MONUMENT = _block(N_MONUMENT)  # objective on each objective space, -1 empty
AREA_TILE = _block(N_AREAS)  # tile on each Wilds area, AREA_EMPTY or AREA_CLOSED
AREA_COUNT = _block(N_AREAS)  # vassals on the tile of each area
# Effect frames (see resolution.py).
F_KIND, F_EFFECT, F_STEP, F_COST, F_GAIN, F_MIX, F_LEFT, F_SPACE, F_ARG, F_ARG2, F_MOVE = range(11)
F_G = 11  # gain of the current event: 6 resources, then PP
# F_MOVE: how the frame's rider moved on an exploration tile (C30).
NOT_A_MOVE, MOVE_DOWN, MOVE_ENTRY = 0, 1, 2
F_GPP = F_G + N_RES
FW = F_GPP + 1
# A frame, a free ability at one of its open points (C28), and a spend bonus of that ability.
MAX_FRAMES = 3
FRAMES = _block(MAX_FRAMES * FW)
# Per seat.
RES = _block(P * N_RES)
PP = _block(P)
UNPLACED = _block(P * 2)  # by kind (SPEARMAN, RIDER)
OWNED = _block(P * 2)
HAND_N = _block(P)
HAND_FAM = _block(P * N_FAMILIES)  # hand tiles by family (public: tile backs, C25)
SPACE_TOTAL = _block(N_SPACES)  # vassals on each space
OCC = _block(P * N_SPACES * 2)  # [seat][space][kind] vassal counts
# Action tiles: location code, index within it (seat, area, slot, stack position), the seats
# who know where the tile is, and whether its family was seen while in the stack.
TLOC = _block(N_TILES)
TIDX = _block(N_TILES)
TKNOWN = _block(N_TILES)
TFAM_SEEN = _block(N_TILES)
# Dragon tiles.
DLOC = _block(N_DRAGONS)
DIDX = _block(N_DRAGONS)  # owner seat, stack position or draw position
DKNOWN = _block(N_DRAGONS)
DSLOT = _block(N_DRAGONS * 3)
# Objective tiles.
OLOC = _block(N_OBJECTIVES)
OIDX = _block(N_OBJECTIVES)
OKNOWN = _block(N_OBJECTIVES)
# Stacks, bottom first.
STACK = _block(N_TILES)
DSTACK = _block(N_DRAGONS)
OSTACK = _block(N_OBJECTIVES)
# Dragonlord setup drafts.
DRAFT_ROW = _block(4)  # face-up action tiles offered
DRAFT_TURN = _block(1)  # picks made so far in the draft being run
OPTIONS_N = _block(1)  # power tiles the drafting seat chooses from
OPTIONS = _block(3)
POWER_DECK_N = _block(1)  # power tiles not drawn yet in the draft
POWER_DECK = _block(8)
SETUP_DRAWN = _block(P * 3)  # dragons each seat drew
SETUP_PICK = _block(P)  # index of the kept one, -1 not chosen yet
STATE_SIZE = _offset

# Actions: one flat Discrete space (docs/rules/simurgh.md, section Decisions).
A_PLACE = 0  # + 2 * space + kind
A_RETRIEVE = A_PLACE + 2 * N_SPACES  # + 2 * space + kind
A_PLAY_TILE = A_RETRIEVE + 2 * N_SPACES  # + tile
A_AREA = A_PLAY_TILE + N_TILES  # + area
A_MOVE = A_AREA + N_AREAS  # + area
A_ABILITY = A_MOVE + N_AREAS  # + 3 * dragon + slot
A_OPTION = A_ABILITY + 3 * N_DRAGONS  # + option
A_MIX = A_OPTION + 3  # + amount of the first kind
A_RESOURCE = A_MIX + 7  # + resource
A_MARKER = A_RESOURCE + N_RES  # + dragon
A_REMOVE_MARKER = A_MARKER + N_DRAGONS  # + 3 * dragon + slot
A_SPEND = A_REMOVE_MARKER + 3 * N_DRAGONS  # + space
A_PICK = A_SPEND + N_SPACES  # + entry
A_RETURN_TOP = A_PICK + 4  # + drawn entry
A_RETURN_BOTTOM = A_RETURN_TOP + MAX_DRAW  # + drawn entry
A_OBJ_SPACE = A_RETURN_BOTTOM + MAX_DRAW  # + objective space
A_SCOUT = A_OBJ_SPACE + N_MONUMENT  # + slot (0-3), 4 = face-down draw
A_DISCARD_TOP = A_SCOUT + N_SCOUT_CHOICES  # + tile
A_DISCARD_BOTTOM = A_DISCARD_TOP + N_TILES  # + tile
A_PASS = A_DISCARD_BOTTOM + N_TILES
A_END_TURN = A_PASS + 1
NUM_ACTIONS = A_END_TURN + 1
