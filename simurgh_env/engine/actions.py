"""Decisions: the legal-action mask and applying an action (ranges in layout.py, meanings in
docs/rules/simurgh.md, section Decisions)."""

import numpy as np
from numba import njit

from simurgh_env.engine import layout as L
from simurgh_env.engine.abilities import (
    apply_bonus,
    bonus_kind_legal,
    bonus_usable,
    free_ability_usable,
)
from simurgh_env.engine.city import city_kinds
from simurgh_env.engine.dragons import (
    dragon_type,
    dstack_push,
    has_marker,
    marker_slot,
    owns,
    place_marker,
    remove_marker,
    take_drawn,
)
from simurgh_env.engine.effects import cost_at, cost_mix_bounds, gain_at, mix_of, usable
from simurgh_env.engine.exploration import can_move
from simurgh_env.engine.limits import close_turn, discard, discard_legal, return_resource
from simurgh_env.engine.monument import monument_space_legal, ostack_push
from simurgh_env.engine.resolution import (
    advance,
    apply_mix,
    choose_cost,
    choose_gain,
    choose_monument_space,
    choose_scout,
    cost_option_legal,
    extra_move,
    gain_option_legal,
    keep_dragon,
    pop_frame,
    push_frame,
    spend_from,
    start_ability,
    start_move,
    start_placement,
    top_frame,
)
from simurgh_env.engine.scouts import choice_left_without
from simurgh_env.engine.setup import pick_dragon, pick_power, pick_row
from simurgh_env.engine.tables import (
    ABILITY_KIND,
    CLEAR_WEAPONS,
    E_NCOST,
    E_NGAIN,
    EFFECTS,
    EXTRA_MOVE,
    MEAT,
    N_AREAS,
    N_CITY,
    N_DRAGONS,
    N_MONUMENT,
    N_RES,
    N_SLOTS,
    N_TILES,
    ROW_AREA,
    ROW_SLOT,
    SPEND_BONUS,
    VEG_OR_MEAT_BONUS,
    VEGETABLE,
    WEAPON,
)
from simurgh_env.engine.vassals import area_of, occ_at, placeable, retrieve_vassal
from simurgh_env.engine.wilds import (
    area_fits,
    area_space,
    placeable_kinds,
    put_tile,
    remove_if_empty,
    remove_tile,
    tile_playable,
    wilds_room,
    wilds_space_kinds,
)
from tabletop_core.signatures import CURRENT_PLAYER, DECISION_GROUP, LEGAL_MASK, PLAY


@njit(CURRENT_PLAYER, cache=True)
def current_player(state):
    """Seat to act, or -1 once the game is over."""
    return state[L.ACTOR]


@njit(DECISION_GROUP, cache=True)
def decision_group(state, seats):
    """The seats deciding together now, written to seats; returns their count (0: over).

    The only simultaneous choice is the Dragonlord dragon pick (S15, rulebook setup 13: each
    player keeps 1 of its 3 dragons, all reveal together, C38): the engine asks seats 0 .. n-1
    in turn, so the group is the picker and every later seat. The power draft passes tiles on
    (each choice depends on the previous one) and every other decision is in a player's turn.
    """
    actor = state[L.ACTOR]
    if actor < 0:
        return 0
    if state[L.PHASE] != L.DRAGON_PICK:
        seats[0] = actor
        return 1
    count = 0
    for seat in range(actor, state[L.NUM_PLAYERS]):
        seats[count] = seat
        count += 1
    return count


@njit(cache=True)
def main_action_possible(state, seat):
    """Whether the seat has a vassal to place (the Main Market always takes one) or to
    retrieve. Not when all its vassals came back this turn: it then ends the turn (C27)."""
    if placeable(state, seat, L.SPEARMAN) + placeable(state, seat, L.RIDER) > 0:
        return True
    on_board = state[L.OWNED + seat * 2] + state[L.OWNED + seat * 2 + 1]
    return on_board - state[L.UNPLACED + seat * 2] - state[L.UNPLACED + seat * 2 + 1] > 0


