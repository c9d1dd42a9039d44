"""Pin the Simurgh data tables (docs/rules/simurgh.md, sections Data and Choices)."""

import re
import sys
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from simurgh_env import data as d  # noqa: E402

R = d.Resource
F = d.TileFamily
K = d.AbilityKind
B = d.Bundle
WS = (R.WOOD, R.STONE)
VM = (R.VEGETABLE, R.MEAT)


def kinds(tile):
    """Space kinds of a tile as strings: 'M', 'MD', 'S', 'SD'."""
    return [("M" if s.multi else "S") + ("D" if s.dragonrider_only else "") for s in tile.spaces]


def effects(tile):
    return [s.effect for s in tile.spaces]


# --- families, numbers and counts ---------------------------------------------


def test_tile_counts_per_family():  # S2
    counts = Counter(t.family for t in d.ALL_ACTION_TILES)
    assert counts == {F.PRODUCTION: 12, F.RESEARCH: 8, F.TRANSFORMATION: 8, F.POWER: 8,
                      F.EXPLORATION: 12}
    assert dict(counts) == d.TILES_PER_FAMILY
    assert len(d.DRAGON_TILE_NUMBERS) == 24
    assert len(d.OBJECTIVE_TILES) == 12
    total = len(d.ALL_ACTION_TILES) + len(d.DRAGON_TILE_NUMBERS) + len(d.OBJECTIVE_TILES)
    assert total == 84  # the numbered tiles #01-84


def test_tile_numbers_follow_families():
    assert [t.number for t in d.ALL_ACTION_TILES] == list(range(1, 49))
    ranges = {F.PRODUCTION: range(1, 13), F.RESEARCH: range(13, 21),
              F.TRANSFORMATION: range(21, 29), F.POWER: range(29, 37),
              F.EXPLORATION: range(37, 49)}
    for tile in d.ALL_ACTION_TILES:
        assert tile.number in ranges[tile.family]
        assert d.action_tile(tile.number) is tile
    assert [o.number for o in d.OBJECTIVE_TILES] == list(range(73, 85))


def test_setup_removal_leaves_26_stack_tiles():  # S7
    removed = d.SETUP_REMOVED_PER_FAMILY
    assert removed[F.PRODUCTION] == 4
    assert removed[F.EXPLORATION] == 4
    assert removed[F.TRANSFORMATION] == 3
    assert removed[F.RESEARCH] == 3
    in_play = {f: d.TILES_PER_FAMILY[f] - removed[f] for f in F if f != F.POWER}
    assert in_play == {F.PRODUCTION: 8, F.RESEARCH: 5, F.TRANSFORMATION: 5, F.EXPLORATION: 8}
    assert sum(in_play.values()) == 26


def test_space_totals():  # S32
    per_family = Counter()
    for tile in d.ALL_ACTION_TILES:
        per_family[tile.family] += len(tile.spaces)
    assert per_family == {F.PRODUCTION: 48, F.RESEARCH: 31, F.TRANSFORMATION: 31, F.POWER: 32,
                          F.EXPLORATION: 48}
    assert sum(len(t.spaces) for t in d.ACTION_TILES) == 142
    assert sum(len(t.spaces) for t in d.ALL_ACTION_TILES) == 190


def test_label_counts_match_the_rulebook_tables():
    # Wielu wasali 24, Wielu jeźdźców smoków 12, Jeden wasal 76, Jeden jeździec smoków 30.
    labels = Counter(k for t in d.ACTION_TILES for k in kinds(t))
    assert labels == {"M": 24, "MD": 12, "S": 76, "SD": 30}


@pytest.mark.parametrize("family, expected", [
    (F.PRODUCTION, {"M": 10, "MD": 2, "S": 30, "SD": 6}),
    (F.RESEARCH, {"M": 6, "MD": 2, "S": 17, "SD": 6}),
    (F.TRANSFORMATION, {"M": 4, "MD": 4, "S": 17, "SD": 6}),
    (F.POWER, {"M": 4, "MD": 4, "S": 12, "SD": 12}),
])
def test_label_counts_per_family(family, expected):
    labels = Counter(k for t in d.ACTION_TILES if t.family == family for k in kinds(t))
    assert labels == expected


