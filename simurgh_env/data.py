"""Game data of Simurgh (NSKN Games / Baldar, design Pierluca Zizzi).

Every table of the game as plain, readable Python: the 48 action tiles
(#01-48), the 12 dragon types printed on the 24 dragon tiles (#49-72), the
12 objective tiles (#73-84), the 12 City spaces, the Wilds areas, the Scouts'
Quarters slots, the Dragonlord's Monument objective spaces, limits, setup
values, end conditions and scoring tables.

The tables were recovered from the Polish rulebook, whose appendix tables came
out of the PDF with their columns interleaved.  How each table was rebuilt,
and every value the rulebook does not give, is documented in
``docs/rules/simurgh.md`` (sections "Reconstruction" and "Choices"); rule
numbers ``S1``, ``S2``, ... cited here refer to that file.

Vocabulary of the tables
------------------------
* A :class:`Bundle` is a set of things paid or received: fixed resource
  counts, power points, ability markers, vassals, and at most two
  :class:`Mix` parts ("N resources in any mix of these kinds").
* An :class:`Effect` pays one of its ``cost`` options (none: free) and then
  receives one of its ``gain`` options (none: nothing), then optionally draws
  dragon tiles and keeps one.  In a cost, ``spearmen``/``dragonriders`` are
  vassals spent and ``markers`` are ability markers removed from the player's
  dragons; in a gain they are vassals recruited from the supply and markers
  to place.
* :func:`build_arrays` flattens everything into int64 numpy arrays for a
  numba engine; its docstring documents the layout.
"""

from __future__ import annotations

import functools
from enum import IntEnum
from typing import NamedTuple

import numpy as np

# ---------------------------------------------------------------------------
# Enumerations
# ---------------------------------------------------------------------------


class Resource(IntEnum):
    """The six resource token kinds (S4)."""

    VEGETABLE = 0
    MEAT = 1
    WOOD = 2
    STONE = 3
    WISDOM = 4
    WEAPON = 5


N_RESOURCES = len(Resource)


class TileFamily(IntEnum):
    """Action tile families, in tile-number order (#01-12, #13-20, ...)."""

    PRODUCTION = 0
    RESEARCH = 1
    TRANSFORMATION = 2
    POWER = 3
    EXPLORATION = 4


class GameMode(IntEnum):
    SPEARMAN = 0
    DRAGONLORD = 1


class GameLength(IntEnum):
    SHORT = 0
    MEDIUM = 1
    LONG = 2


class CitySpecial(IntEnum):
    """City spaces whose effect is a procedure beyond pay-and-gain."""

    NONE = 0
    SCOUTS_QUARTERS = 1  # then take an action tile (S47)
    MONUMENT = 2  # draw 3 objective tiles, may place one (S48)


class AbilityKind(IntEnum):
    """How a dragon ability is used (S56-S62)."""

    IMMEDIATE = 0  # pay effect.cost, receive effect.gain
    GAIN_BONUS = 1  # while gaining ``trigger``, receive ``bonus`` more of it
    EXPLORE_EXTRA_MOVE = 2  # move a Dragonrider down again this turn
    EXPLORE_MOVE_BONUS = 3  # when moving down an exploration tile, gain effect.gain
    SCOUT_FACE_UP = 4  # pay effect.cost, take any face-up Scouts' Quarters tile
    SCOUT_FACE_DOWN = 5  # pay effect.cost, take the top face-down action tile
    OBJECTIVE_SWAP = 6  # replace a face-up objective when placing a new one
    EXPLORE_ENTRY_BONUS = 7  # when moving onto an exploration tile (entering or down), gain
    SPEND_BONUS = 8  # when spending a vassal of kind ``trigger``, gain effect.gain


class Trigger(IntEnum):
    """What a GAIN_BONUS ability reacts to."""

    NONE = 0
    VEGETABLE = 1
    MEAT = 2
    WISDOM = 3
    WEAPON = 4
    POWER = 5
    VEGETABLE_OR_MEAT = 6  # +1 of whichever of the two was gained
    SPEARMAN_SPENT = 7  # SPEND_BONUS: a spearman was given up
    DRAGONRIDER_SPENT = 8  # SPEND_BONUS: a dragonrider was given up


class ObjectiveKind(IntEnum):
    MARKERS_ON_DEPICTED_DRAGONS = 0
    MARKERS_ON_ALL_DRAGONS = 1
    VEGETABLES_AND_MEAT = 2


# ---------------------------------------------------------------------------
# Record types
# ---------------------------------------------------------------------------


class Mix(NamedTuple):
    """``amount`` resources in any combination of ``kinds`` ("in total X and/or Y")."""

    amount: int
    kinds: tuple[Resource, ...]


class Bundle(NamedTuple):
    """Things paid or received together."""

    vegetable: int = 0
    meat: int = 0
    wood: int = 0
    stone: int = 0
    wisdom: int = 0
    weapon: int = 0
    power: int = 0
    markers: int = 0
    spearmen: int = 0
    dragonriders: int = 0
    mixes: tuple[Mix, ...] = ()

    @property
    def resources(self) -> tuple[int, ...]:
        """Fixed resource counts indexed by :class:`Resource`."""
        return (self.vegetable, self.meat, self.wood, self.stone, self.wisdom, self.weapon)


class Effect(NamedTuple):
    """Pay one ``cost`` option, receive one ``gain`` option, then draw dragons.

    ``dragon_draw`` > 0: draw that many dragon tiles, keep one with
    ``dragon_markers`` ability markers on it, return the rest (S28).
    """

    cost: tuple[Bundle, ...] = ()
    gain: tuple[Bundle, ...] = ()
    dragon_draw: int = 0
    dragon_markers: int = 0


class ActionSpace(NamedTuple):
    multi: bool  # any number of vassals (S22)
    dragonrider_only: bool  # Dragonriders only (S21)
    effect: Effect
    wide: bool = False  # printed across two columns (3-space tiles only)


class ActionTile(NamedTuple):
    number: int
    family: TileFamily
    spaces: tuple[ActionSpace, ...]


