"""Validation of a saved Simurgh state (tabletop_core.validate): every field in range; every
action tile, dragon and objective in exactly one place that agrees with its location record; a
face-up action tile known to every seat and a held one to its holder; hands, vassals and their
counts conserved; the open effect frames well formed; the phase, the actor and the draws
consistent with the frames and the turn."""

import numpy as np
from numba import njit

from simurgh_env import data as D
from simurgh_env.engine import layout as L
from simurgh_env.engine.actions import tile_plays
from simurgh_env.engine.dragons import dragon_type, markers_of
from simurgh_env.engine.effects import bundle_markers, bundle_vassals, cost_at, gain_at
from simurgh_env.engine.monument import holds_objective
from simurgh_env.engine.offers import offers_sorted
from simurgh_env.engine.tables import (
    AREA_OPEN_FROM,
    DRAFT_ROUNDS,
    E_NCOST,
    E_NGAIN,
    EFFECTS,
    HAND_LIMIT,
    MAX_MIXES,
    MAX_RIDERS,
    MAX_SPEARMEN,
    N_AREAS,
    N_CITY,
    N_DRAGONS,
    N_EFFECT_ROWS,
    N_FAMILIES,
    N_MONUMENT,
    N_OBJECTIVES,
    N_RES,
    N_SLOTS,
    N_TILES,
    ROW_ABILITY,
    ROW_AREA,
    ROW_CITY,
    ROW_MONUMENT,
    ROW_SLOT,
    TILE_FAMILY,
    TILE_N_SPACES,
)
from simurgh_env.engine.vassals import spendable
from simurgh_env.engine.wilds import bonus_fits, tile_takes_vassal
from tabletop_core.signatures import VALIDATE
from tabletop_core.validate import (
    StateChecks,
    check_head,
    contains,
    each_once,
    holds,
    recorded_where,
)

P = L.P
MAX_VASSALS = MAX_SPEARMEN + MAX_RIDERS
MAX_COUNT = 2**20  # counters with no rule bound (turns, power points): far beyond any game
MAX_STATE_RES = 200  # resources held may pass the limit within a turn, never by this much
_c = StateChecks(P)
_c.open(L.NUM_PLAYERS, D.MIN_PLAYERS, D.MAX_PLAYERS, L.RNG)
_c.field("mode", L.MODE, 1, 0, 1)
_c.field("length", L.LENGTH, 1, 0, 2)
_c.field("ties", L.TIES, 1, 0, 1)
_c.field("phase", L.PHASE, 1, 0, L.NUM_PHASES - 1)
_c.field("actor", L.ACTOR, 1, -1, -1, plus_players=True)
_c.field("depth", L.DEPTH, 1, 0, L.MAX_FRAMES)
_c.field("turn", L.TURN, 1, 0, MAX_COUNT)
_c.field("main_done", L.MAIN_DONE, 1, 0, 2)
_c.field("tile_played", L.TILE_PLAYED, 1, 0, 1)
_c.field("moved", L.MOVED, 1, 0, 1)
_c.field("entered_area", L.ENTERED_AREA, 1, -1, N_AREAS - 1)
_c.field("blocked", L.BLOCKED, 2, 0, MAX_SPEARMEN)
_c.field("pending_tile", L.PENDING_TILE, 1, -1, N_TILES - 1)
_c.field("end_seat", L.END_SEAT, 1, -1, -1, plus_players=True)
_c.field("final_left", L.FINAL_LEFT, 1, 0, 0, plus_players=True)
_c.field("chronicle_count", L.CHRONICLE_N, 1, 0, N_TILES)
_c.field("objectives_count", L.OBJECTIVES_N, 1, 0, N_MONUMENT)
_c.field("stack_count", L.STACK_N, 1, 0, N_TILES)
_c.field("dragon_stack_count", L.DSTACK_N, 1, 0, N_DRAGONS)
_c.field("objective_stack_count", L.OSTACK_N, 1, 0, N_OBJECTIVES)
_c.field("dragons_drawn_count", L.DDRAW_N, 1, 0, L.MAX_DRAW)
_c.field("dragons_drawn", L.DDRAW, L.MAX_DRAW, 0, N_DRAGONS - 1)
_c.field("drawn_dragon_markers", L.DDRAW_MARKERS, 1, 0, 3)
_c.field("objectives_drawn_count", L.ODRAW_N, 1, 0, L.MAX_DRAW)
_c.field("objectives_drawn", L.ODRAW, L.MAX_DRAW, 0, N_OBJECTIVES - 1)
_c.field("scout_slots", L.SLOTS, N_SLOTS, -1, N_TILES - 1)
_c.field("monument", L.MONUMENT, N_MONUMENT, -1, N_OBJECTIVES - 1)
_c.field("area_tiles", L.AREA_TILE, N_AREAS, L.AREA_CLOSED, N_TILES - 1)
_c.field("area_counts", L.AREA_COUNT, N_AREAS, 0, P * MAX_VASSALS)
_FRAME_FIELDS = (
    ("kind", L.F_KIND, 0, L.NUM_FRAME_KINDS - 1), ("effect", L.F_EFFECT, 0, N_EFFECT_ROWS - 1),
    ("step", L.F_STEP, 0, L.ST_EXTRA_MOVE), ("cost", L.F_COST, -1, 2), ("gain", L.F_GAIN, -1, 2),
    ("mix", L.F_MIX, 0, MAX_MIXES), ("left", L.F_LEFT, 0, 30), ("space", L.F_SPACE, -1,
                                                                  L.N_SPACES - 1),
    ("arg", L.F_ARG, -1, 3 * N_DRAGONS - 1), ("arg2", L.F_ARG2, -1, N_OBJECTIVES - 1),
    ("move", L.F_MOVE, L.NOT_A_MOVE, L.MOVE_ENTRY), ("gains", L.F_G, 0, MAX_STATE_RES),
    ("gain_pp", L.F_GPP, 0, 100),
)
for _frame in range(L.MAX_FRAMES):
    for _name, _at, _lo, _hi in _FRAME_FIELDS:
        _c.field(f"frame{_frame}.{_name}", L.FRAMES + _frame * L.FW + _at,
                 N_RES if _at == L.F_G else 1, _lo, _hi)