@njit(cache=True)
def _free_actions(state, seat, mask, scout_pending):
    """Abilities and the exploration move, usable around the main action (S19)."""
    for dragon in range(N_DRAGONS):
        if owns(state, seat, dragon):
            for slot in range(3):
                if free_ability_usable(state, seat, dragon, slot, scout_pending):
                    mask[L.A_ABILITY + dragon * 3 + slot] = 1
    for area in range(N_AREAS):
        if can_move(state, seat, area):
            mask[L.A_MOVE + area] = 1


@njit(cache=True)
def _retrievals(state, seat, mask):
    for space in range(L.N_SPACES):
        if state[L.SPACE_TOTAL + space] > 0:
            for kind in range(2):
                if state[occ_at(seat, space, kind)] > 0:
                    mask[L.A_RETRIEVE + 2 * space + kind] = 1


@njit(cache=True)
def _main_actions(state, seat, mask):
    kinds = placeable_kinds(state, seat)
    if kinds:
        for space in range(L.N_SPACES):
            if space < N_CITY:
                legal = city_kinds(state, seat, space, kinds)
            else:
                legal = wilds_space_kinds(state, seat, space, kinds)
            mask[L.A_PLACE + 2 * space] = legal & 1
            mask[L.A_PLACE + 2 * space + 1] = legal >> 1
    _retrievals(state, seat, mask)
    room = wilds_room(state, seat) if kinds and state[L.TILE_PLAYED] == 0 else 0
    if room:
        for tile in range(N_TILES):
            if (state[L.TLOC + tile] == L.LOC_HAND and state[L.TIDX + tile] == seat
                    and tile_playable(state, seat, tile, kinds, room)):
                mask[L.A_PLAY_TILE + tile] = 1