def test_one_multi_space_first_and_three_space_tiles():  # S32
    for tile in d.ACTION_TILES:
        ks = kinds(tile)
        assert ks[0] in ("M", "MD")
        assert all(k in ("S", "SD") for k in ks[1:])
    short = [t.number for t in d.ACTION_TILES if len(t.spaces) == 3]
    assert short == [20, 28]
    wide = [(t.number, i) for t in d.ACTION_TILES for i, s in enumerate(t.spaces) if s.wide]
    assert wide == [(20, 2), (28, 2)]


def test_uniform_tiles_in_production_research_power():
    for tile in d.ACTION_TILES:
        if tile.family == F.TRANSFORMATION:
            continue
        assert len({s.dragonrider_only for s in tile.spaces}) == 1, tile.number
    dr_tiles = [t.number for t in d.ACTION_TILES if t.spaces[0].dragonrider_only]
    assert dr_tiles == [4, 9, 16, 18, 21, 23, 27, 28, 31, 33, 34, 35]


# --- production ---------------------------------------------------------------


def test_production_01():
    tile = d.action_tile(1)
    assert kinds(tile) == ["M", "S", "S", "S"]
    assert effects(tile) == [
        d.gain(B(wood=1), B(stone=1), B(vegetable=2)),
        d.gain(B(meat=4)),
        d.gain(B(wisdom=1, vegetable=2, meat=1)),
        d.gain(B(mixes=(d.Mix(3, WS),))),
    ]


def test_production_02_weapons():
    assert effects(d.action_tile(2)) == [
        d.gain(B(weapon=1)), d.gain(B(weapon=3)), d.gain(B(weapon=2, wood=2)),
        d.gain(B(weapon=2, stone=1)),
    ]


def test_production_04_and_09_are_dragonrider_tiles():
    assert kinds(d.action_tile(4)) == ["MD", "SD", "SD", "SD"]
    assert effects(d.action_tile(4)) == [
        d.gain(B(mixes=(d.Mix(2, VM),))), d.gain(B(vegetable=3, meat=2)),
        d.gain(B(vegetable=5)), d.gain(B(vegetable=2, wood=2)),
    ]
    assert effects(d.action_tile(9))[1:] == [
        d.gain(B(vegetable=5)), d.gain(B(wood=4)), d.gain(B(stone=4))]


def test_production_06_and_11():
    assert effects(d.action_tile(6))[0] == d.Effect((B(stone=1),), (B(weapon=2),))
    last = effects(d.action_tile(11))[3]
    assert last.gain == (B(mixes=(d.Mix(2, WS),)), B(vegetable=3))


def test_production_effect_multiset():
    """The 48 production effects of the rulebook, whatever their grouping."""
    def key(e):
        return tuple(sorted((b.resources, b.mixes) for b in e.gain)), e.cost

    got = Counter(key(s.effect) for t in d.PRODUCTION_TILES for s in t.spaces)
    assert sum(got.values()) == 48
    assert got[key(d.gain(B(vegetable=3, meat=1)))] == 3  # rulebook example 4's space
    assert got[key(d.gain(B(stone=4)))] == 3
    assert got[key(d.gain(B(vegetable=4)))] == 2
    assert got[key(d.gain(B(wood=1), B(stone=1)))] == 2
    assert got[key(d.gain(B(vegetable=1, wood=2, stone=1)))] == 2
    assert got[key(d.gain(B(mixes=(d.Mix(3, WS),))))] == 2
    costs = [s.effect for t in d.PRODUCTION_TILES for s in t.spaces if s.effect.cost]
    assert costs == [d.trade(B(stone=1), B(weapon=2))]  # the only exchange


# --- research -----------------------------------------------------------------


def test_research_13():
    assert effects(d.action_tile(13)) == [
        d.gain(B(wisdom=1)),
        d.gain(B(wisdom=3, markers=1)),
        d.Effect((), (B(wisdom=1),), dragon_draw=2, dragon_markers=0),
        d.trade(B(wisdom=1), B(markers=2)),
    ]


def test_research_18_dragonrider_tile():
    tile = d.action_tile(18)
    assert kinds(tile) == ["MD", "SD", "SD", "SD"]
    assert effects(tile) == [
        d.gain(B(wisdom=2, power=1)),
        d.trade(B(wisdom=1), B(power=2, markers=1)),
        d.Effect((B(wisdom=3),), (B(power=3),), dragon_draw=4, dragon_markers=0),
        d.gain(B(wisdom=3, power=3)),
    ]


