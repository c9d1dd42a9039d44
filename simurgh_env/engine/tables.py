"""The data tables as int32 numpy globals for the engine (numba freezes them as constants).

All effects of the game live in one table, `EFFECTS`, one row per effect in the format of
`simurgh_env.data.encode_effect`; the row ranges below say which effect is which.
"""

import numpy as np

from simurgh_env import data as D

_A = D.build_arrays()

N_TILES = len(D.ALL_ACTION_TILES)  # 48 action tiles, index = number - 1
N_DRAGONS = len(D.DRAGON_TILE_NUMBERS)  # 24 dragon tiles, index = number - 49
N_TYPES = len(D.DRAGON_TYPES)
N_OBJECTIVES = len(D.OBJECTIVE_TILES)  # 12 objective tiles, index = number - 73
N_CITY = len(D.CITY_SPACES)
N_AREAS = len(D.WILDS_AREAS)
N_SLOTS = D.SCOUT_SLOT_COUNT
N_MONUMENT = D.OBJECTIVE_SPACES
N_FAMILIES = len(D.TileFamily)
N_RES = D.N_RESOURCES
MAX_TILE_SPACES = 4
MAX_MIX = 6  # the largest "N in any mix" of the tables

PRODUCTION, RESEARCH, TRANSFORMATION, POWER, EXPLORATION = (int(f) for f in D.TileFamily)
VEGETABLE, MEAT, WOOD, STONE, WISDOM, WEAPON = (int(r) for r in D.Resource)

# Effect rows.
ROW_SPACE = 0  # + space row of data.build_arrays (tile spaces, exploration levels)
ROW_CITY = ROW_SPACE + _A.space_info.shape[0]  # + City space index 0-11
ROW_ABILITY = ROW_CITY + N_CITY  # + 3 * dragon type + slot
ROW_AREA = ROW_ABILITY + 3 * N_TYPES  # + area: gain options = the area bonus
ROW_SLOT = ROW_AREA + N_AREAS  # + slot 0-3: slot cost -> slot PP; + 4: the face-down draw
ROW_MONUMENT = ROW_SLOT + N_SLOTS + 1  # + objective space: its cost -> its PP
N_EFFECT_ROWS = ROW_MONUMENT + N_MONUMENT

BW = D.BUNDLE_WIDTH
E_NCOST = D.EFFECT_N_COST
E_COST = D.EFFECT_COST
E_NGAIN = D.EFFECT_N_GAIN
E_GAIN = D.EFFECT_GAIN
E_DRAW = D.EFFECT_DRAGON_DRAW
E_DRAW_MARKERS = D.EFFECT_DRAGON_MARKERS
B_POWER = D.BUNDLE_POWER
B_MARKERS = D.BUNDLE_MARKERS
B_SPEARMEN = D.BUNDLE_SPEARMEN
B_RIDERS = D.BUNDLE_DRAGONRIDERS
B_MIX = D.BUNDLE_MIX
MAX_MIXES = D.MAX_MIXES


def _bundle_effect(cost: D.Bundle, power: int) -> np.ndarray:
    return D.encode_effect(D.trade(cost, D.Bundle(power=power)) if power else D.trade(cost))


def _effects() -> np.ndarray:
    rows = [*_A.space_effects, *_A.city_effects]
    rows += [_A.dragon_abilities[t, s, D.ABILITY_EFFECT:] for t in range(N_TYPES) for s in range(3)]
    rows += [D.encode_effect(D.gain(*area.bonus)) for area in D.WILDS_AREAS]
    rows += [_bundle_effect(s.cost, s.power) for s in D.SCOUT_SLOTS]
    rows.append(_bundle_effect(D.SCOUT_FACE_DOWN_COST, D.SCOUT_FACE_DOWN_POWER))
    rows += [_bundle_effect(m.cost, m.power) for m in D.MONUMENT_SPACES]
    table = np.array(rows, np.int32)
    assert table.shape == (N_EFFECT_ROWS, D.EFFECT_WIDTH)
    return table


EFFECTS = _effects()

# Mix kind masks hold two resource bits: the first and second kind of each mask.
MASK_FIRST = np.full(64, -1, np.int32)
MASK_SECOND = np.full(64, -1, np.int32)
for _mask in range(64):
    _bits = [r for r in range(N_RES) if _mask >> r & 1]
    if len(_bits) == 2:
        MASK_FIRST[_mask], MASK_SECOND[_mask] = _bits