class ExplorationTile(NamedTuple):
    """Four single Dragonrider spaces, level 1 on top (S35-S43)."""

    number: int
    move_cost: tuple[Bundle, ...]  # options; paid on entering and on every move down
    rewards: tuple[Effect, Effect, Effect, Effect]  # levels 1-4 (cost-free effects)


class DragonAbility(NamedTuple):
    kind: AbilityKind
    effect: Effect = Effect()
    trigger: Trigger = Trigger.NONE
    bonus: int = 0
    one_shot: bool = False  # crossed ability symbol (S55)


class DragonType(NamedTuple):
    index: int  # 0-11
    tile_numbers: tuple[int, int]  # both printed copies
    abilities: tuple[DragonAbility, DragonAbility, DragonAbility]  # left to right


class ObjectiveTile(NamedTuple):
    number: int
    kind: ObjectiveKind
    dragon_types: tuple[int, ...]  # depicted dragon types (choice C7)
    points: tuple[int, int, int]  # 1st, 2nd, 3rd place; 0 = "n/a"


class CitySpace(NamedTuple):
    index: int  # 1-12, rulebook order (p. 8-9)
    name: str
    polish_name: str
    multi: bool
    dragonrider_only: bool
    effect: Effect
    special: CitySpecial = CitySpecial.NONE


class WildsArea(NamedTuple):
    index: int  # 1-6
    bonus: tuple[Bundle, ...]  # options; taken when a tile is placed here (S30)
    three_plus_only: bool  # printed "3+" (rulebook p. 10)
    open_from_players: int  # smallest player count with the area uncovered (choice C2)


class ScoutSlot(NamedTuple):
    slot: int  # 1-4; the tile in slot 4 is the newest
    cost: Bundle
    power: int  # power points received when buying from this slot


class MonumentSpace(NamedTuple):
    index: int  # 1-5
    cost: Bundle
    power: int


# ---------------------------------------------------------------------------
# Table-writing helpers
# ---------------------------------------------------------------------------

WOOD_OR_STONE = (Resource.WOOD, Resource.STONE)
VEG_OR_MEAT = (Resource.VEGETABLE, Resource.MEAT)


def mix(amount: int, kinds: tuple[Resource, ...]) -> Bundle:
    """A bundle made only of ``amount`` resources in any mix of ``kinds``."""
    return Bundle(mixes=(Mix(amount, kinds),))


def gain(*options: Bundle, draw: int = 0, keep_markers: int = 0) -> Effect:
    """Receive one of ``options`` (a single option: receive it)."""
    return Effect((), tuple(options), draw, keep_markers)


def trade(cost: Bundle | tuple[Bundle, ...], *options: Bundle, draw: int = 0,
          keep_markers: int = 0) -> Effect:
    """Pay ``cost`` (or one of several cost options), receive one of ``options``."""
    costs = cost if isinstance(cost, tuple) and not isinstance(cost, Bundle) else (cost,)
    return Effect(costs, tuple(options), draw, keep_markers)


def multi(effect: Effect) -> ActionSpace:
    return ActionSpace(True, False, effect)


def multi_dr(effect: Effect) -> ActionSpace:
    return ActionSpace(True, True, effect)


def single(effect: Effect, wide: bool = False) -> ActionSpace:
    return ActionSpace(False, False, effect, wide)


def single_dr(effect: Effect) -> ActionSpace:
    return ActionSpace(False, True, effect)


B = Bundle  # short alias used only inside the tables below


# ---------------------------------------------------------------------------
# Action tiles #01-36 (appendix 01, tables 1-4, rulebook p. 12-14)
# ---------------------------------------------------------------------------

PRODUCTION_TILES: tuple[ActionTile, ...] = tuple(
    ActionTile(n, TileFamily.PRODUCTION, spaces) for n, spaces in (
        (1, (multi(gain(B(wood=1), B(stone=1), B(vegetable=2))),
             single(gain(B(meat=4))),
             single(gain(B(wisdom=1, vegetable=2, meat=1))),
             single(gain(mix(3, WOOD_OR_STONE))))),
        (2, (multi(gain(B(weapon=1))),
             single(gain(B(weapon=3))),
             single(gain(B(weapon=2, wood=2))),
             single(gain(B(weapon=2, stone=1))))),
        (3, (multi(gain(B(wood=1), B(stone=1))),
             single(gain(B(vegetable=1, wood=2, stone=1))),
             single(gain(B(wood=3, stone=1))),
             single(gain(B(vegetable=1, stone=2))))),
        (4, (multi_dr(gain(mix(2, VEG_OR_MEAT))),
             single_dr(gain(B(vegetable=3, meat=2))),
             single_dr(gain(B(vegetable=5))),
             single_dr(gain(B(vegetable=2, wood=2))))),
        (5, (multi(gain(B(wood=1), B(stone=1))),
             single(gain(B(wood=4))),
             single(gain(B(stone=3))),
             single(gain(B(vegetable=1, wood=2))))),
        (6, (multi(trade(B(stone=1), B(weapon=2))),
             single(gain(B(weapon=2))),
             single(gain(B(wood=4))),
             single(gain(B(stone=4))))),
        (7, (multi(gain(B(vegetable=1), B(meat=1))),
             single(gain(B(vegetable=1, wood=2, stone=1))),
             single(gain(B(vegetable=3, meat=1))),
             single(gain(B(vegetable=4))))),
        (8, (multi(gain(B(vegetable=2))),
             single(gain(B(meat=4))),
             single(gain(B(vegetable=3, meat=1))),
             single(gain(mix(3, WOOD_OR_STONE))))),
        (9, (multi_dr(gain(B(vegetable=2, wood=1))),
             single_dr(gain(B(vegetable=5))),
             single_dr(gain(B(wood=4))),
             single_dr(gain(B(stone=4))))),
        (10, (multi(gain(B(wood=1), B(stone=1), B(vegetable=2))),
              single(gain(B(vegetable=3, wood=1))),
              single(gain(B(wood=3, stone=1))),
              single(gain(B(wood=1, stone=2))))),
        (11, (multi(gain(B(meat=2))),
              single(gain(B(stone=4))),
              single(gain(B(wood=3))),
              single(gain(mix(2, WOOD_OR_STONE), B(vegetable=3))))),
        (12, (multi(gain(B(meat=1))),
              single(gain(B(vegetable=2, wood=1, stone=1))),
              single(gain(B(vegetable=3, meat=1))),
              single(gain(B(vegetable=4))))),
    )
)

