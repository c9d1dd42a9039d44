"""Rule scenarios: exploration tiles (S35-S43, S58, S59, C16, C27, C30, C31)."""

from simurgh_env.engine import layout as L

from .scenario import (
    RIDER,
    SPEARMAN,
    R,
    ability,
    area,
    area_tile,
    chronicle,
    city,
    do,
    end_turn,
    give_dragon,
    give_tile,
    lay_tile,
    legal,
    move,
    on_space,
    option,
    pass_turn,
    phase,
    place,
    play_tile,
    pp,
    quiet,
    resources,
    retrieve,
    set_resources,
    set_vassals,
    slots_of,
    space,
    stand,
    vassals,
)


def rider_level(state, seat, a):
    for i in range(4):
        if on_space(state, seat, space(a, i), RIDER):
            return i + 1
    return 0


def test_playing_an_exploration_tile_puts_a_rider_on_level_1():
    """S36: the player laying an exploration tile places a dragonrider on level 1, paying the
    move cost, and receives level 1's reward."""
    state = quiet(2)
    give_tile(state, 0, 40)  # move cost 1 wisdom + 1 weapon; levels 2, 4, 5, 8 PP
    set_resources(state, 0, wisdom=1, weapon=1)
    do(state, play_tile(40), area(3))  # +1 wisdom
    assert legal(state) == [place(space(3, 0), RIDER)]
    do(state, place(space(3, 0), RIDER))
    assert pp(state, 0) == 2 and resources(state, 0)[R.WISDOM:] == [1, 0]
    assert rider_level(state, 0, 3) == 1 and state[L.ENTERED_AREA] == 2


def test_entry_only_on_an_empty_level_1_and_one_rider_per_player():
    """S36, S37, C16: others enter at level 1 only, when it is empty; never two riders of one
    player on a tile."""
    state = quiet(3)
    lay_tile(state, 1, 44)  # move cost 1 weapon
    set_vassals(state, 0, 0, 2)
    set_resources(state, 0, weapon=3)
    stand(state, 1, space(1, 0), RIDER)
    options = legal(state)
    assert not any(place(space(1, i), RIDER) in options for i in range(4))
    # Seat 1's rider moves on; level 1 is free again.
    state[L.OCC + (1 * L.N_SPACES + space(1, 0)) * 2 + RIDER] = 0
    state[L.OCC + (1 * L.N_SPACES + space(1, 1)) * 2 + RIDER] = 1
    state[L.SPACE_TOTAL + space(1, 0)] = 0
    state[L.SPACE_TOTAL + space(1, 1)] = 1
    assert place(space(1, 0), RIDER) in legal(state)
    assert place(space(1, 0), SPEARMAN) not in legal(state)
    do(state, place(space(1, 0), RIDER))
    assert resources(state, 0)[R.VEGETABLE] == 2  # #44 level 1: 2 vegetables
    end_turn(state)
    pass_turn(state)
    pass_turn(state)
    assert place(space(1, 0), RIDER) not in legal(state)  # seat 0 already has a rider there



def test_moving_down_from_the_next_turn_once_per_turn():
    """S39: from the turn after entering, once per turn, into an empty level, paying the move
    cost again and receiving the new level's reward; S40: otherwise the rider stays."""
    state = quiet(2)
    give_tile(state, 0, 40)
    set_resources(state, 0, wisdom=3, weapon=3)
    do(state, play_tile(40), area(3), place(space(3, 0), RIDER))
    assert move(3) not in legal(state)  # entered this turn
    end_turn(state)
    pass_turn(state)
    assert move(3) in legal(state)
    do(state, move(3))
    assert rider_level(state, 0, 3) == 2 and pp(state, 0) == 2 + 4
    assert resources(state, 0)[R.WISDOM:] == [2, 1]
    assert move(3) not in legal(state)  # once per turn
    assert phase(state) == "free"
    do(state, city("Main Market"), option(0))
    end_turn(state)
    stand(state, 1, space(3, 2), RIDER)  # seat 1 got ahead on level 3
    pass_turn(state)
    assert move(3) not in legal(state)  # level 3 is taken: the rider stays
    set_resources(state, 0)
    state[L.OCC + (1 * L.N_SPACES + space(3, 2)) * 2 + RIDER] = 0
    state[L.SPACE_TOTAL + space(3, 2)] = 0
    state[L.AREA_COUNT + 2] -= 1
    state[L.UNPLACED + 1 * 2 + RIDER] += 1
    assert move(3) not in legal(state)  # no wisdom and weapon to pay


def test_a_move_may_come_before_or_after_the_main_action():
    state = quiet(2)
    lay_tile(state, 2, 40)
    stand(state, 0, space(2, 0), RIDER)
    set_resources(state, 0, wisdom=2, weapon=2)
    do(state, city("Armory"))
    assert move(2) in legal(state)
    do(state, move(2), L.A_END_TURN)
    assert rider_level(state, 0, 2) == 2