def test_research_20_wide_space():
    tile = d.action_tile(20)
    assert effects(tile) == [
        d.trade(B(power=2), B(wisdom=4)),
        d.gain(B(wisdom=5)),
        d.Effect((B(wisdom=4),), (B(power=3),), dragon_draw=4, dragon_markers=1),
    ]


def test_research_spend_spearman_spaces():
    spend = [(t.number, i) for t in d.RESEARCH_TILES for i, s in enumerate(t.spaces)
             if s.effect.cost and s.effect.cost[0].spearmen]
    assert spend == [(15, 2), (19, 0)]
    for number, i in spend:
        assert d.action_tile(number).spaces[i].effect.gain == (B(wisdom=6),)


def test_research_dragon_draws():
    draws = sorted((s.effect.dragon_draw, s.effect.dragon_markers, t.number)
                   for t in d.RESEARCH_TILES for s in t.spaces if s.effect.dragon_draw)
    assert draws == [(2, 0, 13), (2, 0, 16), (3, 1, 14), (4, 0, 18), (4, 1, 20)]


# --- transformation -----------------------------------------------------------


def test_transformation_21_and_23_spend_a_dragonrider():
    assert d.action_tile(21).spaces[0] == d.multi_dr(d.trade(B(dragonriders=1), B(meat=6)))
    assert d.action_tile(23).spaces[0] == d.multi_dr(
        d.trade(B(dragonriders=1), B(meat=5, vegetable=1)))
    assert kinds(d.action_tile(21)) == ["MD", "SD", "S", "S"]
    assert kinds(d.action_tile(23)) == ["MD", "SD", "SD", "SD"]


def test_transformation_25_wood_tile():
    assert effects(d.action_tile(25)) == [
        d.trade(B(wood=1), B(stone=2)),
        d.trade(B(wood=2), B(stone=5)),
        d.trade(B(wood=4), B(weapon=5)),
        d.trade(B(meat=2), B(mixes=(d.Mix(5, WS),))),
    ]


def test_transformation_27_and_28_markers():
    assert kinds(d.action_tile(27)) == ["MD", "S", "S", "SD"]
    assert effects(d.action_tile(27))[0] == d.trade(B(markers=1), B(wisdom=3))
    assert effects(d.action_tile(27))[3] == d.trade(
        B(wood=1, markers=1), B(mixes=(d.Mix(6, VM),)))
    assert kinds(d.action_tile(28)) == ["MD", "S", "S"]
    assert effects(d.action_tile(28)) == [
        d.trade(B(power=1), B(markers=1)),
        d.trade(B(power=2), B(weapon=4)),
        d.trade(B(mixes=(d.Mix(2, WS),)), B(markers=2)),
    ]


def test_transformation_spaces_all_exchange():
    for tile in d.TRANSFORMATION_TILES:
        for space in tile.spaces:
            assert space.effect.cost, tile.number


# --- power --------------------------------------------------------------------


def test_power_multi_spaces_are_the_eight_gains():
    multis = [t.spaces[0].effect for t in d.POWER_TILES]
    assert all(not e.cost for e in multis)
    assert [e.gain for e in multis] == [
        (B(power=2),), (B(power=2),), (B(power=3),), (B(power=2),), (B(markers=1),),
        (B(power=4),), (B(power=3),), (B(vegetable=2, power=1),)]
    for tile in d.POWER_TILES:
        for space in tile.spaces[1:]:
            assert space.effect.cost and space.effect.gain[0].power > 0


def test_power_34_and_31():
    assert effects(d.action_tile(34))[1:] == [
        d.trade(B(spearmen=1, weapon=1), B(power=8)),
        d.trade(B(spearmen=1, dragonriders=1), B(power=16)),
        d.trade(B(spearmen=1, wisdom=6), B(power=10)),
    ]
    assert effects(d.action_tile(31))[3] == d.trade(B(weapon=3, dragonriders=1), B(power=10))
    assert kinds(d.action_tile(29)) == ["M", "S", "S", "S"]
    assert effects(d.action_tile(29))[3] == d.trade(B(wood=3, stone=3), B(power=11))


def test_power_best_rates():
    pp = sorted(s.effect.gain[0].power for t in d.POWER_TILES for s in t.spaces[1:])
    assert pp[-3:] == [10, 11, 16]
    assert pp.count(10) == 4