_c.field("resources", L.RES, P * N_RES, 0, MAX_STATE_RES, seat_width=N_RES)
_c.field("power_points", L.PP, P, 0, MAX_COUNT, seat_width=1)
_c.field("unplaced", L.UNPLACED, P * 2, 0, MAX_SPEARMEN, seat_width=2)
_c.field("owned", L.OWNED, P * 2, 0, MAX_SPEARMEN, seat_width=2)
_c.field("hand_count", L.HAND_N, P, 0, N_TILES, seat_width=1)
_c.field("hand_families", L.HAND_FAM, P * N_FAMILIES, 0, N_TILES, seat_width=N_FAMILIES)
_c.field("space_totals", L.SPACE_TOTAL, L.N_SPACES, 0, P * MAX_VASSALS)
_c.field("occupation", L.OCC, P * L.N_SPACES * 2, 0, MAX_SPEARMEN, seat_width=L.N_SPACES * 2)
_c.field("tile_locations", L.TLOC, N_TILES, 0, L.LOC_POWER_DECK)
_c.field("tile_indices", L.TIDX, N_TILES, -1, N_TILES - 1)
_c.field("tile_known", L.TKNOWN, N_TILES, 0, L.ALL_SEATS)
_c.field("tile_family_seen", L.TFAM_SEEN, N_TILES, 0, 1)
_c.field("dragon_locations", L.DLOC, N_DRAGONS, 0, L.D_SETUP)
_c.field("dragon_indices", L.DIDX, N_DRAGONS, -1, N_DRAGONS - 1)
_c.field("dragon_known", L.DKNOWN, N_DRAGONS, 0, L.ALL_SEATS)
_c.field("dragon_slots", L.DSLOT, N_DRAGONS * 3, 0, L.SLOT_CLOSED)
_c.field("objective_locations", L.OLOC, N_OBJECTIVES, 0, L.O_DRAWN)
_c.field("objective_indices", L.OIDX, N_OBJECTIVES, -1, N_OBJECTIVES - 1)
_c.field("objective_known", L.OKNOWN, N_OBJECTIVES, 0, L.ALL_SEATS)
_c.field("stack", L.STACK, N_TILES, 0, N_TILES - 1)
_c.field("dragon_stack", L.DSTACK, N_DRAGONS, 0, N_DRAGONS - 1)
_c.field("objective_stack", L.OSTACK, N_OBJECTIVES, 0, N_OBJECTIVES - 1)
_c.field("draft_row", L.DRAFT_ROW, 4, -1, N_TILES - 1)
_c.field("draft_turn", L.DRAFT_TURN, 1, 0, DRAFT_ROUNDS * P)
_c.field("power_options_count", L.OPTIONS_N, 1, 0, 3)
_c.field("power_options", L.OPTIONS, 3, 0, N_TILES - 1)
_c.field("power_deck_count", L.POWER_DECK_N, 1, 0, 8)
_c.field("power_deck", L.POWER_DECK, 8, 0, N_TILES - 1)
_c.field("setup_drawn", L.SETUP_DRAWN, P * 3, 0, N_DRAGONS - 1, seat_width=3)
_c.field("setup_pick", L.SETUP_PICK, P, -1, 2, seat_width=1)
RNG_STUCK = _c.rng_stuck()
AREAS = _c.check("area_tiles: an area closed or open against the player count")
TILES = _c.check("tile_locations/tile_indices: an action tile not where its record says")
HANDS = _c.check("hand_count/hand_families: not the tiles in hand")
DRAGONS = _c.check("dragon_locations/dragon_indices: a dragon not where its record says")
OBJECTIVES = _c.check("objective_locations/objective_indices: an objective misplaced")
VASSALS = _c.check("occupation/space_totals/owned/unplaced: vassals not conserved")
FRAMES = _c.check("frames: an open effect frame not possible")
PHASE = _c.check("phase/actor/depth: the decision does not match the frames and the turn")
OFFERS = _c.check("power_options/setup_drawn/dragons_drawn/objectives_drawn: not in "
                  "canonical (sorted) order")
