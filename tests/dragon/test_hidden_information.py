"""Hidden information (D10, D30, M7, M10, M12, M15): each observation, the order of play and the
legal actions of a seat are functions of that seat's information only."""

import numpy as np
import pytest

from dragon_env import engine as E
from dragon_env.engine import layout as L
from dragon_env.engine.observation import GLOBAL_FEATURES, SEAT_FEATURES, TURN_AT
from tests.core.random_play import random_states

from .reference import check_invariants
from .scenario import (
    ARENA,
    CASTLE,
    HARBOR,
    at_phase2,
    begin,
    do,
    enter_amount,
    legal,
    observe,
    set_buildings,
    set_holdings,
)


def states_at(step, num_players, games, seed, first_digit=False):
    """States where `step` is asked (at the first digit of an entry if asked)."""
    for state in random_states("dragon", num_players, games=games, seed=seed, every=1):
        if state[L.STEP] != step:
            continue
        if first_digit and state[L.ENTRY_LEFT] != state[L.ENTRY_LEN]:
            continue
        yield state


def views(state, but):
    n = int(state[L.NUM_PLAYERS])
    return {v: observe(state, v).tobytes() for v in range(n) if v not in but}


def all_entries(state):
    """Every complete digit sequence from here: (final state, actor after each action)."""
    seat = int(state[L.ACTOR])
    found = []
    stack = [(state.copy(), [])]
    while stack:
        s, order = stack.pop()
        if s[L.ACTOR] != seat or s[L.STEP] not in (L.BID_AMOUNT, L.CHEST_AMOUNT):
            found.append((s, order))
            continue
        for action in legal(s):
            nxt = s.copy()
            E.play(nxt, action)
            stack.append((nxt, [*order, int(nxt[L.ACTOR])]))
    return found


@pytest.mark.parametrize("num_players", [3, 4, 5])
def test_a_contract_choice_changes_nothing_another_seat_sees(num_players):  # D12, M7
    for state in list(states_at(L.CHOOSE_CONTRACT, num_players, 3, seed=num_players))[:12]:
        seat = int(state[L.ACTOR])
        if state[L.TURN] == num_players - 1:
            continue  # the last choice starts the reveal
        seen = {}
        for action in legal(state):
            after = state.copy()
            E.play(after, action)
            assert after[L.ACTOR] == (seat + 1) % num_players  # the order ignores the choice
            for viewer, view in views(after, (seat,)).items():
                seen.setdefault(viewer, set()).add(view)
        assert all(len(s) == 1 for s in seen.values()), "a seat can tell another's Contract"


@pytest.mark.parametrize("num_players", [3, 5])
def test_a_bid_changes_nothing_another_seat_sees(num_players):  # D34, M4, M7
    checked = 0
    for state in states_at(L.BID_AMOUNT, num_players, 40, seed=10 + num_players,
                           first_digit=True):
        if state[L.TURN] == num_players - 1 or state[L.ENTRY_CAP] > 300:
            continue
        seat = int(state[L.ACTOR])
        before = views(state, (seat,))
        results = all_entries(state)
        assert len(results) == state[L.ENTRY_CAP] + 1  # every bid 0..holdings
        orders = {tuple(order) for _, order in results}
        assert len(orders) == 1  # same number of actions, same next seat, whatever the bid
        finals = {}
        for final, _ in results:
            for viewer, view in views(final, (seat,)).items():
                finals.setdefault(viewer, set()).add(view)
        assert all(len(s) == 1 for s in finals.values()), "a seat can tell another's bid"
        # While the bid is being entered, nobody else's view moves at all.
        partial = state.copy()
        E.play(partial, legal(partial)[-1])
        if partial[L.ACTOR] == seat:
            assert views(partial, (seat,)) == before
        checked += 1
        if checked >= 6:
            break
    assert checked > 0