RESEARCH_TILES: tuple[ActionTile, ...] = tuple(
    ActionTile(n, TileFamily.RESEARCH, spaces) for n, spaces in (
        (13, (multi(gain(B(wisdom=1))),
              single(gain(B(wisdom=3, markers=1))),
              single(gain(B(wisdom=1), draw=2, keep_markers=0)),
              single(trade(B(wisdom=1), B(markers=2))))),
        (14, (multi(trade(B(vegetable=1, meat=1), B(wisdom=3))),
              single(gain(B(wisdom=4))),
              single(trade(B(wisdom=2), draw=3, keep_markers=1)),
              single(trade(mix(2, VEG_OR_MEAT), B(wisdom=3))))),
        (15, (multi(gain(B(wisdom=2, markers=1))),
              single(gain(B(wisdom=4))),
              single(trade(B(spearmen=1), B(wisdom=6))),
              single(trade(B(stone=2), B(wisdom=4))))),
        (16, (multi_dr(trade(B(power=1), draw=2, keep_markers=0)),
              single_dr(trade(B(wisdom=2), B(wisdom=5))),
              single_dr(trade(B(wisdom=2), B(markers=2))),
              single_dr(gain(B(wisdom=1, markers=2))))),
        (17, (multi(gain(B(vegetable=1, wisdom=1), B(meat=1, wisdom=1))),
              single(gain(B(wisdom=3))),
              single(trade(B(stone=3), B(wisdom=5))),
              single(trade(B(stone=4), B(wisdom=5, power=2))))),
        (18, (multi_dr(gain(B(wisdom=2, power=1))),
              single_dr(trade(B(wisdom=1), B(power=2, markers=1))),
              single_dr(trade(B(wisdom=3), B(power=3), draw=4, keep_markers=0)),
              single_dr(gain(B(wisdom=3, power=3))))),
        (19, (multi(trade(B(spearmen=1), B(wisdom=6))),
              single(gain(B(wisdom=3, power=1))),
              single(gain(B(wisdom=2, power=2))),
              single(gain(B(wisdom=4))))),
        # The only 3-space research tile: its dragon space is printed wide.
        (20, (multi(trade(B(power=2), B(wisdom=4))),
              single(gain(B(wisdom=5))),
              single(trade(B(wisdom=4), B(power=3), draw=4, keep_markers=1), wide=True))),
    )
)

TRANSFORMATION_TILES: tuple[ActionTile, ...] = tuple(
    ActionTile(n, TileFamily.TRANSFORMATION, spaces) for n, spaces in (
        (21, (multi_dr(trade(B(dragonriders=1), B(meat=6))),
              single_dr(trade(B(vegetable=2), B(meat=5))),
              single(trade(B(wood=1, stone=1), B(weapon=5))),
              single(trade(B(vegetable=2), B(wood=5))))),
        (22, (multi(trade(B(vegetable=1), B(meat=2))),
              single(trade(B(stone=3), B(weapon=5))),
              single(trade(B(vegetable=2), B(meat=5))),
              single(trade(B(wood=2), mix(5, VEG_OR_MEAT))))),
        (23, (multi_dr(trade(B(dragonriders=1), B(meat=5, vegetable=1))),
              single_dr(trade(B(vegetable=1), B(meat=5))),
              single_dr(trade(B(wood=1, stone=1), B(weapon=5))),
              single_dr(trade(B(vegetable=1), B(wood=5))))),
        (24, (multi(trade(B(vegetable=1), B(meat=2))),
              single(trade(B(wood=1), mix(3, VEG_OR_MEAT))),
              single(trade(B(stone=1), B(weapon=2))),
              single(trade(B(vegetable=1), B(meat=3))))),
        (25, (multi(trade(B(wood=1), B(stone=2))),
              single(trade(B(wood=2), B(stone=5))),
              single(trade(B(wood=4), B(weapon=5))),
              single(trade(B(meat=2), mix(5, WOOD_OR_STONE))))),
        (26, (multi(trade(B(power=2), B(markers=1))),
              single_dr(trade(B(power=2), draw=3, keep_markers=1)),
              single(trade(B(power=1), mix(3, WOOD_OR_STONE))),
              single(trade(B(power=2), mix(4, VEG_OR_MEAT))))),
        (27, (multi_dr(trade(B(markers=1), B(wisdom=3))),
              single(trade(B(weapon=1), mix(4, WOOD_OR_STONE))),
              single(trade(B(power=2), B(wisdom=6))),
              single_dr(trade(B(wood=1, markers=1), mix(6, VEG_OR_MEAT))))),
        # The only 3-space transformation tile: its last space is printed wide.
        (28, (multi_dr(trade(B(power=1), B(markers=1))),
              single(trade(B(power=2), B(weapon=4))),
              single(trade(mix(2, WOOD_OR_STONE), B(markers=2)), wide=True))),
    )
)

