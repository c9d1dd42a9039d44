"""Using dragon abilities (S56-S62): free-action abilities, gain and move bonuses, extra moves."""

from numba import njit

from simurgh_env.engine import layout as L
from simurgh_env.engine.dragons import dragon_type, first_ability, owns, remove_marker
from simurgh_env.engine.effects import (
    bundle_power,
    bundle_vassals,
    cost_at,
    gain_at,
    pay_fixed,
    usable,
)
from simurgh_env.engine.exploration import can_step_down
from simurgh_env.engine.scouts import choice_left_without, face_up_count
from simurgh_env.engine.tables import (
    ABILITY_BONUS,
    ABILITY_KIND,
    ABILITY_TRIGGER,
    EFFECTS,
    ENTRY_BONUS,
    EXTRA_MOVE,
    GAIN_BONUS,
    IMMEDIATE,
    MEAT,
    MOVE_BONUS,
    N_DRAGONS,
    N_RES,
    N_SLOTS,
    ROW_ABILITY,
    SCOUT_FACE_DOWN,
    SCOUT_FACE_UP,
    SPEND_BONUS,
    T_MEAT,
    T_POWER,
    T_SPEARMAN_SPENT,
    T_VEG_OR_MEAT,
    T_WEAPON,
    T_WISDOM,
    VEG_OR_MEAT_BONUS,
    VEGETABLE,
    WEAPON,
    WISDOM,
)
from simurgh_env.engine.wilds import tile_takes_vassal

NO_TARGET, POWER_TARGET, CHOOSE_TARGET = -1, -2, -3


@njit(cache=True)
def ability_row(dragon, slot):
    """Effect row of an ability."""
    return ROW_ABILITY + dragon_type(dragon) * 3 + slot


@njit(cache=True)
def free_ability_usable(state, seat, dragon, slot, scout_pending):
    """Whether the seat may use this ability as a free action now (S56).

    scout_pending: the seat is choosing its Scouts' Quarters tile, which must stay possible.
    The seat owns the dragon."""
    if state[L.DSLOT + dragon * 3 + slot] != L.SLOT_MARKER:
        return False
    kind = ABILITY_KIND[dragon_type(dragon), slot]
    if kind != IMMEDIATE and kind != SCOUT_FACE_UP and kind != SCOUT_FACE_DOWN:
        return False
    if not usable(state, seat, ability_row(dragon, slot), -1, -1, 1):
        return False
    if kind == SCOUT_FACE_UP:
        if face_up_count(state) == 0:
            return False
        if scout_pending:
            paid = state.copy()
            pay_fixed(paid, seat, ability_row(dragon, slot), 0)
            for k in range(N_SLOTS):
                if paid[L.SLOTS + k] >= 0 and choice_left_without(paid, seat, k):
                    return True
            return False
    elif kind == SCOUT_FACE_DOWN:
        if state[L.STACK_N] == 0:
            return False
        if scout_pending:
            paid = state.copy()
            pay_fixed(paid, seat, ability_row(dragon, slot), 0)
            return choice_left_without(paid, seat, N_SLOTS)
    return True


@njit(cache=True)
def _bonus_target(state, dragon, slot, frame):
    """What a gain-bonus ability adds to the gain event of `frame`: a resource kind, POWER_TARGET
    for PP, CHOOSE_TARGET if the player chooses (vegetables and meat both gained, #71-72), or
    NO_TARGET if the event does not trigger it (S57)."""
    t = dragon_type(dragon)
    g = frame + L.F_G
    trigger = ABILITY_TRIGGER[t, slot]
    if trigger == T_POWER:
        return POWER_TARGET if state[frame + L.F_GPP] > 0 else NO_TARGET
    if trigger == T_VEG_OR_MEAT:
        veg = state[g + VEGETABLE] > 0
        meat = state[g + MEAT] > 0
        if veg and meat:
            return CHOOSE_TARGET
        return VEGETABLE if veg else (MEAT if meat else NO_TARGET)
    kind = VEGETABLE
    if trigger == T_MEAT:
        kind = MEAT
    elif trigger == T_WISDOM:
        kind = WISDOM
    elif trigger == T_WEAPON:
        kind = WEAPON
    return kind if state[g + kind] > 0 else NO_TARGET


