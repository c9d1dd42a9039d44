"""The data tables of dragon_env.data as global int32 arrays and constants for the engine.

Numba freezes global arrays and integers into the compiled code, so these are read at no cost.
"""

import numpy as np

from dragon_env import data as D

_ARRAYS = D.build_arrays()

TILE_KIND = _ARRAYS["tile_kind"]
TILE_GOLD = _ARRAYS["tile_gold"]
TILE_STARTING = _ARRAYS["tile_starting"]
TYPE_INCOME_CURRENCY = _ARRAYS["type_income_currency"]
TYPE_INCOME_ALL = _ARRAYS["type_income_all"]
TYPE_ACTION = _ARRAYS["type_action"]
TYPE_CHEST_CURRENCY = _ARRAYS["type_chest_currency"]
TYPE_STAKE = _ARRAYS["type_stake"]
TYPE_STAKE_CURRENCY = _ARRAYS["type_stake_currency"]
TYPE_BID_CURRENCY = _ARRAYS["type_bid_currency"]
TYPE_MIN_PLAYERS = _ARRAYS["type_min_players"]
RING = _ARRAYS["ring"]
RING_SIZE = _ARRAYS["ring_size"]
CONTRACT_VALUE = _ARRAYS["contract_value"]
CONTRACT_IS_JESTER = _ARRAYS["contract_is_jester"]
START_GOLD = _ARRAYS["start_gold"]
START_KNIGHTS = _ARRAYS["start_knights"]
POW10 = np.array([10**k for k in range(10)], np.int64)

NUM_TYPES = D.NUM_TYPES
STACK_SIZE = D.STACK_SIZE
NUM_CONTRACTS = D.NUM_CONTRACTS
JESTER_VALUE = D.JESTER_VALUE
JESTER_LOW, JESTER_HIGH = D.JESTER_TRIGGERS
INVASION_KNIGHTS = D.INVASION_KNIGHTS
END_BUILDINGS = D.END_BUILDINGS
DRAGON_START = D.DRAGON_START
ALL_CONTRACTS = (1 << NUM_CONTRACTS) - 1  # hand bitmask of the 12 cards

GOLD = int(D.Currency.GOLD)
KNIGHTS = int(D.Currency.KNIGHTS)
CHEST = int(D.ActionKind.TREASURE_CHEST)
ARENA = int(D.BuildingType.ARENA)
GUILD = int(D.BuildingType.GUILD)
BUILDING = int(D.TileKind.BUILDING)
GENEROUS_DRAGON = int(D.TileKind.GENEROUS_DRAGON)
CALENDAR = int(D.TileKind.CALENDAR)
INVASION = int(D.TileKind.INVASION)