POWER_TILES: tuple[ActionTile, ...] = tuple(
    ActionTile(n, TileFamily.POWER, spaces) for n, spaces in (
        (29, (multi(gain(B(power=2))),
              single(trade(B(wisdom=2), B(power=3))),
              single(trade(B(wisdom=3), B(markers=1, power=6))),
              single(trade(B(wood=3, stone=3), B(power=11))))),
        (30, (multi(gain(B(power=2))),
              single(trade(B(weapon=3), B(power=6))),
              single(trade(B(weapon=3), B(power=9))),
              single(trade(B(wisdom=1), B(power=5))))),
        (31, (multi_dr(gain(B(power=3))),
              single_dr(trade(B(wisdom=1, stone=5), B(power=8))),
              single_dr(trade(B(wisdom=1), B(power=4))),
              single_dr(trade(B(weapon=3, dragonriders=1), B(power=10))))),
        (32, (multi(gain(B(power=2))),
              single(trade(B(vegetable=4), B(power=9))),
              single(trade(B(weapon=1, wisdom=1), B(power=3))),
              single(trade(B(wisdom=4), B(power=10))))),
        (33, (multi_dr(gain(B(markers=1))),
              single_dr(trade(B(wisdom=2), B(power=6))),
              single_dr(trade(B(stone=5), B(power=5))),
              single_dr(trade(B(wisdom=6), B(power=8))))),
        (34, (multi_dr(gain(B(power=4))),
              single_dr(trade(B(spearmen=1, weapon=1), B(power=8))),
              single_dr(trade(B(spearmen=1, dragonriders=1), B(power=16))),
              single_dr(trade(B(spearmen=1, wisdom=6), B(power=10))))),
        (35, (multi_dr(gain(B(power=3))),
              single_dr(trade(B(spearmen=1, wisdom=2), B(power=7))),
              single_dr(trade(B(weapon=2), B(power=5))),
              single_dr(trade(B(spearmen=1, weapon=2), B(power=7))))),
        (36, (multi(gain(B(vegetable=2, power=1))),
              single(trade(B(weapon=2), B(power=4))),
              single(trade(B(wood=2, stone=2), B(power=8))),
              single(trade(B(weapon=4), B(power=10))))),
    )
)

# ---------------------------------------------------------------------------
# Exploration tiles #37-48 (table 5, p. 15): move cost, then levels 1-4
# ---------------------------------------------------------------------------

EXPLORATION_TILES: tuple[ExplorationTile, ...] = tuple(
    ExplorationTile(n, cost, tuple(rewards)) for n, cost, rewards in (
        (37, (B(wisdom=2),),
         (gain(B(power=2)), gain(B(markers=2)), gain(B(power=6)), gain(B(power=8)))),
        (38, (B(vegetable=2, meat=1, wood=1),),
         (gain(B(power=3)), gain(B(power=5)), gain(B(power=5, markers=1)),
          gain(B(power=8), draw=4, keep_markers=2))),
        (39, (B(stone=1, mixes=(Mix(2, WOOD_OR_STONE),)),),
         (gain(B(power=3)), gain(B(power=4)), gain(B(power=5)), gain(B(power=7, markers=1)))),
        (40, (B(wisdom=1, weapon=1),),
         (gain(B(power=2)), gain(B(power=4)), gain(B(power=5)), gain(B(power=8)))),
        (41, (B(weapon=1, mixes=(Mix(1, VEG_OR_MEAT),)),),
         (gain(B(power=2)), gain(B(power=4)), gain(B(power=4)), gain(B(power=6, wisdom=2)))),
        (42, (B(wisdom=3), B(weapon=3)),
         (gain(B(power=3)), gain(B(power=5)), gain(B(power=7)), gain(B(power=9)))),
        (43, (B(wisdom=1, weapon=1, mixes=(Mix(1, WOOD_OR_STONE), Mix(1, VEG_OR_MEAT))),),
         (gain(B(power=3, markers=1)), gain(B(power=5)), gain(B(power=7, markers=1)),
          gain(B(power=12)))),
        (44, (B(weapon=1),),
         (gain(B(vegetable=2)), gain(mix(3, VEG_OR_MEAT)), gain(mix(2, WOOD_OR_STONE)),
          gain(B(power=5)))),
        (45, (B(wisdom=1, stone=1, wood=1),),
         (gain(B(power=3)), gain(B(power=3)), gain(B(power=5)),
          gain(B(power=7, mixes=(Mix(5, VEG_OR_MEAT),))))),
        (46, (B(weapon=1, vegetable=1, meat=1),),
         (gain(B(power=2, markers=1)), gain(B(power=4, markers=1)), gain(B(power=6)),
          gain(B(power=10)))),
        (47, (B(wisdom=1, stone=2),),
         (gain(B(power=1, markers=1)), gain(B(power=2, markers=1)), gain(B(power=5)),
          gain(B(power=10)))),
        (48, (mix(2, WOOD_OR_STONE),),
         (gain(B(power=2)), gain(B(power=2, weapon=2)), gain(B(power=4)),
          gain(B(power=6, weapon=2)))),
    )
)

ACTION_TILES: tuple[ActionTile, ...] = (
    PRODUCTION_TILES + RESEARCH_TILES + TRANSFORMATION_TILES + POWER_TILES
)


def exploration_as_action_tile(tile: ExplorationTile) -> ActionTile:
    """An exploration tile as four single Dragonrider spaces, level 1 first."""
    spaces = tuple(
        single_dr(Effect(tile.move_cost, reward.gain, reward.dragon_draw, reward.dragon_markers))
        for reward in tile.rewards
    )
    return ActionTile(tile.number, TileFamily.EXPLORATION, spaces)


ALL_ACTION_TILES: tuple[ActionTile, ...] = ACTION_TILES + tuple(
    exploration_as_action_tile(t) for t in EXPLORATION_TILES
)
"""All 48 action tiles #01-48 in number order (exploration spaces = levels 1-4)."""

TILES_PER_FAMILY = {
    TileFamily.PRODUCTION: 12,
    TileFamily.RESEARCH: 8,
    TileFamily.TRANSFORMATION: 8,
    TileFamily.POWER: 8,
    TileFamily.EXPLORATION: 12,
}

# Setup step 4: tiles put back in the box unseen (S7).
SETUP_REMOVED_PER_FAMILY = {
    TileFamily.PRODUCTION: 4,
    TileFamily.RESEARCH: 3,
    TileFamily.TRANSFORMATION: 3,
    TileFamily.POWER: 0,  # power tiles are dealt instead (S11)
    TileFamily.EXPLORATION: 4,
}