# Action tiles and their spaces.
TILE_FAMILY = _A.tile_info[:, 1].astype(np.int32)
TILE_FIRST_SPACE = _A.tile_info[:, 2].astype(np.int32)
TILE_N_SPACES = _A.tile_info[:, 3].astype(np.int32)
SPACE_MULTI = _A.space_info[:, 1].astype(np.int32)
SPACE_DR_ONLY = _A.space_info[:, 2].astype(np.int32)
FAMILY_COUNT = np.array([(TILE_FAMILY == f).sum() for f in range(N_FAMILIES)], np.int32)
SETUP_REMOVED = np.array([D.SETUP_REMOVED_PER_FAMILY[f] for f in D.TileFamily], np.int32)
SPEARMAN_START = np.array([int(f) for f in D.SPEARMAN_START_FAMILIES], np.int32)

# The City.
CITY_MULTI = _A.city_info[:, 0].astype(np.int32)
CITY_DR_ONLY = _A.city_info[:, 1].astype(np.int32)
CITY_SPECIAL = _A.city_info[:, 2].astype(np.int32)
SPECIAL_SCOUTS = int(D.CitySpecial.SCOUTS_QUARTERS)
SPECIAL_MONUMENT = int(D.CitySpecial.MONUMENT)
SCOUTS_SPACE = int(np.flatnonzero(CITY_SPECIAL == SPECIAL_SCOUTS)[0])
MONUMENT_SPACE = int(np.flatnonzero(CITY_SPECIAL == SPECIAL_MONUMENT)[0])

# Dragons: per type and slot.
ABILITY_KIND = _A.dragon_abilities[:, :, D.ABILITY_KIND].astype(np.int32)
ABILITY_ONE_SHOT = _A.dragon_abilities[:, :, D.ABILITY_ONE_SHOT].astype(np.int32)
ABILITY_TRIGGER = _A.dragon_abilities[:, :, D.ABILITY_TRIGGER].astype(np.int32)
ABILITY_BONUS = _A.dragon_abilities[:, :, D.ABILITY_BONUS].astype(np.int32)
(IMMEDIATE, GAIN_BONUS, EXTRA_MOVE, MOVE_BONUS, SCOUT_FACE_UP, SCOUT_FACE_DOWN, OBJECTIVE_SWAP,
 ENTRY_BONUS, SPEND_BONUS) = (int(k) for k in D.AbilityKind)
T_VEGETABLE, T_MEAT, T_WISDOM, T_WEAPON, T_POWER, T_VEG_OR_MEAT = (
    int(D.Trigger.VEGETABLE), int(D.Trigger.MEAT), int(D.Trigger.WISDOM), int(D.Trigger.WEAPON),
    int(D.Trigger.POWER), int(D.Trigger.VEGETABLE_OR_MEAT))
T_SPEARMAN_SPENT, T_RIDER_SPENT = int(D.Trigger.SPEARMAN_SPENT), int(D.Trigger.DRAGONRIDER_SPENT)
START_MARKERS = D.START_DRAGON_MARKERS
VEG_OR_MEAT_BONUS = int(ABILITY_BONUS[ABILITY_TRIGGER == T_VEG_OR_MEAT][0])
DRAGONS_AT_BREEDING = D.DRAGONS_DRAWN_AT_BREEDING_GROUNDS

# Objectives.
OBJ_KIND = _A.objective_info[:, 1].astype(np.int32)
OBJ_POINTS = _A.objective_info[:, 2:5].astype(np.int32)
OBJ_TYPE_MASK = _A.objective_info[:, 5].astype(np.int32)
OBJ_DEPICTED = int(D.ObjectiveKind.MARKERS_ON_DEPICTED_DRAGONS)
OBJ_ALL_MARKERS = int(D.ObjectiveKind.MARKERS_ON_ALL_DRAGONS)
OBJ_VEG_MEAT = int(D.ObjectiveKind.VEGETABLES_AND_MEAT)
OBJECTIVES_DRAWN = D.OBJECTIVES_DRAWN_AT_MONUMENT

