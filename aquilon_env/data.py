"""Game data of Dwarves of Aquilon: the one table of cards, Cognars, talions and tracks.

The rulebook gives the Cognars, the Elite Cognars, the talions and the counts per Order; it does
not print the Dwarf card list nor the Shield track. The values chosen here are explained in
docs/rules/aquilon.md ("Data"). Everything the engine needs is turned into arrays at the bottom.
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

import numpy as np


class Order(IntEnum):
    """The five Orders, in the column order used everywhere in the engine."""

    SHIELD = 0
    TEMPLE = 1
    WANDERERS = 2
    FORGE = 3
    TALION = 4


ORDER_NAMES = ("Shield", "Temple", "Wanderers", "Forge", "Talion")
NUM_ORDERS = 5
TAVERN_NAMES = ("Yjdad's Tankard", "Roasted Grognard", "Hungry Halberd")
NUM_TAVERNS = 3
MIN_LORDS, MAX_LORDS = 2, 5


class Dwarf(NamedTuple):
    """One Dwarf card: its Order, Era, 5-Lord symbol, ranks, Points and symbols.

    rune is 0 for none, else a rune kind 1-6 (the Forge counts different runes).
    """

    order: Order
    era: int
    five_lords: bool
    ranks: int
    points: int
    malt: int
    occult: int
    rune: int


S, T, W, F, A = Order.SHIELD, Order.TEMPLE, Order.WANDERERS, Order.FORGE, Order.TALION

# fmt: off
DWARVES: tuple[Dwarf, ...] = (
    # Order of the Shield (20): no Points, valued by the Shield track; one 2-rank card.
    Dwarf(S, 1, False, 1, 0, 1, 0, 0), Dwarf(S, 1, False, 1, 0, 0, 0, 0),
    Dwarf(S, 1, False, 1, 0, 1, 0, 0), Dwarf(S, 1, False, 1, 0, 0, 0, 0),
    Dwarf(S, 1, False, 1, 0, 1, 0, 0), Dwarf(S, 1, False, 1, 0, 0, 0, 0),
    Dwarf(S, 1, False, 1, 0, 0, 0, 0), Dwarf(S, 1, False, 1, 0, 1, 0, 0),
    Dwarf(S, 1, True, 1, 0, 0, 0, 0), Dwarf(S, 1, True, 1, 0, 1, 0, 0),
    Dwarf(S, 2, False, 1, 0, 1, 0, 0), Dwarf(S, 2, False, 1, 0, 0, 0, 0),
    Dwarf(S, 2, False, 1, 0, 1, 0, 0), Dwarf(S, 2, False, 1, 0, 0, 0, 0),
    Dwarf(S, 2, False, 1, 0, 0, 0, 0), Dwarf(S, 2, False, 1, 0, 1, 0, 0),
    Dwarf(S, 2, False, 1, 0, 0, 0, 0), Dwarf(S, 2, False, 2, 0, 0, 0, 0),
    Dwarf(S, 2, True, 1, 0, 0, 0, 0), Dwarf(S, 2, True, 1, 0, 1, 0, 0),
    # Order of the Temple (19): Points multiplied by Occult symbols; one 3-rank card.
    Dwarf(T, 1, False, 1, 2, 1, 0, 0), Dwarf(T, 1, False, 1, 2, 0, 0, 0),
    Dwarf(T, 1, False, 1, 3, 0, 0, 0), Dwarf(T, 1, False, 1, 4, 0, 1, 0),
    Dwarf(T, 1, False, 1, 3, 1, 0, 0), Dwarf(T, 1, False, 1, 2, 0, 0, 0),
    Dwarf(T, 1, False, 1, 3, 0, 0, 0),
    Dwarf(T, 1, True, 1, 3, 0, 0, 0), Dwarf(T, 1, True, 1, 2, 1, 0, 0),
    Dwarf(T, 2, False, 1, 3, 0, 0, 0), Dwarf(T, 2, False, 1, 4, 1, 0, 0),
    Dwarf(T, 2, False, 1, 3, 0, 1, 0), Dwarf(T, 2, False, 1, 3, 0, 0, 0),
    Dwarf(T, 2, False, 1, 3, 1, 0, 0), Dwarf(T, 2, False, 3, 2, 0, 0, 0),
    Dwarf(T, 2, False, 1, 3, 0, 0, 0), Dwarf(T, 2, False, 1, 4, 0, 0, 0),
    Dwarf(T, 2, True, 1, 3, 0, 0, 0), Dwarf(T, 2, True, 1, 3, 0, 0, 0),
    # Order of the Wanderers (20): Points summed, a repeated value gets a Pariah token.
    Dwarf(W, 1, False, 1, 3, 1, 0, 0), Dwarf(W, 1, False, 1, 4, 0, 0, 0),
    Dwarf(W, 1, False, 1, 5, 0, 0, 0), Dwarf(W, 1, False, 1, 6, 1, 0, 0),
    Dwarf(W, 1, False, 1, 6, 0, 0, 0), Dwarf(W, 1, False, 1, 7, 0, 0, 0),
    Dwarf(W, 1, False, 1, 8, 0, 0, 0), Dwarf(W, 1, False, 1, 4, 1, 0, 0),
    Dwarf(W, 1, True, 1, 5, 0, 0, 0), Dwarf(W, 1, True, 1, 7, 1, 0, 0),
    Dwarf(W, 2, False, 1, 8, 0, 0, 0), Dwarf(W, 2, False, 1, 9, 1, 0, 0),
    Dwarf(W, 2, False, 1, 9, 0, 0, 0), Dwarf(W, 2, False, 1, 11, 0, 0, 0),
    Dwarf(W, 2, False, 1, 12, 0, 0, 0), Dwarf(W, 2, False, 1, 13, 0, 0, 0),
    Dwarf(W, 2, False, 1, 8, 0, 0, 0), Dwarf(W, 2, False, 2, 10, 1, 0, 0),
    Dwarf(W, 2, True, 1, 11, 0, 0, 0), Dwarf(W, 2, True, 1, 8, 1, 0, 0),
    # Order of the Forge (16): Points plus (different runes) squared; one 2-rank card.
    Dwarf(F, 1, False, 1, 2, 0, 0, 1), Dwarf(F, 1, False, 1, 3, 0, 0, 2),
    Dwarf(F, 1, False, 1, 2, 1, 0, 3), Dwarf(F, 1, False, 1, 3, 0, 0, 4),
    Dwarf(F, 1, False, 1, 4, 0, 0, 1), Dwarf(F, 1, False, 1, 2, 0, 0, 5),
    Dwarf(F, 1, True, 1, 3, 0, 0, 6), Dwarf(F, 1, True, 1, 2, 1, 0, 2),
    Dwarf(F, 2, False, 1, 4, 0, 0, 6), Dwarf(F, 2, False, 1, 4, 0, 0, 3),
    Dwarf(F, 2, False, 1, 4, 1, 0, 5), Dwarf(F, 2, False, 2, 5, 0, 0, 2),
    Dwarf(F, 2, False, 1, 4, 0, 0, 4), Dwarf(F, 2, False, 1, 5, 0, 0, 1),
    Dwarf(F, 2, True, 1, 4, 0, 0, 5), Dwarf(F, 2, True, 1, 4, 1, 0, 3),
    # Order of the Talion (16): Points summed; recruiting one upgrades the talion by +1.
    Dwarf(A, 1, False, 1, 6, 0, 0, 0), Dwarf(A, 1, False, 1, 4, 1, 0, 0),
    Dwarf(A, 1, False, 1, 4, 0, 0, 0), Dwarf(A, 1, False, 1, 5, 0, 0, 0),
    Dwarf(A, 1, False, 1, 5, 1, 0, 0), Dwarf(A, 1, False, 1, 6, 0, 0, 0),
    Dwarf(A, 1, False, 1, 7, 1, 0, 0),
    Dwarf(A, 1, True, 1, 5, 0, 0, 0),
    Dwarf(A, 2, False, 1, 6, 1, 0, 0), Dwarf(A, 2, False, 1, 8, 0, 0, 0),
    Dwarf(A, 2, False, 1, 9, 0, 0, 0), Dwarf(A, 2, False, 2, 7, 0, 0, 0),
    Dwarf(A, 2, False, 1, 10, 0, 0, 0), Dwarf(A, 2, False, 1, 10, 0, 0, 0),
    Dwarf(A, 2, False, 1, 8, 0, 0, 0),
    Dwarf(A, 2, True, 1, 12, 0, 0, 0),
)
# fmt: on
NUM_DWARVES = len(DWARVES)
NUM_RUNE_KINDS = 6


class Kind(IntEnum):
    """Where a Cognar goes: its Order column, the Command zone, or any column."""

    COLOURED = 0
    WHITE = 1
    BLACK = 2
    ALLY = 3


class Power(IntEnum):
    """Powers that act when the Cognar is recruited or at the end of the game."""

    NONE = 0
    SHIELD_POINT_PER_RANK = 1  # Abokar
    SVARA_LOOK = 2
    DERDHR_UPGRADE = 3
    KARDUM_EXCHANGE = 4
    REMOVE_TOKENS = 5  # Oosram (2), Droh (1)
    RUNE_POINTS = 6  # Jorun
    OBERON_ALLY = 7


class Cognar(NamedTuple):
    """A Cognar card. order is its column for COLOURED ones (-1 otherwise)."""

    name: str
    kind: Kind
    order: int
    ranks: int
    points: int
    occult: int
    unique_runes: int
    malt: int
    power: Power
    power_amount: int


C, WH, BL = Kind.COLOURED, Kind.WHITE, Kind.BLACK
# fmt: off
COGNARS: tuple[Cognar, ...] = (
    Cognar("Volgrir", C, S, 2, 0, 0, 0, 0, Power.NONE, 0),
    Cognar("Abokar", C, S, 1, 0, 0, 0, 0, Power.SHIELD_POINT_PER_RANK, 1),
    Cognar("Svara", C, S, 1, 0, 0, 0, 0, Power.SVARA_LOOK, 5),
    Cognar("Ararun", C, T, 2, 2, 1, 0, 0, Power.NONE, 0),
    Cognar("Sriza", C, T, 1, 0, 2, 0, 0, Power.NONE, 0),
    Cognar("Fey", C, T, 1, 5, 0, 0, 0, Power.NONE, 0),
    Cognar("Derdhr", C, A, 1, 13, 0, 0, 0, Power.DERDHR_UPGRADE, 5),
    Cognar("Kardum", C, A, 2, 5, 0, 0, 0, Power.KARDUM_EXCHANGE, 3),
    Cognar("Oosram", C, W, 1, 15, 0, 0, 0, Power.REMOVE_TOKENS, 2),
    Cognar("Droh", C, W, 2, 10, 0, 0, 0, Power.REMOVE_TOKENS, 1),
    Cognar("Ulrog", C, F, 1, 0, 0, 2, 0, Power.NONE, 0),
    Cognar("Tala", C, F, 2, 6, 0, 1, 0, Power.NONE, 0),
    Cognar("Torun", C, F, 1, 12, 0, 1, 0, Power.NONE, 0),
    Cognar("Gurdan", WH, -1, 0, 22, 0, 0, 1, Power.NONE, 0),
    Cognar("Borogam", WH, -1, 0, 14, 0, 0, 3, Power.NONE, 0),
    Cognar("Jorun", WH, -1, 0, 0, 0, 1, 0, Power.RUNE_POINTS, 3),
    Cognar("Oberon", WH, -1, 0, 15, 0, 0, 0, Power.OBERON_ALLY, 0),
    Cognar("Tadgar", BL, -1, 1, 24, 0, 0, 0, Power.NONE, 0),
    Cognar("Akab", BL, -1, 1, 23, 0, 0, 0, Power.NONE, 0),
    Cognar("Lygdr", BL, -1, 1, 21, 0, 0, 0, Power.NONE, 0),
    Cognar("Dawn", BL, -1, 1, 20, 0, 0, 0, Power.NONE, 0),
    Cognar("Wal", BL, -1, 1, 22, 0, 0, 0, Power.NONE, 0),
    Cognar("Ga'at", Kind.ALLY, -1, 1, 0, 0, 0, 0, Power.NONE, 0),
)
# fmt: on
NUM_COGNARS = len(COGNARS)
GAAT = NUM_COGNARS - 1  # the Ally comes only with Oberon, never recruited on its own
NUM_RECRUITABLE = NUM_COGNARS - 1
GURDAN, BOROGAM = 13, 14
# Ga'at by column (p. 16): extra Shield rank, else Points counted as that column's Points.
GAAT_EXTRA_RANKS = (1, 0, 0, 0, 0)
GAAT_POINTS = (0, 2, 9, 4, 6)


class Elite(NamedTuple):
    """An Elite Cognar, won at the Evaluation by the majority of ranks in `order`."""

    name: str
    order: Order


ELITES: tuple[Elite, ...] = (
    Elite("Tiss", S),  # 2 points per Shield rank at the end
    Elite("Aral", T),  # 1 Occult symbol
    Elite("Brum", W),  # 13 points, removes 1 Pariah token at the end
    Elite("Redwin", F),  # 1 unique rune
    Elite("Ordo", A),  # immediate exchange of the two lowest talions (0 excluded)
)
NUM_ELITES = len(ELITES)
TISS, ARAL, BRUM, REDWIN, ORDO = range(NUM_ELITES)
TISS_POINTS_PER_RANK = 2
BRUM_POINTS = 13

# Talions (p. 2): bronze 0, 2, 3, 4, 5 per Lord; the Royal Treasury's 34 gold talions.
BRONZE_TALIONS = (0, 2, 3, 4, 5)
TREASURY = {5: 2, 6: 2, 7: 3, 8: 2, 9: 3, 10: 2, 11: 3, 12: 2, 13: 2, 14: 2,
            15: 1, 16: 1, 17: 1, 18: 1, 19: 1, 20: 1, 21: 1, 22: 1, 23: 1, 24: 1, 25: 1}
MAX_TALION = 25
EXCHANGE_TALION_VALUE = 3  # Kardum's talion 3 - Exchange
DERDHR_UPGRADE = 5
PARIAH_TOKENS = 12

GEMS_BY_LORDS = {2: (4, 5), 3: (3, 4, 5), 4: (2, 3, 4, 5), 5: (1, 2, 3, 4, 5)}
TURNS_PER_ERA = {2: 4, 3: 4, 4: 3, 5: 3}
BOARD_OCCULT = 1  # printed on every individual board (Temple)


SHIELD_TRACK_BEND = 5  # the rulebook's one printed point: 5 ranks are worth 40 (p. 13)
SHIELD_STEP_AFTER_BEND = 7


def shield_track(ranks: int) -> int:
    """Bravery Value of the Order of the Shield for a number of ranks.

    Up to the rulebook's printed point (5 ranks = 40, p. 13) n * (n + 3): 0, 4, 10, 18, 28,
    40; then 7 per rank: 47, 54, 61, ... (docs/rules/aquilon.md, "Shield track").
    """
    if ranks <= SHIELD_TRACK_BEND:
        return ranks * (ranks + 3)
    return shield_track(SHIELD_TRACK_BEND) + SHIELD_STEP_AFTER_BEND * (ranks - SHIELD_TRACK_BEND)


SHIELD_TRACK_LENGTH = 64


def deck_sizes(num_lords: int) -> tuple[int, int]:
    """Sizes of the Era 1 and Era 2 decks for a number of Lords."""
    five = num_lords == 5
    era1 = sum(1 for d in DWARVES if d.era == 1 and (five or not d.five_lords))
    era2 = sum(1 for d in DWARVES if d.era == 2 and (five or not d.five_lords))
    return era1, era2


def cards_per_tavern(num_lords: int) -> int:
    """Dwarf cards placed in each tavern per turn (3 with 2 Lords, p. 4)."""
    return 3 if num_lords == 2 else num_lords


# -- arrays for the engine (built once) ---------------------------------------------------
DWARF_ORDER = np.array([d.order for d in DWARVES], np.int32)
DWARF_ERA = np.array([d.era for d in DWARVES], np.int32)
DWARF_FIVE = np.array([d.five_lords for d in DWARVES], np.int32)
DWARF_RANKS = np.array([d.ranks for d in DWARVES], np.int32)
DWARF_POINTS = np.array([d.points for d in DWARVES], np.int32)
DWARF_MALT = np.array([d.malt for d in DWARVES], np.int32)
DWARF_OCCULT = np.array([d.occult for d in DWARVES], np.int32)
DWARF_RUNE = np.array([d.rune for d in DWARVES], np.int32)

COGNAR_KIND = np.array([c.kind for c in COGNARS], np.int32)
COGNAR_ORDER = np.array([c.order for c in COGNARS], np.int32)
COGNAR_RANKS = np.array([c.ranks for c in COGNARS], np.int32)
COGNAR_POINTS = np.array([c.points for c in COGNARS], np.int32)
COGNAR_OCCULT = np.array([c.occult for c in COGNARS], np.int32)
COGNAR_RUNES = np.array([c.unique_runes for c in COGNARS], np.int32)
COGNAR_MALT = np.array([c.malt for c in COGNARS], np.int32)
COGNAR_POWER = np.array([c.power for c in COGNARS], np.int32)
COGNAR_POWER_AMOUNT = np.array([c.power_amount for c in COGNARS], np.int32)
GAAT_EXTRA_RANKS_ARR = np.array(GAAT_EXTRA_RANKS, np.int32)
GAAT_POINTS_ARR = np.array(GAAT_POINTS, np.int32)
ELITE_ORDER = np.array([e.order for e in ELITES], np.int32)

TREASURY_COUNTS = np.zeros(MAX_TALION + 1, np.int32)
for _value, _count in TREASURY.items():
    TREASURY_COUNTS[_value] = _count
BRONZE_ARR = np.array(BRONZE_TALIONS, np.int32)
SHIELD_TRACK = np.array([shield_track(n) for n in range(SHIELD_TRACK_LENGTH)], np.int32)

# -- observation scales, from the tables above (docs/rules/aquilon.md, "Observation") ------
# The most a single Lord can hold: every Dwarf card it takes (24 with 2-3 Lords, one more from
# Svara) and every Cognar that may go to the column, so the features never saturate.
SCORE_SHEET_EXAMPLE = 293  # the rulebook's count example (p. 13)
MAX_DWARVES_PER_LORD = 2 * max(TURNS_PER_ERA.values()) * NUM_TAVERNS + 1


def _column_cognars(column: int) -> list[Cognar]:
    return [c for c in COGNARS if c.order == column or c.kind in (Kind.BLACK, Kind.ALLY)]


OBS_RANK_SCALE = np.array(
    [sum(d.ranks for d in DWARVES if d.order == c)
     + sum(g.ranks for g in _column_cognars(c)) + GAAT_EXTRA_RANKS[c] for c in range(NUM_ORDERS)],
    np.float32)
# Column Points: the Dwarf cards' (Wanderers: kept apart for the Pariah tokens) and the
# Coloured Cognars' and Ga'at's.
OBS_POINTS_SCALE = np.array(
    [max(1, sum(d.points for d in DWARVES if d.order == c and c != Order.WANDERERS)
         + sum(g.points for g in COGNARS if g.order == c and g.kind == Kind.COLOURED)
         + GAAT_POINTS[c]) for c in range(NUM_ORDERS)], np.float32)
OBS_FLAT_SCALE = float(sum(c.points for c in COGNARS if c.kind == Kind.BLACK))
OBS_MALT_SCALE = float(sum(d.malt for d in DWARVES) + sum(c.malt for c in COGNARS))
OBS_OCCULT_SCALE = float(BOARD_OCCULT + sum(d.occult for d in DWARVES)
                         + sum(c.occult for c in COGNARS) + 1)  # + Aral
OBS_RUNES_SCALE = float(NUM_RUNE_KINDS + sum(c.unique_runes for c in COGNARS) + 1)  # + Redwin
OBS_LINES_SCALE = float(-(-(MAX_DWARVES_PER_LORD + sum(d.ranks - 1 for d in DWARVES)
                             + sum(c.ranks for c in COGNARS if c.kind != Kind.WHITE)
                             + max(GAAT_EXTRA_RANKS)) // NUM_ORDERS))
OBS_BRAVERY_SCALE = 2.0 * SCORE_SHEET_EXAMPLE
OBS_TOKENS_SCALE = float(sum(c.power_amount for c in COGNARS if c.power == Power.REMOVE_TOKENS)
                         + 1)  # + Brum
