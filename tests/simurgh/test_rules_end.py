"""Rule scenarios: the end of the game and the scoring (S63-S71, C5, C6, C9, C41, C42)."""

import numpy as np
import pytest

from simurgh_env import engine as E
from simurgh_env.engine import layout as L
from tabletop_core.rewards import MARGIN, RANK, final_rewards

from .reference import reference_score
from .scenario import (
    RIDER,
    actor,
    city,
    do,
    end_turn,
    give_dragon,
    lay_tile,
    legal,
    objective_on_top,
    pass_turn,
    phase,
    put_objective,
    quiet,
    retrieve,
    score,
    set_resources,
    set_slots,
    space,
    stand,
)


def finals(state):
    n = int(state[L.NUM_PLAYERS])
    scores = np.zeros(n)
    keys = np.zeros(n, np.int64)
    E.final_scores(state, scores, keys)
    return scores.tolist(), keys.tolist()


def fill_chronicle(state, count):
    """Put `count` tiles in the Chronicle (from the box, without effects)."""
    for tile in range(48):
        if count == int(state[L.CHRONICLE_N]):
            return
        if state[L.TLOC + tile] == L.LOC_BOX:
            state[L.TLOC + tile] = L.LOC_CHRONICLE
            state[L.TIDX + tile] = state[L.CHRONICLE_N]
            state[L.CHRONICLE_N] += 1


@pytest.mark.parametrize("length, tiles", [("short", 8), ("medium", 11), ("long", 14)])
def test_chronicle_end_then_one_more_turn_for_every_other_player(length, tiles):
    """S66, S67, C42: the Chronicle's count triggers the end at once; the player finishes the
    turn, then each other player has exactly one more turn."""
    state = quiet(3, seed=2, length=length)
    pass_turn(state)  # seat 0
    fill_chronicle(state, tiles - 1)
    lay_tile(state, 1, 1)
    stand(state, 1, space(1, 0), RIDER)
    do(state, retrieve(space(1, 0), RIDER))  # seat 1 empties the tile
    assert state[L.CHRONICLE_N] == tiles and state[L.END_SEAT] == 1
    do(state, L.A_PASS)
    end_turn(state)
    assert actor(state) == 2
    pass_turn(state)
    assert actor(state) == 0
    pass_turn(state)
    assert phase(state) == "over" and actor(state) == -1 and legal(state) == []


def test_one_short_of_the_chronicle_goes_on():
    state = quiet(2)
    fill_chronicle(state, 7)
    for _ in range(4):
        pass_turn(state)
    assert state[L.END_SEAT] == -1 and phase(state) == "free"


@pytest.mark.parametrize("length, objectives", [("short", 4), ("medium", 4), ("long", 5)])
def test_monument_end(length, objectives):
    """S66: 4 objectives at the Monument end a short or medium game, 5 a long one."""
    state = quiet(2, length=length)
    for k in range(objectives - 1):
        put_objective(state, k + 1, 73 + k)
    set_resources(state, 0, wisdom=3, weapon=2)
    objective_on_top(state, 84)
    do(state, city("Dragonlord's Monument", RIDER), L.A_PICK)
    if phase(state) == "monument_space":
        do(state, L.A_OBJ_SPACE + objectives - 1)
    assert state[L.OBJECTIVES_N] == objectives and state[L.END_SEAT] == 0
    while phase(state) == "return":
        do(state, L.A_RETURN_TOP)
    end_turn(state)
    pass_turn(state)
    assert phase(state) == "over"


def test_a_later_trigger_changes_nothing():
    state = quiet(3)
    fill_chronicle(state, 8)
    state[L.END_SEAT] = 0
    state[L.FINAL_LEFT] = 3
    pass_turn(state)
    fill_chronicle(state, 9)
    pass_turn(state)
    pass_turn(state)
    assert phase(state) == "over" and state[L.END_SEAT] == 0


def test_spearman_resource_points():
    """S69: 1 PP per full 3 resources."""
    state = quiet(2)
    state[L.PP] = 10
    set_resources(state, 0, vegetable=4, stone=4)
    assert score(state, 0) == 10 + 2
    set_resources(state, 0, vegetable=4, stone=5)
    assert score(state, 0) == 10 + 3


