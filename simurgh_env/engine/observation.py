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
from tabletop_core.observation import KNOWN, OWN, Block, Piece, lay_out
from tabletop_core.signatures import OBSERVE

BUNDLE_FEATURES = 12
EFFECT_FEATURES = 5 * BUNDLE_FEATURES + 2
_SPACE = "own spearmen / 3, own dragonriders / 2, others' vassals / 5"

# The observation as named pieces, in vector order (docs/rules/simurgh.md, "Observation").
PIECES = (
    Piece("phase", (L.NUM_PHASES,), "phase one-hot"),
    Piece("num_players", (L.P - 1,), "player count 2-5, one-hot"),
    Piece("mode", (1,), "1 in the Dragonlord mode"),
    Piece("length", (3,), "game length one-hot: short, medium, long"),
    Piece("actor", (L.P,), "seat to act, relative to the viewer, one-hot"),
    Piece("is_actor", (1,), "the viewer is the seat to act"),
    Piece("end_triggered", (1,), "the end of the game is triggered"),
    Piece("final_left", (1,), "final turns left / 5"),
    Piece("chronicle", (1,), "tiles in the Chronicle, of those that end the game"),
    Piece("objectives_placed", (1,), "objectives on the Monument, of those that end the game"),
    Piece("stack_left", (1,), "action tiles in the stack / 48"),
    Piece("dragons_left", (1,), "dragons in their stack / 24"),
    Piece("objectives_left", (1,), "objectives in their stack / 12"),
    Piece("stack_top_family", (N_FAMILIES,), "the family on the back of the stack's top tile "
          "(C25), one-hot"),
    Piece("seen_families", (N_FAMILIES,), "stack tiles whose family was seen, by family / 10"),
    Piece("main_done", (2,), "main action done: once, twice"),
    Piece("tile_played", (1,), "an action tile was played this turn"),
    Piece("moved", (1,), "the seat moved this turn"),
    Piece("entered_area", (1,), "the Wilds area entered this turn, + 1, / 6"),
    Piece("blocked", (2,), "the two blocking counters, scaled"),
    Piece("draft_turn", (1,), "the draft turn / 10"),
    Piece("depth", (1,), "open effect frames / 3"),
    # The innermost open effect frame.
    Piece("frame_kind", (L.NUM_FRAME_KINDS,), "its kind one-hot"),
    Piece("frame_step", (2,), "its step: choosing a cost mix, spending a resource"),
    Piece("frame_left", (1,), "amount left / 6"),
    Piece("frame_move", (1,), "its move flag / 2"),
    Piece("frame_gains", (N_RES,), "resources gained / 10"),
    Piece("frame_gpp", (1,), "PP gained / 16"),
    Piece("frame_effect", (EFFECT_FEATURES,), "the effect it resolves: 2 cost and 3 gain "
          "bundles of 12, dragons drawn, markers on the kept one"),
    Piece("frame_cost", (1,), "its cost index + 1, / 2"),
    Piece("city", (N_CITY, 3), "per City space: " + _SPACE),
    Block("area", N_AREAS, (
        Piece("closed", (1,), "the area is closed"),
        Piece("has_tile", (1,), "a tile lies there"),
        Piece("spaces", (L.SPACES_PER_AREA, 3), "per space: " + _SPACE),
    ), "per Wilds area"),
    Block("tile", N_TILES, (
        Piece("in_my_hand", (1,), "in the viewer's hand", OWN),
        Piece("in_known_hand", (1,), "in another hand known to the viewer: its relative seat "
              "/ 4", KNOWN),
        Piece("offered", (1,), "offered to take: Scouts' slot or draft row (position + 1) / 4, "
              "a power draft option of the viewer 0.1"),
        Piece("in_wilds", (1,), "in the Wilds: area + 1, / 6"),
        Piece("out_of_play", (1,), "in the Chronicle 1, in the box if known -1"),
        Piece("stack_position", (1,), "known position in the stack (1: top)", KNOWN),
    ), "per action tile"),
    Block("dragon", N_DRAGONS, (
        Piece("mine", (1,), "owned by the viewer"),
        Piece("owner", (1,), "owned by another seat: its relative seat / 4"),
        Piece("slots", (3,), "marker slots: 1 marker, -1 closed"),
        Piece("known", (1,), "drawn by the viewer (0.5; 1 its chosen setup dragon) or its "
              "known position in the stack (negative)", KNOWN),
    ), "per dragon tile"),
    Block("objective", N_OBJECTIVES, (
        Piece("monument", (1,), "its Monument space + 1, / 5"),
        Piece("drawn", (1,), "drawn by the viewer (0.5; 1 the one picked)", KNOWN),
        Piece("stack_position", (1,), "known position in the stack (1: top)", KNOWN),
    ), "per objective tile"),
    Block("seat", L.P, (
        Piece("resources", (N_RES,), "resources / 15"),
        Piece("pp", (1,), "PP / 100"),
        Piece("unplaced", (2,), "unplaced spearmen / 3, dragonriders / 2"),
        Piece("owned", (2,), "spearmen / 3, dragonriders / 2 owned"),
        Piece("markers", (1,), "markers on its dragons / 20"),
        Piece("dragons", (1,), "its dragons / 8"),
        Piece("hand_size", (1,), "hand tiles / 8"),
        Piece("hand_families", (N_FAMILIES,), "hand tiles by family / 5 (C25)"),
        Piece("hidden", (1,), "its hand tiles the viewer cannot identify / 8"),
        Piece("resources_total", (1,), "resources in all / 15"),
        Piece("present", (1,), "1 for a seat in the game"),
    ), "per seat, relative to the viewer (block 0 is the viewer)"),
)
LAYOUT = lay_out(PIECES)
OBS_SIZE = LAYOUT.size
_at = LAYOUT.offsets.__getitem__
# Absolute offsets of the global pieces.
PHASE = _at("phase")
NUM_PLAYERS = _at("num_players")
MODE = _at("mode")
LENGTH = _at("length")
ACTOR = _at("actor")
IS_ACTOR = _at("is_actor")
END_TRIGGERED = _at("end_triggered")
FINAL_LEFT = _at("final_left")
CHRONICLE = _at("chronicle")
OBJECTIVES_PLACED = _at("objectives_placed")
STACK_LEFT = _at("stack_left")
DRAGONS_LEFT = _at("dragons_left")
OBJECTIVES_LEFT = _at("objectives_left")
STACK_TOP_FAMILY = _at("stack_top_family")
SEEN_FAMILIES = _at("seen_families")  # global: stack tiles seen, by family
MAIN_DONE = _at("main_done")
TILE_PLAYED = _at("tile_played")
MOVED = _at("moved")
ENTERED_AREA = _at("entered_area")
BLOCKED = _at("blocked")
DRAFT_TURN = _at("draft_turn")
DEPTH = _at("depth")
FRAME_KIND = _at("frame_kind")
FRAME_STEP = _at("frame_step")
FRAME_LEFT = _at("frame_left")
FRAME_MOVE = _at("frame_move")
FRAME_GAINS = _at("frame_gains")
FRAME_GPP = _at("frame_gpp")
FRAME_EFFECT = _at("frame_effect")
FRAME_COST = _at("frame_cost")
CITY_AT = _at("city")
GLOBAL_FEATURES = CITY_AT
CITY_FEATURES = LAYOUT.slots["city"].piece.shape[1]
# The blocks: their start and size, each piece's offset within a block.
AREAS_AT = LAYOUT.starts["area"]
AREA_FEATURES = LAYOUT.slots["area.closed"].stride
A_CLOSED = _at("area.closed")
A_HAS_TILE = _at("area.has_tile")
A_SPACES = _at("area.spaces")
TILES_AT = LAYOUT.starts["tile"]
TILE_FEATURES = LAYOUT.slots["tile.in_my_hand"].stride
T_IN_MY_HAND = _at("tile.in_my_hand")
T_IN_KNOWN_HAND = _at("tile.in_known_hand")
T_OFFERED = _at("tile.offered")
T_IN_WILDS = _at("tile.in_wilds")
T_OUT_OF_PLAY = _at("tile.out_of_play")
T_STACK_POSITION = _at("tile.stack_position")
DRAGONS_AT = LAYOUT.starts["dragon"]
DRAGON_FEATURES = LAYOUT.slots["dragon.mine"].stride
D_MINE = _at("dragon.mine")
D_OWNER = _at("dragon.owner")
D_SLOTS = _at("dragon.slots")
D_KNOWN = _at("dragon.known")
OBJECTIVES_AT = LAYOUT.starts["objective"]
OBJECTIVE_FEATURES = LAYOUT.slots["objective.monument"].stride
O_MONUMENT = _at("objective.monument")
O_DRAWN = _at("objective.drawn")
O_STACK_POSITION = _at("objective.stack_position")
SEATS_AT = LAYOUT.starts["seat"]
SEAT_FEATURES = LAYOUT.slots["seat.resources"].stride
S_RESOURCES = _at("seat.resources")
S_PP = _at("seat.pp")
S_UNPLACED = _at("seat.unplaced")
S_OWNED = _at("seat.owned")
# Seat block features filled while other blocks are written: markers on its dragons (/20),
# its dragons (/8), its hand tiles the viewer cannot identify (/8).
MARKERS_FEATURE = _at("seat.markers")
DRAGONS_FEATURE = _at("seat.dragons")
S_HAND_SIZE = _at("seat.hand_size")
S_HAND_FAMILIES = _at("seat.hand_families")
HIDDEN_FEATURE = _at("seat.hidden")
S_RESOURCES_TOTAL = _at("seat.resources_total")
S_PRESENT = _at("seat.present")


