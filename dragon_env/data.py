"""Data tables for Dragon's Interest (3-5 players).

Everything here is plain Python (plus numpy in :func:`build_arrays`); the
numba engine consumes only the flat integer arrays returned by
:func:`build_arrays`.  The rules that use these tables are in
``docs/rules/dragon.md``; rule numbers (D1, D2, ...) and choice numbers
(C1, C2, ...) below refer to that file.

Conventions
-----------
* Building types are numbered in the rulebook's listing order
  (:class:`BuildingType`).  A face-up slot, a stack and a Kingdom-board space
  are all indexed by building type.
* The ring order around the Dragon's Mountain is a separate table
  (:data:`MOUNTAIN_RING`): it decides which interest falls due when (C5).
* Tile ids are ``type * STACK_SIZE + position`` where ``position`` is the
  index of the tile in :data:`STACKS` for that type (0..9).
* Contract card ids are the index in :data:`CONTRACTS` (0 = Jester,
  1..11 = numbered cards 2..10, 13, 14).
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

import numpy as np

# ---------------------------------------------------------------------------
# Enums
# ---------------------------------------------------------------------------


class BuildingType(IntEnum):
    """The six Building types, in the rulebook's listing order."""

    CASTLE = 0
    HARBOR = 1
    TEMPLE = 2
    CITY_HALL = 3
    ARENA = 4
    GUILD = 5  # Adventurer's Guild


class TileKind(IntEnum):
    """What a Building tile shows on its face."""

    BUILDING = 0  # has a Gold value, can be built
    GENEROUS_DRAGON = 1  # Event: double Gold, skip Phase 2, no interest
    CALENDAR = 2  # Event: the Dragon moves one extra stack in Phase 4
    INVASION = 3  # Event: when revealed in Phase 3, 2 Knights or 1 Building


class Currency(IntEnum):
    GOLD = 0
    KNIGHTS = 1


class ActionKind(IntEnum):
    """What activating a Building type does after its income step."""

    TREASURE_CHEST = 0  # Castle, Harbor, Temple, City Hall
    AUCTION = 1  # Arena, Adventurer's Guild (stake + sealed bid)


class IncomeScope(IntEnum):
    ACTIVATOR = 0  # only the activating player collects
    EVERY_PLAYER = 1  # every player collects for its own tiles


class DecisionKind(IntEnum):
    """Decision points of the proposed RL decision model (spec, section M)."""

    CHOOSE_CONTRACT = 0  # Phase 1, simultaneous
    PICK_TILE = 1  # Phase 1, in pick order
    ACTIVATE = 2  # Phase 2, activate a type or pass
    CHEST_TARGET = 3  # offerer: which opponent
    CHEST_BUILDING = 4  # offerer: which of the target's Building types
    CHEST_AMOUNT = 5  # offerer: amount, digit by digit
    CHEST_RESPONSE = 6  # target: accept or match
    CHEST_TAKE = 7  # target (after matching): which offerer Building type
    BID_AMOUNT = 8  # Arena / Guild, simultaneous, digit by digit
    AUCTION_TIEBREAK = 9  # activator chooses among tied top bidders
    INVASION = 10  # every player, simultaneous: 2 Knights or a Building


# ---------------------------------------------------------------------------
# Building types
# ---------------------------------------------------------------------------


class BuildingInfo(NamedTuple):
    btype: BuildingType
    name: str
    color: str  # colour named by the rulebook ("unstated" where it names none)
    income_currency: Currency
    income_scope: IncomeScope
    action: ActionKind
    chest_currency: int  # Currency for a Treasure-Chest type, -1 otherwise
    stake_amount: int  # 0 for Treasure-Chest types
    stake_currency: int  # Currency of the stake, -1 for Treasure-Chest types
    bid_currency: int  # Currency of the sealed bids, -1 for Treasure-Chest types
    min_players: int  # smallest player count that uses this type


ARENA_STAKE_GOLD = 6
GUILD_STAKE_KNIGHTS = 3