@njit(LEGAL_MASK, cache=True)
def legal_mask(state, mask):
    """mask[a] = 1 for each legal action of the seat to act, 0 elsewhere."""
    mask[:] = 0
    phase = state[L.PHASE]
    seat = state[L.ACTOR]
    if phase == L.FREE:
        if state[L.MAIN_DONE] == 0:
            _main_actions(state, seat, mask)
        if state[L.MAIN_DONE] != 0 or not main_action_possible(state, seat):
            mask[L.A_END_TURN] = 1
        _free_actions(state, seat, mask, False)
        return
    if phase == L.OVER:
        return
    if phase == L.POWER_DRAFT:
        mask[L.A_PICK:L.A_PICK + state[L.OPTIONS_N]] = 1
        return
    if phase == L.ACTION_DRAFT:
        for k in range(4):
            if state[L.DRAFT_ROW + k] >= 0:
                mask[L.A_PICK + k] = 1
        return
    if phase == L.DRAGON_PICK:
        mask[L.A_PICK:L.A_PICK + 3] = 1
        return
    if phase == L.TILE_AREA:
        for area in range(N_AREAS):
            if area_fits(state, seat, state[L.PENDING_TILE], area):
                mask[L.A_AREA + area] = 1
        return
    if phase == L.TILE_VASSAL:
        area = state[L.TIDX + state[L.PENDING_TILE]]
        kinds = placeable_kinds(state, seat)
        for i in range(L.SPACES_PER_AREA):
            space = area_space(area, i)
            legal = wilds_space_kinds(state, seat, space, kinds)
            mask[L.A_PLACE + 2 * space] = legal & 1
            mask[L.A_PLACE + 2 * space + 1] = legal >> 1
        return
    if phase == L.RETRIEVE:
        _retrievals(state, seat, mask)
        mask[L.A_PASS] = 1
        return
    if phase == L.DISCARD:
        for tile in range(N_TILES):
            if discard_legal(state, seat, tile):
                mask[L.A_DISCARD_TOP + tile] = 1
                mask[L.A_DISCARD_BOTTOM + tile] = 1
        return
    if phase == L.RES_LIMIT:
        for r in range(N_RES):
            if state[L.RES + seat * N_RES + r] > 0:
                mask[L.A_RESOURCE + r] = 1
        return
    f = top_frame(state)
    row = state[f + L.F_EFFECT]
    if phase == L.COST_OPTION:
        for option in range(EFFECTS[row, E_NCOST]):
            if cost_option_legal(state, f, option):
                mask[L.A_OPTION + option] = 1
    elif phase == L.GAIN_OPTION:
        for option in range(EFFECTS[row, E_NGAIN]):
            if gain_option_legal(state, f, option):
                mask[L.A_OPTION + option] = 1
    elif phase == L.MIX:
        m = state[f + L.F_MIX]
        if state[f + L.F_STEP] == L.ST_COST_MIX:
            lo, hi = cost_mix_bounds(state, seat, row, state[f + L.F_COST], m)
        else:
            lo = 0
            hi = mix_of(row, gain_at(state[f + L.F_GAIN]), m)[0]
        mask[L.A_MIX + lo:L.A_MIX + hi + 1] = 1
    elif phase == L.REMOVE_MARKER:
        for dragon in range(N_DRAGONS):
            if owns(state, seat, dragon):
                for slot in range(3):
                    if state[L.DSLOT + dragon * 3 + slot] == L.SLOT_MARKER:
                        mask[L.A_REMOVE_MARKER + dragon * 3 + slot] = 1
    elif phase == L.SPEND:
        kind = L.SPEARMAN if state[f + L.F_STEP] == L.ST_SPEND_S else L.RIDER
        for space in range(L.N_SPACES):
            if space != state[f + L.F_SPACE] and state[occ_at(seat, space, kind)] > 0:
                mask[L.A_SPEND + space] = 1
    elif phase == L.BONUS:
        for dragon in range(N_DRAGONS):
            if owns(state, seat, dragon):
                for slot in range(3):
                    if bonus_usable(state, seat, dragon, slot, f):
                        mask[L.A_ABILITY + dragon * 3 + slot] = 1
        mask[L.A_PASS] = 1
    elif phase == L.BONUS_KIND:
        for kind in (VEGETABLE, MEAT):
            mask[L.A_RESOURCE + kind] = bonus_kind_legal(state, seat, kind)
    elif phase == L.PLACE_MARKER:
        for dragon in range(N_DRAGONS):
            if owns(state, seat, dragon) and marker_slot(state, dragon) >= 0:
                mask[L.A_MARKER + dragon] = 1
    elif phase == L.KEEP:
        mask[L.A_PICK:L.A_PICK + state[L.DDRAW_N]] = 1
    elif phase == L.RETURN:
        n = state[L.DDRAW_N] if state[f + L.F_STEP] == L.ST_RETURN_DRAGONS else state[L.ODRAW_N]
        mask[L.A_RETURN_TOP:L.A_RETURN_TOP + n] = 1
        mask[L.A_RETURN_BOTTOM:L.A_RETURN_BOTTOM + n] = 1
    elif phase == L.SCOUT:
        if state[f + L.F_STEP] == L.ST_ABILITY_SCOUT:
            parent = f - L.FW
            pending = state[L.DEPTH] >= 2 and state[parent + L.F_STEP] == L.ST_SCOUT
            for k in range(N_SLOTS):
                if state[L.SLOTS + k] >= 0 and (not pending
                                               or choice_left_without(state, seat, k)):
                    mask[L.A_SCOUT + k] = 1
        else:
            for k in range(N_SLOTS):
                if state[L.SLOTS + k] >= 0 and usable(state, seat, ROW_SLOT + k, -1, -1, 0):
                    mask[L.A_SCOUT + k] = 1
            if (state[L.STACK_N] > 0
                    and state[L.RES + seat * N_RES + WEAPON] >= EFFECTS[ROW_SLOT + N_SLOTS,
                                                                        cost_at(0) + WEAPON]):
                mask[L.A_SCOUT + N_SLOTS] = 1
            _free_actions(state, seat, mask, True)
    elif phase == L.MON_PICK:
        for space in range(N_MONUMENT):
            if monument_space_legal(state, seat, space):
                mask[L.A_PICK:L.A_PICK + state[L.ODRAW_N]] = 1
                break
        mask[L.A_PASS] = 1
        _free_actions(state, seat, mask, False)
    elif phase == L.MON_SPACE:
        for space in range(N_MONUMENT):
            if monument_space_legal(state, seat, space):
                mask[L.A_OBJ_SPACE + space] = 1
    elif phase == L.EXTRA_MOVE:
        for dragon in range(N_DRAGONS):
            for slot in range(3):
                if (has_marker(state, seat, dragon, slot)
                        and ABILITY_KIND[dragon_type(dragon), slot] == EXTRA_MOVE):
                    mask[L.A_ABILITY + dragon * 3 + slot] = 1
        mask[L.A_PASS] = 1


