"""Rule scenarios: the twelve City spaces (S21-S23, S46-S50, C3, C4, C29, C36, C39)."""

import numpy as np
import pytest

from simurgh_env import engine as E
from simurgh_env.engine import layout as L
from simurgh_env.engine.vassals import retrieve_vassal

from .scenario import (
    CITY,
    RIDER,
    SPEARMAN,
    R,
    ability,
    city,
    do,
    dragon_on_top,
    dragons,
    drawn_dragons,
    drawn_objectives,
    end_turn,
    give_dragon,
    hand,
    legal,
    monument,
    objective_on_top,
    on_space,
    option,
    pass_turn,
    phase,
    pp,
    put_objective,
    quiet,
    resources,
    set_resources,
    set_slots,
    set_vassals,
    slots,
    slots_of,
    stack,
    vassals,
)


def test_armory_and_library_are_single_spaces():
    """S46.1-2, S22: one vassal whoever owns it; gain 1 weapon / 2 wisdom."""
    state = quiet(3)
    do(state, city("Armory"))
    assert resources(state, 0)[R.WEAPON] == 1
    end_turn(state)
    assert city("Armory") not in legal(state) and city("Armory", RIDER) not in legal(state)
    do(state, city("Library", RIDER))
    assert resources(state, 1)[R.WISDOM] == 2
    end_turn(state)
    assert city("Library") not in legal(state)


def test_forge_needs_wood_and_stone():
    """S46.3, S23: 1 wood + 1 stone -> 2 weapons, only with the resources to pay."""
    state = quiet(2)
    set_resources(state, 0, wood=1)
    assert city("Forge") not in legal(state)
    set_resources(state, 0, wood=1, stone=1)
    do(state, city("Forge"))
    assert resources(state, 0) == [0, 0, 0, 0, 0, 2]
    end_turn(state)
    set_resources(state, 1, wood=2, stone=2)
    do(state, city("Forge"))  # a multi space
    assert on_space(state, 0, CITY["Forge"], SPEARMAN) == 1


def test_dragonrider_only_spaces_refuse_spearmen():
    """S21, S46.4, .9, .10, .12: Dragon Spires, Builders' Square, Breeding Grounds and the
    Monument take dragonriders only."""
    state = quiet(2)
    set_resources(state, 0, 5, 5, 5, 5, 5, 5)
    options = legal(state)
    for name in ("Dragon Spires", "Builders' Square", "Breeding Grounds",
                 "Dragonlord's Monument"):
        assert city(name, SPEARMAN) not in options
        assert city(name, RIDER) in options
    do(state, city("Dragon Spires", RIDER))
    assert resources(state, 0)[R.WISDOM] == 6


def test_main_market_gives_a_vegetable_or_a_power_point():
    state = quiet(2)
    do(state, city("Main Market"))
    assert phase(state) == "gain_option"
    do(state, option(1))
    assert pp(state, 0) == 1 and resources(state, 0)[R.VEGETABLE] == 0


def test_barracks_and_hunting_grounds_recruit_within_the_figures():
    """S46.6-7, S3, S27: the exchange recruits an unplaced vassal; not past 3 spearmen and
    2 dragonriders."""
    state = quiet(2)
    set_resources(state, 0, vegetable=8, meat=6)
    do(state, city("Barracks"))
    assert resources(state, 0)[:2] == [5, 5]
    assert vassals(state, 0, SPEARMAN) == (2, 1)  # recruited (unplaced) + the one placed
    end_turn(state)
    pass_turn(state)
    do(state, city("Hunting Grounds", RIDER))
    assert vassals(state, 0, RIDER) == (2, 1)
    assert resources(state, 0)[:2] == [3, 2]
    end_turn(state)
    pass_turn(state)
    set_vassals_on_board_free(state)
    # Two dragonriders already: no more recruiting one.
    assert city("Hunting Grounds") not in legal(state)
    set_vassals(state, 0, 3, 2)
    assert city("Barracks") not in legal(state)