# fmt: off
BUILDINGS: tuple[BuildingInfo, ...] = (
    BuildingInfo(BuildingType.CASTLE, "Castle", "grey",
                 Currency.KNIGHTS, IncomeScope.ACTIVATOR, ActionKind.TREASURE_CHEST,
                 int(Currency.KNIGHTS), 0, -1, -1, 3),
    BuildingInfo(BuildingType.HARBOR, "Harbor", "blue",
                 Currency.GOLD, IncomeScope.ACTIVATOR, ActionKind.TREASURE_CHEST,
                 int(Currency.GOLD), 0, -1, -1, 3),
    BuildingInfo(BuildingType.TEMPLE, "Temple", "unstated",
                 Currency.GOLD, IncomeScope.ACTIVATOR, ActionKind.TREASURE_CHEST,
                 int(Currency.KNIGHTS), 0, -1, -1, 3),
    BuildingInfo(BuildingType.CITY_HALL, "City Hall", "unstated",
                 Currency.KNIGHTS, IncomeScope.ACTIVATOR, ActionKind.TREASURE_CHEST,
                 int(Currency.GOLD), 0, -1, -1, 3),
    BuildingInfo(BuildingType.ARENA, "Arena", "orange",
                 Currency.GOLD, IncomeScope.EVERY_PLAYER, ActionKind.AUCTION,
                 -1, ARENA_STAKE_GOLD, int(Currency.GOLD), int(Currency.KNIGHTS), 3),
    BuildingInfo(BuildingType.GUILD, "Adventurer's Guild", "red",
                 Currency.KNIGHTS, IncomeScope.EVERY_PLAYER, ActionKind.AUCTION,
                 -1, GUILD_STAKE_KNIGHTS, int(Currency.KNIGHTS), int(Currency.GOLD), 4),
)
# fmt: on

NUM_TYPES = len(BUILDINGS)

# ---------------------------------------------------------------------------
# Dragon's Mountain (C5)
# ---------------------------------------------------------------------------

# Stacks in clockwise order starting right after the Dragon's starting
# position (between the Arena and the Castle stacks).  The Dragon moves
# clockwise, so ring[0] (Castle) is the first stack it passes, ring[1]
# (Harbor) the second, and so on (matches the rulebook's Castle-then-Harbor
# example).  The 5-sided ring is the 6-sided one without the Guild.
# fmt: off
MOUNTAIN_RING: dict[int, tuple[BuildingType, ...]] = {
    5: (BuildingType.CASTLE, BuildingType.HARBOR, BuildingType.TEMPLE,
        BuildingType.CITY_HALL, BuildingType.ARENA),
    6: (BuildingType.CASTLE, BuildingType.HARBOR, BuildingType.TEMPLE,
        BuildingType.CITY_HALL, BuildingType.GUILD, BuildingType.ARENA),
}
# fmt: on

# Mountain sides (= stacks in play) by player count.
MOUNTAIN_SIDES: dict[int, int] = {3: 5, 4: 6, 5: 6}

# Dragon position = ring index of the next stack it will pass.
DRAGON_START = 0

# ---------------------------------------------------------------------------
# Building tiles (C3, C4)
# ---------------------------------------------------------------------------


class Tile(NamedTuple):
    kind: TileKind
    gold: int  # Gold value printed on the tile, 0 for Event tiles
    starting: bool  # set aside at setup and shown face up (D5, D6)


def _b(gold: int, starting: bool = False) -> Tile:
    return Tile(TileKind.BUILDING, gold, starting)


GENEROUS = Tile(TileKind.GENEROUS_DRAGON, 0, True)
CALENDAR = Tile(TileKind.CALENDAR, 0, False)
INVASION = Tile(TileKind.INVASION, 0, False)

STACK_SIZE = 10

# Gold values of the shuffled Buildings.  Every stack's shuffled Buildings
# average exactly 11 Gold (C3).
BASE_SHUFFLED_GOLD = (6, 8, 9, 11, 13, 14, 16)  # Castle/Harbor/Temple/City Hall
ARENA_SHUFFLED_GOLD = (6, 7, 9, 10, 12, 13, 15, 16)
GUILD_SHUFFLED_GOLD = (6, 7, 9, 10, 11, 12, 13, 15, 16)

# White-bordered starting Buildings (D5).
STARTING_GOLD: dict[BuildingType, int] = {
    BuildingType.CASTLE: 9,
    BuildingType.HARBOR: 10,
    BuildingType.TEMPLE: 11,
    BuildingType.CITY_HALL: 12,
}