@njit(cache=True)
def _unit(x, inverse_scale):
    return min(x * inverse_scale, 1.0)


@njit(cache=True)
def _relative(seat, base, n):
    rel = seat - base  # both in [0, n): no division
    return rel + n if rel < 0 else rel


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


def _sums(step: float) -> np.ndarray:
    """sums[k]: a float32 feature after k additions of `step` to it from 0, each rounded to
    float32 (how the counts were once accumulated: the values stay bit for bit the same)."""
    sums = np.zeros(256, np.float32)
    for k in range(255):
        sums[k + 1] = np.float32(np.float64(sums[k]) + step)
    return sums


TENTHS = _sums(0.1)
TWENTIETHS = _sums(0.05)


@njit(cache=True)
def _global(state, viewer, out):
    n = state[L.NUM_PLAYERS]
    base = 0 if viewer < 0 else viewer
    phase = state[L.PHASE]
    actor = state[L.ACTOR]
    out[PHASE + phase] = 1.0
    out[NUM_PLAYERS + n - 2] = 1.0
    out[MODE] = state[L.MODE]
    out[LENGTH + state[L.LENGTH]] = 1.0
    if actor >= 0:
        out[ACTOR + _relative(actor, base, n)] = 1.0
        out[IS_ACTOR] = actor == viewer
    out[END_TRIGGERED] = state[L.END_SEAT] >= 0
    out[FINAL_LEFT] = state[L.FINAL_LEFT] * (1.0 / 5)
    out[CHRONICLE] = _unit(state[L.CHRONICLE_N], 1.0 / CHRONICLE_TO_END[state[L.LENGTH]])
    out[OBJECTIVES_PLACED] = _unit(state[L.OBJECTIVES_N],
                                   1.0 / OBJECTIVES_TO_END[state[L.LENGTH]])
    out[STACK_LEFT] = state[L.STACK_N] * (1.0 / 48)
    out[DRAGONS_LEFT] = state[L.DSTACK_N] * (1.0 / 24)
    out[OBJECTIVES_LEFT] = state[L.OSTACK_N] * (1.0 / 12)
    # Families seen on the stack's backs (C25): the top tile here, all seen ones with the tiles.
    top = state[L.STACK_N] - 1
    if top >= 0:
        out[STACK_TOP_FAMILY + TILE_FAMILY[state[L.STACK + top]]] = 1.0
    out[MAIN_DONE] = state[L.MAIN_DONE] == 1
    out[MAIN_DONE + 1] = state[L.MAIN_DONE] == 2
    out[TILE_PLAYED] = state[L.TILE_PLAYED]
    out[MOVED] = state[L.MOVED]
    out[ENTERED_AREA] = (state[L.ENTERED_AREA] + 1) * (1.0 / 6)
    out[BLOCKED] = _unit(state[L.BLOCKED], 1.0 / 3)
    out[BLOCKED + 1] = _unit(state[L.BLOCKED + 1], 0.5)
    out[DRAFT_TURN] = state[L.DRAFT_TURN] * (1.0 / 10)
    depth = state[L.DEPTH]
    out[DEPTH] = depth / 3.0
    if depth > 0:
        f = L.FRAMES + (depth - 1) * L.FW
        out[FRAME_KIND + state[f + L.F_KIND]] = 1.0
        step = state[f + L.F_STEP]
        out[FRAME_STEP] = step == L.ST_COST_MIX
        out[FRAME_STEP + 1] = step == L.ST_SPEND_R
        out[FRAME_LEFT] = _unit(state[f + L.F_LEFT], 1.0 / 6)
        out[FRAME_MOVE] = state[f + L.F_MOVE] / 2.0
        for k in range(N_RES):
            out[FRAME_GAINS + k] = _unit(state[f + L.F_G + k], 1.0 / 10)
        out[FRAME_GPP] = _unit(state[f + L.F_GPP], 1.0 / 16)
        row = state[f + L.F_EFFECT]
        for k in range(EFFECT_FEATURES):
            out[FRAME_EFFECT + k] = EFFECT_TABLE[row, k]
        out[FRAME_COST] = (state[f + L.F_COST] + 1) * 0.5


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
        out[at + A_CLOSED] = tile == L.AREA_CLOSED
        out[at + A_HAS_TILE] = tile >= 0
        for i in range(L.SPACES_PER_AREA):
            _space(state, own, L.WILDS_SPACE + area * L.SPACES_PER_AREA + i, out,
                   at + A_SPACES + CITY_FEATURES * i)
        at += AREA_FEATURES
    return at