def set_vassals_on_board_free(state):
    """Send the actor's vassals on the board home (so that it has every figure unplaced)."""
    seat = int(state[L.ACTOR])
    for space in range(L.N_SPACES):
        for kind in range(2):
            while on_space(state, seat, space, kind):
                retrieve_vassal(state, seat, space, kind)


def test_training_arena_and_builders_square_place_markers():
    """S46.8-9, S49, S52: markers go on the leftmost empty slot of the dragon chosen; those
    without a slot are lost."""
    state = quiet(2)
    give_dragon(state, 0, 51, markers=0)  # type 1: no one-shot slot
    give_dragon(state, 0, 59, markers=2)
    set_resources(state, 0, wood=3, stone=2)
    do(state, city("Training Arena"))
    assert phase(state) == "place_marker"
    assert set(legal(state)) == {L.A_MARKER + 51 - 49, L.A_MARKER + 59 - 49}
    do(state, L.A_MARKER + 59 - 49)  # fills #59
    assert slots_of(state, 59) == [1, 1, 1]
    assert slots_of(state, 51) == [1, 0, 0]  # the only dragon left: no choice
    end_turn(state)
    pass_turn(state)
    set_slots(state, 51, [1, 1, 0])
    do(state, city("Builders' Square", RIDER))
    assert slots_of(state, 51) == [1, 1, 1]  # the second marker is lost (S53)
    assert resources(state, 0)[R.STONE] == 0


def test_breeding_grounds_draws_three_keeps_one_returns_two():
    """S46.10, S50, S28, C36: pay one of each but wisdom, draw 3, keep 1 with 3 markers, return
    the others one by one on top or under, known to the returner only."""
    state = quiet(3)
    set_resources(state, 0, 1, 1, 1, 1, 0, 1)
    for number in (60, 61, 62):
        dragon_on_top(state, number)
    do(state, city("Breeding Grounds", RIDER))
    assert phase(state) == "keep"
    assert drawn_dragons(state) == [60, 61, 62]  # offered sorted (engine/offers.py)
    do(state, L.A_PICK + 1)
    assert dragons(state, 0) == [61] and slots_of(state, 61) == [1, 1, 1]
    assert resources(state, 0) == [0] * 6
    do(state, L.A_RETURN_BOTTOM)  # 60 under the stack
    do(state, L.A_RETURN_TOP)  # 62 on top
    top = int(state[L.DSTACK + state[L.DSTACK_N] - 1])
    bottom = int(state[L.DSTACK])
    assert (top, bottom) == (62 - 49, 60 - 49)
    assert state[L.DKNOWN + top] == 1 and state[L.DKNOWN + bottom] == 1
    assert phase(state) == "free"


def test_breeding_grounds_with_a_short_stack():
    """C10, C17: draw what is left; nothing at all from an empty stack."""
    state = quiet(2)
    state[L.DSTACK_N] = 1
    set_resources(state, 0, 1, 1, 1, 1, 0, 1)
    do(state, city("Breeding Grounds", RIDER))
    assert phase(state) == "free" and len(dragons(state, 0)) == 1  # kept without asking
    end_turn(state)
    pass_turn(state)
    set_resources(state, 0, 1, 1, 1, 1, 0, 1)
    set_vassals_on_board_free(state)
    do(state, city("Breeding Grounds", RIDER))
    assert phase(state) == "free" and len(dragons(state, 0)) == 1 and state[L.DSTACK_N] == 0