# Tile order inside a stack (= tile id order): starting tile first where there
# is one, then the shuffled Buildings by Gold, then the Events.
STACKS: dict[BuildingType, tuple[Tile, ...]] = {
    **{
        btype: (_b(gold, True), *map(_b, BASE_SHUFFLED_GOLD), CALENDAR, INVASION)
        for btype, gold in STARTING_GOLD.items()
    },
    BuildingType.ARENA: (GENEROUS, *map(_b, ARENA_SHUFFLED_GOLD), CALENDAR),
    BuildingType.GUILD: (*map(_b, GUILD_SHUFFLED_GOLD), CALENDAR),
}

NUM_TILES = NUM_TYPES * STACK_SIZE  # 60

# ---------------------------------------------------------------------------
# Contract cards (C1, C2)
# ---------------------------------------------------------------------------


class Contract(NamedTuple):
    name: str
    value: int  # printed value; 0 for the Jester (see JESTER_VALUE)
    is_jester: bool


JESTER_VALUE = 17  # value (and interest) of a Jester when a 13 or 14 is revealed
JESTER_TRIGGERS = (13, 14)  # revealing any of these makes Jesters worth 17

CONTRACTS: tuple[Contract, ...] = (
    Contract("Jester", 0, True),
    *(Contract(str(v), v, False) for v in (2, 3, 4, 5, 6, 7, 8, 9, 10, 13, 14)),
)
NUM_CONTRACTS = len(CONTRACTS)  # 12 per player

# ---------------------------------------------------------------------------
# Players, resources, limits
# ---------------------------------------------------------------------------

MIN_PLAYERS = 3
MAX_PLAYERS = 5

# (Gold, Knights) each player starts with, by player count (rulebook chart).
STARTING_RESOURCES: dict[int, tuple[int, int]] = {3: (0, 6), 4: (0, 3), 5: (6, 3)}

INVASION_KNIGHTS = 2  # Knights discarded instead of a Building (D42)
END_BUILDINGS = 10  # a player with at least this many Buildings ends the game
# Every stack holds 9 face-down tiles after setup and loses one per round in
# Phase 3, so the face-down stacks are all empty after round 9 (D51).
MAX_ROUNDS = STACK_SIZE - 1

# ---------------------------------------------------------------------------
# Proposed flat Discrete action space (spec, section M)
# ---------------------------------------------------------------------------

A_CONTRACT = 0  # + contract card id (0..11)
A_PICK = A_CONTRACT + NUM_CONTRACTS  # 12: + building type of the face-up slot
A_ACTIVATE = A_PICK + NUM_TYPES  # 18: + building type
A_PASS = A_ACTIVATE + NUM_TYPES  # 24
A_CHEST_TARGET = A_PASS + 1  # 25: + (clockwise seat offset - 1), offsets 1..4
A_CHEST_BUILDING = A_CHEST_TARGET + (MAX_PLAYERS - 1)  # 29: + building type
# An amount is a fixed, public number of decimal digits, most significant first, with no
# confirm action: the length of an entry never depends on its value (M4).
A_DIGIT = A_CHEST_BUILDING + NUM_TYPES  # 35: + decimal digit 0..9
A_ACCEPT = A_DIGIT + 10  # 45: target takes the chest, gives the Building
A_MATCH = A_ACCEPT + 1  # 46: target matches, then takes a Building
A_TAKE = A_MATCH + 1  # 47: + building type taken from the offerer
A_TIEBREAK = A_TAKE + NUM_TYPES  # 53: + clockwise seat offset 0..4 (0 = self)
A_INVADE_KNIGHTS = A_TIEBREAK + MAX_PLAYERS  # 58
A_INVADE_BUILDING = A_INVADE_KNIGHTS + 1  # 59: + building type discarded
NUM_ACTIONS = A_INVADE_BUILDING + NUM_TYPES  # 65

