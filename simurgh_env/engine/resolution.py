"""Resolving effects: the frame machine behind every main and free action (S18-S29, S39, S47,
S48, S56-S62).

An effect runs in a frame (layout F_*): pay a cost option (fixed part, mixes, markers to
remove, vassals to spend), receive a gain option (mixes, bonus abilities, markers to place,
recruits), draw dragons (keep one, return the others), then a continuation that depends on
what the frame resolves (a board space, an ability, an exploration move, a Wilds area bonus,
a Scouts' Quarters slot, a Monument space). `advance` runs every step that needs no decision
and stops at the next one, setting PHASE. At most two frames are open: a free action used at
an open point of the main action (the Scouts' Quarters tile, the Monument draw) or a payment
inside it runs on top of it.
"""

from numba import njit

from simurgh_env.engine import layout as L
from simurgh_env.engine.abilities import any_bonus, extra_move_available
from simurgh_env.engine.dragons import (
    dragon_type,
    draw_dragons,
    first_ability,
    has_marker,
    marker_targets,
    place_marker,
    receive_dragon,
    remove_marker,
    take_drawn,
)
from simurgh_env.engine.effects import (
    bundle_markers,
    bundle_power,
    bundle_vassals,
    can_gain,
    can_pay,
    cost_at,
    cost_mix_bounds,
    gain_at,
    gain_possible,
    mix_of,
    pay_fixed,
)
from simurgh_env.engine.exploration import LEVELS, rider_level, step_down
from simurgh_env.engine.monument import (
    draw_objectives,
    lift_objective,
    monument_space_legal,
    place_objective,
)
from simurgh_env.engine.scouts import take_face_down, take_from_slot
from simurgh_env.engine.tables import (
    ABILITY_KIND,
    E_DRAW,
    E_DRAW_MARKERS,
    E_NCOST,
    E_NGAIN,
    EFFECTS,
    EXPLORATION,
    MAX_MIXES,
    MONUMENT_SPACE,
    N_CITY,
    N_DRAGONS,
    N_MONUMENT,
    N_RES,
    OBJECTIVE_SWAP,
    ROW_ABILITY,
    ROW_CITY,
    ROW_MONUMENT,
    ROW_SLOT,
    SCOUT_FACE_DOWN,
    SCOUT_FACE_UP,
    SCOUTS_SPACE,
    TILE_FAMILY,
    TILE_FIRST_SPACE,
    WEAPON,
)
from simurgh_env.engine.turn import check_end
from simurgh_env.engine.vassals import (
    area_of,
    occ_at,
    put_vassal,
    recruit,
    spend_placed,
    spend_unplaced,
)
from simurgh_env.engine.wilds import bonus_fits, remove_if_empty, remove_if_full, remove_tile


@njit(cache=True)
def top_frame(state):
    """Offset of the innermost open frame."""
    return L.FRAMES + (state[L.DEPTH] - 1) * L.FW


@njit(cache=True)
def push_frame(state, kind, row, space, arg):
    """Open a frame resolving effect `row`; return its offset."""
    f = L.FRAMES + state[L.DEPTH] * L.FW
    state[L.DEPTH] += 1
    state[f + L.F_KIND] = kind
    state[f + L.F_EFFECT] = row
    state[f + L.F_STEP] = L.ST_COST
    state[f + L.F_COST] = -1
    state[f + L.F_GAIN] = -1
    state[f + L.F_MIX] = 0
    state[f + L.F_LEFT] = 0
    state[f + L.F_SPACE] = space
    state[f + L.F_ARG] = arg
    state[f + L.F_ARG2] = -1
    state[f + L.F_MOVE] = 0
    for k in range(N_RES + 1):
        state[f + L.F_G + k] = 0
    return f


@njit(cache=True)
def pop_frame(state):
    """Close the innermost frame; with none left the turn goes back to its free phase."""
    state[L.DEPTH] -= 1
    if state[L.DEPTH] == 0:
        state[L.PHASE] = L.TILE_VASSAL if state[L.PENDING_TILE] >= 0 else L.FREE


