"""An independent pure-Python reading of a Simurgh state: the final score recomputed from the
tables of `simurgh_env.data` (not from the engine's helpers), and the invariants every state
must satisfy: every tile, dragon, objective and vassal in exactly one place."""

from collections import Counter

from simurgh_env import data as D
from simurgh_env.engine import layout as L

N_TILES = 48
TILE_FAMILY = [int(t.family) for t in D.ALL_ACTION_TILES]


def owned_dragons(state, seat):
    """Dragon tile indices (0-23) in a seat's play area."""
    return [d for d in range(24)
            if state[L.DLOC + d] == L.D_OWNED and state[L.DIDX + d] == seat]


def markers_on(state, dragon):
    return sum(int(state[L.DSLOT + dragon * 3 + s]) == L.SLOT_MARKER for s in range(3))


def resources(state, seat):
    return [int(state[L.RES + seat * 6 + r]) for r in range(6)]


def objective_value(state, seat, objective):
    """S64, from the objective table."""
    tile = D.OBJECTIVE_TILES[objective]
    if tile.kind == D.ObjectiveKind.VEGETABLES_AND_MEAT:
        res = resources(state, seat)
        return res[D.Resource.VEGETABLE] + res[D.Resource.MEAT]
    return sum(markers_on(state, d) for d in owned_dragons(state, seat)
               if D.dragon_type_of_tile(49 + d) in tile.dragon_types)


def reference_score(state, seat):
    """Final score of `seat` (S68-S70, C5, C6): PP + objectives + resources."""
    n = int(state[L.NUM_PLAYERS])
    total = int(state[L.PP + seat])
    for space in range(5):
        objective = int(state[L.MONUMENT + space])
        if objective < 0:
            continue
        values = [objective_value(state, s, objective) for s in range(n)]
        mine = values[seat]
        if mine == 0:
            continue
        place = sum(v > mine for v in values)  # ties share a place, the next are skipped
        if place < 3:
            total += D.OBJECTIVE_TILES[objective].points[place]
    left = sum(resources(state, seat))
    if int(state[L.MODE]) == D.GameMode.SPEARMAN:
        total += D.spearman_resource_points(left)
    else:
        total += D.dragonlord_resource_points(left)
    return total


def _frame_objectives(state):
    held = []
    for depth in range(int(state[L.DEPTH])):
        f = L.FRAMES + depth * L.FW
        if (state[f + L.F_KIND] == L.K_MONUMENT
                or (state[f + L.F_KIND] == L.K_SPACE and state[f + L.F_STEP] == L.ST_MON_SPACE)):
            held.append(int(state[f + L.F_ARG2]))
    return held