ACTION_RANGES: dict[str, tuple[int, int]] = {
    # name: (first action id, number of ids)
    "contract": (A_CONTRACT, NUM_CONTRACTS),
    "pick": (A_PICK, NUM_TYPES),
    "activate": (A_ACTIVATE, NUM_TYPES),
    "pass": (A_PASS, 1),
    "chest_target": (A_CHEST_TARGET, MAX_PLAYERS - 1),
    "chest_building": (A_CHEST_BUILDING, NUM_TYPES),
    "digit": (A_DIGIT, 10),
    "accept": (A_ACCEPT, 1),
    "match": (A_MATCH, 1),
    "take": (A_TAKE, NUM_TYPES),
    "tiebreak": (A_TIEBREAK, MAX_PLAYERS),
    "invade_knights": (A_INVADE_KNIGHTS, 1),
    "invade_building": (A_INVADE_BUILDING, NUM_TYPES),
}

# ---------------------------------------------------------------------------
# Flat arrays for the numba engine
# ---------------------------------------------------------------------------

# Indices into the "consts" array returned by build_arrays().
C_NUM_TYPES = 0
C_STACK_SIZE = 1
C_NUM_TILES = 2
C_NUM_CONTRACTS = 3
C_JESTER_VALUE = 4
C_ARENA_STAKE_GOLD = 5
C_GUILD_STAKE_KNIGHTS = 6
C_INVASION_KNIGHTS = 7
C_END_BUILDINGS = 8
C_MAX_ROUNDS = 9
C_MIN_PLAYERS = 10
C_MAX_PLAYERS = 11
C_DRAGON_START = 12
C_NUM_ACTIONS = 13
NUM_CONSTS = 14