@pytest.mark.parametrize("num_players", [4, 5])
def test_an_invasion_choice_changes_nothing_another_seat_sees(num_players):  # D42, M7
    checked = 0
    for state in states_at(L.INVASION, num_players, 60, seed=20 + num_players):
        seat = int(state[L.ACTOR])
        if state[L.TURN] == num_players - 1 or len(legal(state)) < 2:
            continue
        seen = {}
        for action in legal(state):
            after = state.copy()
            E.play(after, action)
            assert after[L.ACTOR] == (seat + 1) % num_players
            for viewer, view in views(after, (seat,)).items():
                seen.setdefault(viewer, set()).add(view)
        assert all(len(s) == 1 for s in seen.values())
        checked += 1
        if checked >= 8:
            break
    assert checked > 0


def chest_twins(x1, x2):
    """Two 5-player games that differ only in the amount seat 0 puts in a Harbor chest to
    seat 1."""
    state = at_phase2(5, start=0)
    for seat in range(5):
        set_buildings(state, seat, {HARBOR: 1, CASTLE: 1, ARENA: 1})
        set_holdings(state, seat, 40, 12)
    begin(state)
    do(state, L.A_ACTIVATE + HARBOR, L.A_CHEST_TARGET + 0, L.A_CHEST_BUILDING + CASTLE)
    a, b = state.copy(), state.copy()
    enter_amount(a, x1)
    enter_amount(b, x2)
    return a, b


def test_the_chest_amount_reaches_only_its_two_parties():  # D30, M10
    a, b = chest_twins(7, 23)
    chest_x = TURN_AT + 31
    for viewer in range(5):
        va, vb = observe(a, viewer), observe(b, viewer)
        if viewer in (0, 1):
            assert va[chest_x] == np.float32(7 / 50) and vb[chest_x] == np.float32(23 / 50)
        else:
            np.testing.assert_array_equal(va, vb)
            assert va[chest_x] == 0.0


@pytest.mark.parametrize("response", [L.A_ACCEPT, L.A_MATCH])
def test_hidden_holdings_never_reach_a_third_seat(response):  # D10, D30, M15
    """After chests of different amounts, the two games are played on in lockstep (each seat
    picking among the actions legal in both): the third seats see the same and are asked the
    same, up to the first Invasion or interest payment, which may reveal holdings."""
    a, b = chest_twins(3, 11)
    do(a, response)
    do(b, response)
    rng = np.random.default_rng(1)
    compared = 0
    while a[L.STEP] not in (L.INVASION, L.OVER) and a[L.ROUND] == 2:
        assert a[L.ACTOR] == b[L.ACTOR] and a[L.STEP] == b[L.STEP]
        for viewer in (2, 3, 4):
            np.testing.assert_array_equal(observe(a, viewer), observe(b, viewer))
        common = sorted(set(legal(a)) & set(legal(b)))
        if int(a[L.ACTOR]) in (2, 3, 4):
            assert legal(a) == legal(b)
        action = int(rng.choice(common))
        E.play(a, action)
        E.play(b, action)
        compared += 1
    assert compared >= 5
    assert not np.array_equal(a[L.HOLD:L.HOLD + 4], b[L.HOLD:L.HOLD + 4])


def test_only_the_two_parties_see_the_amount_in_their_knowledge():  # M15
    a, b = chest_twins(3, 11)
    do(a, L.A_ACCEPT)
    do(b, L.A_ACCEPT)
    gold_of_1 = GLOBAL_FEATURES + 1 * SEAT_FEATURES + 32  # seat 1 as seen by seat 0
    assert observe(a, 0)[gold_of_1] != observe(b, 0)[gold_of_1]
    block_of_0 = GLOBAL_FEATURES + 3 * SEAT_FEATURES  # seat 0 as seen by seat 2
    assert observe(a, 2)[block_of_0 + 34] == 0.0  # no longer exact for a third seat