# --- exploration --------------------------------------------------------------


def test_exploration_shape():  # S35
    assert [t.number for t in d.EXPLORATION_TILES] == list(range(37, 49))
    for tile in d.EXPLORATION_TILES:
        assert len(tile.rewards) == 4
        as_action = d.action_tile(tile.number)
        assert kinds(as_action) == ["SD"] * 4
        for level, space in enumerate(as_action.spaces):
            assert space.effect.cost == tile.move_cost
            assert space.effect.gain == tile.rewards[level].gain


def test_exploration_37_and_38():
    t37, t38 = d.EXPLORATION_TILES[0], d.EXPLORATION_TILES[1]
    assert t37.move_cost == (B(wisdom=2),)
    assert [r.gain for r in t37.rewards] == [
        (B(power=2),), (B(markers=2),), (B(power=6),), (B(power=8),)]
    assert t38.move_cost == (B(vegetable=2, meat=1, wood=1),)
    assert t38.rewards[3] == d.Effect((), (B(power=8),), dragon_draw=4, dragon_markers=2)


def test_exploration_costs_with_choices():
    by_number = {t.number: t for t in d.EXPLORATION_TILES}
    assert by_number[39].move_cost == (B(stone=1, mixes=(d.Mix(2, WS),)),)
    assert by_number[42].move_cost == (B(wisdom=3), B(weapon=3))
    assert by_number[43].move_cost == (
        B(wisdom=1, weapon=1, mixes=(d.Mix(1, WS), d.Mix(1, VM))),)
    assert by_number[48].move_cost == (B(mixes=(d.Mix(2, WS),)),)


def test_exploration_final_rewards():
    final_pp = [t.rewards[3].gain[0].power for t in d.EXPLORATION_TILES]
    assert final_pp == [8, 8, 7, 8, 6, 9, 12, 5, 7, 10, 10, 6]
    t44 = d.EXPLORATION_TILES[7]
    assert [r.gain for r in t44.rewards] == [
        (B(vegetable=2),), (B(mixes=(d.Mix(3, VM),)),), (B(mixes=(d.Mix(2, WS),)),),
        (B(power=5),)]


# --- dragons ------------------------------------------------------------------