@njit(cache=True)
def cost_option_legal(state, f, option):
    """Whether the actor may choose cost option `option` of the frame's effect."""
    seat = state[L.ACTOR]
    row = state[f + L.F_EFFECT]
    return (can_pay(state, seat, row, option, state[f + L.F_SPACE], -1, 0)
            and gain_possible(state, seat, row, option))


@njit(cache=True)
def gain_option_legal(state, f, option):
    """Whether the actor may choose gain option `option`; an area bonus must leave a legal
    vassal placement on the tile being placed (C11)."""
    seat = state[L.ACTOR]
    row = state[f + L.F_EFFECT]
    if not can_gain(state, seat, row, option, state[f + L.F_COST]):
        return False
    if state[f + L.F_KIND] == L.K_AREA_BONUS:
        return bonus_fits(state, seat, state[L.PENDING_TILE], state[f + L.F_ARG], option)
    return True


@njit(cache=True)
def choose_cost(state, f, option):
    """Pay the fixed part of cost option `option`; its mixes, markers and spends follow."""
    state[f + L.F_COST] = option
    pay_fixed(state, state[L.ACTOR], state[f + L.F_EFFECT], option)
    state[f + L.F_MIX] = 0
    state[f + L.F_STEP] = L.ST_COST_MIX


@njit(cache=True)
def choose_gain(state, f, option):
    """Fix gain option `option`: its fixed part becomes the gain event; its mixes follow."""
    row = state[f + L.F_EFFECT]
    g = gain_at(option)
    state[f + L.F_GAIN] = option
    for r in range(N_RES):
        state[f + L.F_G + r] = EFFECTS[row, g + r]
    state[f + L.F_GPP] = bundle_power(row, g)
    state[f + L.F_MIX] = 0
    state[f + L.F_STEP] = L.ST_GAIN_MIX


@njit(cache=True)
def apply_mix(state, f, first):
    """Split the current mix: `first` of its first kind, the rest of its second."""
    seat = state[L.ACTOR]
    row = state[f + L.F_EFFECT]
    m = state[f + L.F_MIX]
    if state[f + L.F_STEP] == L.ST_COST_MIX:
        amount, k1, k2 = mix_of(row, cost_at(state[f + L.F_COST]), m)
        state[L.RES + seat * N_RES + k1] -= first
        state[L.RES + seat * N_RES + k2] -= amount - first
    else:
        amount, k1, k2 = mix_of(row, gain_at(state[f + L.F_GAIN]), m)
        state[f + L.F_G + k1] += first
        state[f + L.F_G + k2] += amount - first
    state[f + L.F_MIX] = m + 1


@njit(cache=True)
def spend_from(state, seat, space, kind):
    """Spend the seat's vassal of `kind` standing on `space`; an emptied tile is removed."""
    spend_placed(state, seat, space, kind)
    area = area_of(space)
    if area >= 0:
        remove_if_empty(state, area)


@njit(cache=True)
def spend_candidates(state, f, kind):
    """How many spaces hold a vassal of `kind` the actor may spend, and the last one (S26)."""
    seat = state[L.ACTOR]
    count = 0
    last = -1
    for space in range(L.N_SPACES):
        if space != state[f + L.F_SPACE] and state[occ_at(seat, space, kind)] > 0:
            count += 1
            last = space
    return count, last


@njit(cache=True)
def marker_candidates(state, seat):
    """How many markers the seat could remove, and the last (dragon * 3 + slot)."""
    count = 0
    last = -1
    for dragon in range(N_DRAGONS):
        for slot in range(3):
            if has_marker(state, seat, dragon, slot):
                count += 1
                last = dragon * 3 + slot
    return count, last


@njit(cache=True)
def keep_dragon(state, k):
    """Keep drawn dragon k with the markers of the effect (S28, S53)."""
    dragon = take_drawn(state, L.DDRAW, L.DDRAW_N, k)
    receive_dragon(state, state[L.ACTOR], dragon, state[L.DDRAW_MARKERS])