BLOCKED = _c.check("blocked: more of the actor's vassals kept back this turn than it has "
                   "unplaced")
KNOWN = _c.check("tile_known: a face-up action tile not known to every seat, or a tile held "
                 "(or offered) not known to its holder")
STATE_FIELDS, FIELD_TABLE, FIELD_COVERAGE = _c.export(L.STATE_SIZE)
CONFIG_FIELDS = (("players", L.NUM_PLAYERS), ("mode", L.MODE), ("length", L.LENGTH),
                 ("ties", L.TIES))

# The decision each frame step waits at (-1: a step that never waits).
STEP_PHASE = np.full(L.ST_EXTRA_MOVE + 1, -1, np.int64)
for _step, _phase in ((L.ST_COST, L.COST_OPTION), (L.ST_COST_MIX, L.MIX),
                      (L.ST_COST_MARKER, L.REMOVE_MARKER), (L.ST_SPEND_S, L.SPEND),
                      (L.ST_SPEND_R, L.SPEND), (L.ST_GAIN, L.GAIN_OPTION),
                      (L.ST_GAIN_MIX, L.MIX), (L.ST_BONUS, L.BONUS), (L.ST_MARKERS,
                                                                      L.PLACE_MARKER),
                      (L.ST_KEEP, L.KEEP), (L.ST_RETURN_DRAGONS, L.RETURN),
                      (L.ST_MON_RETURN, L.RETURN), (L.ST_SCOUT, L.SCOUT),
                      (L.ST_ABILITY_SCOUT, L.SCOUT), (L.ST_MON_PICK, L.MON_PICK),
                      (L.ST_MON_SPACE, L.MON_SPACE), (L.ST_EXTRA_MOVE, L.EXTRA_MOVE)):
    STEP_PHASE[_step] = _phase


