"""Pin the Dragon's Interest data tables (docs/rules/dragon.md, section Data)."""

import sys
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from dragon_env import data as d  # noqa: E402

BT = d.BuildingType
TK = d.TileKind


# --- building types (T1) ----------------------------------------------------


def test_building_types_order_and_count():
    assert d.NUM_TYPES == 6
    assert [int(b.btype) for b in d.BUILDINGS] == list(range(6))
    assert [b.name for b in d.BUILDINGS] == [
        "Castle",
        "Harbor",
        "Temple",
        "City Hall",
        "Arena",
        "Adventurer's Guild",
    ]


def test_income_and_chest_currencies():  # D24, D25
    by = {b.btype: b for b in d.BUILDINGS}
    G, K = d.Currency.GOLD, d.Currency.KNIGHTS
    assert [by[t].income_currency for t in BT] == [K, G, G, K, G, K]
    assert [by[t].chest_currency for t in BT] == [int(K), int(G), int(K), int(G), -1, -1]
    for t in (BT.CASTLE, BT.HARBOR, BT.TEMPLE, BT.CITY_HALL):
        assert by[t].action == d.ActionKind.TREASURE_CHEST
        assert by[t].income_scope == d.IncomeScope.ACTIVATOR
        assert by[t].stake_amount == 0
    for t in (BT.ARENA, BT.GUILD):
        assert by[t].action == d.ActionKind.AUCTION
        assert by[t].income_scope == d.IncomeScope.EVERY_PLAYER


def test_stakes():  # D31
    arena = d.BUILDINGS[BT.ARENA]
    guild = d.BUILDINGS[BT.GUILD]
    assert (arena.stake_amount, arena.stake_currency, arena.bid_currency) == (
        6,
        int(d.Currency.GOLD),
        int(d.Currency.KNIGHTS),
    )
    assert (guild.stake_amount, guild.stake_currency, guild.bid_currency) == (
        3,
        int(d.Currency.KNIGHTS),
        int(d.Currency.GOLD),
    )
    assert d.ARENA_STAKE_GOLD == 6 and d.GUILD_STAKE_KNIGHTS == 3


def test_guild_only_with_four_or_more():  # D2
    assert [b.min_players for b in d.BUILDINGS] == [3, 3, 3, 3, 3, 4]


# --- Mountain (D3, D7, C5) --------------------------------------------------


def test_mountain_rings():
    assert d.MOUNTAIN_SIDES == {3: 5, 4: 6, 5: 6}
    assert d.MOUNTAIN_RING[5] == (BT.CASTLE, BT.HARBOR, BT.TEMPLE, BT.CITY_HALL, BT.ARENA)
    assert d.MOUNTAIN_RING[6] == (BT.CASTLE, BT.HARBOR, BT.TEMPLE, BT.CITY_HALL, BT.GUILD, BT.ARENA)
    assert d.DRAGON_START == 0
    for ring in d.MOUNTAIN_RING.values():
        # Dragon starts between Arena (last) and Castle (first), Harbor second.
        assert ring[0] == BT.CASTLE and ring[-1] == BT.ARENA and ring[1] == BT.HARBOR
        assert len(set(ring)) == len(ring)
    five = d.MOUNTAIN_RING[5]
    assert tuple(t for t in d.MOUNTAIN_RING[6] if t != BT.GUILD) == five


# --- tiles (T2, C3, C4) -----------------------------------------------------


def test_sixty_tiles_ten_per_stack():
    assert set(d.STACKS) == set(BT)
    assert all(len(tiles) == d.STACK_SIZE == 10 for tiles in d.STACKS.values())
    assert sum(len(t) for t in d.STACKS.values()) == d.NUM_TILES == 60


def test_event_counts():
    kinds = Counter(t.kind for tiles in d.STACKS.values() for t in tiles)
    assert kinds == {TK.BUILDING: 49, TK.GENEROUS_DRAGON: 1, TK.CALENDAR: 6, TK.INVASION: 4}
    for btype, tiles in d.STACKS.items():
        c = Counter(t.kind for t in tiles)
        assert c[TK.CALENDAR] == 1
        assert c[TK.INVASION] == (1 if btype <= BT.CITY_HALL else 0)
        assert c[TK.GENEROUS_DRAGON] == (1 if btype == BT.ARENA else 0)