# Wilds, setup values, limits, ends and scoring.
AREA_OPEN_FROM = _A.wilds_areas[:, 1].astype(np.int32)
START_RESOURCES = _A.start_resources.astype(np.int32)
START_SPEARMEN = D.START_SPEARMEN
START_RIDERS = D.START_DRAGONRIDERS
MAX_SPEARMEN = D.SPEARMEN_PER_PLAYER
MAX_RIDERS = D.DRAGONRIDERS_PER_PLAYER
HAND_LIMIT = D.HAND_LIMIT
RESOURCE_LIMIT = np.array([D.RESOURCE_LIMIT[m] for m in D.GameMode], np.int32)
OBJECTIVES_TO_END = np.array([D.OBJECTIVES_TO_END[g] for g in D.GameLength], np.int32)
CHRONICLE_TO_END = np.array([D.CHRONICLE_TO_END[g] for g in D.GameLength], np.int32)
FILL_BY_PLAYERS = np.array([0, 0] + [D.vassals_filling_a_tile(n) for n in range(2, 6)], np.int32)
DRAGONLORD_POINTS = _A.dragonlord_resource_points.astype(np.int32)
DRAFT_ROW = D.DRAGONLORD_DRAFT_ROW
DRAFT_ROUNDS = D.DRAGONLORD_DRAFT_ROUNDS
POWER_FIRST_DRAW = D.DRAGONLORD_POWER_FIRST_DRAW
DRAGONS_DRAWN_AT_SETUP = D.DRAGONLORD_DRAGONS_DRAWN
CLEAR_WEAPONS = D.WEAPONS_TO_CLEAR_AREA


def _row_flags() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per effect row: usable by anybody at any time (a cost option of nothing and a gain
    option recruiting nobody), whether some cost option spends vassals, whether some gain
    option recruits."""
    free = np.zeros(N_EFFECT_ROWS, np.int32)
    spends = np.zeros(N_EFFECT_ROWS, np.int32)
    recruits = np.zeros(N_EFFECT_ROWS, np.int32)
    for row in range(N_EFFECT_ROWS):
        costs = [EFFECTS[row, E_COST + k * BW:E_COST + (k + 1) * BW]
                 for k in range(EFFECTS[row, E_NCOST])]
        gains = [EFFECTS[row, E_GAIN + k * BW:E_GAIN + (k + 1) * BW]
                 for k in range(EFFECTS[row, E_NGAIN])]
        free_cost = not costs or any(not c.any() for c in costs)
        free_gain = not gains or any(g[B_SPEARMEN] == 0 and g[B_RIDERS] == 0 for g in gains)
        free[row] = free_cost and free_gain
        spends[row] = any(c[B_SPEARMEN] or c[B_RIDERS] for c in costs)
        recruits[row] = any(g[B_SPEARMEN] or g[B_RIDERS] for g in gains)
    return free, spends, recruits


ROW_FREE, ROW_SPENDS, ROW_RECRUITS = _row_flags()


def _tile_free_kinds() -> np.ndarray:
    """Per action tile: bit k set if some space takes a vassal of kind k (0 spearman,
    1 dragonrider) whatever the player holds, once the tile is freshly placed."""
    kinds = np.zeros(N_TILES, np.int32)
    for tile in range(N_TILES):
        if TILE_FAMILY[tile] == EXPLORATION:
            continue  # entry pays the move cost
        for i in range(TILE_N_SPACES[tile]):
            row = TILE_FIRST_SPACE[tile] + i
            if ROW_FREE[ROW_SPACE + row]:
                kinds[tile] |= 2 if SPACE_DR_ONLY[row] else 3
    return kinds


TILE_FREE_KINDS = _tile_free_kinds()


def _tile_kinds() -> np.ndarray:
    """Per action tile: bit k set if some space of it allows vassals of kind k at all."""
    kinds = np.zeros(N_TILES, np.int32)
    for tile in range(N_TILES):
        for i in range(TILE_N_SPACES[tile]):
            kinds[tile] |= 2 if SPACE_DR_ONLY[TILE_FIRST_SPACE[tile] + i] else 3
    return kinds


def _area_bonus_keys() -> np.ndarray:
    """Per Wilds area and bonus option: a small number naming the bonus (resource * 3 + amount),
    equal for equal bonuses; every bonus is a single kind of resource."""
    keys = np.full((N_AREAS, 3), -1, np.int32)
    for area in range(N_AREAS):
        row = ROW_AREA + area
        for option in range(EFFECTS[row, E_NGAIN]):
            bundle = EFFECTS[row, E_GAIN + option * BW:E_GAIN + (option + 1) * BW]
            (kind,) = np.flatnonzero(bundle[:N_RES])
            assert bundle.sum() == bundle[kind] < 3
            keys[area, option] = kind * 3 + bundle[kind]
    return keys


TILE_KINDS = _tile_kinds()
AREA_BONUS_KEY = _area_bonus_keys()
MAX_BONUS = int((AREA_BONUS_KEY[AREA_BONUS_KEY >= 0] % 3).max())  # most tokens of a bonus