@njit(cache=True)
def _tiles(state, viewer, out, at):
    """The action tiles; seen stack tiles by family and each seat's hidden hand tiles are
    counted in registers (8 bits a count, packed in one integer) and written at the end."""
    n = state[L.NUM_PLAYERS]
    base = 0 if viewer < 0 else viewer
    stack_n = state[L.STACK_N]
    seen = 0
    hidden = 0
    for tile in range(N_TILES):
        loc = state[L.TLOC + tile]
        idx = state[L.TIDX + tile]
        # The most frequent places first: the stack, the box, the hands.
        if loc == L.LOC_STACK:
            if state[L.TFAM_SEEN + tile]:
                seen += 1 << (8 * TILE_FAMILY[tile])
            if _knows(state[L.TKNOWN + tile], viewer):
                out[at + T_STACK_POSITION] = 1.0 - (stack_n - 1 - idx) * (1.0 / 48)
        elif loc == L.LOC_BOX:
            if _knows(state[L.TKNOWN + tile], viewer):
                out[at + T_OUT_OF_PLAY] = -1.0
        elif loc == L.LOC_HAND:
            if idx == base:
                out[at + T_IN_MY_HAND] = 1.0
            elif _knows(state[L.TKNOWN + tile], viewer):
                out[at + T_IN_KNOWN_HAND] = _relative(idx, base, n) * 0.25
            else:
                hidden += 1 << (8 * _relative(idx, base, n))
        elif loc == L.LOC_WILDS:
            out[at + T_IN_WILDS] = (idx + 1) * (1.0 / 6)
        elif loc == L.LOC_CHRONICLE:
            out[at + T_OUT_OF_PLAY] = 1.0
        elif loc == L.LOC_SLOT or loc == L.LOC_ROW:
            out[at + T_OFFERED] = (idx + 1) * 0.25
        elif loc == L.LOC_OPTIONS and _knows(state[L.TKNOWN + tile], viewer):
            out[at + T_OFFERED] = 0.1
        at += TILE_FEATURES
    for family in range(N_FAMILIES):
        out[SEEN_FAMILIES + family] = TENTHS[(seen >> (8 * family)) & 255]
    for k in range(n):
        out[SEATS_AT + k * SEAT_FEATURES + HIDDEN_FEATURE] = ((hidden >> (8 * k)) & 255) * 0.125
    return at