def test_dragon_types_and_tiles():  # S51
    assert len(d.DRAGON_TYPES) == 12
    assert [dt.tile_numbers for dt in d.DRAGON_TYPES] == [
        (49 + 2 * i, 50 + 2 * i) for i in range(12)]
    assert [d.dragon_type_of_tile(n) for n in range(49, 73)] == [i // 2 for i in range(24)]
    assert all(len(dt.abilities) == 3 for dt in d.DRAGON_TYPES)
    with pytest.raises(ValueError):
        d.dragon_type_of_tile(48)


def test_one_shot_abilities():  # S55
    one_shot = [(dt.index, slot) for dt in d.DRAGON_TYPES
                for slot, a in enumerate(dt.abilities) if a.one_shot]
    assert one_shot == [(2, 2), (10, 2)]
    assert d.DRAGON_TYPES[2].abilities[2].effect == d.trade(
        B(spearmen=1, power=1), B(dragonriders=1))
    assert d.DRAGON_TYPES[10].abilities[2].kind == K.OBJECTIVE_SWAP


def test_dragon_69_70_matches_daily_dragon_preview():
    a = d.DRAGON_TYPES[10].abilities
    assert [x.kind for x in a] == [K.EXPLORE_EXTRA_MOVE, K.IMMEDIATE, K.OBJECTIVE_SWAP]
    assert a[1].effect == d.gain(B(vegetable=1), B(meat=1))


def test_gain_bonus_abilities():  # S57
    bonuses = [(dt.index, slot, a.trigger, a.bonus) for dt in d.DRAGON_TYPES
               for slot, a in enumerate(dt.abilities) if a.kind == K.GAIN_BONUS]
    T = d.Trigger
    assert bonuses == [
        (0, 1, T.WISDOM, 2), (0, 2, T.POWER, 2), (1, 0, T.VEGETABLE, 2), (1, 1, T.MEAT, 2),
        (3, 0, T.WISDOM, 2), (3, 2, T.WEAPON, 1), (11, 0, T.VEGETABLE_OR_MEAT, 1)]


def test_exploration_and_scout_abilities():  # S58, S59, S59a, S61
    by_kind = Counter(a.kind for dt in d.DRAGON_TYPES for a in dt.abilities)
    assert by_kind[K.EXPLORE_EXTRA_MOVE] == 2
    assert by_kind[K.EXPLORE_MOVE_BONUS] == 1  # #53-54: moving down (lines 1472-1473)
    assert by_kind[K.EXPLORE_ENTRY_BONUS] == 1  # #55-56: moving onto the tile (line 1481)
    assert by_kind[K.SCOUT_FACE_UP] == 2
    assert by_kind[K.SCOUT_FACE_DOWN] == 1
    assert by_kind[K.IMMEDIATE] == 19
    spend = [(dt.index, slot, a.trigger) for dt in d.DRAGON_TYPES
             for slot, a in enumerate(dt.abilities) if a.kind == K.SPEND_BONUS]
    assert spend == [(9, 0, d.Trigger.SPEARMAN_SPENT), (9, 1, d.Trigger.DRAGONRIDER_SPENT)]
    assert d.DRAGON_TYPES[2].abilities[1].effect.gain == (B(meat=2),)
    assert d.DRAGON_TYPES[3].abilities[1].effect.gain == (B(power=2),)
    assert d.DRAGON_TYPES[6].abilities[2].effect.cost == (B(weapon=1),)
    assert d.DRAGON_TYPES[11].abilities[1].effect.cost == (B(wisdom=1),)
    assert d.DRAGON_TYPES[11].abilities[2].effect.cost == (B(weapon=1),)


def test_specific_dragons():
    assert [a.effect for a in d.DRAGON_TYPES[8].abilities] == [
        d.trade(B(vegetable=1), B(meat=2)), d.trade(B(vegetable=1), B(wood=2)),
        d.trade(B(vegetable=1), B(stone=2))]
    # Lines 1502, 1504: the first two are triggers on spending a vassal (S59a).
    assert [a.effect for a in d.DRAGON_TYPES[9].abilities] == [
        d.gain(B(mixes=(d.Mix(2, WS),))),
        d.gain(B(stone=2)),
        d.trade(B(dragonriders=1), B(weapon=3, meat=2))]
    assert d.DRAGON_TYPES[4].abilities[2].effect == d.trade(B(markers=1), B(power=4))
    assert d.DRAGON_TYPES[0].abilities[0].effect == d.gain(B(vegetable=2))
    recruit = [(dt.index, slot) for dt in d.DRAGON_TYPES for slot, a in enumerate(dt.abilities)
               if a.effect.gain and a.effect.gain[0].dragonriders]
    assert recruit == [(2, 2), (4, 1), (7, 2)]


# --- objectives ---------------------------------------------------------------


def test_objective_points():  # S65
    points = {o.number: o.points for o in d.OBJECTIVE_TILES}
    assert points == {
        73: (8, 4, 3), 74: (9, 5, 1), 75: (8, 5, 2), 76: (10, 4, 1), 77: (10, 6, 2),
        78: (9, 6, 3), 79: (12, 7, 4), 80: (13, 8, 5), 81: (11, 5, 2), 82: (10, 5, 1),
        83: (14, 7, 3), 84: (6, 4, 0)}


def test_objective_requirements():  # S64, C7
    OK = d.ObjectiveKind
    assert [o.kind for o in d.OBJECTIVE_TILES] == [OK.MARKERS_ON_DEPICTED_DRAGONS] * 10 + [
        OK.MARKERS_ON_ALL_DRAGONS, OK.VEGETABLES_AND_MEAT]
    depicted = [o.dragon_types for o in d.OBJECTIVE_TILES[:10]]
    assert depicted == [(0, 6), (1, 7), (2, 8), (3, 9), (4, 10), (5, 11),
                        (0, 4, 8), (1, 5, 9), (2, 6, 10), (3, 7, 11)]
    appearances = Counter(t for types in depicted for t in types)
    assert appearances == {t: 2 for t in range(12)}
    assert d.OBJECTIVE_TILES[10].dragon_types == tuple(range(12))
    assert d.OBJECTIVE_TILES[11].dragon_types == ()


# --- the City -----------------------------------------------------------------


def test_city_spaces():  # S46
    names = [c.name for c in d.CITY_SPACES]
    assert names == ["Armory", "Library", "Forge", "Dragon Spires", "Main Market", "Barracks",
                     "Hunting Grounds", "Training Arena", "Builders' Square",
                     "Breeding Grounds", "Scouts' Quarters", "Dragonlord's Monument"]
    assert [c.index for c in d.CITY_SPACES] == list(range(1, 13))
    single = [c.name for c in d.CITY_SPACES if not c.multi]
    assert single == ["Armory", "Library"]
    dr_only = [c.name for c in d.CITY_SPACES if c.dragonrider_only]
    assert dr_only == ["Dragon Spires", "Builders' Square", "Breeding Grounds",
                       "Dragonlord's Monument"]


def test_city_effects():  # S46
    eff = {c.name: c.effect for c in d.CITY_SPACES}
    assert eff["Armory"] == d.gain(B(weapon=1))
    assert eff["Library"] == d.gain(B(wisdom=2))
    assert eff["Forge"] == d.trade(B(wood=1, stone=1), B(weapon=2))
    assert eff["Dragon Spires"] == d.gain(B(wisdom=1))
    assert eff["Main Market"] == d.gain(B(vegetable=1), B(power=1))
    assert eff["Barracks"] == d.trade(B(vegetable=3, meat=1), B(spearmen=1))
    assert eff["Hunting Grounds"] == d.trade(B(vegetable=2, meat=3), B(dragonriders=1))
    assert eff["Training Arena"] == d.trade(B(wood=3), B(markers=2))
    assert eff["Builders' Square"] == d.trade(B(stone=2), B(markers=2))
    assert eff["Breeding Grounds"] == d.Effect(
        (B(vegetable=1, meat=1, wood=1, stone=1, weapon=1),), (), 3, 3)
    assert eff["Scouts' Quarters"] == d.gain(B(stone=1), B(wood=1))
    assert eff["Dragonlord's Monument"] == d.Effect()
    specials = [c.special for c in d.CITY_SPACES]
    assert specials.count(d.CitySpecial.NONE) == 10
    assert d.CITY_SPACES[10].special == d.CitySpecial.SCOUTS_QUARTERS
    assert d.CITY_SPACES[11].special == d.CitySpecial.MONUMENT


# --- choices, setup and limits ------------------------------------------------


def test_wilds_areas():  # C1, C2, S14
    assert [a.bonus for a in d.WILDS_AREAS] == [
        (B(wood=1), B(stone=1)), (B(vegetable=1), B(meat=1)), (B(wisdom=1),), (B(weapon=1),),
        (B(vegetable=2),), (B(wood=1), B(stone=1))]
    assert [a.three_plus_only for a in d.WILDS_AREAS] == [False] * 4 + [True, True]
    assert d.wilds_areas_in_play(2) == (1, 2, 3, 4)
    assert d.wilds_areas_in_play(3) == (1, 2, 3, 4, 5)
    assert d.wilds_areas_in_play(4) == (1, 2, 3, 4, 5)
    assert d.wilds_areas_in_play(5) == (1, 2, 3, 4, 5, 6)
    assert d.covered_wilds_areas(2) == (5, 6)
    assert d.covered_wilds_areas(4) == (6,)
    assert d.covered_wilds_areas(5) == ()
    with pytest.raises(ValueError):
        d.wilds_areas_in_play(6)


def test_covered_areas_need_leftover_power_tiles():  # S11, S14
    for players in range(2, 6):
        leftover = d.TILES_PER_FAMILY[F.POWER] - players
        assert len(d.covered_wilds_areas(players)) <= leftover


def test_scouts_quarters_slots():  # C3, S47
    assert [(s.slot, s.cost, s.power) for s in d.SCOUT_SLOTS] == [
        (1, B(), 0), (2, B(wisdom=1), 1), (3, B(weapon=1, wisdom=1), 2),
        (4, B(weapon=1, wisdom=2), 3)]
    assert d.SCOUT_FACE_DOWN_COST == B(weapon=1)
    assert d.SCOUT_FACE_DOWN_POWER == 0


def test_monument_spaces():  # C4, S48
    assert [(m.index, m.cost, m.power) for m in d.MONUMENT_SPACES] == [
        (1, B(wisdom=1), 1), (2, B(wisdom=1, weapon=1), 2), (3, B(wisdom=2, weapon=1), 3),
        (4, B(wisdom=2, weapon=2), 4), (5, B(wisdom=3, weapon=2), 6)]
    assert len(d.MONUMENT_SPACES) == d.OBJECTIVE_SPACES == 5
    assert d.OBJECTIVES_DRAWN_AT_MONUMENT == 3


def test_start_and_limits():  # S3, S9, S24
    assert d.START_RESOURCES.resources == (2, 1, 1, 1, 2, 1)
    assert (d.START_SPEARMEN, d.START_DRAGONRIDERS) == (1, 1)
    assert (d.SPEARMEN_PER_PLAYER, d.DRAGONRIDERS_PER_PLAYER) == (3, 2)
    assert d.START_DRAGON_MARKERS == 3
    assert d.HAND_LIMIT == 5
    assert d.RESOURCE_LIMIT == {d.GameMode.SPEARMAN: 15, d.GameMode.DRAGONLORD: 12}
    assert d.SPEARMAN_START_FAMILIES == (F.PRODUCTION, F.RESEARCH, F.EXPLORATION)
    assert (d.DRAGONLORD_DRAFT_ROW, d.DRAGONLORD_DRAFT_ROUNDS) == (4, 2)
    assert d.DRAGONLORD_POWER_FIRST_DRAW == 3
    assert d.DRAGONLORD_DRAGONS_DRAWN == 3
    assert d.SCOUT_SLOT_COUNT == 4
    assert d.DRAGONS_DRAWN_AT_BREEDING_GROUNDS == 3


def test_end_conditions():  # S66
    L = d.GameLength
    assert d.OBJECTIVES_TO_END == {L.SHORT: 4, L.MEDIUM: 4, L.LONG: 5}
    assert d.CHRONICLE_TO_END == {L.SHORT: 8, L.MEDIUM: 11, L.LONG: 14}


def test_full_tile_threshold():  # S44
    assert [d.vassals_filling_a_tile(n) for n in range(2, 6)] == [3, 3, 4, 4]
    with pytest.raises(ValueError):
        d.vassals_filling_a_tile(1)


def test_resource_scoring():  # S69, S70, C6
    assert [d.spearman_resource_points(n) for n in range(10)] == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3]
    assert [d.dragonlord_resource_points(n) for n in range(9)] == [5, 3, 3, 3, 1, 1, 1, 0, 0]
    assert d.dragonlord_resource_points(7) == 0
    assert d.dragonlord_resource_points(12) == 0