def check_tiles(state):
    n = int(state[L.NUM_PLAYERS])
    places = Counter()
    stack = [int(t) for t in state[L.STACK:L.STACK + state[L.STACK_N]]]
    for pos, tile in enumerate(stack):
        assert state[L.TLOC + tile] == L.LOC_STACK and state[L.TIDX + tile] == pos, tile
        places[tile] += 1
    slots = [int(t) for t in state[L.SLOTS:L.SLOTS + 4]]
    for k, tile in enumerate(slots):
        if tile >= 0:
            assert state[L.TLOC + tile] == L.LOC_SLOT and state[L.TIDX + tile] == k
            assert state[L.TKNOWN + tile] == L.ALL_SEATS
            places[tile] += 1
    # Slots emptied during a turn stay empty until its end (example 3); that they then slide
    # and refill is checked turn by turn in test_rules_city.py.
    for area in range(6):
        tile = int(state[L.AREA_TILE + area])
        assert (tile == L.AREA_CLOSED) == (n < D.WILDS_AREAS[area].open_from_players)
        if tile >= 0:
            assert state[L.TLOC + tile] == L.LOC_WILDS and state[L.TIDX + tile] == area
            assert state[L.TKNOWN + tile] == L.ALL_SEATS
            places[tile] += 1
    for k in range(4):
        tile = int(state[L.DRAFT_ROW + k])
        if tile >= 0:
            assert state[L.TLOC + tile] == L.LOC_ROW
            places[tile] += 1
    for k in range(int(state[L.OPTIONS_N])):
        tile = int(state[L.OPTIONS + k])
        assert state[L.TLOC + tile] == L.LOC_OPTIONS and TILE_FAMILY[tile] == D.TileFamily.POWER
        places[tile] += 1
    for k in range(int(state[L.POWER_DECK_N])):
        tile = int(state[L.POWER_DECK + k])
        assert state[L.TLOC + tile] == L.LOC_POWER_DECK
        places[tile] += 1
    hands = Counter()
    families = Counter()
    chronicle = []
    box = Counter()
    for tile in range(N_TILES):
        loc = int(state[L.TLOC + tile])
        if loc == L.LOC_HAND:
            seat = int(state[L.TIDX + tile])
            assert 0 <= seat < n and (state[L.TKNOWN + tile] >> seat) & 1
            hands[seat] += 1
            families[seat, TILE_FAMILY[tile]] += 1
            places[tile] += 1
        elif loc == L.LOC_CHRONICLE:
            assert state[L.TKNOWN + tile] == L.ALL_SEATS
            chronicle.append(int(state[L.TIDX + tile]))
            places[tile] += 1
        elif loc == L.LOC_BOX:
            box[TILE_FAMILY[tile]] += 1
            places[tile] += 1
    assert sorted(chronicle) == list(range(int(state[L.CHRONICLE_N])))
    assert all(places[t] == 1 for t in range(N_TILES)), "a tile is in two places or none"
    for seat in range(n):
        assert state[L.HAND_N + seat] == hands[seat]
        for fam in range(5):
            assert state[L.HAND_FAM + seat * 5 + fam] == families[seat, fam]
        assert families[seat, D.TileFamily.POWER] <= 1
    for fam, removed in D.SETUP_REMOVED_PER_FAMILY.items():
        if fam != D.TileFamily.POWER:
            assert box[int(fam)] == removed, (fam, box)
    if state[L.PHASE] != L.POWER_DRAFT:
        assert box[int(D.TileFamily.POWER)] == 8 - n


def check_vassals(state):
    n = int(state[L.NUM_PLAYERS])
    for seat in range(n):
        for kind, most in ((L.SPEARMAN, 3), (L.RIDER, 2)):
            on_board = sum(int(state[L.OCC + (seat * L.N_SPACES + s) * 2 + kind])
                           for s in range(L.N_SPACES))
            owned = int(state[L.OWNED + seat * 2 + kind])
            assert 0 <= owned <= most
            assert owned == int(state[L.UNPLACED + seat * 2 + kind]) + on_board
        assert state[L.OWNED + seat * 2] + state[L.OWNED + seat * 2 + 1] >= 1, "last vassal"
    for space in range(L.N_SPACES):
        total = sum(int(state[L.OCC + (seat * L.N_SPACES + space) * 2 + k])
                    for seat in range(n) for k in range(2))
        assert state[L.SPACE_TOTAL + space] == total
        spearmen = sum(int(state[L.OCC + (seat * L.N_SPACES + space) * 2]) for seat in range(n))
        if space < 12:
            city = D.CITY_SPACES[space]
            if not city.multi:
                assert total <= 1
            if city.dragonrider_only:
                assert spearmen == 0
            continue
        area, i = divmod(space - 12, 4)
        tile = int(state[L.AREA_TILE + area])
        if tile < 0 or i >= len(D.ALL_ACTION_TILES[tile].spaces):
            assert total == 0, space
            continue
        layout = D.ALL_ACTION_TILES[tile].spaces[i]
        if not layout.multi:
            assert total <= 1
        if layout.dragonrider_only:
            assert spearmen == 0
    for area in range(6):
        tile = int(state[L.AREA_TILE + area])
        count = sum(int(state[L.SPACE_TOTAL + 12 + area * 4 + i]) for i in range(4))
        assert state[L.AREA_COUNT + area] == (count if tile >= 0 else 0)
        if tile < 0:
            continue
        settled = state[L.DEPTH] == 0 and state[L.PHASE] != L.TILE_VASSAL
        if settled:
            assert count > 0, "an empty tile stays in the Wilds"
        if TILE_FAMILY[tile] == D.TileFamily.EXPLORATION:
            for seat in range(n):
                riders = sum(int(state[L.OCC + (seat * L.N_SPACES + 12 + area * 4 + i) * 2 + 1])
                             for i in range(4))
                assert riders <= 1, "two riders of one player on an exploration tile"
        elif settled:
            assert count < D.vassals_filling_a_tile(n), "a full tile stays in the Wilds"