def test_reaching_level_4_ends_the_exploration():
    """S41, S38: the level 4 reward is received, then the tile goes to the Chronicle and every
    rider on it returns to its owner; C27: the actor's rider cannot be placed this turn."""
    state = quiet(3)
    lay_tile(state, 1, 38)  # move cost 2 veg + 1 meat + 1 wood; level 4: 8 PP + 4 dragons
    stand(state, 0, space(1, 2), RIDER)
    stand(state, 1, space(1, 0), RIDER)
    set_resources(state, 0, vegetable=2, meat=1, wood=1)
    set_vassals_extra(state)
    do(state, move(1))
    assert pp(state, 0) == 8 and phase(state) == "keep"
    do(state, L.A_PICK)
    (kept,) = [d for d in range(49, 73) if state[L.DLOC + d - 49] == L.D_OWNED
               and state[L.DIDX + d - 49] == 0]
    assert sum(s == 1 for s in slots_of(state, kept)) == 2
    do(state, L.A_RETURN_TOP, L.A_RETURN_TOP, L.A_RETURN_TOP)
    assert chronicle(state) == [38] and area_tile(state, 1) == 0
    assert vassals(state, 1, RIDER) == (1, 1)
    assert vassals(state, 0, RIDER) == (1, 1) and state[L.BLOCKED + RIDER] == 1
    options = legal(state)
    assert not any(a < L.A_RETRIEVE and a % 2 == RIDER for a in options)
    assert city("Armory", SPEARMAN) in options


def set_vassals_extra(state):
    state[L.OWNED] += 1
    state[L.UNPLACED] += 1


def test_a_player_left_without_a_main_action_ends_the_turn():
    """C27: a player whose only vassal came back this turn has no main action: it ends the
    turn."""
    state = quiet(2)
    lay_tile(state, 1, 44)
    stand(state, 0, space(1, 2), RIDER)
    state[L.OWNED] = 0
    state[L.UNPLACED] = 0
    set_resources(state, 0, weapon=1)
    do(state, move(1))
    assert chronicle(state) == [44] and pp(state, 0) == 5
    assert legal(state) == [L.A_END_TURN]


def test_exploration_tiles_are_never_full_nor_cleared():
    """S38: no removal for 4 riders, no clearing with a weapon."""
    state = quiet(5)
    lay_tile(state, 1, 39)
    for seat in range(4):
        stand(state, seat + 1, space(1, seat), RIDER)
    owners = {2: 0, 3: 4, 4: 1, 5: 2, 6: 3}  # one spearman each on the other tiles
    for a, number in ((2, 1), (3, 2), (4, 3), (5, 4), (6, 5)):
        lay_tile(state, a, number)
        stand(state, owners[a], space(a, 1), SPEARMAN)
    assert state[L.AREA_TILE] == 38 and state[L.AREA_COUNT] == 4  # four riders: not full
    give_tile(state, 0, 6)
    set_resources(state, 0, weapon=1)
    do(state, play_tile(6))
    assert {a - L.A_AREA + 1 for a in legal(state)} == {2, 3, 4, 5, 6}


def test_an_exploration_tile_without_riders_goes_to_the_chronicle():
    """S42, S43: riders may be retrieved; the tile left without riders is removed."""
    state = quiet(2)
    lay_tile(state, 2, 45)
    stand(state, 0, space(2, 1), RIDER)
    do(state, retrieve(space(2, 1), RIDER), L.A_PASS)
    assert chronicle(state) == [45]


def test_extra_move_and_move_bonus_abilities():
    """S58, S59, C30, C31: #53 moves the same rider down once more, paying again; #53's and
    #55's move bonuses add to the reward of a move down."""
    state = quiet(2)
    lay_tile(state, 1, 44)  # 1 weapon per move; levels: 2 veg, 3 veg/meat, 2 wood/stone, 5 PP
    stand(state, 0, space(1, 0), RIDER)
    give_dragon(state, 0, 53)  # extra move | +2 meat on moving down | one-shot recruit
    give_dragon(state, 0, 55, markers=2)  # +2 wisdom | +2 PP on moving down | ...
    set_resources(state, 0, weapon=2)
    do(state, move(1))
    assert phase(state) == "mix"  # level 2: 3 vegetables/meat in any mix
    do(state, L.A_MIX + 3)
    assert phase(state) == "bonus"
    assert set(legal(state)) == {ability(53, 2), ability(55, 2), L.A_PASS}
    do(state, ability(53, 2), ability(55, 2))
    assert resources(state, 0)[:2] == [3, 2] and pp(state, 0) == 2
    assert phase(state) == "extra_move"
    do(state, ability(53, 1))
    assert rider_level(state, 0, 1) == 3
    do(state, L.A_MIX + 0)  # level 3: 2 wood/stone -> 2 stone
    assert resources(state, 0)[R.STONE] == 2 and resources(state, 0)[R.WEAPON] == 0
    assert phase(state) == "free"  # no marker and no weapon left for more
    assert slots_of(state, 53) == [0, 0, 1]


def test_the_entry_bonus_of_55_applies_to_entering_and_53s_does_not():
    """Line 1481 (#55-56): "moving a dragonrider onto an exploration tile, you get 2 PP", with
    no "moving down": entering level 1 pays it (version 1). #53-54's meat bonus says "moving
    down" (lines 1472-1473) and is not offered on entering (C30)."""
    state = quiet(2)
    lay_tile(state, 1, 44)
    give_dragon(state, 0, 55)
    give_dragon(state, 0, 53)
    set_resources(state, 0, weapon=1)
    do(state, place(space(1, 0), RIDER))
    assert phase(state) == "bonus"
    assert set(legal(state)) == {ability(55, 2), L.A_PASS}
    do(state, ability(55, 2))
    assert phase(state) == "free" and resources(state, 0)[R.VEGETABLE] == 2 and pp(state, 0) == 2
    assert slots_of(state, 55) == [1, 0, 1] and slots_of(state, 53) == [1, 1, 1]