@njit(cache=True)
def _dragons(state, viewer, out, at):
    """The dragon tiles; each owner's markers and dragons are counted (as in _tiles) into its
    seat block."""
    n = state[L.NUM_PLAYERS]
    base = 0 if viewer < 0 else viewer
    dstack_n = state[L.DSTACK_N]
    dragons = 0
    markers = 0
    for dragon in range(N_DRAGONS):
        loc = state[L.DLOC + dragon]
        idx = state[L.DIDX + dragon]
        if loc == L.D_OWNED:
            rel = _relative(idx, base, n)
            if rel == 0:
                out[at + D_MINE] = 1.0
            else:
                out[at + D_OWNER] = rel * 0.25
            dragons += 1 << (8 * rel)
            for slot in range(3):
                s = state[L.DSLOT + dragon * 3 + slot]
                if s == L.SLOT_MARKER:
                    out[at + D_SLOTS + slot] = 1.0
                    markers += 1 << (8 * rel)
                elif s == L.SLOT_CLOSED:
                    out[at + D_SLOTS + slot] = -1.0
        elif _knows(state[L.DKNOWN + dragon], viewer):
            if loc == L.D_STACK:
                out[at + D_KNOWN] = -(1.0 - (dstack_n - 1 - idx) * (1.0 / 24))
            elif loc == L.D_DRAWN:
                out[at + D_KNOWN] = 0.5
            elif loc == L.D_SETUP:
                picked = state[L.SETUP_PICK + idx]
                chosen = picked >= 0 and state[L.SETUP_DRAWN + idx * 3 + picked] == dragon
                out[at + D_KNOWN] = 1.0 if chosen else 0.5
        at += DRAGON_FEATURES
    for k in range(n):
        seat_at = SEATS_AT + k * SEAT_FEATURES
        out[seat_at + DRAGONS_FEATURE] = ((dragons >> (8 * k)) & 255) * 0.125
        out[seat_at + MARKERS_FEATURE] = TWENTIETHS[(markers >> (8 * k)) & 255]
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
            out[at + O_MONUMENT] = (state[L.OIDX + objective] + 1) * (1.0 / 5)
        elif _knows(state[L.OKNOWN + objective], viewer):
            if loc == L.O_DRAWN:
                out[at + O_DRAWN] = 1.0 if objective == picked else 0.5
            else:
                left = ostack_n - 1 - state[L.OIDX + objective]
                out[at + O_STACK_POSITION] = 1.0 - left * (1.0 / 12)
        at += OBJECTIVE_FEATURES
    return at


