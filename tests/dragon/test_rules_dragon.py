"""Rule scenarios: Phase 4, the Dragon and interest (D45-D49), the end of the game (D50-D54)
and the Start Player (D53)."""

import pytest

from dragon_env.engine import layout as L

from .scenario import (
    ARENA,
    CASTLE,
    CITY_HALL,
    GUILD,
    HARBOR,
    TEMPLE,
    TK,
    at_phase2,
    buildings,
    calm_stacks,
    gold,
    run_to,
    set_buildings,
    set_holdings,
    set_slot,
    set_stack,
    set_tucked,
    step,
    tile,
)


def before_phase4(num_players=4, start=0, dragon=0, calendars=()):
    """A round-2 game right after Phase 3, with these stacks' Calendars face up."""
    state = at_phase2(num_players, start=start)
    calm_stacks(state)
    state[L.DRAGON] = dragon
    for t in calendars:
        set_slot(state, t, tile(t, kind=TK.CALENDAR))
    return state


def test_one_step_without_calendars():  # D47, D48
    state = before_phase4(4, dragon=0)
    set_tucked(state, 0, {CASTLE: 10, HARBOR: 7})
    set_holdings(state, 0, gold=30)
    run_to(state, L.AUTO_PHASE4)
    assert state[L.DRAGON] == 1 and gold(state, 0) == 20
    assert state[L.INTEREST_PAID] == 10


def test_calendars_add_steps_as_in_the_rulebook_example():  # D45, D47, rulebook Phase 4
    state = before_phase4(4, dragon=0, calendars=(ARENA,))
    set_tucked(state, 0, {CASTLE: 10, HARBOR: 7})
    set_holdings(state, 0, gold=17)
    run_to(state, L.AUTO_PHASE4)
    assert gold(state, 0) == 0 and state[L.BANKRUPT] == 0  # PAY 17 GOLD
    assert state[L.DRAGON] == 2


def test_the_ring_wraps_and_skips_the_guild_at_three_players():  # D3, D47, C5
    state = before_phase4(3, dragon=3, calendars=(CASTLE, HARBOR))
    set_tucked(state, 1, {CITY_HALL: 2, ARENA: 3, CASTLE: 5, GUILD: 100})
    set_holdings(state, 1, gold=40)
    run_to(state, L.AUTO_PHASE4)
    assert gold(state, 1) == 40 - 2 - 3 - 5  # City Hall, Arena, Castle
    assert state[L.DRAGON] == 1


def test_six_sided_ring_passes_the_guild_before_the_arena():  # C5
    state = before_phase4(5, dragon=4, calendars=(TEMPLE,))
    set_tucked(state, 2, {GUILD: 4, ARENA: 6})
    set_holdings(state, 2, gold=20)
    run_to(state, L.AUTO_PHASE4)
    assert gold(state, 2) == 10 and state[L.DRAGON] == 0


def test_more_steps_than_stacks_pass_a_stack_twice():  # D47, A18
    calendars = (CASTLE, HARBOR, TEMPLE, CITY_HALL, ARENA)
    state = before_phase4(3, dragon=0, calendars=calendars)
    set_tucked(state, 0, {CASTLE: 4, HARBOR: 1})
    set_holdings(state, 0, gold=50)
    run_to(state, L.AUTO_PHASE4)
    assert gold(state, 0) == 50 - 2 * 4 - 1  # 6 steps on 5 sides: Castle twice
    assert state[L.DRAGON] == 1


def test_interest_is_due_on_lost_buildings():  # D48, A5
    state = before_phase4(4, dragon=0)
    set_buildings(state, 0, {})
    set_tucked(state, 0, {CASTLE: 9})
    set_holdings(state, 0, gold=9)
    run_to(state, L.AUTO_PHASE4)
    assert gold(state, 0) == 0 and state[L.BANKRUPT] == 0


def test_bankruptcy_pays_everything_and_ends_the_game():  # D49, D50, D54, C12
    state = before_phase4(4, dragon=0)
    set_tucked(state, 1, {CASTLE: 14})
    set_holdings(state, 1, gold=13, knights=4)
    set_buildings(state, 1, {HARBOR: 3})
    set_tucked(state, 2, {CASTLE: 5})
    set_holdings(state, 2, gold=5)
    run_to(state, L.AUTO_PHASE4)
    assert gold(state, 1) == 0 and state[L.BANKRUPT + 1] == 1
    assert state[L.INTEREST_PAID + 1] == 13
    assert gold(state, 2) == 0 and state[L.BANKRUPT + 2] == 0  # everyone else still pays
    assert step(state) == L.OVER and state[L.ACTOR] == -1
    assert buildings(state, 1) == [0] * 6  # the Dragon destroys the Kingdom


@pytest.mark.parametrize("count, ends", [(9, False), (10, True), (12, True)])
def test_ten_buildings_end_the_game_even_without_interest(count, ends):  # D50, A19
    state = before_phase4(4, dragon=0)
    state[L.NO_INTEREST] = 1
    set_buildings(state, 3, {CASTLE: count - 4, ARENA: 4})
    run_to(state, L.AUTO_PHASE4)
    assert state[L.DRAGON] == 0  # no interest: the Dragon stays (D46)
    assert (step(state) == L.OVER) == ends


def test_empty_face_down_stacks_end_the_game():  # D50, D51, C11
    state = before_phase4(3, dragon=0)
    for t in range(5):
        set_stack(state, t, [])
    set_slot(state, CASTLE, tile(CASTLE, 13))  # face-up tiles do not count
    run_to(state, L.AUTO_PHASE4)
    assert step(state) == L.OVER


def test_start_player_passes_clockwise():  # D52, D53, C6
    state = before_phase4(5, start=4)
    run_to(state, L.AUTO_PHASE4)
    assert state[L.START] == 0 and state[L.ROUND] == 3
    assert step(state) == L.CHOOSE_CONTRACT and state[L.ACTOR] == 0


def test_calendars_are_counted_after_the_refill():  # D45, A17, D39
    state = at_phase2(4, start=0)
    calm_stacks(state)
    set_slot(state, CASTLE, tile(CASTLE, kind=TK.CALENDAR))  # face up now: discarded first
    top = int(state[L.STACK_TOP + HARBOR])
    rest = [int(k) for k in state[L.STACKS + HARBOR * 10 + top:L.STACKS + HARBOR * 10 + 10]]
    calendar = tile(HARBOR, kind=TK.CALENDAR)
    rest.remove(calendar)
    set_stack(state, HARBOR, [calendar, *rest])  # turned up in this Phase 3: counts
    set_tucked(state, 0, {CASTLE: 1, HARBOR: 10, TEMPLE: 100})
    set_holdings(state, 0, gold=11)
    run_to(state, L.AUTO_PHASE3)
    assert gold(state, 0) == 0 and state[L.DRAGON] == 2  # Castle and Harbor, not Temple