@njit(cache=True)
def _after(state, f):
    """The continuation of a frame once its effect is resolved."""
    kind = state[f + L.F_KIND]
    seat = state[L.ACTOR]
    if kind == L.K_SPACE:
        space = state[f + L.F_SPACE]
        if space == SCOUTS_SPACE:
            state[f + L.F_STEP] = L.ST_SCOUT
        elif space == MONUMENT_SPACE:
            draw_objectives(state, seat)
            state[f + L.F_STEP] = L.ST_MON_PICK
        else:
            state[f + L.F_STEP] = L.ST_FINISH
    elif kind == L.K_ABILITY:
        arg = state[f + L.F_ARG]
        ability = ABILITY_KIND[dragon_type(arg // 3), arg % 3]
        if ability == SCOUT_FACE_UP:
            state[f + L.F_STEP] = L.ST_ABILITY_SCOUT
        else:
            if ability == SCOUT_FACE_DOWN:
                take_face_down(state, seat)
            pop_frame(state)
    elif kind == L.K_MOVE:
        area = state[f + L.F_ARG]
        if rider_level(state, seat, area) == LEVELS - 1:
            remove_tile(state, area)  # the exploration is over (S41)
            pop_frame(state)
        else:
            state[f + L.F_STEP] = L.ST_EXTRA_MOVE
    elif kind == L.K_SLOT:
        take_from_slot(state, seat, state[f + L.F_ARG])
        pop_frame(state)
    elif kind == L.K_MONUMENT:
        place_objective(state, state[f + L.F_ARG2], state[f + L.F_ARG])
        check_end(state)
        pop_frame(state)
    else:  # K_AREA_BONUS: the vassal goes on the new tile next
        pop_frame(state)


@njit(cache=True)
def advance(state):
    """Run the open frames until the actor faces a decision (PHASE) or no frame is left."""
    while state[L.DEPTH] > 0:
        f = top_frame(state)
        step = state[f + L.F_STEP]
        seat = state[L.ACTOR]
        row = state[f + L.F_EFFECT]
        if step == L.ST_COST:
            n = EFFECTS[row, E_NCOST]
            if n == 0:
                state[f + L.F_STEP] = L.ST_GAIN
                continue
            count = 0
            last = -1
            for option in range(n):
                if cost_option_legal(state, f, option):
                    count += 1
                    last = option
            if count == 1:
                choose_cost(state, f, last)
                continue
            state[L.PHASE] = L.COST_OPTION
            return
        if step == L.ST_COST_MIX:
            m = state[f + L.F_MIX]
            c = cost_at(state[f + L.F_COST])
            if m >= MAX_MIXES or mix_of(row, c, m)[0] == 0:
                state[f + L.F_STEP] = L.ST_COST_MARKER
                state[f + L.F_LEFT] = bundle_markers(row, c)
                continue
            lo, hi = cost_mix_bounds(state, seat, row, state[f + L.F_COST], m)
            if lo == hi:
                apply_mix(state, f, lo)
                continue
            state[L.PHASE] = L.MIX
            return
        if step == L.ST_COST_MARKER:
            if state[f + L.F_LEFT] == 0:
                state[f + L.F_STEP] = L.ST_SPEND_S
                state[f + L.F_LEFT] = bundle_vassals(row, cost_at(state[f + L.F_COST]),
                                                     L.SPEARMAN)
                continue
            count, last = marker_candidates(state, seat)
            if count == 1:
                remove_marker(state, last // 3, last % 3)
                state[f + L.F_LEFT] -= 1
                continue
            state[L.PHASE] = L.REMOVE_MARKER
            return
        if step == L.ST_SPEND_S or step == L.ST_SPEND_R:
            kind = L.SPEARMAN if step == L.ST_SPEND_S else L.RIDER
            if state[f + L.F_LEFT] == 0:
                if kind == L.SPEARMAN:
                    state[f + L.F_STEP] = L.ST_SPEND_R
                    state[f + L.F_LEFT] = bundle_vassals(row, cost_at(state[f + L.F_COST]),
                                                         L.RIDER)
                else:
                    state[f + L.F_STEP] = L.ST_GAIN
                continue
            # An unplaced vassal must go first (S26).
            if state[L.UNPLACED + seat * 2 + kind] > 0:
                spend_unplaced(state, seat, kind)
                state[f + L.F_LEFT] -= 1
                continue
            count, last = spend_candidates(state, f, kind)
            if count == 1:
                spend_from(state, seat, last, kind)
                state[f + L.F_LEFT] -= 1
                continue
            state[L.PHASE] = L.SPEND
            return
        if step == L.ST_GAIN:
            n = EFFECTS[row, E_NGAIN]
            count = 0
            last = -1
            for option in range(n):
                if gain_option_legal(state, f, option):
                    count += 1
                    last = option
            if count == 0:
                state[f + L.F_STEP] = L.ST_DRAW
                continue
            if count == 1:
                choose_gain(state, f, last)
                continue
            state[L.PHASE] = L.GAIN_OPTION
            return
        if step == L.ST_GAIN_MIX:
            m = state[f + L.F_MIX]
            if m >= MAX_MIXES or mix_of(row, gain_at(state[f + L.F_GAIN]), m)[0] == 0:
                state[f + L.F_STEP] = L.ST_APPLY
                continue
            state[L.PHASE] = L.MIX
            return
        if step == L.ST_APPLY:
            g = gain_at(state[f + L.F_GAIN])
            for r in range(N_RES):
                state[L.RES + seat * N_RES + r] += state[f + L.F_G + r]
            state[L.PP + seat] += state[f + L.F_GPP]
            for kind in range(2):
                wanted = bundle_vassals(row, g, kind)
                if wanted > 0:
                    recruit(state, seat, kind, wanted)
            state[f + L.F_LEFT] = bundle_markers(row, g)
            state[f + L.F_STEP] = L.ST_BONUS
            continue
        if step == L.ST_BONUS:
            if any_bonus(state, seat, f):
                state[L.PHASE] = L.BONUS
                return
            state[f + L.F_STEP] = L.ST_MARKERS
            continue
        if step == L.ST_MARKERS:
            if state[f + L.F_LEFT] > 0:
                count, last = marker_targets(state, seat)
                if count == 0:
                    state[f + L.F_LEFT] = 0  # no slot left: the markers are lost (S53)
                elif count == 1:
                    place_marker(state, last)
                    state[f + L.F_LEFT] -= 1
                else:
                    state[L.PHASE] = L.PLACE_MARKER
                    return
                continue
            state[f + L.F_STEP] = L.ST_DRAW
            continue
        if step == L.ST_DRAW:
            state[f + L.F_STEP] = L.ST_AFTER
            draw = EFFECTS[row, E_DRAW]
            if draw > 0 and draw_dragons(state, seat, draw) > 0:
                state[L.DDRAW_MARKERS] = EFFECTS[row, E_DRAW_MARKERS]
                state[f + L.F_STEP] = L.ST_KEEP
            continue
        if step == L.ST_KEEP:
            if state[L.DDRAW_N] == 1:
                keep_dragon(state, 0)
                state[f + L.F_STEP] = L.ST_AFTER
                continue
            state[L.PHASE] = L.KEEP
            return
        if step == L.ST_RETURN_DRAGONS or step == L.ST_MON_RETURN:
            count_at = L.DDRAW_N if step == L.ST_RETURN_DRAGONS else L.ODRAW_N
            if state[count_at] == 0:
                state[f + L.F_STEP] = L.ST_AFTER if step == L.ST_RETURN_DRAGONS else L.ST_FINISH
                continue
            state[L.PHASE] = L.RETURN
            return
        if step == L.ST_AFTER:
            _after(state, f)
            continue
        if step == L.ST_FINISH:
            space = state[f + L.F_SPACE]
            if space >= N_CITY:
                remove_if_full(state, area_of(space))
            state[L.MAIN_DONE] = 1
            pop_frame(state)
            continue
        if step == L.ST_SCOUT or step == L.ST_ABILITY_SCOUT:
            state[L.PHASE] = L.SCOUT
            return
        if step == L.ST_MON_PICK:
            if state[L.ODRAW_N] == 0:
                state[f + L.F_STEP] = L.ST_MON_RETURN
                continue
            state[L.PHASE] = L.MON_PICK
            return
        if step == L.ST_MON_SPACE:
            count = 0
            last = -1
            for space in range(N_MONUMENT):
                if monument_space_legal(state, seat, space):
                    count += 1
                    last = space
            if count == 1:
                choose_monument_space(state, f, last)
                continue
            state[L.PHASE] = L.MON_SPACE
            return
        # ST_EXTRA_MOVE
        if extra_move_available(state, seat, state[f + L.F_ARG]):
            state[L.PHASE] = L.EXTRA_MOVE
            return
        pop_frame(state)


@njit(cache=True)
def start_placement(state, seat, space, kind):
    """The main action: put a vassal on a space and resolve it (S18.1)."""
    put_vassal(state, seat, space, kind)
    state[L.PENDING_TILE] = -1
    if space < N_CITY:
        row = ROW_CITY + space
    else:
        area = area_of(space)
        tile = state[L.AREA_TILE + area]
        row = TILE_FIRST_SPACE[tile] + (space - L.WILDS_SPACE) % L.SPACES_PER_AREA
        if TILE_FAMILY[tile] == EXPLORATION:
            state[L.ENTERED_AREA] = area
    f = push_frame(state, L.K_SPACE, row, space, -1)
    if space >= N_CITY and TILE_FAMILY[state[L.AREA_TILE + area_of(space)]] == EXPLORATION:
        state[f + L.F_MOVE] = L.MOVE_ENTRY  # moving onto the tile (line 1481)
    advance(state)


@njit(cache=True)
def start_ability(state, dragon, slot):
    """A free action: remove the ability's marker and resolve it (S56)."""
    remove_marker(state, dragon, slot)
    push_frame(state, L.K_ABILITY, ROW_ABILITY + dragon_type(dragon) * 3 + slot, -1,
               dragon * 3 + slot)
    advance(state)


@njit(cache=True)
def start_move(state, area):
    """A free action: move the actor's rider on `area` one level down (S39)."""
    state[L.MOVED] = 1
    row = step_down(state, state[L.ACTOR], area)
    f = push_frame(state, L.K_MOVE, row, -1, area)
    state[f + L.F_MOVE] = L.MOVE_DOWN
    advance(state)


@njit(cache=True)
def extra_move(state, dragon, slot):
    """Use an extra-move ability: the same rider goes down once more, paying in full (S58)."""
    remove_marker(state, dragon, slot)
    f = top_frame(state)
    area = state[f + L.F_ARG]
    row = step_down(state, state[L.ACTOR], area)
    state[L.DEPTH] -= 1
    f = push_frame(state, L.K_MOVE, row, -1, area)
    state[f + L.F_MOVE] = L.MOVE_DOWN
    advance(state)


@njit(cache=True)
def choose_monument_space(state, f, space):
    """Put the chosen objective on a Monument space, paying its cost for its PP (S48); on an
    occupied space the objective swap takes the old tile away first (S62, C22)."""
    if state[L.MONUMENT + space] >= 0:
        dragon, slot = first_ability(state, state[L.ACTOR], OBJECTIVE_SWAP)
        remove_marker(state, dragon, slot)
        lift_objective(state, space)
    state[f + L.F_STEP] = L.ST_MON_RETURN
    tile = state[f + L.F_ARG2]
    g = push_frame(state, L.K_MONUMENT, ROW_MONUMENT + space, -1, space)
    state[g + L.F_ARG2] = tile


@njit(cache=True)
def choose_scout(state, f, k):
    """Take a tile at the Scouts' Quarters: slot k paying its cost for its PP, or (k = 4) the
    top face-down tile for 1 weapon (S47); with a Scouts ability, any face-up tile free (S61)."""
    seat = state[L.ACTOR]
    if state[f + L.F_STEP] == L.ST_ABILITY_SCOUT:
        take_from_slot(state, seat, k)
        pop_frame(state)
        return
    state[f + L.F_STEP] = L.ST_FINISH
    if k == L.N_SCOUT_CHOICES - 1:
        state[L.RES + seat * N_RES + WEAPON] -= EFFECTS[ROW_SLOT + k, cost_at(0) + WEAPON]
        take_face_down(state, seat)
    else:
        push_frame(state, L.K_SLOT, ROW_SLOT + k, -1, k)