@njit(cache=True)
def _seats(state, viewer, out, at):
    n = state[L.NUM_PLAYERS]
    base = 0 if viewer < 0 else viewer
    for k in range(n):
        seat = base + k if base + k < n else base + k - n
        a = at + k * SEAT_FEATURES
        total = 0
        for r in range(N_RES):
            x = state[L.RES + seat * N_RES + r]
            total += x
            out[a + S_RESOURCES + r] = _unit(x, 1.0 / 15)
        out[a + S_PP] = _unit(state[L.PP + seat], 1.0 / 100)
        out[a + S_UNPLACED] = state[L.UNPLACED + seat * 2] * (1.0 / 3)
        out[a + S_UNPLACED + 1] = state[L.UNPLACED + seat * 2 + 1] / 2.0
        out[a + S_OWNED] = state[L.OWNED + seat * 2] * (1.0 / 3)
        out[a + S_OWNED + 1] = state[L.OWNED + seat * 2 + 1] / 2.0
        out[a + MARKERS_FEATURE] = min(out[a + MARKERS_FEATURE], 1.0)
        out[a + DRAGONS_FEATURE] = min(out[a + DRAGONS_FEATURE], 1.0)
        out[a + S_HAND_SIZE] = _unit(state[L.HAND_N + seat], 1.0 / 8)
        for fam in range(N_FAMILIES):
            out[a + S_HAND_FAMILIES + fam] = _unit(state[L.HAND_FAM + seat * N_FAMILIES + fam],
                                                   1.0 / 5)
        out[a + HIDDEN_FEATURE] = min(out[a + HIDDEN_FEATURE], 1.0)
        out[a + S_RESOURCES_TOTAL] = _unit(total, 1.0 / 15)
        out[a + S_PRESENT] = 1.0


@njit(OBSERVE, cache=True)
def observe(state, viewer, out):
    """Write the observation of seat `viewer` (-1: the full state) into out[:OBS_SIZE]."""
    out[:] = 0.0
    _global(state, viewer, out)
    _board(state, viewer, out, CITY_AT)
    _tiles(state, viewer, out, TILES_AT)
    _dragons(state, viewer, out, DRAGONS_AT)
    _objectives(state, viewer, out, OBJECTIVES_AT)
    _seats(state, viewer, out, SEATS_AT)