@pytest.mark.parametrize("num_players", [3, 4, 5])
def test_determinization_keeps_the_view_and_the_rules(num_players):  # M12
    changed = 0
    for i, state in enumerate(random_states("dragon", num_players, games=8, seed=30 + num_players)):
        for viewer in range(num_players):
            other = state.copy()
            E.determinize(other, viewer, 1000 + i)
            np.testing.assert_array_equal(observe(state, viewer), observe(other, viewer))
            check_invariants(other)
            if E.current_player(state) == viewer:
                assert legal(state) == legal(other)
            own = [L.HOLD + 2 * viewer, L.HOLD + 2 * viewer + 1, L.HAND + viewer,
                   L.PENDING + viewer]
            assert list(state[own]) == list(other[own])
            changed += not np.array_equal(state[L.HOLD:L.HOLD + 10], other[L.HOLD:L.HOLD + 10])
    assert changed > 0


@pytest.mark.parametrize("response", [L.A_ACCEPT, L.A_MATCH])
def test_games_a_seat_cannot_tell_apart_determinize_alike(response):  # M12
    """Two games played alike but for a chest amount: for every third seat, at every decision
    of the lockstep play, the same seed gives the same state."""
    a, b = chest_twins(3, 11)
    rng = np.random.default_rng(2)
    compared = 0
    while a[L.STEP] not in (L.INVASION, L.OVER) and a[L.ROUND] == 2:
        for viewer in (2, 3, 4):
            da, db = a.copy(), b.copy()
            E.determinize(da, viewer, 77)
            E.determinize(db, viewer, 77)
            np.testing.assert_array_equal(da, db)
        if a[L.STEP] == L.CHEST_RESPONSE:
            action = response
        else:
            action = int(rng.choice(sorted(set(legal(a)) & set(legal(b)))))
        E.play(a, action)
        E.play(b, action)
        compared += 1
    assert compared >= 5


def test_determinized_games_play_on_to_the_end():
    rng = np.random.default_rng(3)
    for i, state in enumerate(random_states("dragon", 4, games=3, seed=50, every=17)):
        other = state.copy()
        E.determinize(other, int(rng.integers(4)), i)
        while E.current_player(other) >= 0:
            E.play(other, int(rng.choice(legal(other))))
        check_invariants(other)


def test_determinize_redraws_stacks_holdings_choices_and_a_shut_chest():  # M12
    a, _ = chest_twins(9, 9)  # seat 1 is to respond to seat 0's chest of 9 Gold
    stacks, gold, chest = set(), set(), set()
    for seed in range(40):
        d = a.copy()
        E.determinize(d, 3, seed)
        stacks.add(d[L.STACKS:L.STACKS + 60].tobytes())
        gold.add((int(d[L.HOLD]), int(d[L.HOLD + 2])))
        chest.add(int(d[L.CHEST_X]))
        assert d[L.HOLD] + d[L.HOLD + 2] + d[L.CHEST_X] == a[L.HOLD] + a[L.HOLD + 2] + 9
        for party in (0, 1):
            p = a.copy()
            E.determinize(p, party, seed)
            assert p[L.CHEST_X] == 9 and p[L.HOLD] == a[L.HOLD] and p[L.HOLD + 2] == a[L.HOLD + 2]
    assert len(stacks) == 40 and len(gold) > 10 and len(chest) > 10
    picks = set()
    for state in states_at(L.CHOOSE_CONTRACT, 4, 2, seed=5):
        if state[L.TURN] >= 2:
            for seed in range(30):
                d = state.copy()
                E.determinize(d, int(state[L.ACTOR]), seed)
                picks.add(int(d[L.PENDING + int(state[L.START])]))
            break
    assert len(picks) > 3


def test_state_view_sees_everything():  # the full view (-1) for centralised critics
    a, b = chest_twins(4, 30)
    full = observe(a, -1)
    assert full.min() >= -1.0 and full.max() <= 1.0
    for seat in range(5):
        block = GLOBAL_FEATURES + seat * SEAT_FEATURES
        assert full[block + 32] == np.float32(a[L.HOLD + 2 * seat] / 100)
        assert full[block + 34] == 1.0
    assert full[TURN_AT + 31] == np.float32(4 / 50)
    assert not np.array_equal(full, observe(b, -1))