def action_tile(number: int) -> ActionTile:
    """Action tile #01-48 by its printed number."""
    tile = ALL_ACTION_TILES[number - 1]
    assert tile.number == number
    return tile


# ---------------------------------------------------------------------------
# Dragon tiles #49-72 (appendix 02, p. 15): 12 types printed twice
# ---------------------------------------------------------------------------


def _bonus(trigger: Trigger, amount: int) -> DragonAbility:
    return DragonAbility(AbilityKind.GAIN_BONUS, trigger=trigger, bonus=amount)


def _now(effect: Effect, one_shot: bool = False) -> DragonAbility:
    return DragonAbility(AbilityKind.IMMEDIATE, effect, one_shot=one_shot)


EXTRA_MOVE = DragonAbility(AbilityKind.EXPLORE_EXTRA_MOVE)

DRAGON_TYPES: tuple[DragonType, ...] = tuple(
    DragonType(i, (49 + 2 * i, 50 + 2 * i), abilities) for i, abilities in enumerate((
        # #49-50
        (_now(gain(B(vegetable=2))), _bonus(Trigger.WISDOM, 2), _bonus(Trigger.POWER, 2)),
        # #51-52
        (_bonus(Trigger.VEGETABLE, 2), _bonus(Trigger.MEAT, 2),
         _now(gain(mix(2, WOOD_OR_STONE)))),
        # #53-54
        (EXTRA_MOVE,
         DragonAbility(AbilityKind.EXPLORE_MOVE_BONUS, gain(B(meat=2))),
         _now(trade(B(spearmen=1, power=1), B(dragonriders=1)), one_shot=True)),
        # #55-56
        (_bonus(Trigger.WISDOM, 2),
         # Line 1481: "moving onto an exploration tile", without #53-54's "moving down".
         DragonAbility(AbilityKind.EXPLORE_ENTRY_BONUS, gain(B(power=2))),
         _bonus(Trigger.WEAPON, 1)),
        # #57-58: the third ability removes one extra marker from any dragon
        (_now(gain(B(vegetable=1), B(meat=1))),
         _now(trade(B(meat=2, wood=2), B(dragonriders=1))),
         _now(trade(B(markers=1), B(power=4)))),
        # #59-60
        (_now(trade(B(meat=2), B(power=3))),
         _now(trade(B(power=2), mix(3, VEG_OR_MEAT))),
         _now(trade(B(stone=1), B(power=2)))),
        # #61-62
        (_now(trade(mix(2, VEG_OR_MEAT), B(weapon=3))),
         _now(trade(mix(2, WOOD_OR_STONE), B(weapon=3))),
         DragonAbility(AbilityKind.SCOUT_FACE_UP, trade(B(weapon=1)))),
        # #63-64
        (_now(gain(B(meat=2))),
         _now(trade(B(meat=2), B(weapon=3))),
         _now(trade(B(meat=2, mixes=(Mix(2, VEG_OR_MEAT),)), B(dragonriders=1)))),
        # #65-66
        (_now(trade(B(vegetable=1), B(meat=2))),
         _now(trade(B(vegetable=1), B(wood=2))),
         _now(trade(B(vegetable=1), B(stone=2)))),
        # #67-68
        # Lines 1502, 1504: "Oddając ..." (giving up a vassal, you get): triggers, like the
        # participle forms of the bonuses (lines 1473, 1481); exchanges read "Wymieniasz" (1505).
        (DragonAbility(AbilityKind.SPEND_BONUS, gain(mix(2, WOOD_OR_STONE)),
                       trigger=Trigger.SPEARMAN_SPENT),
         DragonAbility(AbilityKind.SPEND_BONUS, gain(B(stone=2)),
                       trigger=Trigger.DRAGONRIDER_SPENT),
         _now(trade(B(dragonriders=1), B(weapon=3, meat=2)))),
        # #69-70 (confirmed by the publisher's "Daily Dragon IV" preview)
        (EXTRA_MOVE,
         _now(gain(B(vegetable=1), B(meat=1))),
         DragonAbility(AbilityKind.OBJECTIVE_SWAP, one_shot=True)),
        # #71-72
        (_bonus(Trigger.VEGETABLE_OR_MEAT, 1),
         DragonAbility(AbilityKind.SCOUT_FACE_DOWN, trade(B(wisdom=1))),
         DragonAbility(AbilityKind.SCOUT_FACE_UP, trade(B(weapon=1)))),
    ))
)

DRAGON_TILE_NUMBERS = tuple(range(49, 73))
ABILITY_SLOTS_PER_DRAGON = 3


def dragon_type_of_tile(number: int) -> int:
    """Dragon type index (0-11) of dragon tile #49-72."""
    if not 49 <= number <= 72:
        raise ValueError(f"#{number} is not a dragon tile")
    return (number - 49) // 2


# ---------------------------------------------------------------------------
# Objective tiles #73-84 (appendix 03, p. 16)
# ---------------------------------------------------------------------------

_DEPICTED = ObjectiveKind.MARKERS_ON_DEPICTED_DRAGONS

OBJECTIVE_TILES: tuple[ObjectiveTile, ...] = (
    # Two dragon types each: every type appears once among #73-78 (choice C7).
    ObjectiveTile(73, _DEPICTED, (0, 6), (8, 4, 3)),
    ObjectiveTile(74, _DEPICTED, (1, 7), (9, 5, 1)),
    ObjectiveTile(75, _DEPICTED, (2, 8), (8, 5, 2)),
    ObjectiveTile(76, _DEPICTED, (3, 9), (10, 4, 1)),
    ObjectiveTile(77, _DEPICTED, (4, 10), (10, 6, 2)),
    ObjectiveTile(78, _DEPICTED, (5, 11), (9, 6, 3)),
    # Three dragon types each: every type appears once among #79-82.
    ObjectiveTile(79, _DEPICTED, (0, 4, 8), (12, 7, 4)),
    ObjectiveTile(80, _DEPICTED, (1, 5, 9), (13, 8, 5)),
    ObjectiveTile(81, _DEPICTED, (2, 6, 10), (11, 5, 2)),
    ObjectiveTile(82, _DEPICTED, (3, 7, 11), (10, 5, 1)),
    ObjectiveTile(83, ObjectiveKind.MARKERS_ON_ALL_DRAGONS, tuple(range(12)), (14, 7, 3)),
    ObjectiveTile(84, ObjectiveKind.VEGETABLES_AND_MEAT, (), (6, 4, 0)),
)