@njit(cache=True)
def _tiles_ok(state, n):
    stack_n = state[L.STACK_N]
    counts = np.zeros(L.LOC_POWER_DECK + 1, np.int64)
    hand = np.zeros(P, np.int64)
    families = np.zeros((P, N_FAMILIES), np.int64)
    chronicle = np.zeros(N_TILES, np.int64)
    for tile in range(N_TILES):
        loc = state[L.TLOC + tile]
        idx = state[L.TIDX + tile]
        counts[loc] += 1
        if loc == L.LOC_BOX:
            ok = idx == -1
        elif loc == L.LOC_STACK:
            ok = holds(state, L.STACK, stack_n, idx, tile)
        elif loc == L.LOC_SLOT:
            ok = holds(state, L.SLOTS, N_SLOTS, idx, tile)
        elif loc == L.LOC_HAND:
            ok = 0 <= idx < n
            if ok:
                hand[idx] += 1
                families[idx, TILE_FAMILY[tile]] += 1
        elif loc == L.LOC_WILDS:
            ok = holds(state, L.AREA_TILE, N_AREAS, idx, tile)
        elif loc == L.LOC_CHRONICLE:
            ok = 0 <= idx < state[L.CHRONICLE_N] and chronicle[idx] == 0
            if ok:
                chronicle[idx] = 1
        elif loc == L.LOC_ROW:
            ok = holds(state, L.DRAFT_ROW, 4, idx, tile)
        elif loc == L.LOC_OPTIONS:
            ok = idx == state[L.ACTOR] and contains(state, L.OPTIONS, state[L.OPTIONS_N], tile)
        else:
            ok = holds(state, L.POWER_DECK, state[L.POWER_DECK_N], idx, tile)
        if not ok:
            return TILES
        known = state[L.TKNOWN + tile]
        if loc == L.LOC_SLOT or loc == L.LOC_WILDS or loc == L.LOC_CHRONICLE or loc == L.LOC_ROW:
            if known != L.ALL_SEATS:
                return KNOWN
        elif (loc == L.LOC_HAND or loc == L.LOC_OPTIONS) and (known >> idx) & 1 == 0:
            return KNOWN
    if (counts[L.LOC_STACK] != stack_n or counts[L.LOC_CHRONICLE] != state[L.CHRONICLE_N]
            or counts[L.LOC_OPTIONS] != state[L.OPTIONS_N]
            or counts[L.LOC_POWER_DECK] != state[L.POWER_DECK_N]):
        return TILES
    if not (recorded_where(state, L.SLOTS, N_SLOTS, L.TLOC, L.TIDX, L.LOC_SLOT)
            and recorded_where(state, L.DRAFT_ROW, 4, L.TLOC, L.TIDX, L.LOC_ROW)
            and recorded_where(state, L.AREA_TILE, N_AREAS, L.TLOC, L.TIDX, L.LOC_WILDS)):
        return TILES
    for seat in range(n):
        if state[L.HAND_N + seat] != hand[seat]:
            return HANDS
        for f in range(N_FAMILIES):
            if state[L.HAND_FAM + seat * N_FAMILIES + f] != families[seat, f]:
                return HANDS
    return 0


@njit(cache=True)
def _dragons_ok(state, n, phase):
    drawn = np.zeros(N_DRAGONS, np.int64)
    if not each_once(state, L.DDRAW, state[L.DDRAW_N], N_DRAGONS, drawn):
        return False
    stacked = 0
    drawn_count = 0
    setup = 0
    for dragon in range(N_DRAGONS):
        loc = state[L.DLOC + dragon]
        idx = state[L.DIDX + dragon]
        if loc == L.D_STACK:
            stacked += 1
            if not holds(state, L.DSTACK, state[L.DSTACK_N], idx, dragon):
                return False
        elif loc == L.D_OWNED:
            if not 0 <= idx < n:
                return False
        elif loc == L.D_DRAWN:
            drawn_count += 1
            if idx != -1 or not drawn[dragon]:
                return False
        else:
            setup += 1
            if phase != L.DRAGON_PICK or not 0 <= idx < n:
                return False
            if not contains(state, L.SETUP_DRAWN + idx * 3, 3, dragon):
                return False
    if phase == L.DRAGON_PICK and setup != 3 * n:
        return False  # some seat's three drawn dragons are not all its own (S15)
    return stacked == state[L.DSTACK_N] and drawn_count == state[L.DDRAW_N]