def test_scouts_quarters_slot_costs_and_power():
    """S47, C3: wood or stone, then a face-up tile paying the slot's cost for its PP. The slot
    stays empty for the rest of the turn; after the turn the higher tiles slide down and slot 4
    is refilled face up (example 3, lines 686-689)."""
    state = quiet(2)
    set_resources(state, 0, wisdom=3, weapon=2)
    before = slots(state)
    top = stack(state)[0]
    do(state, city("Scouts' Quarters"), option(1))  # wood
    assert resources(state, 0)[R.WOOD] == 1
    assert phase(state) == "scout"
    assert set(legal(state)) >= {L.A_SCOUT + k for k in range(5)}
    do(state, L.A_SCOUT + 2)  # slot 3: 1 weapon + 1 wisdom, 2 PP
    assert pp(state, 0) == 2 and resources(state, 0)[R.WISDOM:] == [2, 1]
    assert hand(state, 0) == [before[2]]
    assert state[L.TKNOWN + before[2] - 1] == L.ALL_SEATS  # taken face up
    assert slots(state) == [before[0], before[1], 0, before[3]]
    assert phase(state) == "free"
    end_turn(state)
    assert slots(state) == [before[0], before[1], before[3], top]


def test_a_scouts_ability_cannot_take_the_tile_that_refills_the_slot():
    """Example 3: the refill comes after the turn, so a Scouts ability used later in the same
    turn chooses among the tiles left face up, never the next tile of the stack."""
    state = quiet(2)
    give_dragon(state, 0, 61)  # third ability: 1 weapon -> any face-up tile, free
    set_resources(state, 0, weapon=1)
    before = slots(state)
    top, second = stack(state)[:2]
    do(state, city("Scouts' Quarters"), option(0), L.A_SCOUT + 0)  # slot 1, free
    do(state, ability(61, 3))
    assert set(legal(state)) == {L.A_SCOUT + k for k in (1, 2, 3)}
    do(state, L.A_SCOUT + 3)
    assert sorted(hand(state, 0)) == sorted([before[0], before[3]]) and top not in hand(state, 0)
    end_turn(state)
    assert slots(state) == [before[1], before[2], top, second]


@pytest.mark.parametrize("num_players, mode", [(2, 0), (4, 1)])
def test_slots_slide_and_refill_at_the_end_of_every_turn(num_players, mode):
    """Over random games: whenever a turn has ended, the face-up tiles fill the lowest slots and
    none is empty while the stack holds tiles."""
    rng = np.random.default_rng(num_players)
    config = np.array([num_players, mode, 0, 0], np.int32)  # short, ties="share"
    checked = 0
    for game in range(3):
        state = np.zeros(E.STATE_SIZE, np.int32)
        E.init(state, config, game)
        turn = int(state[L.TURN])
        for _ in range(1500):
            if E.current_player(state) < 0:
                break
            E.play(state, int(rng.choice(legal(state))))
            if int(state[L.TURN]) != turn and state[L.PHASE] == L.FREE:
                turn = int(state[L.TURN])
                filled = [int(t) >= 0 for t in state[L.SLOTS:L.SLOTS + 4]]
                assert filled == sorted(filled, reverse=True)
                assert all(filled) or state[L.STACK_N] == 0
                checked += 1
    assert checked > 20


def test_scouts_quarters_face_down_draw_and_empty_stack():
    """S47, C10, C37: the top face-down tile for 1 weapon, seen by the taker only; without a
    tile to take the space cannot be used."""
    state = quiet(2)
    set_resources(state, 0, weapon=1)
    top = stack(state)[0]
    do(state, city("Scouts' Quarters"), option(0), L.A_SCOUT + 4)
    assert hand(state, 0) == [top] and state[L.TKNOWN + top - 1] == 1
    assert resources(state, 0)[R.WEAPON] == 0
    end_turn(state)
    state[L.STACK_N] = 0
    for k in range(4):
        tile = int(state[L.SLOTS + k])
        state[L.TLOC + tile] = L.LOC_BOX
        state[L.SLOTS + k] = -1
    assert city("Scouts' Quarters") not in legal(state)


def test_scouts_quarters_slot_cost_must_be_payable():
    state = quiet(2)
    do(state, city("Scouts' Quarters"), option(0))
    assert set(legal(state)) & {L.A_SCOUT + k for k in range(5)} == {L.A_SCOUT}