# --- flat arrays --------------------------------------------------------------


def decode_bundle(row):
    mixes = []
    for k in range(d.MAX_MIXES):
        amount, mask = int(row[d.BUNDLE_MIX + 2 * k]), int(row[d.BUNDLE_MIX + 2 * k + 1])
        if amount:
            mixes.append(d.Mix(amount, tuple(r for r in R if mask >> int(r) & 1)))
    return B(*(int(x) for x in row[:6]), power=int(row[d.BUNDLE_POWER]),
             markers=int(row[d.BUNDLE_MARKERS]), spearmen=int(row[d.BUNDLE_SPEARMEN]),
             dragonriders=int(row[d.BUNDLE_DRAGONRIDERS]), mixes=tuple(mixes))


def decode_effect(row):
    w = d.BUNDLE_WIDTH
    cost = tuple(decode_bundle(row[d.EFFECT_COST + k * w:d.EFFECT_COST + (k + 1) * w])
                 for k in range(int(row[d.EFFECT_N_COST])))
    gain = tuple(decode_bundle(row[d.EFFECT_GAIN + k * w:d.EFFECT_GAIN + (k + 1) * w])
                 for k in range(int(row[d.EFFECT_N_GAIN])))
    return d.Effect(cost, gain, int(row[d.EFFECT_DRAGON_DRAW]),
                    int(row[d.EFFECT_DRAGON_MARKERS]))