@njit(cache=True)
def _objectives_ok(state):
    """Each objective off the stack and the Monument is in the draw or held by a frame, and
    each one drawn or held is such an objective."""
    out = np.zeros(N_OBJECTIVES, np.int64)
    if not each_once(state, L.ODRAW, state[L.ODRAW_N], N_OBJECTIVES, out):
        return False
    for d in range(state[L.DEPTH]):
        f = L.FRAMES + d * L.FW
        if holds_objective(state, f):
            tile = state[f + L.F_ARG2]
            if tile < 0 or out[tile]:
                return False
            out[tile] = 1
    stacked = 0
    placed = 0
    off = 0
    for tile in range(N_OBJECTIVES):
        loc = state[L.OLOC + tile]
        idx = state[L.OIDX + tile]
        if loc == L.O_STACK:
            stacked += 1
            if not holds(state, L.OSTACK, state[L.OSTACK_N], idx, tile):
                return False
        elif loc == L.O_MONUMENT:
            placed += 1
            if not holds(state, L.MONUMENT, N_MONUMENT, idx, tile):
                return False
        elif idx != -1 or not out[tile]:
            return False
        else:
            off += 1
    if not recorded_where(state, L.MONUMENT, N_MONUMENT, L.OLOC, L.OIDX, L.O_MONUMENT):
        return False
    return (stacked == state[L.OSTACK_N] and placed == state[L.OBJECTIVES_N]
            and off == out.sum())


@njit(cache=True)
def _vassals_ok(state, n):
    totals = np.zeros(L.N_SPACES, np.int64)
    for seat in range(n):
        for kind in range(2):
            placed = 0
            for space in range(L.N_SPACES):
                v = state[L.OCC + (seat * L.N_SPACES + space) * 2 + kind]
                placed += v
                totals[space] += v
            owned = state[L.OWNED + seat * 2 + kind]
            limit = MAX_SPEARMEN if kind == L.SPEARMAN else MAX_RIDERS
            if owned > limit or owned - state[L.UNPLACED + seat * 2 + kind] != placed:
                return False
    for space in range(L.N_SPACES):
        if state[L.SPACE_TOTAL + space] != totals[space]:
            return False
    for area in range(N_AREAS):
        tile = state[L.AREA_TILE + area]
        if (tile == L.AREA_CLOSED) != (n < AREA_OPEN_FROM[area]):
            return False
        count = 0
        for i in range(L.SPACES_PER_AREA):
            space = L.WILDS_SPACE + area * L.SPACES_PER_AREA + i
            count += totals[space]
            if totals[space] > 0 and (tile < 0 or i >= TILE_N_SPACES[tile]):
                return False
        if state[L.AREA_COUNT + area] != count:
            return False
    return True


@njit(cache=True)
def _rest_of_cost_ok(state, f, row, step, c, left):
    """What is left to pay of the chosen cost (at column c) is there: a cost is chosen only if
    it can be paid in full (S23), and its markers, then spearmen, then riders go one by one
    (`left` counts those of the current step, which waits only while some are left)."""
    seat = state[L.ACTOR]
    markers = bundle_markers(row, c)
    spearmen = bundle_vassals(row, c, L.SPEARMAN)
    riders = bundle_vassals(row, c, L.RIDER)
    if step == L.ST_COST_MIX:
        if left != 0:
            return False
    elif step == L.ST_COST_MARKER:
        if not 1 <= left <= markers:
            return False
        markers = left
    elif step == L.ST_SPEND_S:
        if not 1 <= left <= spearmen:
            return False
        markers, spearmen = 0, left
    else:
        if not 1 <= left <= riders:
            return False
        markers, spearmen, riders = 0, 0, left
    space = state[f + L.F_SPACE]
    return (seat >= 0 and markers_of(state, seat) >= markers
            and spendable(state, seat, L.SPEARMAN, space, -1) >= spearmen
            and spendable(state, seat, L.RIDER, space, -1) >= riders)