def build_arrays() -> dict[str, np.ndarray]:
    """Turn the tables into flat (1-D) ``int32`` numpy arrays.

    ``int32`` matches the engines' flat int32 state array (tabletop_core.spec).

    Layout (``t`` = building type 0..5, ``k`` = tile id = ``t*10 + pos``,
    ``c`` = contract id 0..11, ``n`` = player count 3..5, ``i`` = ring index):

    ``tile_type[k]``, ``tile_kind[k]`` (:class:`TileKind`), ``tile_gold[k]``,
    ``tile_starting[k]`` (0/1)
        length 60.  Tiles of type ``t`` occupy ids ``t*10 .. t*10+9`` in the
        order of :data:`STACKS` (starting tile first where there is one).
    ``type_income_currency[t]``, ``type_income_all[t]`` (1 = every player
    collects), ``type_action[t]`` (:class:`ActionKind`),
    ``type_chest_currency[t]`` (-1 for auctions), ``type_stake[t]``,
    ``type_stake_currency[t]`` (-1 for chests), ``type_bid_currency[t]``
    (-1 for chests), ``type_min_players[t]``
        length 6.
    ``ring[(n-3)*6 + i]``
        length 18: building type of the ``i``-th stack clockwise from the
        Dragon's start for ``n`` players, -1 past the ring's end.
    ``ring_size[n]``
        length 6 (indices 0..2 unused = 0): stacks in play for ``n`` players.
    ``ring_pos[(n-3)*6 + t]``
        length 18: ring index of type ``t`` for ``n`` players, -1 if the type
        is not in play.
    ``contract_value[c]``, ``contract_is_jester[c]``
        length 12.  The Jester's printed value is 0; it counts as
        ``consts[C_JESTER_VALUE]`` when in effect.
    ``jester_triggers``
        the contract values (13, 14) that make a Jester worth 17.
    ``start_gold[n]``, ``start_knights[n]``
        length 6 (indices 0..2 unused = 0).
    ``consts``
        length ``NUM_CONSTS``, indexed by the ``C_*`` constants.
    ``action_first[j]``, ``action_count[j]``
        length 13, one entry per range in :data:`ACTION_RANGES` (same order).
    """
    i32 = np.int32
    tile_type = np.zeros(NUM_TILES, dtype=i32)
    tile_kind = np.zeros(NUM_TILES, dtype=i32)
    tile_gold = np.zeros(NUM_TILES, dtype=i32)
    tile_starting = np.zeros(NUM_TILES, dtype=i32)
    for btype, tiles in STACKS.items():
        for pos, tile in enumerate(tiles):
            k = int(btype) * STACK_SIZE + pos
            tile_type[k] = int(btype)
            tile_kind[k] = int(tile.kind)
            tile_gold[k] = tile.gold
            tile_starting[k] = int(tile.starting)

    info = sorted(BUILDINGS, key=lambda b: int(b.btype))
    type_income_currency = np.array([int(b.income_currency) for b in info], dtype=i32)
    type_income_all = np.array(
        [int(b.income_scope == IncomeScope.EVERY_PLAYER) for b in info], dtype=i32
    )
    type_action = np.array([int(b.action) for b in info], dtype=i32)
    type_chest_currency = np.array([b.chest_currency for b in info], dtype=i32)
    type_stake = np.array([b.stake_amount for b in info], dtype=i32)
    type_stake_currency = np.array([b.stake_currency for b in info], dtype=i32)
    type_bid_currency = np.array([b.bid_currency for b in info], dtype=i32)
    type_min_players = np.array([b.min_players for b in info], dtype=i32)

    ring = np.full(3 * NUM_TYPES, -1, dtype=i32)
    ring_pos = np.full(3 * NUM_TYPES, -1, dtype=i32)
    ring_size = np.zeros(MAX_PLAYERS + 1, dtype=i32)
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        order = MOUNTAIN_RING[MOUNTAIN_SIDES[n]]
        ring_size[n] = len(order)
        for i, btype in enumerate(order):
            ring[(n - MIN_PLAYERS) * NUM_TYPES + i] = int(btype)
            ring_pos[(n - MIN_PLAYERS) * NUM_TYPES + int(btype)] = i

    contract_value = np.array([c.value for c in CONTRACTS], dtype=i32)
    contract_is_jester = np.array([int(c.is_jester) for c in CONTRACTS], dtype=i32)
    jester_triggers = np.array(JESTER_TRIGGERS, dtype=i32)

    start_gold = np.zeros(MAX_PLAYERS + 1, dtype=i32)
    start_knights = np.zeros(MAX_PLAYERS + 1, dtype=i32)
    for n, (gold, knights) in STARTING_RESOURCES.items():
        start_gold[n] = gold
        start_knights[n] = knights

    consts = np.zeros(NUM_CONSTS, dtype=i32)
    consts[C_NUM_TYPES] = NUM_TYPES
    consts[C_STACK_SIZE] = STACK_SIZE
    consts[C_NUM_TILES] = NUM_TILES
    consts[C_NUM_CONTRACTS] = NUM_CONTRACTS
    consts[C_JESTER_VALUE] = JESTER_VALUE
    consts[C_ARENA_STAKE_GOLD] = ARENA_STAKE_GOLD
    consts[C_GUILD_STAKE_KNIGHTS] = GUILD_STAKE_KNIGHTS
    consts[C_INVASION_KNIGHTS] = INVASION_KNIGHTS
    consts[C_END_BUILDINGS] = END_BUILDINGS
    consts[C_MAX_ROUNDS] = MAX_ROUNDS
    consts[C_MIN_PLAYERS] = MIN_PLAYERS
    consts[C_MAX_PLAYERS] = MAX_PLAYERS
    consts[C_DRAGON_START] = DRAGON_START
    consts[C_NUM_ACTIONS] = NUM_ACTIONS

    action_first = np.array([first for first, _ in ACTION_RANGES.values()], dtype=i32)
    action_count = np.array([count for _, count in ACTION_RANGES.values()], dtype=i32)

    return {
        "tile_type": tile_type,
        "tile_kind": tile_kind,
        "tile_gold": tile_gold,
        "tile_starting": tile_starting,
        "type_income_currency": type_income_currency,
        "type_income_all": type_income_all,
        "type_action": type_action,
        "type_chest_currency": type_chest_currency,
        "type_stake": type_stake,
        "type_stake_currency": type_stake_currency,
        "type_bid_currency": type_bid_currency,
        "type_min_players": type_min_players,
        "ring": ring,
        "ring_size": ring_size,
        "ring_pos": ring_pos,
        "contract_value": contract_value,
        "contract_is_jester": contract_is_jester,
        "jester_triggers": jester_triggers,
        "start_gold": start_gold,
        "start_knights": start_knights,
        "consts": consts,
        "action_first": action_first,
        "action_count": action_count,
    }