# ---------------------------------------------------------------------------
# The City: 12 fixed action spaces (p. 8-9)
# ---------------------------------------------------------------------------

CITY_SPACES: tuple[CitySpace, ...] = (
    CitySpace(1, "Armory", "Zbrojownia", False, False, gain(B(weapon=1))),
    CitySpace(2, "Library", "Biblioteka", False, False, gain(B(wisdom=2))),
    CitySpace(3, "Forge", "Kuźnia", True, False, trade(B(wood=1, stone=1), B(weapon=2))),
    CitySpace(4, "Dragon Spires", "Smocze iglice", True, True, gain(B(wisdom=1))),
    CitySpace(5, "Main Market", "Główny rynek", True, False, gain(B(vegetable=1), B(power=1))),
    CitySpace(6, "Barracks", "Koszary", True, False,
              trade(B(vegetable=3, meat=1), B(spearmen=1))),
    CitySpace(7, "Hunting Grounds", "Tereny łowieckie", True, False,
              trade(B(vegetable=2, meat=3), B(dragonriders=1))),
    CitySpace(8, "Training Arena", "Arena do ćwiczeń", True, False,
              trade(B(wood=3), B(markers=2))),
    CitySpace(9, "Builders' Square", "Plac budowniczych", True, True,
              trade(B(stone=2), B(markers=2))),
    CitySpace(10, "Breeding Grounds", "Tereny hodowlane", True, True,
              trade(B(vegetable=1, meat=1, wood=1, stone=1, weapon=1), draw=3, keep_markers=3)),
    CitySpace(11, "Scouts' Quarters", "Kwatery zwiadowców", True, False,
              gain(B(stone=1), B(wood=1)), CitySpecial.SCOUTS_QUARTERS),
    CitySpace(12, "Dragonlord's Monument", "Pomnik Władcy Smoków", True, True,
              Effect(), CitySpecial.MONUMENT),
)

# ---------------------------------------------------------------------------
# Board values the rulebook does not print (choices C1-C4)
# ---------------------------------------------------------------------------

WILDS_AREAS: tuple[WildsArea, ...] = (
    WildsArea(1, (B(wood=1), B(stone=1)), False, 2),  # the area of rulebook example 4
    WildsArea(2, (B(vegetable=1), B(meat=1)), False, 2),
    WildsArea(3, (B(wisdom=1),), False, 2),
    WildsArea(4, (B(weapon=1),), False, 2),
    WildsArea(5, (B(vegetable=2),), True, 3),
    WildsArea(6, (B(wood=1), B(stone=1)), True, 5),  # covered by a power tile below 5 players
)


def wilds_areas_in_play(players: int) -> tuple[int, ...]:
    """Indices of the Wilds areas open for ``players`` players (S14)."""
    _check_players(players)
    return tuple(a.index for a in WILDS_AREAS if players >= a.open_from_players)


def covered_wilds_areas(players: int) -> tuple[int, ...]:
    """Areas covered face down by leftover power tiles at setup (S14)."""
    _check_players(players)
    return tuple(a.index for a in WILDS_AREAS if players < a.open_from_players)


SCOUT_SLOTS: tuple[ScoutSlot, ...] = (
    ScoutSlot(1, B(), 0),
    ScoutSlot(2, B(wisdom=1), 1),
    ScoutSlot(3, B(weapon=1, wisdom=1), 2),  # printed in rulebook example 3
    ScoutSlot(4, B(weapon=1, wisdom=2), 3),
)
SCOUT_FACE_DOWN_COST = B(weapon=1)  # rulebook p. 9; no power points
SCOUT_FACE_DOWN_POWER = 0

MONUMENT_SPACES: tuple[MonumentSpace, ...] = (
    MonumentSpace(1, B(wisdom=1), 1),
    MonumentSpace(2, B(wisdom=1, weapon=1), 2),
    MonumentSpace(3, B(wisdom=2, weapon=1), 3),
    MonumentSpace(4, B(wisdom=2, weapon=2), 4),
    MonumentSpace(5, B(wisdom=3, weapon=2), 6),
)
OBJECTIVES_DRAWN_AT_MONUMENT = 3
DRAGONS_DRAWN_AT_BREEDING_GROUNDS = 3

# ---------------------------------------------------------------------------
# Setup, limits, end and scoring (S6-S16, S24, S44, S66-S71)
# ---------------------------------------------------------------------------

MIN_PLAYERS = 2
MAX_PLAYERS = 5

START_RESOURCES = B(vegetable=2, meat=1, wood=1, stone=1, wisdom=2, weapon=1)
START_SPEARMEN = 1
START_DRAGONRIDERS = 1
SPEARMEN_PER_PLAYER = 3  # figures in each colour: the recruit limit
DRAGONRIDERS_PER_PLAYER = 2
START_DRAGON_MARKERS = 3

# Spearman mode: one random tile of each of these families (plus a power tile).
SPEARMAN_START_FAMILIES = (TileFamily.PRODUCTION, TileFamily.RESEARCH, TileFamily.EXPLORATION)
DRAGONLORD_DRAFT_ROW = 4  # face-up tiles offered during the setup draft
DRAGONLORD_DRAFT_ROUNDS = 2  # tiles each player drafts
DRAGONLORD_POWER_FIRST_DRAW = 3  # the last player draws 3 power tiles
DRAGONLORD_DRAGONS_DRAWN = 3  # each player draws 3 dragons, keeps 1
SCOUT_SLOT_COUNT = 4