@njit(cache=True)
def _placement_survives(state, seat, dragon, slot, kind, amount):
    """Whether the tile being placed still takes a vassal after this bonus: its marker goes and
    `amount` of `kind` (a resource, or POWER_TARGET) comes (C11)."""
    at = L.PP + seat if kind == POWER_TARGET else L.RES + seat * N_RES + kind
    state[L.DSLOT + dragon * 3 + slot] = L.SLOT_EMPTY
    state[at] += amount
    ok = tile_takes_vassal(state, seat, state[L.PENDING_TILE])
    state[at] -= amount
    state[L.DSLOT + dragon * 3 + slot] = L.SLOT_MARKER
    return ok


@njit(cache=True)
def spent_in(state, frame, vassal_kind):
    """Whether the effect of `frame` was paid with a vassal of `vassal_kind` (S26)."""
    option = state[frame + L.F_COST]
    if option < 0:
        return False
    return bundle_vassals(state[frame + L.F_EFFECT], cost_at(option), vassal_kind) > 0


@njit(cache=True)
def bonus_usable(state, seat, dragon, slot, frame):
    """Whether a bonus ability of a dragon the seat owns applies to the event of `frame`: a gain
    (S57), a move down (S59), a move onto an exploration tile (entering included, #55-56) or a
    spent vassal (#67-68); at a Wilds area bonus, only if the tile being placed still takes a
    vassal."""
    if state[L.DSLOT + dragon * 3 + slot] != L.SLOT_MARKER:
        return False
    t = dragon_type(dragon)
    kind = ABILITY_KIND[t, slot]
    if kind == MOVE_BONUS:
        return state[frame + L.F_MOVE] == L.MOVE_DOWN
    if kind == ENTRY_BONUS:
        return state[frame + L.F_MOVE] != 0
    if kind == SPEND_BONUS:
        spent = L.SPEARMAN if ABILITY_TRIGGER[t, slot] == T_SPEARMAN_SPENT else L.RIDER
        return spent_in(state, frame, spent)
    if kind != GAIN_BONUS:
        return False
    target = _bonus_target(state, dragon, slot, frame)
    if target == NO_TARGET:
        return False
    if state[frame + L.F_KIND] != L.K_AREA_BONUS:
        return True
    amount = ABILITY_BONUS[t, slot]
    if target == CHOOSE_TARGET:
        return (_placement_survives(state, seat, dragon, slot, VEGETABLE, amount)
                or _placement_survives(state, seat, dragon, slot, MEAT, amount))
    return _placement_survives(state, seat, dragon, slot, target, amount)


@njit(cache=True)
def bonus_kind_legal(state, seat, kind):
    """Whether the kind chosen for a vegetable-or-meat bonus (its marker already removed) keeps
    the placement of the tile being placed possible, at a Wilds area bonus (C11)."""
    f = L.FRAMES + (state[L.DEPTH] - 1) * L.FW
    if state[f + L.F_KIND] != L.K_AREA_BONUS:
        return True
    at = L.RES + seat * N_RES + kind
    state[at] += VEG_OR_MEAT_BONUS
    ok = tile_takes_vassal(state, seat, state[L.PENDING_TILE])
    state[at] -= VEG_OR_MEAT_BONUS
    return ok


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
    """Use a bonus ability on the current gain event (not a spend bonus, which resolves as an
    ability: resolution.start_ability). Returns True when the seat must still choose the kind
    (the vegetable-or-meat bonus after gaining both)."""
    t = dragon_type(dragon)
    if ABILITY_KIND[t, slot] == MOVE_BONUS or ABILITY_KIND[t, slot] == ENTRY_BONUS:
        remove_marker(state, dragon, slot)
        row = ability_row(dragon, slot)
        g = gain_at(0)
        for r in range(N_RES):
            state[L.RES + seat * N_RES + r] += EFFECTS[row, g + r]
        state[L.PP + seat] += bundle_power(row, g)
        return False
    target = _bonus_target(state, dragon, slot, frame)
    remove_marker(state, dragon, slot)
    if target == CHOOSE_TARGET:
        return True
    if target == POWER_TARGET:
        state[L.PP + seat] += ABILITY_BONUS[t, slot]
    else:
        state[L.RES + seat * N_RES + target] += ABILITY_BONUS[t, slot]
    return False