def test_events_have_no_gold_and_buildings_do():
    for tiles in d.STACKS.values():
        for t in tiles:
            if t.kind == TK.BUILDING:
                assert 6 <= t.gold <= 16
            else:
                assert t.gold == 0


def test_starting_tiles():  # D5, D6
    for btype, tiles in d.STACKS.items():
        starting = [t for t in tiles if t.starting]
        if btype == BT.GUILD:
            assert starting == []
        else:
            assert len(starting) == 1 and tiles[0].starting
    assert [d.STACKS[t][0].gold for t in (BT.CASTLE, BT.HARBOR, BT.TEMPLE, BT.CITY_HALL)] == [
        9,
        10,
        11,
        12,
    ]
    assert all(
        d.STACKS[t][0].kind == TK.BUILDING for t in (BT.CASTLE, BT.HARBOR, BT.TEMPLE, BT.CITY_HALL)
    )
    assert d.STACKS[BT.ARENA][0].kind == TK.GENEROUS_DRAGON
    assert d.STARTING_GOLD == {BT.CASTLE: 9, BT.HARBOR: 10, BT.TEMPLE: 11, BT.CITY_HALL: 12}


def test_gold_values():
    base = [6, 8, 9, 11, 13, 14, 16]
    for btype in (BT.CASTLE, BT.HARBOR, BT.TEMPLE, BT.CITY_HALL):
        shuffled = [t.gold for t in d.STACKS[btype] if t.kind == TK.BUILDING and not t.starting]
        assert shuffled == base
    arena = [t.gold for t in d.STACKS[BT.ARENA] if t.kind == TK.BUILDING]
    guild = [t.gold for t in d.STACKS[BT.GUILD] if t.kind == TK.BUILDING]
    assert arena == [6, 7, 9, 10, 12, 13, 15, 16]
    assert guild == [6, 7, 9, 10, 11, 12, 13, 15, 16]
    sums = {btype: sum(t.gold for t in tiles) for btype, tiles in d.STACKS.items()}
    assert sums == {
        BT.CASTLE: 86,
        BT.HARBOR: 87,
        BT.TEMPLE: 88,
        BT.CITY_HALL: 89,
        BT.ARENA: 88,
        BT.GUILD: 99,
    }
    assert sum(sums.values()) == 537


def test_shuffled_buildings_average_eleven():  # C3
    for tiles in d.STACKS.values():
        golds = [t.gold for t in tiles if t.kind == TK.BUILDING and not t.starting]
        assert sum(golds) == 11 * len(golds)


def test_face_down_after_setup_and_max_rounds():  # D6, D51
    # Exactly one tile per stack leaves the face-down pile at setup: the
    # starting tile (Castle..City Hall), the Generous Dragon (Arena) or the
    # random top tile (Guild).  One more leaves in every Phase 3.
    for btype, tiles in d.STACKS.items():
        set_aside = sum(t.starting for t in tiles)
        turned_up = 1 if btype == BT.GUILD else 0
        assert len(tiles) - set_aside - turned_up == 9
    assert d.MAX_ROUNDS == 9


def test_building_supply_covers_all_picks():  # C4
    buildings = sum(t.kind == TK.BUILDING for tiles in d.STACKS.values() for t in tiles)
    assert buildings >= d.MAX_PLAYERS * d.MAX_ROUNDS


def test_three_player_tile_mix():  # D2, C4
    in_play = d.MOUNTAIN_RING[d.MOUNTAIN_SIDES[3]]
    kinds = Counter(t.kind for b in in_play for t in d.STACKS[b])
    assert kinds == {TK.BUILDING: 40, TK.GENEROUS_DRAGON: 1, TK.CALENDAR: 5, TK.INVASION: 4}