HAND_LIMIT = 5  # action tiles in hand at the end of a turn (power tiles count)
RESOURCE_LIMIT = {GameMode.SPEARMAN: 15, GameMode.DRAGONLORD: 12}

OBJECTIVE_SPACES = 5
OBJECTIVES_TO_END = {GameLength.SHORT: 4, GameLength.MEDIUM: 4, GameLength.LONG: 5}
CHRONICLE_TO_END = {GameLength.SHORT: 8, GameLength.MEDIUM: 11, GameLength.LONG: 14}

WEAPONS_TO_CLEAR_AREA = 1  # pay to remove a non-exploration tile when the Wilds is full


def vassals_filling_a_tile(players: int) -> int:
    """Vassals on one non-exploration tile that send it to the Chronicle (S44)."""
    _check_players(players)
    return 3 if players <= 3 else 4


def spearman_resource_points(resources_left: int) -> int:
    """Spearman mode: 1 power point per 3 resources left (S69)."""
    return max(resources_left, 0) // 3


def dragonlord_resource_points(resources_left: int) -> int:
    """Dragonlord mode step table (S70); exactly 7 scores 0 (choice C6)."""
    if resources_left <= 0:
        return 5
    if resources_left <= 3:
        return 3
    if resources_left <= 6:
        return 1
    return 0


def _check_players(players: int) -> None:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Simurgh is played by 2-5 players, not {players}")


# ---------------------------------------------------------------------------
# Flat arrays for a numba engine
# ---------------------------------------------------------------------------

# Bundle row: 6 resources, power, markers, spearmen, dragonriders, 2 x (mix amount, mix kind mask)
BUNDLE_POWER = 6
BUNDLE_MARKERS = 7
BUNDLE_SPEARMEN = 8
BUNDLE_DRAGONRIDERS = 9
BUNDLE_MIX = 10  # mix k: amount at 10 + 2k, kind bit mask (1 << Resource) at 11 + 2k
MAX_MIXES = 2
BUNDLE_WIDTH = 10 + 2 * MAX_MIXES

MAX_COST_OPTIONS = 2
MAX_GAIN_OPTIONS = 3
EFFECT_N_COST = 0
EFFECT_COST = 1
EFFECT_N_GAIN = EFFECT_COST + MAX_COST_OPTIONS * BUNDLE_WIDTH
EFFECT_GAIN = EFFECT_N_GAIN + 1
EFFECT_DRAGON_DRAW = EFFECT_GAIN + MAX_GAIN_OPTIONS * BUNDLE_WIDTH
EFFECT_DRAGON_MARKERS = EFFECT_DRAGON_DRAW + 1
EFFECT_WIDTH = EFFECT_DRAGON_MARKERS + 1

ABILITY_KIND = 0
ABILITY_ONE_SHOT = 1
ABILITY_TRIGGER = 2
ABILITY_BONUS = 3
ABILITY_EFFECT = 4
ABILITY_WIDTH = ABILITY_EFFECT + EFFECT_WIDTH


class SimurghArrays(NamedTuple):
    """Flat int64 arrays; see :func:`build_arrays` for the layout."""

    tile_info: np.ndarray
    space_info: np.ndarray
    space_effects: np.ndarray
    city_info: np.ndarray
    city_effects: np.ndarray
    dragon_tile_type: np.ndarray
    dragon_abilities: np.ndarray
    objective_info: np.ndarray
    wilds_areas: np.ndarray
    scout_slots: np.ndarray
    monument_spaces: np.ndarray
    start_resources: np.ndarray
    dragonlord_resource_points: np.ndarray
    limits: np.ndarray


def encode_bundle(bundle: Bundle) -> np.ndarray:
    """One bundle as a BUNDLE_WIDTH row."""
    row = np.zeros(BUNDLE_WIDTH, dtype=np.int64)
    row[:N_RESOURCES] = bundle.resources
    row[BUNDLE_POWER] = bundle.power
    row[BUNDLE_MARKERS] = bundle.markers
    row[BUNDLE_SPEARMEN] = bundle.spearmen
    row[BUNDLE_DRAGONRIDERS] = bundle.dragonriders
    if len(bundle.mixes) > MAX_MIXES:
        raise ValueError("too many mixes in a bundle")
    for k, part in enumerate(bundle.mixes):
        row[BUNDLE_MIX + 2 * k] = part.amount
        row[BUNDLE_MIX + 2 * k + 1] = sum(1 << int(kind) for kind in part.kinds)
    return row


def encode_effect(effect: Effect) -> np.ndarray:
    """One effect as an EFFECT_WIDTH row."""
    if len(effect.cost) > MAX_COST_OPTIONS or len(effect.gain) > MAX_GAIN_OPTIONS:
        raise ValueError("too many options in an effect")
    row = np.zeros(EFFECT_WIDTH, dtype=np.int64)
    row[EFFECT_N_COST] = len(effect.cost)
    for k, bundle in enumerate(effect.cost):
        start = EFFECT_COST + k * BUNDLE_WIDTH
        row[start:start + BUNDLE_WIDTH] = encode_bundle(bundle)
    row[EFFECT_N_GAIN] = len(effect.gain)
    for k, bundle in enumerate(effect.gain):
        start = EFFECT_GAIN + k * BUNDLE_WIDTH
        row[start:start + BUNDLE_WIDTH] = encode_bundle(bundle)
    row[EFFECT_DRAGON_DRAW] = effect.dragon_draw
    row[EFFECT_DRAGON_MARKERS] = effect.dragon_markers
    return row


def _readonly(array: np.ndarray) -> np.ndarray:
    array.setflags(write=False)
    return array