@pytest.mark.parametrize("held, points", [(0, 5), (1, 3), (3, 3), (4, 1), (6, 1), (7, 0), (12, 0)])
def test_dragonlord_resource_points(held, points):
    """S70, C6: 0: 5 PP; 1-3: 3; 4-6: 1; 7 or more: 0."""
    state = quiet(2, mode="dragonlord")
    set_resources(state, 1, meat=held)
    assert score(state, 1) == points


def test_objectives_places_ties_and_zero_values():
    """S64, S65, C5: markers on the depicted dragons; ties share the place and skip the next;
    a value of 0 scores nothing; #84 has no third place."""
    state = quiet(4)
    put_objective(state, 1, 73)  # types 0 and 6: 8 / 4 / 3 PP
    give_dragon(state, 0, 49)  # type 0, 3 markers
    give_dragon(state, 1, 50, markers=2)
    give_dragon(state, 1, 61, markers=1)  # type 6
    give_dragon(state, 2, 62, markers=1)
    give_dragon(state, 3, 51)  # type 1: not depicted
    assert [score(state, s) for s in range(4)] == [8, 8, 3, 0]  # tie for first, then third
    put_objective(state, 2, 84)  # vegetables + meat: 6 / 4 / n/a
    set_resources(state, 0, vegetable=2)
    set_resources(state, 1, meat=1)
    set_resources(state, 2, vegetable=1)
    assert [score(state, s) for s in range(4)] == [8 + 6, 8 + 4, 3 + 4, 0]
    for seat in range(4):
        assert score(state, seat) == reference_score(state, seat)


def test_objectives_on_all_dragons():
    state = quiet(3)
    put_objective(state, 1, 83)  # all dragons: 14 / 7 / 3
    give_dragon(state, 0, 49, markers=1)
    give_dragon(state, 0, 51, markers=1)
    give_dragon(state, 1, 53, markers=3)
    set_slots(state, 53, [1, 1, 1])
    give_dragon(state, 2, 55, markers=1)
    assert [score(state, s) for s in range(3)] == [7, 14, 3]


def tied_table(ties):
    """Three seats on 20 PP with 2, 3 and 2 ability markers, and a fourth on 19 with 5."""
    state = quiet(4, ties=ties)
    for seat, (pp, dragon, markers) in enumerate(((20, 49, 2), (20, 51, 3), (20, 53, 2),
                                                  (19, 55, 3))):
        state[L.PP + seat] = pp
        give_dragon(state, seat, dragon, markers=markers)
    give_dragon(state, 3, 57, markers=2)
    return state


def rewards(state, mode):
    scores, keys = finals(state)
    out = np.zeros(4)
    final_rewards(np.array(scores), np.array(keys, np.int64), 4, mode, out)
    return out.tolist()


def test_final_ties_are_shared_wins_by_default():
    """S71 (L851-856): players with the same number of points share the win; markers do not
    part them unless the `ties="markers"` option says the tied players refuse to share."""
    state = tied_table("share")
    scores, keys = finals(state)
    assert scores == [20, 20, 20, 19]
    assert keys[0] == keys[1] == keys[2] > keys[3]
    # Rank: the three winners share places 1-3 (+1, +1/3, -1/3 averaged), the last gets -1.
    assert rewards(state, RANK) == pytest.approx([1 / 3, 1 / 3, 1 / 3, -1])
    margin = rewards(state, MARGIN)
    assert margin[0] == margin[1] == margin[2] == pytest.approx(20 - (40 + 19) / 3)
    assert margin[3] == pytest.approx(19 - 20)


def test_final_ties_broken_by_markers_when_refused():
    """S71 (L853-856), C9: with ties="markers" equal scores are placed by ability markers
    (the fourth seat's 5 markers do not lift it over a better score); equal markers share."""
    state = tied_table("markers")
    scores, keys = finals(state)
    assert scores == [20, 20, 20, 19]
    assert keys == [20 * 128 + 2, 20 * 128 + 3, 20 * 128 + 2, 19 * 128 + 5]
    assert rewards(state, RANK) == pytest.approx([0, 1, 0, -1])
    margin = rewards(state, MARGIN)
    assert margin[1] > margin[0] == margin[2] > margin[3]
