"""Rule scenarios at the AEC surface: illegal actions are refused and change nothing; bad options
are refused when the environment is built."""

import numpy as np
import pytest

from aquilon_env import raw_env
from aquilon_env.engine import layout as L

from .scenario import (
    COGNAR,
    A,
    F,
    S,
    T,
    W,
    bid_action,
    dwarf,
    dwarves,
    give_cognar,
    give_dwarf,
    ranks,
    set_taverns,
    settle_decks,
)

SHIELDS = dwarves(S)


def env_in(state_setup, num_players=3, seed=0):
    env = raw_env(num_players=num_players)
    env.reset(seed=seed)
    state = env.clone_state()
    state_setup(state)
    settle_decks(state)
    env.restore_state(state)
    return env


def assert_refused(env, action):
    before = env.clone_state()
    agent = env.agent_selection
    with pytest.raises(ValueError) as err:
        env.step(action)
    message = str(err.value)
    assert "legal" in message
    for a in env.legal_actions():
        assert str(a) in message
    np.testing.assert_array_equal(env.clone_state(), before)
    assert env.agent_selection == agent


def test_illegal_pick_of_an_empty_tavern_slot():
    """Active Lord's turn (p. 9): a card is chosen among the cards of the tavern being
    resolved; with 3 Lords the slots 3 and 4 are empty."""
    env = raw_env(num_players=3)
    env.reset(seed=0)
    for _ in range(3):
        env.step(env.legal_actions()[0])
    assert env.legal_actions() == [L.A_PICK, L.A_PICK + 1, L.A_PICK + 2]
    assert_refused(env, L.A_PICK + 3)
    assert_refused(env, L.A_BID)  # not the bidding phase any more
    assert_refused(env, -1)
    assert_refused(env, L.NUM_ACTIONS)


def test_illegal_recruit_of_a_cognar_already_taken():
    """Recruiting a Cognar (p. 9): only an available Cognar may be chosen. Third turn of Era 1:
    each Lord has recruited six cards; Lord 1 has made a line and taken Fey, Lord 0 lacks only
    a Forge card for a line."""

    def setup(state):
        forge = dwarf(F, 2, rune=1)
        pool = {o: [c for c in dwarves(o, era=1, five_lords=False) if c != forge]
                for o in (S, T, W, F, A)}
        state[L.TURN] = 2
        state[L.DECK1_POS] = 3 * 3 * 3
        give_dwarf(state, 0, *(pool[o].pop() for o in (S, T, W, A, S, T)))
        give_dwarf(state, 1, *(pool[o].pop() for o in (S, T, W, F, A, S)))
        give_cognar(state, 1, "Fey")
        give_dwarf(state, 2, *(pool[o].pop() for o in (T, W, W, A, A, S)))
        assert ranks(state, 0)[F] == 0 and min(ranks(state, 0)[:F] + ranks(state, 0)[A:]) > 0
        set_taverns(state, [forge, pool[S].pop(), pool[T].pop()],
                    [pool[S].pop(), pool[T].pop(), pool[W].pop()],
                    [pool[S].pop(), pool[T].pop(), pool[A].pop()])

    env = env_in(setup)
    for seat, bid in enumerate([(5, 4, 3), (4, 3, 2), (3, 2, 4)]):
        env.step(bid_action(env.clone_state(), seat, bid))
    env.step(L.A_PICK + 0)  # seat 0 takes the Forge card: a line
    assert L.A_RECRUIT + COGNAR["Fey"] not in env.legal_actions()
    assert_refused(env, L.A_RECRUIT + COGNAR["Fey"])
    assert_refused(env, L.A_RECRUIT + COGNAR["Ga'at"])  # the Ally only comes with Oberon


@pytest.mark.parametrize("n", [0, 1, 6, 2.0, True, "3"])
def test_number_of_lords_outside_2_to_5_refused(n):
    """Setup (p. 4): the game is for 2 to 5 Lords."""
    with pytest.raises(ValueError, match="num_players"):
        raw_env(num_players=n)


def test_unknown_option_refused():
    with pytest.raises(ValueError, match="unknown option"):
        raw_env(num_players=3, variant="expert")


def test_bad_reward_mode_refused():
    with pytest.raises(ValueError, match="reward_mode"):
        raw_env(num_players=3, reward_mode="points")