@pytest.fixture(scope="module")
def arrays():
    return d.build_arrays()


def test_array_shapes_and_dtype(arrays):
    shapes = {name: a.shape for name, a in arrays._asdict().items()}
    assert shapes == {
        "tile_info": (48, 4), "space_info": (190, 5), "space_effects": (190, 74),
        "city_info": (12, 3), "city_effects": (12, 74), "dragon_tile_type": (24,),
        "dragon_abilities": (12, 3, 78), "objective_info": (12, 6),
        "wilds_areas": (6, 45), "scout_slots": (5, 15), "monument_spaces": (5, 15),
        "start_resources": (6,), "dragonlord_resource_points": (16,), "limits": (12,)}
    for a in arrays:
        assert a.dtype == np.int64
        assert not a.flags.writeable
    assert d.build_arrays() is arrays


def test_space_arrays_match_tables(arrays):
    for i, tile in enumerate(d.ALL_ACTION_TILES):
        number, family, first, count = arrays.tile_info[i]
        assert (number, family, count) == (tile.number, tile.family, len(tile.spaces))
        for k, space in enumerate(tile.spaces):
            info = arrays.space_info[first + k]
            level = k + 1 if tile.family == F.EXPLORATION else 0
            assert tuple(info) == (tile.number, space.multi, space.dragonrider_only, level,
                                   space.wide)
            assert decode_effect(arrays.space_effects[first + k]) == space.effect
    assert arrays.tile_info[-1, 2] + arrays.tile_info[-1, 3] == 190