def test_monument_places_an_objective_paying_the_space():
    """S48, C4, C36: draw 3, place one on an empty space paying its cost for its PP, return the
    others on top or under; the draw is seen by the drawer only."""
    state = quiet(3)
    set_resources(state, 0, wisdom=2, weapon=1)
    for number in (75, 80, 84):
        objective_on_top(state, number)
    do(state, city("Dragonlord's Monument", RIDER))
    assert phase(state) == "monument_pick" and drawn_objectives(state) == [75, 80, 84]
    assert all(state[L.OKNOWN + o - 73] == 1 for o in (84, 80, 75))
    do(state, L.A_PICK + 1)  # #80
    assert phase(state) == "monument_space"
    spaces = {a - L.A_OBJ_SPACE for a in legal(state)}
    assert spaces == {0, 1, 2}  # spaces 4 and 5 need 2 weapons
    do(state, L.A_OBJ_SPACE + 2)  # 2 wisdom + 1 weapon -> 3 PP
    assert monument(state) == [0, 0, 80, 0, 0] and pp(state, 0) == 3
    assert state[L.OBJECTIVES_N] == 1
    assert phase(state) == "return"
    do(state, L.A_RETURN_TOP, L.A_RETURN_BOTTOM)  # #75 on top, then #84 under
    assert phase(state) == "free"
    n = int(state[L.OSTACK_N])
    assert int(state[L.OSTACK + n - 1]) + 73 == 75 and int(state[L.OSTACK]) + 73 == 84


def test_monument_placing_is_optional():
    state = quiet(2)
    do(state, city("Dragonlord's Monument", RIDER))
    assert L.A_PASS in legal(state) and L.A_PICK not in legal(state)  # nothing to pay with
    do(state, L.A_PASS)
    assert phase(state) == "return"
    do(state, L.A_RETURN_TOP, L.A_RETURN_TOP, L.A_RETURN_TOP)
    assert monument(state) == [0] * 5 and phase(state) == "free"


def test_monument_objective_swap():
    """S62, C22, C34: the one-shot swap takes an objective away; the new one goes on that
    space paying its cost; the old one goes back to the stack, known to all."""
    state = quiet(2)
    put_objective(state, 1, 73)
    give_dragon(state, 0, 69)  # type 10: third ability is the swap
    set_resources(state, 0, wisdom=1, weapon=1)
    objective_on_top(state, 84)
    do(state, city("Dragonlord's Monument", RIDER))
    do(state, L.A_PICK + drawn_objectives(state).index(84))
    assert {a - L.A_OBJ_SPACE for a in legal(state)} == {0, 1}
    do(state, L.A_OBJ_SPACE)  # occupied: the swap
    assert monument(state) == [84, 0, 0, 0, 0] and pp(state, 0) == 1
    assert slots_of(state, 69) == [1, 1, 2]  # one-shot: closed for good
    assert 73 in drawn_objectives(state)
    assert state[L.OKNOWN + 0] == L.ALL_SEATS
    while phase(state) == "return":
        do(state, L.A_RETURN_TOP)
    assert state[L.OBJECTIVES_N] == 1


def test_free_actions_during_the_scouts_quarters():
    """C28: at the Scouts' Quarters choice an ability may turn the wood just gained into the
    weapons that pay for a better slot."""
    state = quiet(2)
    give_dragon(state, 0, 61)  # type 6: 2 wood/stone (any mix) -> 3 weapons
    set_resources(state, 0, wood=1, wisdom=2)
    do(state, city("Scouts' Quarters"), option(1))  # a second wood
    assert L.A_SCOUT + 3 not in legal(state)
    do(state, L.A_ABILITY + (61 - 49) * 3 + 1)  # 2 wood -> 3 weapons
    assert phase(state) == "scout"
    assert L.A_SCOUT + 3 in legal(state)
    do(state, L.A_SCOUT + 3)
    assert pp(state, 0) == 3