@njit(cache=True)
def tile_plays(state):
    """Which tiles the seat laying a tile in the Wilds (S29) could lay just before it chose that
    one: the tile plays of that moment's legal mask."""
    before = state.copy()
    before[L.PHASE] = L.FREE
    before[L.TILE_PLAYED] = 0
    before[L.PENDING_TILE] = -1
    mask = np.zeros(L.NUM_ACTIONS, np.uint8)
    legal_mask(before, mask)
    return np.flatnonzero(mask[L.A_PLAY_TILE:L.A_PLAY_TILE + N_TILES])


@njit(cache=True)
def _place_tile(state, area):
    """S29 steps 1-3: clear the area for 1 weapon if needed, lay the tile, take the bonus."""
    seat = state[L.ACTOR]
    if state[L.AREA_TILE + area] >= 0:
        state[L.RES + seat * N_RES + WEAPON] -= CLEAR_WEAPONS
        remove_tile(state, area)
    put_tile(state, state[L.PENDING_TILE], area)
    push_frame(state, L.K_AREA_BONUS, ROW_AREA + area, -1, area)
    advance(state)


@njit(cache=True)
def _retrieve(state, action):
    seat = state[L.ACTOR]
    space = (action - L.A_RETRIEVE) // 2
    retrieve_vassal(state, seat, space, (action - L.A_RETRIEVE) % 2)
    area = area_of(space)
    if area >= 0:
        remove_if_empty(state, area)
    state[L.PHASE] = L.RETRIEVE


@njit(cache=True)
def _return_drawn(state, f, action):
    on_top = action < L.A_RETURN_BOTTOM
    k = action - (L.A_RETURN_TOP if on_top else L.A_RETURN_BOTTOM)
    if state[f + L.F_STEP] == L.ST_RETURN_DRAGONS:
        dragon = take_drawn(state, L.DDRAW, L.DDRAW_N, k)
        dstack_push(state, dragon, on_top, state[L.DKNOWN + dragon])
    else:
        ostack_push(state, take_drawn(state, L.ODRAW, L.ODRAW_N, k), on_top)


