"""Rule scenarios: action tiles in the Wilds, their families and their removal to the
Chronicle (S29-S33, S44, C1, C11, C18, C27)."""

import pytest

from simurgh_env.engine import layout as L

from .scenario import (
    RIDER,
    SPEARMAN,
    R,
    area,
    area_tile,
    chronicle,
    city,
    do,
    dragons,
    end_turn,
    give_dragon,
    give_tile,
    hand,
    lay_tile,
    legal,
    option,
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


def test_placing_a_tile_takes_the_area_bonus_then_a_vassal_goes_on_it():
    """S29, S30, C1: tile from the hand face up on an empty open area, the area's bonus, then
    the turn's vassal on that tile."""
    state = quiet(3)
    give_tile(state, 0, 5)  # production: multi 1 wood or 1 stone; singles 4 wood, 3 stone, ...
    assert play_tile(5) in legal(state)
    do(state, play_tile(5))
    assert phase(state) == "tile_area"
    assert {a - L.A_AREA + 1 for a in legal(state)} == {1, 2, 3, 4, 5}  # area 6 is covered
    do(state, area(2))  # 1 vegetable or 1 meat
    assert phase(state) == "gain_option"
    do(state, option(1))
    assert resources(state, 0)[R.MEAT] == 1
    assert area_tile(state, 2) == 5 and hand(state, 0) == []
    assert state[L.TKNOWN + 4] == L.ALL_SEATS
    assert phase(state) == "tile_vassal"
    assert {a // 2 for a in legal(state)} == {space(2, i) for i in range(4)}
    do(state, place(space(2, 1), RIDER))  # single: 4 wood
    assert resources(state, 0)[R.WOOD] == 4
    assert phase(state) == "free" and state[L.MAIN_DONE] == 1
    assert L.A_END_TURN in legal(state)


def test_only_one_tile_per_turn_and_only_before_the_main_action():
    state = quiet(3)
    give_tile(state, 0, 5)
    give_tile(state, 0, 7)
    do(state, play_tile(5), area(1), option(0), place(space(1, 0)))
    assert play_tile(7) not in legal(state)


def test_a_tile_needs_a_legal_vassal_placement():
    """S29 step 4, C11: no tile without a vassal that can go on it: an exploration tile needs
    a dragonrider and its move cost; a transformation tile resources to exchange."""
    state = quiet(2)
    give_tile(state, 0, 37)  # exploration: move cost 2 wisdom
    give_tile(state, 0, 26)  # transformation: every space costs PP
    set_resources(state, 0, wisdom=2)
    assert play_tile(37) in legal(state) and play_tile(26) not in legal(state)
    set_vassals(state, 0, 1, 0)
    assert play_tile(37) not in legal(state)
    state[L.PP] = 1
    assert play_tile(26) in legal(state)


def test_the_area_bonus_can_make_the_placement_possible():
    """C11: the weapon of area 4 pays for a space needing 1 weapon; the other areas then are
    not offered, and a bonus option that does not help is not either."""
    state = quiet(2)
    give_tile(state, 0, 27)  # transformation: single 1 weapon -> 4 wood/stone, ...
    set_vassals(state, 0, 1, 0)  # a spearman only: the DR spaces are out
    assert play_tile(27) in legal(state)
    do(state, play_tile(27))
    assert {a - L.A_AREA + 1 for a in legal(state)} == {4}
    do(state, area(4))
    assert resources(state, 0)[R.WEAPON] == 1
    assert legal(state) == [place(space(4, 1))]


def test_clearing_a_tile_with_a_weapon():
    """S29 step 1, S44 c, C27: only when no open area is empty, never an exploration tile; its
    vassals go home (the actor's cannot be placed again this turn); it goes to the Chronicle."""
    state = quiet(2)
    for a, number in ((1, 1), (2, 2), (3, 3), (4, 37)):
        lay_tile(state, a, number)
    stand(state, 1, space(1, 0), SPEARMAN)
    stand(state, 0, space(2, 0), SPEARMAN)
    stand(state, 1, space(3, 0), RIDER)
    stand(state, 0, space(4, 0), RIDER)
    give_tile(state, 0, 8)
    set_vassals_free_extra(state)
    assert play_tile(8) not in legal(state)  # no weapon
    set_resources(state, 0, weapon=1)
    do(state, play_tile(8))
    assert {a - L.A_AREA + 1 for a in legal(state)} == {1, 2, 3}
    do(state, area(2), option(0))
    assert chronicle(state) == [2] and area_tile(state, 2) == 8
    assert vassals(state, 0, SPEARMAN) == (2, 2) and state[L.BLOCKED + SPEARMAN] == 1
    assert resources(state, 0)[R.WEAPON] == 0
    # The spearman that came back cannot be placed; the other one can.
    do(state, place(space(2, 0), SPEARMAN))
    end_turn(state)
    assert state[L.BLOCKED] == 0


def set_vassals_free_extra(state):
    """Give seat 0 a second, unplaced spearman."""
    state[L.OWNED + 0] += 1
    state[L.UNPLACED + 0] += 1


@pytest.mark.parametrize("players, fill", [(2, 3), (3, 3), (4, 4), (5, 4)])
def test_a_full_tile_goes_to_the_chronicle(players, fill):
    """S44 b, C18: 3 vassals (2-3 players) or 4 fill a tile, multi spaces included; the effect
    of the vassal that fills it is resolved first and the vassals go home."""
    state = quiet(players)
    lay_tile(state, 1, 1)
    seat = 1
    for _ in range(fill - 1):
        state[L.OWNED + seat * 2] += 1
        state[L.UNPLACED + seat * 2] += 1
        stand(state, seat, space(1, 0), SPEARMAN)  # the multi space
    do(state, place(space(1, 1)))  # 4 meat
    assert resources(state, 0)[R.MEAT] == 4
    assert area_tile(state, 1) == 0 and chronicle(state) == [1]
    assert vassals(state, 0, SPEARMAN) == (1, 1)
    assert vassals(state, seat, SPEARMAN)[1] == fill


def test_an_empty_tile_goes_to_the_chronicle_after_a_retrieval():
    """S44 a, C19: retrieving the last vassal of a tile removes it at once."""
    state = quiet(2)
    lay_tile(state, 1, 1)
    lay_tile(state, 2, 2)
    stand(state, 0, space(1, 0), SPEARMAN)
    stand(state, 0, space(2, 0), RIDER)
    do(state, retrieve(space(1, 0), SPEARMAN))
    assert phase(state) == "retrieve" and chronicle(state) == [1]
    assert L.A_PLACE not in legal(state)
    do(state, retrieve(space(2, 0), RIDER), L.A_PASS)
    assert chronicle(state) == [1, 2] and state[L.MAIN_DONE] == 2
    assert vassals(state, 0, SPEARMAN) == (1, 1) and vassals(state, 0, RIDER) == (1, 1)


def test_single_spaces_and_dragonrider_spaces_on_tiles():
    """S21, S22, S33: a single space holds one vassal; DR spaces refuse spearmen; a player may
    have several vassals on one tile."""
    state = quiet(2)
    lay_tile(state, 1, 4)  # all-DR production tile
    lay_tile(state, 2, 1)
    stand(state, 1, space(2, 1), SPEARMAN)
    set_vassals(state, 0, 2, 1)
    options = legal(state)
    assert place(space(1, 0), SPEARMAN) not in options
    assert place(space(1, 0), RIDER) in options
    assert place(space(2, 1), SPEARMAN) not in options and place(space(2, 1), RIDER) not in options
    assert place(space(2, 2), SPEARMAN) in options


def test_research_tile_draws_dragons():
    """S31, S28: #14's 2 wisdom -> draw 3 dragons, keep 1 with 1 marker."""
    state = quiet(2)
    lay_tile(state, 1, 14)
    stand(state, 1, space(1, 1), SPEARMAN)
    set_resources(state, 0, wisdom=2)
    do(state, place(space(1, 2)))
    assert phase(state) == "keep" and state[L.DDRAW_N] == 3
    do(state, L.A_PICK + 2)
    (kept,) = dragons(state, 0)
    assert sum(s == 1 for s in slots_of(state, kept)) == 1
    do(state, L.A_RETURN_TOP, L.A_RETURN_TOP)
    assert phase(state) == "free"


def test_transformation_tile_spends_a_dragonrider():
    """S26, S31: #21's multi DR space: spend 1 dragonrider -> 6 meat; the rider placed there
    cannot be the one spent; an unplaced one goes first."""
    state = quiet(2)
    lay_tile(state, 1, 21)
    stand(state, 1, space(1, 1), RIDER)
    set_vassals(state, 0, 0, 1)
    assert place(space(1, 0), RIDER) not in legal(state)  # only the rider being placed
    set_vassals(state, 0, 0, 2)
    do(state, place(space(1, 0), RIDER))
    assert resources(state, 0)[R.MEAT] == 6
    assert vassals(state, 0, RIDER) == (1, 0)  # the unplaced one was spent


def test_power_tile_and_three_space_tiles():
    """S31, S32: power tiles turn resources into PP; #20 and #28 have three spaces."""
    state = quiet(2)
    lay_tile(state, 1, 29)
    set_resources(state, 0, wood=3, stone=3)
    do(state, place(space(1, 3)))  # 3 wood + 3 stone -> 11 PP
    assert pp(state, 0) == 11
    end_turn(state)
    lay_tile(state, 2, 20)
    options = legal(state)
    assert place(space(2, 3), SPEARMAN) not in options  # no fourth space
    assert place(space(2, 1), SPEARMAN) in options


def test_power_tiles_are_played_from_the_hand_only():
    """S31: power tiles reach the Wilds from the hand (they are never in the stack)."""
    state = quiet(2)
    give_tile(state, 0, 30)
    do(state, play_tile(30), area(3))
    assert resources(state, 0)[R.WISDOM] == 1  # area 3: 1 wisdom
    do(state, place(space(3, 0)))  # multi: 2 PP
    assert pp(state, 0) == 2
    assert city("Armory") not in legal(state)


def test_a_bonus_ability_may_not_undo_the_placement_of_the_tile():
    """C11, C30: at the area bonus, a bonus ability whose marker is needed to pay for the only
    space the tile offers cannot be used (#27 pays with a marker; #71 has the only one)."""
    state = quiet(2)
    give_tile(state, 0, 27)
    give_dragon(state, 0, 71, markers=1)  # +1 vegetable or meat
    set_vassals(state, 0, 0, 1)
    do(state, play_tile(27), area(2), option(0))  # a vegetable: #71 would apply
    assert phase(state) == "tile_vassal"  # the bonus was not offered
    assert legal(state) == [place(space(2, 0), RIDER)]