def test_holdings_bound_below_2_pow_11():  # M13
    golds = [t.gold for tiles in d.STACKS.values() for t in tiles]
    counts = {b: sum(t.kind == TK.BUILDING for t in d.STACKS[b]) for b in BT}
    assert counts == {
        BT.CASTLE: 8,
        BT.HARBOR: 8,
        BT.TEMPLE: 8,
        BT.CITY_HALL: 8,
        BT.ARENA: 8,
        BT.GUILD: 9,
    }
    activations = d.MAX_PLAYERS * (d.MAX_ROUNDS - 1)  # no Phase 2 in round 1
    round1 = sorted(list(d.STARTING_GOLD.values()) + [max(golds)], reverse=True)
    gold = (
        max(g for g, _ in d.STARTING_RESOURCES.values()) * d.MAX_PLAYERS
        + d.MAX_PLAYERS * max(golds) * d.MAX_ROUNDS
        + sum(round1[: d.MAX_PLAYERS])
        + activations
        * max(counts[BT.HARBOR], counts[BT.TEMPLE], counts[BT.ARENA] + d.ARENA_STAKE_GOLD)
    )
    knights = max(n * k for n, (_, k) in d.STARTING_RESOURCES.items()) + activations * max(
        counts[BT.CASTLE], counts[BT.CITY_HALL], counts[BT.GUILD] + d.GUILD_STAKE_KNIGHTS
    )
    assert (gold, knights) == (1368, 498)
    assert max(gold, knights) < 2**11


# --- contracts (T3, C1, C2) -------------------------------------------------


def test_contracts():
    assert d.NUM_CONTRACTS == 12
    assert d.CONTRACTS[0].is_jester and d.CONTRACTS[0].value == 0
    assert [c.value for c in d.CONTRACTS[1:]] == [2, 3, 4, 5, 6, 7, 8, 9, 10, 13, 14]
    assert not any(c.is_jester for c in d.CONTRACTS[1:])
    assert sum(c.value for c in d.CONTRACTS) == 81
    assert d.JESTER_VALUE == 17
    assert d.JESTER_TRIGGERS == (13, 14)
    assert d.JESTER_VALUE > max(c.value for c in d.CONTRACTS)


# --- players ----------------------------------------------------------------


def test_starting_resources():  # D8
    assert d.STARTING_RESOURCES == {3: (0, 6), 4: (0, 3), 5: (6, 3)}
    assert (d.MIN_PLAYERS, d.MAX_PLAYERS) == (3, 5)
    assert d.END_BUILDINGS == 10
    assert d.INVASION_KNIGHTS == 2


# --- action space (M2) ------------------------------------------------------


def test_action_ranges_contiguous():
    pos = 0
    for name, (first, count) in d.ACTION_RANGES.items():
        assert first == pos, name
        pos += count
    assert pos == d.NUM_ACTIONS == 65


def test_action_offsets():  # M2, M4: no confirm action
    assert (d.A_CONTRACT, d.A_PICK, d.A_ACTIVATE, d.A_PASS) == (0, 12, 18, 24)
    assert (d.A_CHEST_TARGET, d.A_CHEST_BUILDING, d.A_DIGIT) == (25, 29, 35)
    assert (d.A_ACCEPT, d.A_MATCH, d.A_TAKE, d.A_TIEBREAK) == (45, 46, 47, 53)
    assert (d.A_INVADE_KNIGHTS, d.A_INVADE_BUILDING) == (58, 59)
    assert "confirm" not in d.ACTION_RANGES
    assert len(d.DecisionKind) == 11


# --- build_arrays() ---------------------------------------------------------


@pytest.fixture(scope="module")
def arrays():
    return d.build_arrays()


def test_arrays_are_flat_int32(arrays):
    for name, arr in arrays.items():
        assert isinstance(arr, np.ndarray), name
        assert arr.dtype == np.int32, name
        assert arr.ndim == 1, name


def test_array_lengths(arrays):
    expected = {
        "tile_type": 60,
        "tile_kind": 60,
        "tile_gold": 60,
        "tile_starting": 60,
        "type_income_currency": 6,
        "type_income_all": 6,
        "type_action": 6,
        "type_chest_currency": 6,
        "type_stake": 6,
        "type_stake_currency": 6,
        "type_bid_currency": 6,
        "type_min_players": 6,
        "ring": 18,
        "ring_size": 6,
        "ring_pos": 18,
        "contract_value": 12,
        "contract_is_jester": 12,
        "jester_triggers": 2,
        "start_gold": 6,
        "start_knights": 6,
        "consts": d.NUM_CONSTS,
        "action_first": 13,
        "action_count": 13,
    }
    assert {k: len(v) for k, v in arrays.items()} == expected