@njit(PLAY, cache=True)
def play(state, action):
    """Apply a legal action of the seat to act and run the game to the next decision."""
    phase = state[L.PHASE]
    seat = state[L.ACTOR]
    if phase == L.POWER_DRAFT:
        pick_power(state, action - L.A_PICK)
        return
    if phase == L.ACTION_DRAFT:
        pick_row(state, action - L.A_PICK)
        return
    if phase == L.DRAGON_PICK:
        pick_dragon(state, action - L.A_PICK)
        return
    if phase == L.DISCARD:
        on_top = action < L.A_DISCARD_BOTTOM
        discard(state, action - (L.A_DISCARD_TOP if on_top else L.A_DISCARD_BOTTOM), on_top)
        return
    if phase == L.RES_LIMIT:
        return_resource(state, action - L.A_RESOURCE)
        return
    if phase == L.FREE or phase == L.TILE_VASSAL:
        if action == L.A_END_TURN:
            close_turn(state)
        elif action < L.A_RETRIEVE:
            start_placement(state, seat, (action - L.A_PLACE) // 2, (action - L.A_PLACE) % 2)
        elif action < L.A_PLAY_TILE:
            _retrieve(state, action)
        elif action < L.A_AREA:
            state[L.PENDING_TILE] = action - L.A_PLAY_TILE
            state[L.TILE_PLAYED] = 1
            state[L.PHASE] = L.TILE_AREA
        elif action < L.A_ABILITY:
            start_move(state, action - L.A_MOVE)
        else:
            start_ability(state, (action - L.A_ABILITY) // 3, (action - L.A_ABILITY) % 3)
        return
    if phase == L.TILE_AREA:
        _place_tile(state, action - L.A_AREA)
        return
    if phase == L.RETRIEVE:
        if action == L.A_PASS:
            state[L.MAIN_DONE] = 2
            state[L.PHASE] = L.FREE
        else:
            _retrieve(state, action)
        return
    f = top_frame(state)
    if phase == L.COST_OPTION:
        choose_cost(state, f, action - L.A_OPTION)
    elif phase == L.GAIN_OPTION:
        choose_gain(state, f, action - L.A_OPTION)
    elif phase == L.MIX:
        apply_mix(state, f, action - L.A_MIX)
    elif phase == L.REMOVE_MARKER:
        k = action - L.A_REMOVE_MARKER
        remove_marker(state, k // 3, k % 3)
        state[f + L.F_LEFT] -= 1
    elif phase == L.SPEND:
        kind = L.SPEARMAN if state[f + L.F_STEP] == L.ST_SPEND_S else L.RIDER
        spend_from(state, seat, action - L.A_SPEND, kind)
        state[f + L.F_LEFT] -= 1
    elif phase == L.BONUS:
        if action == L.A_PASS:
            state[f + L.F_STEP] = L.ST_MARKERS
        else:
            k = action - L.A_ABILITY
            if ABILITY_KIND[dragon_type(k // 3), k % 3] == SPEND_BONUS:
                start_ability(state, k // 3, k % 3)  # its gain is an event of its own
                return
            if apply_bonus(state, seat, k // 3, k % 3, f):
                state[L.PHASE] = L.BONUS_KIND
                return
    elif phase == L.BONUS_KIND:
        state[L.RES + seat * N_RES + action - L.A_RESOURCE] += VEG_OR_MEAT_BONUS
    elif phase == L.PLACE_MARKER:
        place_marker(state, action - L.A_MARKER)
        state[f + L.F_LEFT] -= 1
    elif phase == L.KEEP:
        keep_dragon(state, action - L.A_PICK)
        state[f + L.F_STEP] = L.ST_RETURN_DRAGONS
    elif phase == L.RETURN:
        _return_drawn(state, f, action)
    elif phase == L.SCOUT:
        if action >= L.A_SCOUT and action < L.A_SCOUT + L.N_SCOUT_CHOICES:
            choose_scout(state, f, action - L.A_SCOUT)
        elif action < L.A_ABILITY:
            start_move(state, action - L.A_MOVE)
            return
        else:
            start_ability(state, (action - L.A_ABILITY) // 3, (action - L.A_ABILITY) % 3)
            return
    elif phase == L.MON_PICK:
        if action == L.A_PASS:
            state[f + L.F_STEP] = L.ST_MON_RETURN
        elif action >= L.A_PICK and action < L.A_PICK + 4:
            state[f + L.F_ARG2] = take_drawn(state, L.ODRAW, L.ODRAW_N, action - L.A_PICK)
            state[f + L.F_STEP] = L.ST_MON_SPACE
        elif action < L.A_ABILITY:
            start_move(state, action - L.A_MOVE)
            return
        else:
            start_ability(state, (action - L.A_ABILITY) // 3, (action - L.A_ABILITY) % 3)
            return
    elif phase == L.MON_SPACE:
        choose_monument_space(state, f, action - L.A_OBJ_SPACE)
    elif phase == L.EXTRA_MOVE:
        if action == L.A_PASS:
            pop_frame(state)
        else:
            k = action - L.A_ABILITY
            extra_move(state, k // 3, k % 3)
            return
    advance(state)