@functools.lru_cache(maxsize=1)
def build_arrays() -> SimurghArrays:
    """Flatten the tables into read-only int64 numpy arrays.

    Shared row formats
        bundle (BUNDLE_WIDTH=14): [0:6] resources by :class:`Resource`,
        [6] power, [7] markers, [8] spearmen, [9] dragonriders,
        [10 + 2k] amount and [11 + 2k] kind bit mask (bit = Resource) of mix k.
        effect (EFFECT_WIDTH=74): [0] number of cost options, [1:29] two cost
        bundles, [29] number of gain options, [30:72] three gain bundles,
        [72] dragons drawn, [73] ability markers on the kept dragon.

    Arrays
        tile_info (48, 4): number, family, first space row, space count;
            row i is tile #(i+1); exploration tiles are rows 36-47.
        space_info (190, 5): tile number, multi, dragonrider_only,
            exploration level (0 for other tiles, 1-4), wide.
        space_effects (190, 74): effect rows; an exploration level row carries
            the move cost as its cost options.
        city_info (12, 3): multi, dragonrider_only, special (:class:`CitySpecial`);
            row i is City space i+1.
        city_effects (12, 74).
        dragon_tile_type (24,): dragon type of tile #(49+i).
        dragon_abilities (12, 3, 78): per type and slot (left to right):
            [0] kind, [1] one_shot, [2] trigger, [3] bonus, [4:78] effect.
        objective_info (12, 6): number, kind, 1st, 2nd, 3rd place points,
            bit mask of depicted dragon types (bit = type index).
        wilds_areas (6, 3 + 3 * 14): three_plus_only, open_from_players,
            number of bonus options, three bonus bundles.
        scout_slots (5, 15): power, cost bundle; rows 0-3 are slots 1-4,
            row 4 is the face-down draw.
        monument_spaces (5, 15): power, cost bundle.
        start_resources (6,).
        dragonlord_resource_points (16,): points for 0..15 resources left.
        limits (12,): hand limit, resource limit (Spearman, Dragonlord),
            objectives to end (short, medium, long), Chronicle tiles to end
            (short, medium, long), vassals filling a tile (2-3 players,
            4-5 players), objective spaces.
    """
    tiles = ALL_ACTION_TILES
    n_spaces = sum(len(t.spaces) for t in tiles)
    tile_info = np.zeros((len(tiles), 4), dtype=np.int64)
    space_info = np.zeros((n_spaces, 5), dtype=np.int64)
    space_effects = np.zeros((n_spaces, EFFECT_WIDTH), dtype=np.int64)
    row = 0
    for i, tile in enumerate(tiles):
        tile_info[i] = (tile.number, tile.family, row, len(tile.spaces))
        for level, space in enumerate(tile.spaces, start=1):
            is_exploration = tile.family == TileFamily.EXPLORATION
            space_info[row] = (tile.number, space.multi, space.dragonrider_only,
                               level if is_exploration else 0, space.wide)
            space_effects[row] = encode_effect(space.effect)
            row += 1

    city_info = np.array([(c.multi, c.dragonrider_only, c.special) for c in CITY_SPACES],
                         dtype=np.int64)
    city_effects = np.stack([encode_effect(c.effect) for c in CITY_SPACES])

    dragon_tile_type = np.array([dragon_type_of_tile(n) for n in DRAGON_TILE_NUMBERS],
                                dtype=np.int64)
    dragon_abilities = np.zeros((len(DRAGON_TYPES), ABILITY_SLOTS_PER_DRAGON, ABILITY_WIDTH),
                                dtype=np.int64)
    for dragon in DRAGON_TYPES:
        for slot, ability in enumerate(dragon.abilities):
            dragon_abilities[dragon.index, slot, :ABILITY_EFFECT] = (
                ability.kind, ability.one_shot, ability.trigger, ability.bonus)
            dragon_abilities[dragon.index, slot, ABILITY_EFFECT:] = encode_effect(ability.effect)

    objective_info = np.array(
        [(o.number, o.kind, *o.points, sum(1 << t for t in o.dragon_types))
         for o in OBJECTIVE_TILES], dtype=np.int64)

    wilds = np.zeros((len(WILDS_AREAS), 3 + MAX_GAIN_OPTIONS * BUNDLE_WIDTH), dtype=np.int64)
    for i, area in enumerate(WILDS_AREAS):
        wilds[i, :3] = (area.three_plus_only, area.open_from_players, len(area.bonus))
        for k, bundle in enumerate(area.bonus):
            wilds[i, 3 + k * BUNDLE_WIDTH:3 + (k + 1) * BUNDLE_WIDTH] = encode_bundle(bundle)

    scout_rows = [(s.power, s.cost) for s in SCOUT_SLOTS]
    scout_rows.append((SCOUT_FACE_DOWN_POWER, SCOUT_FACE_DOWN_COST))
    scout_slots = np.array([np.concatenate(([p], encode_bundle(c))) for p, c in scout_rows])
    monument = np.array([np.concatenate(([m.power], encode_bundle(m.cost)))
                         for m in MONUMENT_SPACES])

    limits = np.array([
        HAND_LIMIT,
        RESOURCE_LIMIT[GameMode.SPEARMAN], RESOURCE_LIMIT[GameMode.DRAGONLORD],
        *(OBJECTIVES_TO_END[length] for length in GameLength),
        *(CHRONICLE_TO_END[length] for length in GameLength),
        vassals_filling_a_tile(2), vassals_filling_a_tile(5),
        OBJECTIVE_SPACES,
    ], dtype=np.int64)

    return SimurghArrays(
        tile_info=_readonly(tile_info),
        space_info=_readonly(space_info),
        space_effects=_readonly(space_effects),
        city_info=_readonly(city_info),
        city_effects=_readonly(city_effects),
        dragon_tile_type=_readonly(dragon_tile_type),
        dragon_abilities=_readonly(dragon_abilities),
        objective_info=_readonly(objective_info),
        wilds_areas=_readonly(wilds),
        scout_slots=_readonly(scout_slots.astype(np.int64)),
        monument_spaces=_readonly(monument.astype(np.int64)),
        start_resources=_readonly(np.array(START_RESOURCES.resources, dtype=np.int64)),
        dragonlord_resource_points=_readonly(
            np.array([dragonlord_resource_points(n) for n in range(16)], dtype=np.int64)),
        limits=_readonly(limits),
    )