def test_tile_arrays_match_tables(arrays):
    for btype, tiles in d.STACKS.items():
        for pos, tile in enumerate(tiles):
            k = int(btype) * d.STACK_SIZE + pos
            assert arrays["tile_type"][k] == int(btype)
            assert arrays["tile_kind"][k] == int(tile.kind)
            assert arrays["tile_gold"][k] == tile.gold
            assert arrays["tile_starting"][k] == int(tile.starting)
    assert arrays["tile_gold"].sum() == 537
    assert (arrays["tile_kind"] == int(TK.CALENDAR)).sum() == 6
    assert (arrays["tile_kind"] == int(TK.INVASION)).sum() == 4
    assert (arrays["tile_kind"] == int(TK.GENEROUS_DRAGON)).sum() == 1
    assert arrays["tile_starting"].sum() == 5
    assert list(arrays["tile_gold"][0:10]) == [9, 6, 8, 9, 11, 13, 14, 16, 0, 0]
    assert arrays["tile_kind"][40] == int(TK.GENEROUS_DRAGON)


def test_type_arrays_match_tables(arrays):
    for b in d.BUILDINGS:
        t = int(b.btype)
        assert arrays["type_income_currency"][t] == int(b.income_currency)
        assert arrays["type_income_all"][t] == int(b.income_scope == d.IncomeScope.EVERY_PLAYER)
        assert arrays["type_action"][t] == int(b.action)
        assert arrays["type_chest_currency"][t] == b.chest_currency
        assert arrays["type_stake"][t] == b.stake_amount
        assert arrays["type_stake_currency"][t] == b.stake_currency
        assert arrays["type_bid_currency"][t] == b.bid_currency
        assert arrays["type_min_players"][t] == b.min_players
    assert list(arrays["type_stake"]) == [0, 0, 0, 0, 6, 3]
    assert list(arrays["type_income_all"]) == [0, 0, 0, 0, 1, 1]


def test_ring_arrays(arrays):
    ring, pos, size = arrays["ring"], arrays["ring_pos"], arrays["ring_size"]
    assert list(size) == [0, 0, 0, 5, 6, 6]
    assert list(ring[0:6]) == [0, 1, 2, 3, 4, -1]
    assert list(ring[6:12]) == [0, 1, 2, 3, 5, 4]
    assert list(ring[12:18]) == [0, 1, 2, 3, 5, 4]
    assert list(pos[0:6]) == [0, 1, 2, 3, 4, -1]
    assert list(pos[6:12]) == [0, 1, 2, 3, 5, 4]
    for n in (3, 4, 5):
        base = (n - 3) * 6
        for i in range(size[n]):
            assert pos[base + ring[base + i]] == i


def test_contract_and_player_arrays(arrays):
    assert list(arrays["contract_value"]) == [0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13, 14]
    assert list(arrays["contract_is_jester"]) == [1] + [0] * 11
    assert list(arrays["jester_triggers"]) == [13, 14]
    assert list(arrays["start_gold"]) == [0, 0, 0, 0, 0, 6]
    assert list(arrays["start_knights"]) == [0, 0, 0, 6, 3, 3]


def test_consts_array(arrays):
    c = arrays["consts"]
    assert c[d.C_NUM_TYPES] == 6
    assert c[d.C_STACK_SIZE] == 10
    assert c[d.C_NUM_TILES] == 60
    assert c[d.C_NUM_CONTRACTS] == 12
    assert c[d.C_JESTER_VALUE] == 17
    assert c[d.C_ARENA_STAKE_GOLD] == 6
    assert c[d.C_GUILD_STAKE_KNIGHTS] == 3
    assert c[d.C_INVASION_KNIGHTS] == 2
    assert c[d.C_END_BUILDINGS] == 10
    assert c[d.C_MAX_ROUNDS] == 9
    assert c[d.C_MIN_PLAYERS] == 3
    assert c[d.C_MAX_PLAYERS] == 5
    assert c[d.C_DRAGON_START] == 0
    assert c[d.C_NUM_ACTIONS] == 65


def test_action_arrays(arrays):
    assert list(arrays["action_first"]) == [f for f, _ in d.ACTION_RANGES.values()]
    assert list(arrays["action_count"]) == [n for _, n in d.ACTION_RANGES.values()]
    assert arrays["action_count"].sum() == d.NUM_ACTIONS


def test_build_arrays_is_fresh_each_call(arrays):
    again = d.build_arrays()
    again["tile_gold"][0] = -99
    assert d.build_arrays()["tile_gold"][0] == 9
    assert arrays["tile_gold"][0] == 9
