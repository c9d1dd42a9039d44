"""Using dragon abilities (S56-S62): free-action abilities, gain and move bonuses, extra moves."""

from numba import njit

from simurgh_env.engine import layout as L
from simurgh_env.engine.dragons import dragon_type, first_ability, has_marker, owns, remove_marker
from simurgh_env.engine.effects import bundle_power, gain_at, usable
from simurgh_env.engine.exploration import can_step_down
from simurgh_env.engine.scouts import face_up_count
from simurgh_env.engine.tables import (
    ABILITY_BONUS,
    ABILITY_KIND,
    ABILITY_TRIGGER,
    EFFECTS,
    EXTRA_MOVE,
    GAIN_BONUS,
    IMMEDIATE,
    MEAT,
    MOVE_BONUS,
    N_DRAGONS,
    N_RES,
    ROW_ABILITY,
    SCOUT_FACE_DOWN,
    SCOUT_FACE_UP,
    T_MEAT,
    T_POWER,
    T_VEG_OR_MEAT,
    T_VEGETABLE,
    T_WEAPON,
    T_WISDOM,
    VEGETABLE,
    WEAPON,
    WISDOM,
)


@njit(cache=True)
def ability_row(dragon, slot):
    """Effect row of an ability."""
    return ROW_ABILITY + dragon_type(dragon) * 3 + slot


@njit(cache=True)
def free_ability_usable(state, seat, dragon, slot, scout_pending):
    """Whether the seat may use this ability as a free action now (S56).

    scout_pending: the seat is choosing its Scouts' Quarters tile, which must stay possible."""
    if not has_marker(state, seat, dragon, slot):
        return False
    kind = ABILITY_KIND[dragon_type(dragon), slot]
    if kind != IMMEDIATE and kind != SCOUT_FACE_UP and kind != SCOUT_FACE_DOWN:
        return False
    if not usable(state, seat, ability_row(dragon, slot), -1, -1, 1):
        return False
    if kind == SCOUT_FACE_UP:
        if state[L.SLOTS] < 0:
            return False
        if scout_pending and face_up_count(state) < 2 and state[L.STACK_N] == 0:
            return False
    elif kind == SCOUT_FACE_DOWN:
        return state[L.STACK_N] > 0
    return True


@njit(cache=True)
def bonus_usable(state, seat, dragon, slot, frame):
    """Whether a bonus ability applies to the gain event of `frame` (S57, S59)."""
    if not has_marker(state, seat, dragon, slot):
        return False
    t = dragon_type(dragon)
    kind = ABILITY_KIND[t, slot]
    if kind == MOVE_BONUS:
        return state[frame + L.F_MOVE] == 1
    if kind != GAIN_BONUS:
        return False
    g = frame + L.F_G
    trigger = ABILITY_TRIGGER[t, slot]
    if trigger == T_VEGETABLE:
        return state[g + VEGETABLE] > 0
    if trigger == T_MEAT:
        return state[g + MEAT] > 0
    if trigger == T_WISDOM:
        return state[g + WISDOM] > 0
    if trigger == T_WEAPON:
        return state[g + WEAPON] > 0
    if trigger == T_POWER:
        return state[frame + L.F_GPP] > 0
    if trigger == T_VEG_OR_MEAT:
        return state[g + VEGETABLE] > 0 or state[g + MEAT] > 0
    return False


@njit(cache=True)
def any_bonus(state, seat, frame):
    """Whether some bonus ability applies to the current gain event."""
    for dragon in range(N_DRAGONS):
        if owns(state, seat, dragon):
            for slot in range(3):
                if bonus_usable(state, seat, dragon, slot, frame):
                    return True
    return False


@njit(cache=True)
def extra_move_available(state, seat, area):
    """Whether the seat may move its rider on `area` once more with an extra-move ability (S58)."""
    dragon, _ = first_ability(state, seat, EXTRA_MOVE)
    return dragon >= 0 and can_step_down(state, seat, area)


@njit(cache=True)
def apply_bonus(state, seat, dragon, slot, frame):
    """Use a bonus ability on the current gain event. Returns True when the seat must still
    choose the kind (the vegetable-or-meat bonus after gaining both)."""
    remove_marker(state, dragon, slot)
    t = dragon_type(dragon)
    if ABILITY_KIND[t, slot] == MOVE_BONUS:
        row = ability_row(dragon, slot)
        g = gain_at(0)
        for r in range(N_RES):
            state[L.RES + seat * N_RES + r] += EFFECTS[row, g + r]
        state[L.PP + seat] += bundle_power(row, g)
        return False
    bonus = ABILITY_BONUS[t, slot]
    trigger = ABILITY_TRIGGER[t, slot]
    if trigger == T_POWER:
        state[L.PP + seat] += bonus
        return False
    if trigger == T_VEG_OR_MEAT:
        veg = state[frame + L.F_G + VEGETABLE] > 0
        meat = state[frame + L.F_G + MEAT] > 0
        if veg and meat:
            return True
        kind = VEGETABLE if veg else MEAT
    elif trigger == T_VEGETABLE:
        kind = VEGETABLE
    elif trigger == T_MEAT:
        kind = MEAT
    elif trigger == T_WISDOM:
        kind = WISDOM
    else:
        kind = WEAPON
    state[L.RES + seat * N_RES + kind] += bonus
    return False