def check_dragons_and_objectives(state):
    n = int(state[L.NUM_PLAYERS])
    places = Counter()
    for pos in range(int(state[L.DSTACK_N])):
        dragon = int(state[L.DSTACK + pos])
        assert state[L.DLOC + dragon] == L.D_STACK and state[L.DIDX + dragon] == pos
        places[dragon] += 1
    for k in range(int(state[L.DDRAW_N])):
        dragon = int(state[L.DDRAW + k])
        assert state[L.DLOC + dragon] == L.D_DRAWN
        places[dragon] += 1
    if state[L.PHASE] == L.DRAGON_PICK:
        for seat in range(n):
            for k in range(3):
                dragon = int(state[L.SETUP_DRAWN + seat * 3 + k])
                assert state[L.DLOC + dragon] == L.D_SETUP and state[L.DIDX + dragon] == seat
                places[dragon] += 1
    for dragon in range(24):
        slots = [int(s) for s in state[L.DSLOT + dragon * 3:L.DSLOT + dragon * 3 + 3]]
        if state[L.DLOC + dragon] == L.D_OWNED:
            assert 0 <= state[L.DIDX + dragon] < n
            places[dragon] += 1
            kind = D.dragon_type_of_tile(49 + dragon)
            for slot, s in enumerate(slots):
                one_shot = D.DRAGON_TYPES[kind].abilities[slot].one_shot
                assert s in ((L.SLOT_MARKER, L.SLOT_CLOSED) if one_shot
                             else (L.SLOT_EMPTY, L.SLOT_MARKER)), (dragon, slots)
        else:
            assert slots == [0, 0, 0]
    assert all(places[d] == 1 for d in range(24)), "a dragon is in two places or none"
    places = Counter()
    for pos in range(int(state[L.OSTACK_N])):
        tile = int(state[L.OSTACK + pos])
        assert state[L.OLOC + tile] == L.O_STACK and state[L.OIDX + tile] == pos
        places[tile] += 1
    for k in range(int(state[L.ODRAW_N])):
        places[int(state[L.ODRAW + k])] += 1
    for tile in _frame_objectives(state):
        places[tile] += 1
    on_monument = 0
    for space in range(5):
        tile = int(state[L.MONUMENT + space])
        if tile >= 0:
            assert state[L.OLOC + tile] == L.O_MONUMENT and state[L.OIDX + tile] == space
            places[tile] += 1
            on_monument += 1
    assert state[L.OBJECTIVES_N] == on_monument
    assert all(places[t] == 1 for t in range(12)), "an objective is in two places or none"


def check_invariants(state):
    """Assert every bookkeeping law of a state (any phase)."""
    n = int(state[L.NUM_PLAYERS])
    check_tiles(state)
    check_vassals(state)
    check_dragons_and_objectives(state)
    limit = D.RESOURCE_LIMIT[D.GameMode(int(state[L.MODE]))]
    actor = int(state[L.ACTOR])
    for seat in range(n):
        assert min(resources(state, seat)) >= 0 and state[L.PP + seat] >= 0
        if seat != actor and state[L.PHASE] not in (L.POWER_DRAFT, L.ACTION_DRAFT,
                                                    L.DRAGON_PICK):
            assert sum(resources(state, seat)) <= limit, "resource limit (S24)"
            assert state[L.HAND_N + seat] <= D.HAND_LIMIT, "hand limit (S24)"
    length = D.GameLength(int(state[L.LENGTH]))
    ended = (state[L.CHRONICLE_N] >= D.CHRONICLE_TO_END[length]
             or state[L.OBJECTIVES_N] >= D.OBJECTIVES_TO_END[length])
    if ended:
        assert state[L.END_SEAT] >= 0, "the end is triggered at once (S66)"
        assert 0 <= state[L.FINAL_LEFT] <= n
    if state[L.PHASE] == L.OVER:
        assert state[L.ACTOR] == -1 and state[L.FINAL_LEFT] == 0
