"""Texts (issue 10): each is written for a viewer and tells nothing it may not know; a person
can play from them."""

import numpy as np
import pytest

import dragon_env
from dragon_env import text as T
from dragon_env.engine import layout as L

from .scenario import legal
from .test_hidden_information import chest_twins, states_at


def test_a_third_seat_cannot_read_a_shut_chest_off_the_totals():
    """Same seed and moves, 0 vs 9 Gold in the chest: identical text for every third seat and
    the public; the two parties see the amount."""
    a, b = chest_twins(0, 9)
    assert a[L.STEP] == L.CHEST_RESPONSE
    for viewer in (T.PUBLIC, 2, 3, 4):
        assert T.render_text(a, viewer) == T.render_text(b, viewer)
    for action in legal(a):
        if action in legal(b):
            assert T.public_action_to_string(a, action) == T.public_action_to_string(b, action)
    assert "shut with 9 Gold" in T.render_text(b, 0)
    assert "shut with 9 Gold" in T.render_text(b, 1)
    assert "match the chest (pay 9 Gold)" in T.action_to_string(b, L.A_MATCH)


def test_digits_are_described_only_while_entered_and_only_to_the_entering_seat():
    state = next(states_at(L.BID_AMOUNT, 3, 30, seed=3, first_digit=True))
    digit = legal(state)[-1]
    assert "so far" in T.action_to_string(state, digit)
    assert T.public_action_to_string(state, digit) == "makes a sealed bid"
    other = next(states_at(L.ACTIVATE, 3, 2, seed=3))
    with pytest.raises(ValueError, match="not legal now"):
        T.action_to_string(other, L.A_DIGIT + 1)
    entering = int(state[L.ACTOR])
    assert "You are entering" in T.render_text(state, entering)
    assert "You are entering" not in T.render_text(state, (entering + 1) % 3)


def test_a_seat_sees_its_own_gold_knights_and_sealed_choice():
    state = next(s for s in states_at(L.CHOOSE_CONTRACT, 4, 3, seed=8) if s[L.TURN] == 2)
    first = int(state[L.START])
    mine = T.render_text(state, first)
    hold = state[L.HOLD + 2 * first:L.HOLD + 2 * first + 2]
    assert f"Player {first} (you): {hold[0]} Gold, {hold[1]} Knights" in mine
    assert "your choice: " + T.describe_contract(int(state[L.PENDING + first])) in mine
    other = T.render_text(state, (first + 2) % 4)
    assert "has made its choice" in other and "your choice" not in other
    assert "Gold and Knights hidden" in T.render_text(state, T.PUBLIC)


def test_render_seat_shows_that_seat_and_the_final_screen_the_tie_breaks():
    env = dragon_env.raw_env(num_players=3, render_mode="ansi", render_seat=2)
    env.reset(seed=4)
    assert "Player 2 (you): 0 Gold, 6 Knights" in env.render()
    rng = np.random.default_rng(1)
    while env.legal_actions():
        env.step(int(rng.choice(env.legal_actions())))
    text = env.render()
    assert "Game over" in text and "then Knights, then Gold break ties" in text
    for seat in range(3):
        gold, knights = env.engine_state[L.HOLD + 2 * seat:L.HOLD + 2 * seat + 2]
        assert f"player {seat} " in text and f"{knights} Knights, {gold} Gold" in text