@njit(cache=True)
def _bonus_keeps_placement(state, area, step, gain):
    """An area bonus frame is that of the tile being placed, and its gain, once chosen, leaves
    the tile a vassal placement (C11); a kind of bonus being chosen (BONUS_KIND) is left to
    the legal-action check."""
    tile = state[L.PENDING_TILE]
    seat = state[L.ACTOR]
    if tile < 0 or seat < 0 or state[L.AREA_TILE + area] != tile:
        return False
    if step == L.ST_GAIN_MIX:
        return bonus_fits(state, seat, tile, area, gain)
    if step > L.ST_APPLY and state[L.PHASE] != L.BONUS_KIND:
        return tile_takes_vassal(state, seat, tile)
    return True


@njit(cache=True)
def _frame_ok(state, f, top):
    """One open frame: its effect row is the one its kind resolves, its options exist, the
    steps that use a chosen option have one, what it has left to pay or place fits, and an
    area bonus keeps its tile's vassal placement."""
    kind = state[f + L.F_KIND]
    row = state[f + L.F_EFFECT]
    step = state[f + L.F_STEP]
    space = state[f + L.F_SPACE]
    arg = state[f + L.F_ARG]
    if kind == L.K_SPACE:
        if space < 0 or (space < N_CITY and row != ROW_CITY + space) or \
                (space >= N_CITY and row >= ROW_CITY):
            return False
    elif space != -1:
        return False
    elif kind == L.K_ABILITY:
        if arg < 0 or row != ROW_ABILITY + dragon_type(arg // 3) * 3 + arg % 3:
            return False
    elif kind == L.K_MOVE or kind == L.K_AREA_BONUS:
        if not 0 <= arg < N_AREAS:
            return False
        if kind == L.K_AREA_BONUS and row != ROW_AREA + arg:
            return False
        if kind == L.K_MOVE and row >= ROW_CITY:
            return False
    elif kind == L.K_SLOT:
        if not 0 <= arg < N_SLOTS or row != ROW_SLOT + arg:
            return False
    elif not 0 <= arg < N_MONUMENT or row != ROW_MONUMENT + arg or state[f + L.F_ARG2] < 0:
        return False
    cost = state[f + L.F_COST]
    gain = state[f + L.F_GAIN]
    if cost >= EFFECTS[row, E_NCOST] or gain >= EFFECTS[row, E_NGAIN]:
        return False
    if L.ST_COST_MIX <= step <= L.ST_SPEND_R and cost < 0:
        return False
    if (step == L.ST_GAIN_MIX or step == L.ST_APPLY or step == L.ST_BONUS
            or step == L.ST_MARKERS) and gain < 0:
        return False
    if step == L.ST_KEEP and state[L.DDRAW_N] < 2:
        return False
    if top and STEP_PHASE[step] < 0:
        return False
    if kind == L.K_AREA_BONUS and not _bonus_keeps_placement(state, arg, step, gain):
        return False
    left = state[f + L.F_LEFT]
    if L.ST_COST_MIX <= step <= L.ST_SPEND_R:
        return _rest_of_cost_ok(state, f, row, step, cost_at(cost), left)
    if step == L.ST_BONUS or step == L.ST_MARKERS:
        return left <= bundle_markers(row, gain_at(gain))  # markers still to place
    return left == 0


@njit(cache=True)
def _phase_ok(state, n, phase):
    actor = state[L.ACTOR]
    depth = state[L.DEPTH]
    pending = state[L.PENDING_TILE]
    if phase == L.OVER:
        return actor == -1 and depth == 0
    if actor < 0:
        return False
    if (state[L.END_SEAT] >= 0) != (state[L.FINAL_LEFT] > 0):
        return False
    setup = phase == L.POWER_DRAFT or phase == L.ACTION_DRAFT or phase == L.DRAGON_PICK
    if setup and state[L.MODE] != 1:
        return False
    if (state[L.OPTIONS_N] > 0) != (phase == L.POWER_DRAFT):
        return False
    if phase == L.DRAGON_PICK:
        for seat in range(n):
            if (state[L.SETUP_PICK + seat] >= 0) != (seat < state[L.DRAFT_TURN]):
                return False
    space_frame = False
    dragon_draw = False
    objective_draw = False
    for d in range(depth):
        f = L.FRAMES + d * L.FW
        step = state[f + L.F_STEP]
        space_frame = space_frame or state[f + L.F_KIND] == L.K_SPACE
        dragon_draw = dragon_draw or step == L.ST_KEEP or step == L.ST_RETURN_DRAGONS
        objective_draw = objective_draw or L.ST_MON_PICK <= step <= L.ST_MON_RETURN
    if (state[L.DDRAW_N] > 0 and not dragon_draw) or (state[L.ODRAW_N] > 0
                                                      and not objective_draw):
        return False
    if pending >= 0:
        if state[L.TILE_PLAYED] != 1 or space_frame:
            return False
        if phase != L.TILE_AREA and state[L.TLOC + pending] != L.LOC_WILDS:
            return False
    if depth > 0:
        top = L.FRAMES + (depth - 1) * L.FW
        for d in range(depth):
            if not _frame_ok(state, L.FRAMES + d * L.FW, d == depth - 1):
                return False
        step = state[top + L.F_STEP]
        if phase == L.BONUS_KIND:
            return step == L.ST_BONUS
        if phase == L.MON_PICK and state[L.ODRAW_N] == 0:
            return False
        if phase == L.RETURN and state[L.DDRAW_N if step == L.ST_RETURN_DRAGONS
                                       else L.ODRAW_N] == 0:
            return False
        return STEP_PHASE[step] == phase
    if setup:
        if phase == L.POWER_DRAFT:
            return state[L.OPTIONS_N] >= 1
        if phase == L.ACTION_DRAFT:
            turn = state[L.DRAFT_TURN]
            return turn < DRAFT_ROUNDS * n and actor == turn % n
        return state[L.DRAFT_TURN] < n and actor == state[L.DRAFT_TURN]
    if state[L.DDRAW_N] != 0 or state[L.ODRAW_N] != 0:
        return False
    if phase == L.TILE_AREA:
        return (pending >= 0 and state[L.TLOC + pending] == L.LOC_HAND
                and state[L.TIDX + pending] == actor and (tile_plays(state) == pending).any())
    if phase == L.TILE_VASSAL:
        return pending >= 0 and state[L.TLOC + pending] == L.LOC_WILDS
    if phase == L.FREE or phase == L.RETRIEVE:
        return pending == -1
    if phase == L.DISCARD:
        return state[L.HAND_N + actor] > HAND_LIMIT
    return phase == L.RES_LIMIT


@njit(VALIDATE, cache=True)
def validate_state(state):
    """0 if `state` is a Simurgh state the rules can reach, else the code of its first bad
    field (STATE_FIELDS[code] names it)."""
    code = check_head(state, FIELD_TABLE, P, L.RNG, RNG_STUCK)
    if code:
        return code
    n = state[L.NUM_PLAYERS]
    phase = state[L.PHASE]
    for area in range(N_AREAS):
        if (state[L.AREA_TILE + area] == L.AREA_CLOSED) != (n < AREA_OPEN_FROM[area]):
            return AREAS
    code = _tiles_ok(state, n)
    if code:
        return code
    if not _dragons_ok(state, n, phase):
        return DRAGONS
    if not _objectives_ok(state):
        return OBJECTIVES
    if not _vassals_ok(state, n):
        return VASSALS
    actor = state[L.ACTOR]
    if actor >= 0 and (state[L.BLOCKED] > state[L.UNPLACED + actor * 2]
                       or state[L.BLOCKED + 1] > state[L.UNPLACED + actor * 2 + 1]):
        return BLOCKED
    for d in range(state[L.DEPTH]):
        if not _frame_ok(state, L.FRAMES + d * L.FW, d == state[L.DEPTH] - 1):
            return FRAMES
    if not _phase_ok(state, n, phase):
        return PHASE
    if not offers_sorted(state):
        return OFFERS
    return 0
