"""Bots: legal actions only, no hidden information read, search finds the obvious."""

import numpy as np
import pytest

import aquilon_env
from agents.bot import SeatView, seat_view
from agents.bots import HeuristicBot, ISMCTSBot, RandomBot, make_bot
from agents.records import play_game

GAMES = ["aquilon"]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("bots", [["random", "heuristic"], ["ismcts:30", "heuristic", "random"]])
def test_bots_only_play_legal_actions(game, bots):
    # play_game goes through the AEC env, which raises on any illegal action.
    record = play_game(game, len(bots), bots, seed=3)
    assert len(record.actions) > 50
    assert len(record.scores) == len(bots)


def _twin_view(env, seat, seed):
    """A view of `seat` whose hidden parts differ from the real game's."""
    view = seat_view(env, seat)
    twin_state = view.sample_state(seed)
    return view, SeatView(env.game, env.num_players, seat, view.observation,
                          view.action_mask, twin_state)


@pytest.mark.parametrize("make", [lambda: RandomBot(5), lambda: HeuristicBot(5)])
def test_decisions_do_not_depend_on_hidden_information(make):
    env = aquilon_env.raw_env(num_players=3)
    env.reset(seed=12)
    rng = np.random.default_rng(0)
    checked = 0
    while not all(env.terminations.values()):
        seat = env.possible_agents.index(env.agent_selection)
        view, twin = _twin_view(env, seat, seed=checked + 100)
        assert make().act(view) == make().act(twin)
        env.step(int(rng.choice(env.legal_actions())))
        checked += 1
    assert checked > 80  # a whole game


def test_ismcts_reports_its_budget_and_unknown_bots_are_refused():
    bot = make_bot("ismcts:50", seed=1)
    assert isinstance(bot, ISMCTSBot) and bot.iterations == 50
    timed = make_bot("ismcts:0.05s", seed=1)
    assert timed.seconds == 0.05
    env = aquilon_env.raw_env(num_players=2)
    env.reset(seed=1)
    action = timed.act(seat_view(env, 0))
    assert env._mask[action]
    assert timed.iterations_run > 10
    for bad in ("minimax", "ismcts:fast", "random:3"):
        with pytest.raises(ValueError, match="unknown bot"):
            make_bot(bad)


def test_heuristic_takes_the_card_worth_most_to_it():
    env = aquilon_env.raw_env(num_players=2)
    env.reset(seed=2)
    heuristic = HeuristicBot(0)
    # Bid, then at the first pick compare with the best one-step Bravery gain.
    from agents.heuristics.aquilon import card_gain
    from aquilon_env.engine import layout as L

    while env._state[L.PHASE] != L.PICK:
        env.step(heuristic.act(seat_view(env, env.possible_agents.index(env.agent_selection))))
    seat = env.possible_agents.index(env.agent_selection)
    state = env._state
    tavern = state[L.TAVERN]
    gains = {
        L.A_PICK + s: card_gain(state, seat, state[L.TAVERN_CARDS + tavern * 5 + s])
        for s in range(5) if state[L.TAVERN_CARDS + tavern * 5 + s] >= 0
    }
    choice = heuristic.act(seat_view(env, seat))
    assert gains[choice] == max(gains.values())