def test_city_and_dragon_arrays_match_tables(arrays):
    for i, city in enumerate(d.CITY_SPACES):
        assert tuple(arrays.city_info[i]) == (city.multi, city.dragonrider_only, city.special)
        assert decode_effect(arrays.city_effects[i]) == city.effect
    assert list(arrays.dragon_tile_type) == [i // 2 for i in range(24)]
    for dragon in d.DRAGON_TYPES:
        for slot, ability in enumerate(dragon.abilities):
            row = arrays.dragon_abilities[dragon.index, slot]
            assert tuple(row[:d.ABILITY_EFFECT]) == (
                ability.kind, ability.one_shot, ability.trigger, ability.bonus)
            assert decode_effect(row[d.ABILITY_EFFECT:]) == ability.effect


def test_other_arrays_match_tables(arrays):
    for i, o in enumerate(d.OBJECTIVE_TILES):
        mask = int(arrays.objective_info[i, 5])
        assert tuple(arrays.objective_info[i, :5]) == (o.number, o.kind, *o.points)
        assert tuple(t for t in range(12) if mask >> t & 1) == tuple(sorted(o.dragon_types))
    for i, area in enumerate(d.WILDS_AREAS):
        row = arrays.wilds_areas[i]
        assert tuple(row[:3]) == (area.three_plus_only, area.open_from_players, len(area.bonus))
        w = d.BUNDLE_WIDTH
        assert tuple(decode_bundle(row[3 + k * w:3 + (k + 1) * w])
                     for k in range(len(area.bonus))) == area.bonus
    for i, slot in enumerate(d.SCOUT_SLOTS):
        assert arrays.scout_slots[i, 0] == slot.power
        assert decode_bundle(arrays.scout_slots[i, 1:]) == slot.cost
    assert decode_bundle(arrays.scout_slots[4, 1:]) == d.SCOUT_FACE_DOWN_COST
    for i, space in enumerate(d.MONUMENT_SPACES):
        assert arrays.monument_spaces[i, 0] == space.power
        assert decode_bundle(arrays.monument_spaces[i, 1:]) == space.cost
    assert list(arrays.start_resources) == [2, 1, 1, 1, 2, 1]
    assert list(arrays.dragonlord_resource_points) == [5, 3, 3, 3, 1, 1, 1] + [0] * 9
    assert list(arrays.limits) == [5, 15, 12, 4, 4, 5, 8, 11, 14, 3, 4, 5]


def test_mix_mask_encoding():
    row = d.encode_bundle(B(stone=1, mixes=(d.Mix(2, WS), d.Mix(1, VM))))
    assert row[R.STONE] == 1
    assert list(row[d.BUNDLE_MIX:]) == [2, (1 << 2) | (1 << 3), 1, 0b11]
    with pytest.raises(ValueError):
        d.encode_bundle(B(mixes=(d.Mix(1, WS),) * 3))


# --- the spec -----------------------------------------------------------------


def test_spec_defines_every_rule_and_choice_once():
    text = (ROOT / "docs" / "rules" / "simurgh.md").read_text(encoding="utf-8")
    rules = re.findall(r"^- \*\*(S\d+)\*\*", text, flags=re.M)
    assert rules == [f"S{i}" for i in range(1, 72)]
    choices = re.findall(r"^- \*\*(C\d+) —", text, flags=re.M)
    assert choices == [f"C{i}" for i in range(1, 43)]
